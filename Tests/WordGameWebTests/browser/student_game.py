"""Case 1: a student's page plays a whole game in the same room as a TCP
player. Both get the same pairs; the page's final score and rank are the
ones the server gives (checked against the TCP player's GAMEOVER and the
last leaderboard), and its end dialog lists every pair.

Usage: student_game.py <base-url> <game-port>   (5 pairs of 6 s)"""

import re
import sys

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

from wordgame_browser import (AutoAnswerer, TcpPlayer, by_id, check, fields, make_driver, page_errors,
                              past_the_reading_floor, run_case, tap_answer, text, visible, wait_until)

BASE, PORT = sys.argv[1], int(sys.argv[2])
ROOM = "webgame1"
NAME = "Zoë 李"  # not ASCII, on purpose
# How the page answers each pair: with → and y, n, or a button.
PAGE_ANSWERS = {1: ("CORRECT", Keys.ARROW_RIGHT), 2: ("CORRECT", "y"), 3: ("WRONG", "answer-wrong"), 4: ("WRONG", "n"),
                5: ("CORRECT", "answer-correct")}


def main():
    tcp = TcpPlayer(PORT, "Tcp")
    tcp.join(ROOM)  # first in: the room's host
    driver = make_driver(1280, 800)
    try:
        play(driver, tcp)
    finally:
        driver.quit()
        tcp.close()


def play(driver, tcp):
    driver.get(f"{BASE}/?room={ROOM}")
    check(by_id(driver, "code").get_attribute("value") == ROOM.upper(), "the link's room fills in the code, in capitals")
    # A name too long is said as it is typed, not after Join; fixed, it is said no more.
    by_id(driver, "name").send_keys("Maximiliano Ruizz")
    problem = wait_until("the name's problem, while typing", lambda: visible(driver, "join-problem") and text(driver, "join-problem"))
    check(problem == "Names are 1 to 16 characters: this one has 17.", f"a 17-character name is told at once: {problem!r}")
    by_id(driver, "name").send_keys(Keys.BACKSPACE)
    wait_until("the problem gone at 16 characters", lambda: not visible(driver, "join-problem"))
    by_id(driver, "name").send_keys(Keys.CONTROL, "a")
    by_id(driver, "name").send_keys(NAME)
    by_id(driver, "join-button").click()
    wait_until("the lobby", lambda: visible(driver, "lobby"))
    wait_until("the host in the list", lambda: "Tcp (host)" in text(driver, "lobby-members"))
    check(f"{NAME} (you)" in text(driver, "lobby-members"), "the page lists its player")
    check("Waiting for the host (Tcp)" in text(driver, "lobby-next"), "the lobby says whom it waits for")
    rules = wait_until("the room's rules", lambda: text(driver, "lobby-rules"))
    check(re.match(r"^Rules: 5 pairs · 6 s a pair · out after \d+ wrong answers · list default \(English → Spanish\)$", rules),
          f"the lobby says the room's rules: {rules!r}")
    # The host changes them: the lobby says so at once, "never" in words (RULES writes it 0).
    tcp.send("RULES OUT NEVER")
    wait_until("the new rules", lambda: "Rules: 5 pairs · 6 s a pair · everyone plays every pair · list default (English → Spanish)"
               == text(driver, "lobby-rules"))
    tcp.send(f"RULES OUT {rules.split('out after ')[1].split(' ')[0]}")  # back to the test's own rules
    wait_until("the rules back", lambda: text(driver, "lobby-rules") == rules)

    # The TCP player answers pair 1 once the page has said it waits for it, the others a moment into the pair.
    answerer = AutoAnswerer(tcp, lambda n, english, spanish: "CORRECT", delay=lambda n: None if n == 1 else 1.2)
    tcp.send("START")
    seen = []
    for number in range(1, 6):
        pair = wait_until(f"pair {number} on the page", lambda: pair_on_page(driver, number))
        seen.append(pair)
        if number == 1:
            duration, elapsed = driver.execute_script(
                "const a = document.getElementById('drop').getAnimations()[0];"
                "return a ? [a.effect.getComputedTiming().duration, a.currentTime] : [null, null]")
            check(duration == 6000 and 0 <= elapsed < 6000,
                  f"the Spanish word falls for the pair's time, from when it arrived: {duration} ms, {elapsed:.0f} ms in")
        if not by_id(driver, "answer-correct").is_enabled():
            continue  # out of the game: it watches
        _, how = PAGE_ANSWERS[number]
        if how.startswith("answer-"):
            tap_answer(driver, how)
        else:
            past_the_reading_floor(driver)
            ActionChains(driver).send_keys(how).perform()
        # The TCP player answers a second later, so the page waits for it.
        status = wait_until(f"pair {number} answered", lambda: answered_status(driver, number))
        if number == 1:
            check(status == "Answered ✓ — waiting for 1 other", f"the page says whom it waits for: {status!r}")
            tcp.send("ANSWER 1 CORRECT")
        if number == 1:
            verdict = wait_until("the first verdict",
                                 lambda: re.match(r"^(✓ Right|✗ Wrong|◷ Time ran out) — ", text(driver, "verdict")))
            check(verdict is not None, f"the verdict says it in words: {text(driver, 'verdict')!r}")
    wait_until("the end dialog", lambda: visible(driver, "end"), timeout=20)
    wait_until("the TCP player's GAMEOVER", lambda: answerer.gameover)

    check([(n, e, s) for n, e, s in answerer.rounds] == [(i + 1, e, s) for i, (e, s) in enumerate(seen)],
          f"the page and the TCP player got the same pairs: {seen}")
    expected = expected_score(answerer.reveals)
    score = text(driver, "end-score")
    match = re.match(r"^Final score: (\d+) correct, (\d+) wrong — rank (\d+) of (\d+)$", score)
    check(match is not None, f"the end dialog gives score and rank: {score!r}")
    correct, wrong, rank, ranked = (int(x) for x in match.groups())
    check((correct, wrong) == expected, f"the page's score {correct}/{wrong} is the one its answers earned {expected}")
    board = final_board(tcp)
    check(board[NAME][1:3] == [correct, wrong] and board[NAME][0] == rank, f"the page's rank and score match the last TOP: {board}")
    # Ties on right and wrong are broken by time: the page says so, with the page's own total.
    ms = board[NAME][3]
    rule = text(driver, "end-rule")
    check(rule == f"Ranked by right answers, then fewer wrong, then less time in all: yours was {ms // 1000}.{ms % 1000 // 100} s.",
          f"the end dialog says how ties are ranked, with the player's time: {rule!r} (TOP: {ms} ms)")
    check(answerer.gameover[0] == board["Tcp"][0] and answerer.gameover[1] == ranked == 2,
          f"the TCP player's GAMEOVER agrees: {answerer.gameover}")
    pairs = driver.execute_script("return [...document.querySelectorAll('#end-pairs li')].map(li => li.textContent)")
    # Worded as the verdict during the game: "old ≠ salón (old = viejo)".
    listed = all(re.search(rf"\d+\. {re.escape(e)} [=≠] {re.escape(s)}", p) for p, (e, s) in zip(pairs, seen))
    check(len(pairs) == 5 and listed, f"the end dialog lists every pair: {pairs}")
    said = [f"You said it is {PAGE_ANSWERS[n][0].lower()}" for n in range(1, 6)]
    check(all(words in p for p, words in zip(pairs, said)), f"the end dialog says what the page answered: {said}")
    marks = ["✓" if PAGE_ANSWERS[n][0] == answerer.reveals[n][2] else "✗" for n in range(1, 6)]
    check([p[0] for p in pairs] == marks, f"each pair's verdict is the server's for what the page answered: {marks}")
    check("Waiting for the host (Tcp) to start the next game" in text(driver, "end-next"), "the end dialog says what comes next")
    tcp.send("START")
    wait_until("the countdown or the next game", lambda: "next game starts" in text(driver, "end-next") or visible(driver, "game"))
    errors = page_errors(driver)
    check(not errors, f"the page logged no errors: {errors}")


def answered_status(driver, number):
    status = text(driver, "game-status")
    if status.startswith("Answered ✓") and status != "Answered ✓ — waiting for the others":
        return status
    moved_on = text(driver, "pair-number") != f"Pair {number} of 5" or visible(driver, "end")
    return (status or "(moved on)") if moved_on else None


def pair_on_page(driver, number):
    if text(driver, "pair-number") != f"Pair {number} of 5" or not text(driver, "english"):
        return None
    return (text(driver, "english"), text(driver, "spanish"))


def expected_score(reveals):
    """What the page's answers earn: right when they match the truth, and out after 3 wrong."""
    correct = wrong = 0
    for number in range(1, 6):
        if wrong >= 3:
            break
        truth = reveals[number][2]
        if PAGE_ANSWERS[number][0] == truth:
            correct += 1
        else:
            wrong += 1
    return correct, wrong


def final_board(tcp):
    """The last TOP block the TCP player got before GAMEOVER: name → [rank, correct, wrong, ms]."""
    _, end = tcp.wait_line(lambda l: l.startswith("GAMEOVER"))
    lines = tcp.lines[:end]
    start = max(i for i, l in enumerate(lines) if l == "END TOP")
    board = {}
    for line in reversed(lines[:start]):
        if not line.startswith("TOP "):
            break
        f = fields(line)
        board[f[2]] = [int(f[1]), int(f[3]), int(f[4]), int(f[5])]
    return board


run_case("student_game", main)
