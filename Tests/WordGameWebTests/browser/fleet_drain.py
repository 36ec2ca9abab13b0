"""Fleet case 4: a teacher arrives at a server that drains (Protocol.md §4 "A
server that drains"). Servers A and B share a Redis; A drains (SIGHUP) while a
game plays on it, so it takes no new room.

The teacher opens A's /host on a phone held sideways, types her name and taps
Open a room: A answers HOST with MOVED to B, and the page goes to B's /host and
opens the room there by itself, under her name, with nothing to tap again. The
room is B's: a student at B's TCP port joins it without being sent on.

Usage: fleet_drain.py <A-web> <A-port> <B-web> <B-port>"""

import os
import sys

from wordgame_browser import (TcpPlayer, by_id, check, make_driver, page_errors_but_network, run_case, screenshot_folder, tap,
                              text, visible, wait_until)

BASE_A, PORT_A, BASE_B, PORT_B = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
FOLDER = screenshot_folder()


def main():
    driver = make_driver(667, 375)
    ray = None
    try:
        driver.get(f"{BASE_A}/host")
        by_id(driver, "teacher").send_keys("Ms Ray")
        tap(driver, "open-room")
        wait_until("B's teacher's page", lambda: driver.current_url.startswith(f"{BASE_B}/host"), timeout=20)
        code = wait_until("the room's code on B", lambda: visible(driver, "room-code") and text(driver, "room-code"), timeout=20)
        check(True, f"the page went to B and opened room {code} there by itself")
        check(driver.current_url == f"{BASE_B}/host", f"nothing left after # in the address bar: {driver.current_url}")
        ray = TcpPlayer(PORT_B, "Lu")
        ray.send("NAME Lu")
        ray.wait_line(lambda l: l.startswith("OK NAME"))
        mark = ray.count()
        ray.send(f"JOIN {code}")
        line, _ = ray.wait_line(lambda l: l.startswith("OK JOIN") or l.startswith("MOVED") or l.startswith("ERROR"), start=mark)
        check(line.startswith("OK JOIN"), f"the room is B's: a student at B joins it there ({line})")
        wait_until("Lu on the board", lambda: "Lu" in text(driver, "roster"))
        room, _ = ray.wait_line(lambda l: l.startswith("ROOM "), start=mark)
        check('"Ms Ray"' in room, f"the room is opened under the name the teacher typed on A ({room})")
        driver.save_screenshot(os.path.join(FOLDER, "fleet-drain-sent-on-667x375.png"))
        errors = page_errors_but_network(driver)
        check(not errors, f"the page logged no errors: {errors}")
    finally:
        driver.quit()
        if ray:
            ray.close()


run_case("fleet_drain", main)
