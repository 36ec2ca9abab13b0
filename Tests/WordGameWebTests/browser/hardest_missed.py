"""Case: after a game, the projector shows the hardest words, and the teacher plays the missed ones again.
Four TCP players play a game of 6 pairs against the teacher's page (1920×1080), each answering by a plan
(the truth looked up in the server's word list): Ana always right; Bo wrong on pairs 1 and 4; Cy too slow on
pair 2 (no answer); Dee right but on pair 1. By itself the projector goes from the podium to the ranking, then
to the hardest words: every pair, hardest first, with its right translation and how many got it right, wrong
or too slow, as HARDEST says and as the results folder's pairs file has it. The teacher can go back to the
podium and the ranking and to the table again. "Play the missed words" starts the next game: its first pairs
are the missed ones' English words, hardest first. PNGs of the table at every size.

Usage: hardest_missed.py <base-url> <game-port> <results-folder> <words.json>   (pairs of about 4 s, 6 pairs)"""

import csv
import glob
import json
import os
import sys
import threading

from wordgame_browser import (CheckFailed, TcpPlayer, check, fields, make_driver, no_horizontal_overflow, open_room,
                              page_errors, run_case, screenshot_folder, set_viewport, settle, tap, text, visible, wait_until)

BASE, PORT, RESULTS, WORDS = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
FOLDER = screenshot_folder()
SIZES = [(1920, 1080), (1366, 657), (768, 1024), (667, 375), (375, 667), (320, 568)]

with open(WORDS, encoding="utf-8") as handle:
    TRANSLATION = {entry["text_eng"]: entry["text_spa"] for entry in json.load(handle)}


def truth(english, spanish):
    return "CORRECT" if TRANSLATION.get(english) == spanish else "WRONG"


def opposite(answer):
    return "WRONG" if answer == "CORRECT" else "CORRECT"


# Each player's answer to pair n, given its truth; None: no answer (the pair's time runs out).
PLANS = {
    "Ana": lambda n, t: t,
    "Bo": lambda n, t: opposite(t) if n in (1, 4) else t,
    "Cy": lambda n, t: None if n == 2 else t,
    "Dee": lambda n, t: opposite(t) if n == 1 else t,
}


class Planned:
    """A TCP player answering every pair of the games that follow by its plan; records the pairs it got."""

    def __init__(self, player, plan):
        self.player = player
        self.plan = plan
        self.rounds = []
        threading.Thread(target=self.run, daemon=True).start()

    def run(self):
        index = self.player.count()
        while True:
            try:
                line, index = self.player.wait_line(lambda l: True, timeout=600, start=index)
            except CheckFailed:
                return
            index += 1
            if line.startswith("GAME "):
                self.rounds = []
            if line.startswith("ROUND "):
                f = fields(line)
                n, english, spanish = int(f[1]), f[3], f[4]
                self.rounds.append((n, english, spanish))
                answer = self.plan(n, truth(english, spanish))
                if answer:
                    threading.Timer(0.2, self.player.send, [f"ANSWER {n} {answer}"]).start()


def main():
    host = make_driver(1920, 1080)
    players = []
    try:
        run(host, players)
    finally:
        host.quit()
        for player in players:
            player.close()


def run(host, players):
    code = open_room(host, BASE)
    planned = {}
    for name, plan in PLANS.items():
        player = TcpPlayer(PORT, name)
        players.append(player)
        player.join(code)
        planned[name] = Planned(player, plan)
    ana = players[0]
    watcher = TcpPlayer(PORT, "Eve")
    players.append(watcher)
    watcher.send(f"WATCH {code}")
    watcher.wait_line(lambda l: l.startswith("OK WATCH"))
    wait_until("four players", lambda: text(host, "roster-title") == "Players (4)")
    check(not visible(host, "c-missed"), "no missed words to play before a game")

    mark = ana.count()
    seen = watcher.count()
    tap(host, "c-start")
    ana.wait_line(lambda l: l.startswith("GAMEOVER "), start=mark, timeout=120)
    hardest = hardest_lines(watcher, seen)
    expected = expected_table(planned["Ana"].rounds)
    check([(h["english"], h["right"], h["wrong"], h["timeout"]) for h in hardest] == expected,
          f"HARDEST is every pair, hardest first, with the counts the plans make: {expected}")

    wait_until("the podium", lambda: visible(host, "podium-box"))
    wait_until("the ranking by itself", lambda: visible(host, "ranking-box"), timeout=20)
    wait_until("the hardest words by themselves", lambda: visible(host, "hardest-box"), timeout=30)
    check(True, "the projector goes from the podium to the ranking to the hardest words by itself")
    rows = table_rows(host)
    check(rows == [[f"{h['rank']}.", h["english"], h["translation"] + (f" shown: {h['spanish']}" if h["truth"] == "WRONG" else ""),
                    f"{h['right']} of {h['right'] + h['wrong'] + h['timeout']}", str(h["wrong"]), str(h["timeout"])]
                   for h in hardest], f"the table is HARDEST's, row for row: {rows}")
    check(text(host, "hardest-title") == f"The hardest words · {missed_count(hardest)} of {len(hardest)} missed",
          f"its title counts the missed pairs: {text(host, 'hardest-title')!r}")
    languages = host.execute_script(
        "return [...document.querySelectorAll('#hardest th')].slice(1, 3).map(t => t.textContent)")
    check(languages == ["English", "Spanishthe right translation"], f"its columns name the list's languages: {languages}")
    matches_pairs_file(hardest)
    screenshots(host)

    # The teacher goes back to the podium and the ranking, and to the table again.
    tap(host, "c-view")
    wait_until("the ranking again", lambda: visible(host, "ranking-box"))
    tap(host, "c-view")
    wait_until("the podium again", lambda: visible(host, "podium-box"))
    tap(host, "c-hardest")
    wait_until("the table again", lambda: visible(host, "hardest-box"))
    check(not visible(host, "c-hardest") and visible(host, "c-view"), "the teacher can go back to it, and away again")

    missed = [h["english"] for h in hardest if h["wrong"] + h["timeout"] > 0 or h["right"] == 0]
    check(visible(host, "c-missed"), f"Play the missed words is offered: {len(missed)} missed")
    mark = ana.count()
    tap(host, "c-missed")
    ana.wait_line(lambda l: l.startswith("GAME "), start=mark)
    dealt = []
    for n in range(1, min(len(missed), 6) + 1):
        line, _ = ana.wait_line(lambda l: l.startswith(f"ROUND {n} "), start=mark, timeout=30)
        dealt.append(fields(line)[3])
    check(dealt == missed[:len(dealt)], f"the next game deals the missed words first, hardest first: {dealt}")
    errors = page_errors(host)
    check(not errors, f"the page logged no errors: {errors}")


def hardest_lines(watcher, mark):
    """The HARDEST block an observer gets at the game's end (a TCP WATCH, as the projector is one)."""
    end, index = watcher.wait_line(lambda l: l == "END HARDEST", start=mark, timeout=30)
    lines = []
    for line in watcher.lines[mark:index]:
        if line.startswith("HARDEST "):
            f = fields(line)
            lines.append({"rank": int(f[1]), "n": int(f[2]), "english": f[3], "spanish": f[4], "truth": f[5],
                          "translation": f[6], "right": int(f[7]), "wrong": int(f[8]), "timeout": int(f[9])})
    return lines


def expected_table(rounds):
    """Every pair with its counts by the plans, ordered as §5 HARDEST says: the most missed (wrong and too
    slow over those who played it) first, then the most too slow, then the pair's place in the game."""
    table = []
    for n, english, spanish in rounds:
        t = truth(english, spanish)
        answers = [plan(n, t) for plan in PLANS.values()]
        right = sum(1 for a in answers if a == t)
        wrong = sum(1 for a in answers if a and a != t)
        timeout = sum(1 for a in answers if a is None)
        table.append((n, english, right, wrong, timeout))
    table.sort(key=lambda row: (-(row[3] + row[4]) / max(1, row[2] + row[3] + row[4]), -row[4], row[0]))
    return [(english, right, wrong, timeout) for _, english, right, wrong, timeout in table]


def missed_count(hardest):
    return sum(1 for h in hardest if h["wrong"] + h["timeout"] > 0 or h["right"] == 0)


def table_rows(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('#hardest-rows tr')].map(r => [...r.cells].map(c => c.textContent))")


def matches_pairs_file(hardest):
    """The results folder's pairs file: one row a pair, the hardest first, the same counts."""
    files = wait_until("the pairs file", lambda: sorted(glob.glob(os.path.join(RESULTS, "*pairs.csv"))), timeout=20)
    with open(files[-1], encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    read = [(row["english"], int(row["right"]), int(row["wrong"]), int(row["timeouts"])) for row in rows]
    check(read == [(h["english"], h["right"], h["wrong"], h["timeout"]) for h in hardest],
          f"the table is the pairs file's, in its order ({os.path.basename(files[-1])})")


def screenshots(driver):
    for width, height in SIZES:
        set_viewport(driver, width, height, mobile=width < 700)
        settle(driver)
        path = os.path.join(FOLDER, f"hardest-{width}x{height}.png")
        driver.save_screenshot(path)
        fits = driver.execute_script(
            "const c = document.getElementById('controls').getBoundingClientRect();"
            "const rows = [...document.querySelectorAll('#hardest-rows tr')];"
            "return rows.length > 0 && rows.every(r => r.getBoundingClientRect().bottom <= c.top + 1)")
        fitted = width > 700
        check(no_horizontal_overflow(driver, width) and (fits or not fitted),
              f"the table at {width}×{height}: no overflow{', every row above the controls' if fitted else ''} ({os.path.basename(path)})")
        if not fitted:
            # A phone scrolls the table up to read it: its longest words break rather than run past the edge.
            driver.execute_script("document.querySelector('#hardest-rows tr:last-child').scrollIntoView({block: 'start'})")
            settle(driver)
            driver.save_screenshot(os.path.join(FOLDER, f"hardest-{width}x{height}-scrolled.png"))
            right = driver.execute_script(
                "return Math.max(...[...document.querySelectorAll('#hardest-rows td')]"
                ".filter(d => d.offsetParent).map(d => d.getBoundingClientRect().right))")
            check(right <= width, f"the table at {width}×{height}, scrolled: every cell within the screen ({right:.0f} px)")
    set_viewport(driver, 1920, 1080)
    settle(driver)


run_case("hardest_missed", main)
