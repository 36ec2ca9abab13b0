"""Fleet case 1: the students' page on a fleet of servers (Protocol.md §4 "A
fleet of servers", §11 Pages). Servers A and B have web ports, C has none;
they share a Redis.

1. A room hosted on A over TCP. A phone opens B's page with its code and
   joins: the page says the room is on another server and goes to A's page,
   which joins by itself (the host hears ARRIVED); the address keeps no `#`.
   A projector-sized browser does the same. (The page's navigation is held
   there for a screenshot, then made by the case; in 2 the page goes alone.) The game starts and the phone's
   answer to pair 1 is judged by A (TALLY counts it, not a timeout).
2. A page loaded through a relay (one school address in front of the
   servers) joins a room on A; the relay then leads to B and the link drops:
   the RESUME reaches B, which answers MOVED, and the page takes the seat
   back on A's page (the host hears "is back", never a second ARRIVED). The
   resume code travelled after `#` only, and is out of the address bar.
3. A's page opened as if sent on for the third time in a row, with the code
   of a room on B: it does not go on, and shows the server's words.
4. A room on C (no web port): B's page shows the server's words, which say
   where to connect.

Screenshots (375×667 and 1920×1080) of a page being sent on and of it in the
room on the other server, in $WORDGAME_SCREENSHOTS.

Usage: fleet_student.py <A-web> <A-port> <B-web> <B-port> - <C-port>   (pairs of 10 s)"""

import os
import sys
from urllib.parse import urlparse

from wordgame_browser import (Relay, TcpPlayer, by_id, check, fields, make_driver, page_errors_but_network, run_case,
                              screenshot_folder, set_viewport, tap_answer, text, visible, wait_until)

BASE_A, PORT_A, BASE_B, PORT_B, _, PORT_C = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4]), sys.argv[5], int(sys.argv[6])
FOLDER = screenshot_folder()


def main():
    host = host_on(PORT_A)
    try:
        sent_on_and_play(host)
        seat_taken_back_through_b()
        three_in_a_row()
        no_web_port()
    finally:
        host.close()


def host_on(port):
    """A room hosted over TCP: the first HOST on a fresh directory waits for it to settle (1.5 s here)."""
    host = TcpPlayer(port, "Host")
    host.send("HOST")
    line, _ = host.wait_line(lambda l: l.startswith("OK HOST "), timeout=10)
    host.code = fields(line)[2].upper()
    return host


def phone():
    driver = make_driver(375, 667)
    set_viewport(driver, 375, 667, True)
    return driver


def shoot(driver, name):
    driver.save_screenshot(os.path.join(FOLDER, f"{name}.png"))


def hold_next_navigation(driver):
    """The page's next navigation is held (cancelled through the Navigation API) and its address and kind kept: the
    page being sent on stays on screen to be read and shot; the case then goes where the page was going."""
    driver.execute_script("navigation.addEventListener('navigate', (event) => {"
                          "  window.heldNavigation = {url: event.destination.url, type: event.navigationType};"
                          "  event.preventDefault();"
                          "}, {once: true});")


def join_through_b(driver, code, name, size, host):
    """Opens B's page with the room's code, types the name and joins: the page is sent on to A and joins there."""
    driver.get(f"{BASE_B}/?room={code}")
    wait_until("the join form", lambda: visible(driver, "join"))
    by_id(driver, "name").send_keys(name)
    mark = host.count()
    hold_next_navigation(driver)
    by_id(driver, "join-button").click()
    going = wait_until("the page going on", lambda: driver.execute_script("return window.heldNavigation"))
    check(going == {"url": f"{BASE_A}/?room={code}#hop=1&name={name}", "type": "replace"},
          f"the page goes to A's page, the name and the count of moves after #, in place of B's: {going}")
    said = text(driver, "message-title")
    check(visible(driver, "message") and said == f"Room {code} is on another server — taking you there…",
          f"the page says what is happening: {said!r}")
    check(text(driver, "message-text") == f"You join there by yourself, as {name}.", "…and that the student joins by themselves")
    shoot(driver, f"fleet-sent-on-{size}")
    driver.get(going["url"])
    wait_until("A's page", lambda: driver.current_url.startswith(f"{BASE_A}/"))
    wait_until("the lobby on A", lambda: visible(driver, "lobby"), timeout=20)
    address = urlparse(driver.current_url)
    check(address.query == f"room={code}" and address.fragment == "",
          f"on A's page, the address keeps the room and nothing after #: {driver.current_url}")
    check(text(driver, "lobby-room") == code and text(driver, "where") == f"Room {code} · {name}", "the lobby shows the room and the name")
    host.wait_line(lambda l: l == f'ARRIVED "{name}"', start=mark)
    check(True, f'the host on A hears ARRIVED "{name}"')
    check(driver.execute_script("return localStorage.getItem('wordgame.name')") == name, "A's page keeps the name, as after any join")
    shoot(driver, f"fleet-in-room-{size}")


def sent_on_and_play(host):
    ana = phone()
    bo = make_driver(1920, 1080)
    try:
        join_through_b(ana, host.code, "Ana", "375", host)
        join_through_b(bo, host.code, "Bo", "1920", host)
        mark = host.count()
        host.send("START")
        wait_until("pair 1 on the phone", lambda: text(ana, "pair-number") == "Pair 1 of 3" and by_id(ana, "answer-correct").is_enabled(),
                   timeout=15)
        shoot(ana, "fleet-pair-375")
        tap_answer(ana, "answer-correct")
        wait_until("the server's OK for the answer", lambda: (text(ana, "game-status") or "").startswith("Answered ✓"))
        wait_until("pair 1 on the projector-sized page", lambda: by_id(bo, "answer-wrong").is_enabled())
        tap_answer(bo, "answer-wrong")
        tally, _ = host.wait_line(lambda l: l.startswith("TALLY 1 "), timeout=20, start=mark)
        right, wrong, timeout = (int(x) for x in fields(tally)[2:5])
        check(right + wrong == 2 and timeout == 0, f"A judged the page's answer to pair 1: {tally}")
        verdict = wait_until("the verdict on the phone", lambda: text(ana, "verdict"))
        check(verdict.startswith(("✓ Right", "✗ Wrong")), f"the phone shows A's verdict: {verdict!r}")
        for driver in (ana, bo):
            errors = page_errors_but_network(driver)
            check(not errors, f"the pages logged no errors: {errors}")
    finally:
        ana.quit()
        bo.quit()


def seat_taken_back_through_b():
    host = host_on(PORT_A)
    relay = Relay(urlparse(BASE_A).port)
    lea = phone()
    try:
        lea.get(f"http://127.0.0.1:{relay.port}/?room={host.code}")
        by_id(lea, "name").send_keys("Lea")
        by_id(lea, "join-button").click()
        wait_until("the lobby, through the relay to A", lambda: visible(lea, "lobby"))
        code = lea.execute_script("return sessionStorage.getItem('wordgame.seat')")
        check(code and len(code) == 8, "the page keeps its seat's resume code")
        # The school's address now leads to B, and the link drops: the page takes its seat back through B. New
        # connections are refused for a second, so that A has held the seat (in the directory) when the RESUME
        # reaches B: a server that has not noticed the drop holds no seat for anyone else to find.
        mark = host.count()
        relay.target = ("127.0.0.1", urlparse(BASE_B).port)
        relay.cut(1.0)
        wait_until("A's page", lambda: lea.current_url.startswith(f"{BASE_A}/"), timeout=20)
        wait_until("the lobby on A", lambda: visible(lea, "lobby"), timeout=20)
        address = urlparse(lea.current_url)
        check(code not in lea.current_url and address.fragment == "" and address.query == f"room={host.code}",
              f"the resume code is in neither the query nor the address bar: {lea.current_url}")
        host.wait_line(lambda l: l.startswith("NOTICE back ") and "Lea" in l, start=mark)
        check(not any(l == 'ARRIVED "Lea"' for l in host.lines[mark:]), "…and never arrived a second time")
        check(True, "the seat came back on A: the host hears Lea is back, not a newcomer")
        check(lea.execute_script("return sessionStorage.getItem('wordgame.seat')") == code, "A's page keeps the seat as its own")
        errors = page_errors_but_network(lea)
        check(not errors, f"the page logged no errors: {errors}")
    finally:
        lea.quit()
        relay.close()
        host.close()


def three_in_a_row():
    host = host_on(PORT_B)
    zed = phone()
    try:
        zed.get(f"{BASE_A}/?room={host.code}#hop=3&name=Zed")
        problem = wait_until("the join form's words", lambda: visible(zed, "join-problem") and text(zed, "join-problem"))
        check(problem.startswith(f"Room {host.code} is on another server of this school, 127.0.0.1 port {PORT_B}.")
              and f"In a browser: {BASE_B}/?room={host.code}" in problem,
              f"after 3 servers in a row the page stops and shows the server's words: {problem!r}")
        check(zed.current_url.startswith(f"{BASE_A}/?room={host.code}") and "#" not in zed.current_url,
              f"the page stayed, its address without #: {zed.current_url}")
        check(by_id(zed, "join-button").is_enabled() and by_id(zed, "name").get_attribute("value") == "Zed",
              "the form stays usable, the name filled in")
    finally:
        zed.quit()
        host.close()


def no_web_port():
    host = host_on(PORT_C)
    max_ = phone()
    try:
        max_.get(f"{BASE_B}/?room={host.code}")
        by_id(max_, "name").send_keys("Max")
        by_id(max_, "join-button").click()
        problem = wait_until("the join form's words", lambda: visible(max_, "join-problem") and text(max_, "join-problem"))
        check(f"connect there (nc 127.0.0.1 {PORT_C})" in problem and "In a browser" not in problem,
              f"no web port there: the page shows where to go: {problem!r}")
        check(max_.current_url.startswith(f"{BASE_B}/"), "…and stays where it is")
    finally:
        max_.quit()
        host.close()


run_case("fleet_student", main)
