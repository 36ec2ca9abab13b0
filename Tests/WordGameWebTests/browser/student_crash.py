"""A student's browser crashes mid-game: Chromium is killed (SIGKILL) with
pair 2 on the screen, and a new one, on the same profile, opens the address
some pairs later, as a student whose phone died does. With out after 3
wrong, the pairs that passed meanwhile would have put the student out; they
are missed (Protocol.md §4, RESUME): the seat comes back, still playing, and
the game goes on. At its end the review lists every pair as the server
knows it: pair 1 as answered before the crash, pair 2 (on the screen when
the browser died) a timeout, the pairs missed while away as missed, and
each agrees with the results file the server wrote.

Usage: student_crash.py <base-url> <game-port> <results-folder>"""

import csv
import glob
import json
import os
import sys
import tempfile
import time

from wordgame_browser import (AutoAnswerer, TcpPlayer, by_id, check, fields, kill_browser, make_driver, page_errors,
                              past_the_reading_floor, run_case, screenshot_folder, tap, text, visible, wait_until)

BASE, PORT, RESULTS = sys.argv[1], int(sys.argv[2]), sys.argv[3]
PAIRS = 9
NAME = "Zoë"
# The server's list (WebServer.swift loads it): the student knows every word.
WORDS = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../Resources/words.json"), encoding="utf-8"))


def knows(english, spanish):
    """CORRECT or WRONG, as a student (or Tess) who knows the words says it."""
    return "CORRECT" if any(w["text_eng"] == english and w["text_spa"] == spanish for w in WORDS) else "WRONG"


def answer_rightly(driver):
    """Once the pair has been read, the right button for the pair on the screen then, clicked at once (a mouse's
    click: student_taps.py is where a finger's taps are tried); returns what it said."""
    past_the_reading_floor(driver)
    said = knows(text(driver, "english"), text(driver, "spanish"))
    tap(driver, "answer-correct" if said == "CORRECT" else "answer-wrong")
    return said


def main():
    profile = tempfile.mkdtemp(prefix="wordgame-profile-")
    host = TcpPlayer(PORT, "host")
    tess = TcpPlayer(PORT, "Tess")
    student = make_driver(375, 667, profile=profile)
    again = None
    try:
        again = play(student, host, tess, profile)
    finally:
        for driver in (student, again):
            try:
                driver and driver.quit()
            except Exception:  # the first one's browser is dead
                pass
        host.close()
        tess.close()


def pair_shown(driver, n):
    return (text(driver, "pair-number") or "").startswith(f"Pair {n} of") and by_id(driver, "answer-correct").is_enabled()


def play(student, host, tess, profile):
    host.send("HOST")
    line, _ = host.wait_line(lambda l: l.startswith("OK HOST"))
    code = fields(line)[2].upper()
    # Tess knows the words. The pairs pass at her pace while the student is away (a round does not wait for a dropped
    # player). 15 s a pair: time enough for a loaded machine's taps and a new browser's start.
    host.send(f"RULES PAIRS {PAIRS} SECONDS 15 OUT 3")
    host.wait_line(lambda l: l == "OK RULES")
    tess.join(code)
    # Tess answers pair 1 once the student's answer is seen taken, pairs 2 to 5 after 2 s (they pass at her pace while
    # the student is away), and from pair 6 on just after the student: the pairs wait for the new browser, however
    # long a loaded machine takes to start it, and no pair closes before the page was seen answering it.
    AutoAnswerer(tess, lambda n, e, s: knows(e, s), delay=lambda n: 2.0 if 2 <= n <= 5 else None)

    student.get(f"{BASE}/?room={code}")
    by_id(student, "name").send_keys(NAME)
    by_id(student, "join-button").click()
    wait_until("the lobby", lambda: visible(student, "lobby"))
    host.send("START")

    wait_until("pair 1", lambda: pair_shown(student, 1), timeout=20)
    said = answer_rightly(student)
    answered = lambda: (text(student, "game-status") or "").startswith("Answered ✓")  # noqa: E731

    def seen():
        """What the page and the room showed, for a click that was not taken."""
        enabled = by_id(student, "answer-correct").is_enabled()
        return (f"the status says {text(student, 'game-status')!r}, the buttons are {'enabled' if enabled else 'disabled'}, "
                f"connection line {text(student, 'connection')!r}; the host's last lines: {host.lines[-8:]}")
    wait_until("pair 1 taken", answered, describe=seen)
    tess.send(f"ANSWER 1 {said}")  # Tess knows the words too
    wait_until("pair 2", lambda: pair_shown(student, 2), timeout=15)
    time.sleep(0.5)  # pair 2 is on the screen: it reached the student
    # The page keeps its seat in IndexedDB within a moment of getting it; on a loaded machine, make sure that moment
    # has passed (a crash before it would be a crash before the seat was kept: nothing to take back).
    wait_until("the seat kept in IndexedDB", lambda: seat_in_indexeddb(student), timeout=30)
    mark = host.count()
    kill_browser(student)
    host.wait_line(lambda l: l.startswith("NOTICE dropped"), start=mark)
    check(True, "the browser was killed with pair 2 on the screen; the room heard the student drop")
    # Pairs 3, 4 and 5 open and close while nobody holds the seat.
    host.wait_line(lambda l: l.startswith("REVEAL 5 "), start=mark, timeout=30)

    again = make_driver(375, 667, profile=profile)
    again.get(f"{BASE}/")
    wait_until("the seat taken back", lambda: visible(again, "game") and (text(again, "pair-number") or "").startswith("Pair"),
               timeout=45)
    check(True, "a new browser on the same phone takes the seat back by itself")
    status = text(again, "game-status") or ""
    check("out" not in status.lower(), f"three pairs away did not put the student out: {status!r}")
    wait_until("the counters after coming back", lambda: "Wrong attempts: 1 " in (text(again, "count-wrong") or ""))
    check("Correct attempts: 1" in text(again, "count-correct"),
          f"pair 1 right, and one wrong attempt, pair 2's timeout: no more ({text(again, 'count-correct')!r}, "
          f"{text(again, 'count-wrong')!r})")

    # Play the rest, each pair once it is read.
    last_tapped = 0
    while not visible(again, "end"):
        shown = wait_until("a pair or the end", lambda: visible(again, "end") and "end" or next(
            (n for n in range(last_tapped + 1, PAIRS + 1) if pair_shown(again, n)), None), timeout=20)
        if shown == "end":
            break
        tess.send(f"ANSWER {shown} {answer_rightly(again)}")
        last_tapped = shown
    wait_until("the end dialog", lambda: visible(again, "end"), timeout=20)

    again.save_screenshot(os.path.join(screenshot_folder(), "student-crash-review-375x667.png"))
    items = again.execute_script("return [...document.querySelectorAll('#end-pairs li')].map(li => li.textContent)")
    check(len(items) == PAIRS, f"the review lists all {PAIRS} pairs: {items}")
    answers = results_of(NAME)
    for n, item in enumerate(items, start=1):
        answer = answers[n]
        if answer == "away":
            expected = "Missed while you were away"
        elif answer == "timeout":
            expected = "No answer in time"
        else:
            expected = f"You said it is {answer} — you were right"
        check(expected in item, f"pair {n} reads as the server recorded it ({answer}): {item!r}")
    check(answers[1] in ("correct", "wrong") and answers[2] == "timeout" and [answers[n] for n in (3, 4, 5)] == ["away"] * 3,
          f"the results file: pair 1 answered before the crash, pair 2 a timeout, 3 to 5 missed away: {answers}")
    errors = [e for e in page_errors(again) if "WebSocket" not in e]
    check(not errors, f"the new page logged no errors: {errors}")
    return again


def seat_in_indexeddb(driver):
    """Whether the page's IndexedDB copy of its seats (seats.js) holds a seat."""
    return driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const request = indexedDB.open('wordgame', 1);
        request.onsuccess = () => {
          const get = request.result.transaction('kept', 'readonly').objectStore('kept').get('wordgame.seats');
          get.onsuccess = () => { request.result.close(); done(Boolean(get.result && Object.keys(get.result).length)); };
          get.onerror = () => done(false);
        };
        request.onerror = () => done(false);""")


def results_of(name):
    """The student's answer to each pair, from the answers file the server wrote for the game."""
    files = wait_until("the answers file", lambda: glob.glob(os.path.join(RESULTS, "*_answers.csv")), timeout=15)
    with open(files[0], encoding="utf-8-sig", newline="") as handle:
        rows = [row for row in csv.DictReader(handle) if row["player"] == name]
    return {int(row["pair"]): row["answer"] for row in rows}


run_case("student_crash", main)
