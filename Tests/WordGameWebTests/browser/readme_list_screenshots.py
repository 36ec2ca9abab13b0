"""Takes README's screenshots of a teacher's own lists (not a test case): the Word lists dialog with the
preview of a pasted week's words (1280×800), a phone during a French pair and one during an Arabic pair
(375×667), and the projector's hardest words after the game (1920×1080). Run a `wordgame-server` of your own
first, with a fresh lists folder and pairs of about 8 s (`--pairs 8 --round-ms 8000 --start-delay 0
--word-lists DIR`); the pages are shown the documentation's join address, http://192.0.2.2:8080/, as README's
other screenshots.

Usage: /usr/bin/python3 readme_list_screenshots.py <base-url> <game-port> <out-folder>
(writes lists-dialog.png, phone-french.png, projector-hardest.png, phone-arabic.png)"""

import os
import sys
import threading
import time

from list_samples import FRENCH, SCRIPTS, header_copy, spreadsheet_copy
from wordgame_browser import (TcpPlayer, allow_clipboard, by_id, choose_option, fields, make_driver, open_room, paste,
                              set_viewport, settle, tap, tap_answer, text, visible, wait_until)

BASE, PORT, OUT = sys.argv[1], int(sys.argv[2]), sys.argv[3]
STUDENTS = ["Amara", "Ben", "Chen Wei", "Dara", "Émile", "Farah", "Gio", "Hannah", "Ikaika", "Jonas", "Kofi"]
# The address README's screenshots show (a documentation address, RFC 5737), in place of this machine's.
JOIN = "http://192.0.2.2:8080/"
SHOWN_ADDRESS = f"""
const realFetch = window.fetch;
window.fetch = (url, ...rest) => String(url).endsWith('/join.json')
  ? Promise.resolve(new Response(JSON.stringify({{url: {JOIN!r}}}), {{headers: {{'Content-Type': 'application/json'}}}}))
  : realFetch(url, ...rest);
"""
TRUTH = dict(FRENCH)


def main():
    host = make_driver(1280, 800)
    phone = make_driver(375, 667)
    set_viewport(phone, 375, 667, True)
    host.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": SHOWN_ADDRESS})
    players = []
    try:
        run(host, phone, players)
    finally:
        host.quit()
        phone.quit()
        for player in players:
            player.close()


def answering(player, skill):
    """A student answering each pair after a while, right unless the word is one they do not know yet."""
    def loop():
        index = player.count()
        while True:
            line, index = player.wait_line(lambda l: l.startswith("ROUND "), timeout=600, start=index)
            index += 1
            f = fields(line)
            n, english, shown = int(f[1]), f[3], f[4]
            right = "CORRECT" if TRUTH.get(english, SCRIPTS_TRUTH.get(english)) == shown else "WRONG"
            if skill(english) is None:
                continue  # too slow
            answer = right if skill(english) else ("WRONG" if right == "CORRECT" else "CORRECT")
            threading.Timer(1.0 + (sum(map(ord, player.name)) % 5) * 0.4, player.send, [f"ANSWER {n} {answer}"]).start()
    threading.Thread(target=loop, daemon=True).start()


SCRIPTS_TRUTH = {word: english for _, _, _, pairs in SCRIPTS.values() for word, english in pairs}
HARD = {"the sister": 0.4, "the clock": 0.5, "the river": 0.6, "the window": 0.7, "the bird": 0.8}


def skill_of(index):
    def skill(english):
        hard = HARD.get(english, 0.95)
        roll = ((index * 37 + sum(map(ord, english))) % 100) / 100
        if roll > 0.97:
            return None
        return roll < hard
    return skill


def run(host, phone, players):
    allow_clipboard(host, BASE)
    code = open_room(host, BASE)
    phone.get(f"{BASE}/?room={code}")
    by_id(phone, "name").send_keys("Lucía")
    tap(phone, "join-button", touch=True)
    wait_until("the lobby", lambda: visible(phone, "lobby"))
    for index, name in enumerate(STUDENTS):
        player = TcpPlayer(PORT, name)
        player.join(code)
        players.append(player)
        answering(player, skill_of(index))

    tap(host, "c-lists")
    wait_until("the dialog", lambda: visible(host, "lists-dialog"))
    by_id(host, "l-title").send_keys("Week 12 French")
    paste(host, "l-text", spreadsheet_copy())
    wait_until("the preview", lambda: "read ·" in (text(host, "l-summary") or ""))
    host.execute_script("document.getElementById('l-text').scrollTop = 0; document.activeElement.blur()")
    settle(host)
    host.save_screenshot(os.path.join(OUT, "lists-dialog.png"))
    tap(host, "lists-save")
    wait_until("saved", lambda: (text(host, "l-summary") or "").startswith("Saved"))
    tap(host, "lists-close")
    use(host, "week-12-french")

    tap(host, "c-start")
    # Lucía knows her words: she answers every pair right, and the phone is shot during pair 2.
    for n in range(1, 9):
        english = wait_until(f"pair {n}", lambda: (text(phone, "pair-number") or "").startswith(f"Pair {n} ")
                             and by_id(phone, "answer-correct").is_enabled() and text(phone, "english"), timeout=30)
        if n == 2:
            time.sleep(1.6)
            phone.save_screenshot(os.path.join(OUT, "phone-french.png"))
        right = TRUTH.get(english) == text(phone, "spanish")
        tap_answer(phone, "answer-correct" if right else "answer-wrong", touch=True)
    wait_until("the end", lambda: visible(host, "c-hardest"), timeout=120)
    set_viewport(host, 1920, 1080)
    tap(host, "c-hardest")
    wait_until("the table", lambda: visible(host, "hardest-box"))
    time.sleep(1.0)
    host.save_screenshot(os.path.join(OUT, "projector-hardest.png"))

    title, tag, header, pairs = SCRIPTS["arabic-basics"]
    set_viewport(host, 1280, 800)
    tap(host, "c-lists")
    wait_until("the dialog", lambda: visible(host, "lists-dialog"))
    for field in ("l-title", "l-from", "l-to"):
        by_id(host, field).clear()
    by_id(host, "l-title").send_keys(title)
    host.execute_script("document.getElementById('l-text').value = ''")
    paste(host, "l-text", header_copy(header, pairs))
    wait_until("the preview", lambda: "read ·" in (text(host, "l-summary") or ""))
    tap(host, "lists-save")
    wait_until("saved", lambda: (text(host, "l-summary") or "").startswith("Saved"))
    tap(host, "lists-close")
    use(host, "arabic-basics")
    tap(host, "c-start")
    wait_until("pair 1", lambda: (text(phone, "pair-number") or "").startswith("Pair 1 ") and text(phone, "english"), timeout=30)
    tap_answer(phone, "answer-wrong", touch=True)
    wait_until("pair 2", lambda: (text(phone, "pair-number") or "").startswith("Pair 2 ") and text(phone, "english"), timeout=30)
    time.sleep(1.6)
    phone.save_screenshot(os.path.join(OUT, "phone-arabic.png"))


def use(host, name):
    wait_until("Rules…", lambda: visible(host, "c-rules"))
    tap(host, "c-rules")
    wait_until("the rules dialog", lambda: visible(host, "rules-dialog"))
    wait_until("the list", lambda: host.execute_script(
        "return [...document.querySelectorAll('#r-list option')].some(o => o.value === arguments[0])", name))
    choose_option(host, "r-list", name)
    tap(host, "rules-apply")
    wait_until("applied", lambda: not visible(host, "rules-dialog"))


main()
