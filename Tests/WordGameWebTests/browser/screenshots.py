"""Case 4: screenshots of the students' page (joining, during a pair, the end
dialog) and of the teacher's page (the lobby with its QR code, during a
pair, the podium, the ranking) at 375×667 (a phone) and 1920×1080 (a
projector). On each: no horizontal overflow; on the students' page, answer
buttons at least 48 px high. The PNGs go to $WORDGAME_SCREENSHOTS (or a
temporary folder), for people to look at.

Usage: screenshots.py <base-url> <game-port>   (pairs of about 10 s, a start delay of about 3 s)"""

import os
import sys
import time

from wordgame_browser import (AutoAnswerer, TcpPlayer, by_id, check, make_driver, no_horizontal_overflow, page_errors,
                              qr_loaded, reduced_motion, run_case, screenshot_folder, set_viewport, settle, tap_answer, text,
                              visible, wait_until)

BASE, PORT = sys.argv[1], int(sys.argv[2])
SIZES = {"320": (320, 568, True), "375": (375, 667, True), "1920": (1920, 1080, False)}
CLASS = ["Bo", "Chloé", "李小龍", "Mateo", "Ünal", "Maximiliano Ruiz"]
FOLDER = screenshot_folder()


def main():
    host = make_driver(1920, 1080)
    student = make_driver(375, 667)
    players = []
    try:
        run(host, student, players)
    finally:
        host.quit()
        student.quit()
        for player in players:
            player.close()
    print(f"screenshots in {FOLDER}", flush=True)


def shoot(driver, name, size):
    """Sets the viewport, lets the page lay out again, checks its width and saves the PNG."""
    width, height, mobile = SIZES[size]
    set_viewport(driver, width, height, mobile)
    settle(driver)
    path = os.path.join(FOLDER, f"{name}-{size}.png")
    driver.save_screenshot(path)
    check(no_horizontal_overflow(driver, width), f"{name} at {width}×{height}: no horizontal overflow ({os.path.basename(path)})")


def buttons_tall_enough(driver, size):
    heights = driver.execute_script(
        "return [...document.querySelectorAll('.answer')].map(b => b.getBoundingClientRect().height)")
    check(len(heights) == 2 and min(heights) >= 48, f"the answer buttons at {size} are at least 48 px high: {heights}")


def run(host, student, players):
    host.get(f"{BASE}/host")
    by_id(host, "open-room").click()
    code = wait_until("the room code", lambda: len(text(host, "room-code") or "") >= 4 and text(host, "room-code"))
    wait_until("the QR code", lambda: qr_loaded(host))
    for name in CLASS:
        player = TcpPlayer(PORT, name)
        player.join(code)
        players.append(player)

    student.get(f"{BASE}/?room={code}")
    by_id(student, "name").send_keys("Zoë")
    for size in ("375", "1920", "320"):
        shoot(student, "student-join", size)
    set_viewport(student, 375, 667, True)
    by_id(student, "join-button").click()
    wait_until("the student's lobby", lambda: visible(student, "lobby"))
    wait_until("every name on the board", lambda: "Zoë" in text(host, "roster"))
    for size in ("1920", "375"):
        shoot(host, "host-lobby", size)
    shoot(student, "student-lobby", "375")

    for index, player in enumerate(players):
        # The last one answers pair 2 only once the student's page has been seen waiting for it.
        delay = (lambda n: None if n == 2 else 2.0) if index == len(players) - 1 else 0.4 + 0.3 * index
        AutoAnswerer(player, lambda n, e, s, i=index: "CORRECT" if (n + i) % 3 else "WRONG", delay=delay)
    set_viewport(host, 1920, 1080)
    by_id(host, "c-start").click()
    # The start delay (3 s here) counts down on every screen.
    wait_until("the countdown", lambda: visible(host, "countdown") and visible(student, "lobby")
               and "starts in" in text(student, "lobby-next"))
    shoot(host, "host-countdown", "1920")
    shoot(student, "student-countdown", "375")
    during_pairs(host, student, players[-1])
    at_the_end(host, student)
    for driver in (host, student):
        errors = page_errors(driver)
        check(not errors, f"the pages logged no errors: {errors}")


def during_pairs(host, student, last):
    wait_until("pair 1", lambda: text(student, "pair-number") == "Pair 1 of 3" and by_id(student, "answer-correct").is_enabled())
    tap_answer(student, "answer-correct")
    # Pair 2, with the truth of pair 1 above it; the student waits, so the word falls.
    wait_until("pair 2", lambda: text(student, "pair-number") == "Pair 2 of 3", timeout=20)
    time.sleep(1.0)
    for size in ("375", "1920"):
        shoot(student, "student-pair", size)
        buttons_tall_enough(student, size)
    shoot(student, "student-pair", "320")  # the narrowest phone still in use
    reduced_motion(student, True)
    shoot(student, "student-pair-reduced-motion", "375")
    reduced_motion(student, False)
    for size in ("1920", "375"):
        shoot(host, "host-pair", size)
    set_viewport(student, 375, 667, True)
    tap_answer(student, "answer-wrong")
    # The student is the last but one to answer pair 2: the word stops where it was.
    wait_until("the student's page saying whom it waits for", lambda: text(student, "game-status") == "Answered ✓ — waiting for 1 other")
    shoot(student, "student-answered", "375")
    last.send("ANSWER 2 CORRECT")
    wait_until("pair 3", lambda: text(student, "pair-number") == "Pair 3 of 3" and by_id(student, "answer-wrong").is_enabled(),
               timeout=20)
    tap_answer(student, "answer-wrong")


def at_the_end(host, student):
    wait_until("the end dialog", lambda: visible(student, "end"), timeout=20)
    wait_until("the podium", lambda: visible(host, "podium"), timeout=20)
    for size in ("1920", "375"):
        shoot(host, "host-podium", size)
    for size in ("375", "1920", "320"):
        shoot(student, "student-end", size)
    set_viewport(host, 1920, 1080)
    by_id(host, "c-view").click()  # "Show the ranking": host_game waits for the ranking to follow by itself
    wait_until("the ranking", lambda: visible(host, "ranking"), timeout=15)
    wait_until("the results links", lambda: visible(host, "players-csv"))
    for size in ("1920", "375"):
        shoot(host, "host-ranking", size)


run_case("screenshots", main)
