"""Fleet case 3: the fleet's directory out of reach (Protocol.md §3
`directory-down`). Servers A and B share a Redis, which the Swift test killed
after hosting a room on each.

1. On B's page, a JOIN of the room on A: the join form shows the server's
   sentence (the directory cannot be reached), and stays usable: the room on
   B joins at once.
2. The teacher's page on B: "Open a room" gets directory-down, says so, and
   tries again by itself, counting its tries; once a redis-server listens on
   the same port again, the room opens without anyone pressing anything.

Screenshots (375×667 and 1920×1080) of the join form's and the teacher's
page's words, in $WORDGAME_SCREENSHOTS.

Usage: fleet_directory_down.py <A-web> <A-port> <B-web> <B-port> <room on A> <room on B> <redis port>"""

import os
import re
import subprocess
import sys

from wordgame_browser import (by_id, check, make_driver, page_errors_but_network, run_case, screenshot_folder, set_viewport, text,
                              visible, wait_until)

BASE_A, PORT_A, BASE_B, PORT_B = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
ROOM_A, ROOM_B, REDIS_PORT = sys.argv[5], sys.argv[6], int(sys.argv[7])
FOLDER = screenshot_folder()
REDIS = "/usr/bin/redis-server"


def main():
    phone = make_driver(375, 667)
    set_viewport(phone, 375, 667, True)
    projector = make_driver(1920, 1080)
    redis = None
    try:
        join_refused(phone, "Dee", "375")
        join_refused(projector, "Eli", "1920")
        stays_usable(phone)
        teacher(phone, "375")
        redis = teacher(projector, "1920", restart_redis=True)
        for driver in (phone, projector):
            errors = page_errors_but_network(driver)
            check(not errors, f"the pages logged no errors: {errors}")
    finally:
        phone.quit()
        projector.quit()
        if redis:
            redis.kill()
            redis.wait()


def join_refused(driver, name, size):
    driver.get(f"{BASE_B}/?room={ROOM_A}")
    by_id(driver, "name").send_keys(name)
    by_id(driver, "join-button").click()
    said = wait_until("the join form's words", lambda: visible(driver, "join-problem") and text(driver, "join-problem"), timeout=10)
    check(said.startswith(f"Room {ROOM_A} is not on this server, and the directory that knows which server has each room "
                          "cannot be reached just now"), f"the join form says the directory cannot be reached: {said!r}")
    check(by_id(driver, "join-button").is_enabled() and by_id(driver, "join-button").text == "Join", "the Join button is back")
    driver.save_screenshot(os.path.join(FOLDER, f"fleet-directory-down-{size}.png"))


def stays_usable(driver):
    code = by_id(driver, "code")
    code.clear()
    code.send_keys(ROOM_B)
    by_id(driver, "join-button").click()
    wait_until("the lobby of the room on B", lambda: visible(driver, "lobby"))
    check(text(driver, "lobby-room") == ROOM_B, "the page stays usable: it joins a room on its own server")


def teacher(driver, size, restart_redis=False):
    driver.get(f"{BASE_B}/host")
    by_id(driver, "open-room").click()
    retry = wait_until("the teacher's page's words",
                       lambda: visible(driver, "start-retry") and "tried 1 time" in text(driver, "start-retry")
                       and text(driver, "start-retry"), timeout=10)
    said = text(driver, "start-problem")
    check(visible(driver, "start-problem") and said.startswith("A new room needs a code that no other server of this school "
                                                               "uses, and the directory that hands them out cannot be reached"),
          f"the teacher's page says why: {said!r}")
    check(retry == "This page tries again by itself every 5 s (tried 1 time so far).", f"…and that it tries again: {retry!r}")
    check(not by_id(driver, "open-room").is_enabled() and by_id(driver, "open-room").text == "Opening…",
          "the button says the page is on it")
    driver.save_screenshot(os.path.join(FOLDER, f"fleet-host-directory-down-{size}.png"))
    wait_until("a second try", lambda: "tried 2 times" in text(driver, "start-retry"), timeout=10)
    check(True, "the teacher's page tries again by itself")
    if not restart_redis:
        return None
    # Redis comes back on its port, empty: the servers put their rooms back, new codes wait out the TTL (1.5 s).
    redis = subprocess.Popen([REDIS, "--bind", "127.0.0.1", "--port", str(REDIS_PORT), "--save", "", "--appendonly", "no",
                              "--daemonize", "no", "--loglevel", "warning"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    code = wait_until("the room, opened by itself", lambda: visible(driver, "room-code") and text(driver, "room-code"), timeout=30)
    check(re.fullmatch(r"[A-Z0-9]{4,5}", code) and not visible(driver, "start-problem") and not visible(driver, "start-retry"),
          f"once Redis is back, the room opens by itself: {code}")
    return redis


run_case("fleet_directory_down", main)
