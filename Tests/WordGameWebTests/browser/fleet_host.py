"""Fleet case 2: the teacher's page and the watch page on a fleet of servers
(Protocol.md §4 "A fleet of servers", §11 Pages). Servers A and B share a Redis.

1. The teacher's page, loaded through a relay (one school address in front of
   the servers), opens a room: it is on A. A student joins it over TCP. The
   relay then leads to B, and the teacher refreshes: B's page sends
   HOST <room> <key>, gets MOVED, and goes to A's /host with the room and the
   key after `#`; A's page takes the room back (the student hears the host is
   back, and the next game starts from it), keeps the key in A's storage,
   and leaves no key in the address bar or on the screen.
2. B's /watch?room=<the room> goes to A's /watch?room=<the room> and shows it.

Usage: fleet_host.py <A-web> <A-port> <B-web> <B-port>"""

import json
import os
import sys
from urllib.parse import urlparse

from wordgame_browser import (Relay, TcpPlayer, by_id, check, make_driver, page_errors_but_network, run_case, screenshot_folder,
                              text, visible, wait_until)

BASE_A, PORT_A, BASE_B, PORT_B = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
FOLDER = screenshot_folder()


def main():
    relay = Relay(urlparse(BASE_A).port)
    driver = make_driver(1920, 1080)
    sam = None
    try:
        driver.get(f"http://127.0.0.1:{relay.port}/host")
        by_id(driver, "open-room").click()
        # A fresh directory takes no claim for its TTL (1.5 s here): the first HOST waits that long.
        code = wait_until("the room's code", lambda: visible(driver, "room-code") and text(driver, "room-code"), timeout=15)
        kept = json.loads(driver.execute_script("return localStorage.getItem('wordgame.hosts')"))
        key = kept[code.lower()]["key"]
        sam = TcpPlayer(PORT_A, "Sam")
        sam.join(code)
        check(True, f"room {code} is on A: a student joins it there")
        wait_until("Sam on the board", lambda: "Sam" in text(driver, "roster"))

        # The school's address now leads to B; the teacher refreshes.
        relay.target = ("127.0.0.1", urlparse(BASE_B).port)
        mark = sam.count()
        driver.refresh()
        wait_until("A's teacher's page", lambda: driver.current_url.startswith(f"{BASE_A}/host"), timeout=20)
        wait_until("the room back on A", lambda: visible(driver, "room-code") and text(driver, "room-code") == code, timeout=20)
        sam.wait_line(lambda l: l.startswith("NOTICE host ") and "back" in l, start=mark)
        check(True, "the page hosts the room on A again: the student hears the host is back")
        check(urlparse(driver.current_url).fragment == "" and key not in driver.current_url,
              f"the key is out of the address bar: {driver.current_url}")
        check(key not in driver.execute_script("return document.body.innerText"), "the key is nowhere on the screen")
        stored = json.loads(driver.execute_script("return localStorage.getItem('wordgame.hosts')") or "{}")
        check(stored.get(code.lower(), {}).get("key") == key, "A's storage keeps the room's key")
        wait_until("Sam still on the board", lambda: "Sam" in text(driver, "roster"))
        driver.save_screenshot(os.path.join(FOLDER, "fleet-host-back-1920.png"))
        mark = sam.count()
        by_id(driver, "c-start").click()
        sam.wait_line(lambda l: l.startswith("GAME "), start=mark)
        check(True, "the page's controls work on A: the game starts")
        errors = page_errors_but_network(driver)
        check(not errors, f"the page logged no errors: {errors}")

        watch(code)
    finally:
        driver.quit()
        relay.close()
        if sam:
            sam.close()


def watch(code):
    viewer = make_driver(1920, 1080)
    try:
        viewer.get(f"{BASE_B}/watch?room={code}")
        wait_until("A's watch page", lambda: viewer.current_url.startswith(f"{BASE_A}/watch?room={code}"), timeout=20)
        wait_until("the room on the watch page", lambda: text(viewer, "where") == f"Room {code}", timeout=20)
        check("#" not in viewer.current_url, f"the watch page went to A's /watch: {viewer.current_url}")
        errors = page_errors_but_network(viewer)
        check(not errors, f"the watch page logged no errors: {errors}")
    finally:
        viewer.quit()


run_case("fleet_host", main)
