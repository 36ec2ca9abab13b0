"""Case 2: a refresh in the middle of a game keeps the seat and the score;
closing the tab and opening the address again takes the seat back too; a
second tab does not take the seat of the first; a lost network says
"reconnecting…" and takes the seat back by itself when it returns.

Usage: student_refresh.py <base-url> <game-port>"""

import re
import sys
import time

from wordgame_browser import (AutoAnswerer, TcpPlayer, by_id, check, cut_network, fields, make_driver, page_errors,
                              restore_network, run_case, tap_answer, text, visible, wait_until)

BASE, PORT = sys.argv[1], int(sys.argv[2])
ROOM = "webgame2"
NAME = "Ana"


def main():
    tcp = TcpPlayer(PORT, "Host")
    tcp.join(ROOM)
    driver = make_driver(1280, 800)
    try:
        play(driver, tcp)
        reopen(driver, tcp)
        lose_network(driver, tcp)
        a_link_to_another_room(driver, tcp)
        a_join_pressed_before_the_script_came(driver)
    finally:
        driver.quit()
        tcp.close()


def counters(driver):
    correct = re.search(r"\d+", text(driver, "count-correct") or "")
    wrong = re.search(r"\d+", text(driver, "count-wrong") or "")
    return (int(correct.group()), int(wrong.group())) if correct and wrong else None


def members(tcp):
    """The room's member count, as STATUS tells the TCP player."""
    mark = tcp.count()
    tcp.send("STATUS")
    line, _ = tcp.wait_line(lambda l: l.startswith("ROOM "), start=mark)
    return int(fields(line)[3])


def play(driver, tcp):
    driver.get(f"{BASE}/?room={ROOM}")
    by_id(driver, "name").send_keys(NAME)
    by_id(driver, "join-button").click()
    wait_until("the lobby", lambda: visible(driver, "lobby"))
    answerer = AutoAnswerer(tcp, lambda n, e, s: "CORRECT", delay=1.5)
    tcp.send("START")
    for number in (1, 2):
        wait_until(f"pair {number}",
                   lambda: text(driver, "pair-number") == f"Pair {number} of 5" and by_id(driver, "answer-wrong").is_enabled())
        tap_answer(driver, "answer-wrong")
        wait_until(f"pair {number} revealed", lambda: text(driver, "pair-number") != f"Pair {number} of 5")
    wait_until("pair 3", lambda: text(driver, "pair-number") == "Pair 3 of 5")
    before = wait_until("the counters", lambda: counters(driver))
    check(sum(before) == 2, f"two pairs counted before the refresh: {before}")
    mark = tcp.count()
    driver.refresh()
    wait_until("the game again after the refresh", lambda: visible(driver, "game") and text(driver, "pair-number").startswith("Pair"))
    after = wait_until("the counters after the refresh", lambda: counters(driver))
    check(after[0] == before[0] and after[1] in (before[1], before[1] + 1),
          f"the score survives the refresh: {before} then {after} (pair 3 may have timed out meanwhile)")
    tcp.wait_line(lambda l: l.startswith("NOTICE back"), start=mark)
    check(True, "the room heard the player come back")
    check(members(tcp) == 2, "the room still has 2 members: the seat was kept, not a new one taken")
    check(NAME in text(driver, "where"), f"the page shows its name: {text(driver, 'where')!r}")
    # Play the rest to the end: the final score is the server's.
    for number in (4, 5):
        wait_until(f"pair {number}", lambda: text(driver, "pair-number") == f"Pair {number} of 5" or visible(driver, "end"), timeout=20)
        if visible(driver, "game") and by_id(driver, "answer-wrong").is_enabled():
            tap_answer(driver, "answer-wrong")
    wait_until("the end dialog", lambda: visible(driver, "end"), timeout=20)
    wait_until("the TCP player's GAMEOVER", lambda: answerer.gameover)
    score = text(driver, "end-score")
    entry = last_top_entry(tcp, NAME)
    check(f"Final score: {entry[1]} correct, {entry[2]} wrong — rank {entry[0]} of 2" == score,
          f"the final score is the server's: {score!r} and TOP {entry}")
    pairs = driver.execute_script("return document.querySelectorAll('#end-pairs li').length")
    check(pairs == 5, f"the end dialog lists 5 pairs, those before the refresh included: {pairs}")


def reopen(driver, tcp):
    """Closes the tab, opens the address in a new one: the seat comes back. A second tab gets the join form."""
    first = driver.current_window_handle
    driver.switch_to.new_window("tab")
    second = driver.current_window_handle
    driver.switch_to.window(first)
    mark = tcp.count()
    driver.close()
    driver.switch_to.window(second)
    tcp.wait_line(lambda l: l.startswith("NOTICE dropped"), start=mark)
    driver.get(f"{BASE}/")
    wait_until("the lobby in the new tab", lambda: visible(driver, "lobby"))
    check(text(driver, "lobby-room") == ROOM and NAME in text(driver, "where"),
          f"the new tab has the seat back: {text(driver, 'where')!r}")
    tcp.wait_line(lambda l: l.startswith("NOTICE back"), start=mark)
    check(members(tcp) == 2, "the room still has 2 members after the tab was closed and opened again")

    driver.switch_to.new_window("tab")
    driver.get(f"{BASE}/")
    time.sleep(1.5)
    check(visible(driver, "join"), "a second tab does not take the first one's seat: it offers to join")
    driver.close()
    driver.switch_to.window(second)
    time.sleep(0.5)
    check(visible(driver, "lobby") and members(tcp) == 2, "the first tab still plays its seat")
    errors = page_errors(driver)
    check(not errors, f"the page logged no errors: {errors}")


def lose_network(driver, tcp):
    mark = tcp.count()
    cut_network(driver)
    tcp.wait_line(lambda l: l.startswith("NOTICE dropped"), start=mark)
    shown = wait_until("the page saying it reconnects",
                       lambda: visible(driver, "connection") and "attempt 3" in text(driver, "connection") and text(driver, "connection"))
    check(shown.startswith("Connection lost — reconnecting…"), f"the page says it reconnects and keeps trying: {shown!r}")
    restore_network(driver)
    tcp.wait_line(lambda l: l.startswith("NOTICE back"), start=mark)
    wait_until("the page back", lambda: not visible(driver, "connection") and visible(driver, "lobby"))
    check(members(tcp) == 2 and NAME in text(driver, "where"), "back on the network, the page took its seat back by itself")
    errors = page_errors(driver)
    check(not errors, f"the page logged no errors: {errors}")


def a_link_to_another_room(driver, tcp):
    """A link to another room, opened in the tab that plays a seat in this one: the link wins. The join form
    has the link's room, and says where the seat is held; nothing is taken back."""
    mark = tcp.count()
    driver.get(f"{BASE}/?room=webgame3")
    wait_until("the join form", lambda: visible(driver, "join"))
    time.sleep(1.0)
    check(visible(driver, "join") and by_id(driver, "code").get_attribute("value") == "WEBGAME3",
          f"a link to room webgame3 opens its join form, not the seat in {ROOM}")
    hint = text(driver, "join-problem") or ""
    check(f"seat in room {ROOM}" in hint, f"the page says where the seat is held: {hint!r}")
    check(not any(l.startswith("NOTICE back") for l in tcp.lines[mark:]), "the seat in the other room was not taken back")


def a_join_pressed_before_the_script_came(driver):
    """On a slow network the join form shows before its script: Join then asks for /?code=…&name=… (the form's own
    GET, which the page's policy allows), and that page joins by itself, the name out of the address bar."""
    csp = driver.execute_script("return fetch('/').then(r => r.headers.get('Content-Security-Policy'))")
    check("form-action 'self'" in csp, f"the policy lets the form reach this server: {csp!r}")
    form = driver.execute_script("const f = document.getElementById('join-form'); return [f.method, new URL(f.action).pathname]")
    check(form == ["get", "/"], f"the form asks for the page with GET: {form}")
    driver.get(f"{BASE}/?code=webgame4&name=Cy")
    wait_until("the lobby", lambda: visible(driver, "lobby"))
    check(text(driver, "lobby-room") == "webgame4" and "Cy (host, you)" in text(driver, "lobby-members"),
          "the page of a Join sent before the script joins by itself")
    check(driver.current_url.endswith("/?room=WEBGAME4"), f"the name is out of the address bar: {driver.current_url}")


def last_top_entry(tcp, name):
    _, end = tcp.wait_line(lambda l: l.startswith("GAMEOVER"))
    for line in reversed(tcp.lines[:end]):
        if line.startswith("TOP "):
            f = fields(line)
            if f[2] == name:
                return [int(f[1]), int(f[3]), int(f[4])]
    raise AssertionError(f"{name} is not in the last TOP")


run_case("student_refresh", main)
