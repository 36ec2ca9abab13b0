"""Takes README's two screenshots (not a test case): the teacher's page at
1920×1080 in the lobby with twelve students, and a student's phone at 375×667
during pair 2. Run a plain `wordgame-server` first (ports 4000 and 8080); the
browsers and the scripted students use 127.0.0.1, and the page shows the
address the server gives students.

Usage: /usr/bin/python3 readme_screenshots.py <out-folder>   (writes projector-lobby.png, phone-pair.png)"""

import os
import re
import sys
import time

from wordgame_browser import (AutoAnswerer, TcpPlayer, by_id, make_driver, qr_loaded, set_viewport, tap_answer, text,
                              visible, wait_until)

OUT = sys.argv[1]
BASE = "http://127.0.0.1:8080"
GAME_PORT = 4000
CODE = re.compile(r"^[A-Z0-9]{4,5}$")
STUDENTS = ["Amara", "Ben", "Chen Wei", "Dara", "Émile", "Farah", "Gio", "Hannah", "Ikaika", "Jonas", "Kofi"]


def pair_open(phone, number):
    return text(phone, "pair-number").startswith(f"Pair {number} ") and by_id(phone, "answer-correct").is_enabled()


def main():
    host = make_driver(1920, 1080)
    phone = make_driver(375, 667)
    set_viewport(phone, 375, 667, True)
    players = []
    try:
        host.get(f"{BASE}/host")
        by_id(host, "teacher").send_keys("Ms Rivera")
        by_id(host, "open-room").click()
        code = wait_until("the code", lambda: CODE.match(text(host, "room-code") or "") and text(host, "room-code"))
        wait_until("the QR code", lambda: qr_loaded(host))
        phone.get(f"{BASE}/?room={code}")
        by_id(phone, "name").send_keys("Lucía")
        by_id(phone, "join-button").click()
        wait_until("the lobby", lambda: visible(phone, "lobby"))
        for name in STUDENTS:
            player = TcpPlayer(GAME_PORT, name)
            player.join(code)
            players.append(player)
            time.sleep(0.15)
        time.sleep(1.0)
        host.save_screenshot(os.path.join(OUT, "projector-lobby.png"))
        for i, player in enumerate(players):
            AutoAnswerer(player, lambda n, e, s, i=i: "CORRECT" if (n + i) % 3 else "WRONG", delay=lambda n, i=i: 1.0 + (i % 5) * 0.6)
        by_id(host, "c-start").click()
        wait_until("pair 1", lambda: pair_open(phone, 1), timeout=40)
        time.sleep(1.2)
        tap_answer(phone, "answer-wrong")
        wait_until("pair 2", lambda: pair_open(phone, 2), timeout=40)
        time.sleep(1.6)
        phone.save_screenshot(os.path.join(OUT, "phone-pair.png"))
    finally:
        host.quit()
        phone.quit()
        for player in players:
            player.close()


main()
