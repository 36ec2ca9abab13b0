"""Case: a teacher makes this week's list in the browser and the class plays it. On the teacher's page
(1920×1080), "Word lists…": a name typed, then 40 lines pasted as a spreadsheet copies them (Ctrl+V: a header
row "English / French", 37 pairs, one empty line, one pair again). The server's preview says 37 pairs, English →
French (from the header, into the empty fields), and names the duplicate with its line number; Save keeps the
list's key in this browser. The dialog fits every screen from 320×568 to 1920×1080. Rules… lists it with its languages; Apply makes it the room's. Three phones (one
browser, three windows: 375×667, 320×568 and 667×375) say "list week-12-french (English → French)" in the lobby,
"Is the French word the right translation?" during every pair, the French word tagged `lang="fr"`; every pair
dealt is from the list; the end dialog and the results files name the list (the pairs file its languages too). PNGs of the dialog and a phone.

Usage: teacher_list.py <base-url> <game-port> <results-folder>   (pairs of about 8 s, 4 pairs, no start delay)"""

import csv
import glob
import os
import sys

from list_samples import DUPLICATE_AT, FRENCH, spreadsheet_copy
from wordgame_browser import (TcpPlayer, allow_clipboard, by_id, centre_of, check, choose_option, make_driver, no_horizontal_overflow,
                              open_room, page_errors, paste, run_case, screenshot_folder, set_viewport, settle, tap,
                              tap_answer, text, visible, wait_until)

BASE, PORT, RESULTS = sys.argv[1], int(sys.argv[2]), sys.argv[3]
FOLDER = screenshot_folder()

PHONES = [("Ana", 375, 667), ("Bo", 320, 568), ("Chloé", 667, 375)]
SIZES = [(1920, 1080), (1366, 657), (768, 1024), (667, 375), (375, 667), (320, 568)]


def main():
    host = make_driver(1920, 1080)
    phones = make_driver(375, 667)
    players = []
    try:
        run(host, phones, players)
    finally:
        host.quit()
        phones.quit()
        for player in players:
            player.close()


def shoot(driver, name):
    path = os.path.join(FOLDER, name)
    driver.save_screenshot(path)
    print("screenshot:", path, flush=True)


def on_phone(phones, windows, index):
    """The window of phone `index`, its size set again (a phone's emulation belongs to its window)."""
    _, width, height = PHONES[index]
    phones.switch_to.window(windows[index])
    set_viewport(phones, width, height, mobile=True)


def run(host, phones, players):
    allow_clipboard(host, BASE)
    code = open_room(host, BASE)
    # A TCP player watches the wire: LANGUAGES right before RULES.
    tcp = TcpPlayer(PORT, "Tess")
    players.append(tcp)
    tcp.join(code)

    windows = []
    for index, (name, width, height) in enumerate(PHONES):
        if index > 0:
            phones.switch_to.new_window("window")
        windows.append(phones.current_window_handle)
        set_viewport(phones, width, height, mobile=True)
        phones.get(f"{BASE}/?room={code}")
        wait_until("the join form", lambda: visible(phones, "name"))
        by_id(phones, "name").clear()
        by_id(phones, "name").send_keys(name)
        tap(phones, "join-button", touch=True)
        wait_until(f"{name} in the lobby", lambda: visible(phones, "lobby"))
    wait_until("four players on the board", lambda: text(host, "roster-title") == "Players (4)")
    check(True, "three phones and a TCP player are in the room")

    make_the_list(host)
    choose_the_list(host, tcp)

    for index, (name, width, height) in enumerate(PHONES):
        on_phone(phones, windows, index)
        rules = wait_until(f"{name}'s new rules", lambda: "week-12-french" in (text(phones, "lobby-rules") or "")
                           and text(phones, "lobby-rules"))
        check("list week-12-french (English → French)" in rules, f"{name}'s lobby names the list and its languages: {rules!r}")

    mark = tcp.count()
    tap(host, "c-start")
    tcp.wait_line(lambda l: l.startswith("GAME "), start=mark)
    play(phones, windows, tcp, mark)
    the_end(host, phones, windows)
    results_name_the_list()
    errors = page_errors(host) + page_errors(phones)
    check(not errors, f"the pages logged no errors: {errors}")


def make_the_list(host):
    tap(host, "c-lists")
    wait_until("the Word lists dialog", lambda: visible(host, "lists-dialog"))
    check(host.execute_script("return document.activeElement.id") == "l-title", "the dialog opens on the list's name")
    by_id(host, "l-title").send_keys("Week 12 French")
    check(text(host, "l-name") == "Saved as week-12-french", f"the name the server gets is shown: {text(host, 'l-name')!r}")
    check(by_id(host, "l-from").get_attribute("value") == "" and by_id(host, "l-to").get_attribute("value") == "",
          "the languages are left empty: the header row names them")
    paste(host, "l-text", spreadsheet_copy())
    summary = wait_until("the server's preview", lambda: "read" in (text(host, "l-summary") or "") and text(host, "l-summary"))
    check(summary == "37 pairs read · English → French · 1 line not read", f"the preview counts the pairs: {summary!r}")
    rows = host.execute_script(
        "return [...document.querySelectorAll('#l-skipped-rows tr')].map(r => [...r.cells].map(c => c.textContent))")
    check(rows == [[str(DUPLICATE_AT), "the same pair again", "the cat ⇥ le chat"]],
          f"the duplicate is named with its line number (the empty line is not): {rows}")
    check(by_id(host, "l-from").get_attribute("value") == "English" and by_id(host, "l-to").get_attribute("value") == "French",
          "the header's languages fill the empty fields")
    for width, height in SIZES:
        set_viewport(host, width, height, mobile=width < 700)
        settle(host)
        shoot(host, f"lists-dialog-{width}x{height}.png")
        check(dialog_fits(host), f"the dialog at {width}×{height}: on the screen, Save in reach, nothing wider than the screen")
    set_viewport(host, 1920, 1080)
    settle(host)

    tap(host, "lists-save")
    saved = wait_until("the list saved", lambda: (text(host, "l-summary") or "").startswith("Saved") and text(host, "l-summary"))
    check(saved.startswith("Saved week-12-french: 37 pairs, English → French, 1 line not read."), f"Save says what it kept: {saved!r}")
    keys = host.execute_script("return JSON.parse(localStorage.getItem('wordgame.listKeys') || '{}')")
    check(list(keys) == ["week-12-french"], f"this browser keeps the list's key, to replace or delete it: {list(keys)}")
    check(key_not_on_screen(host, keys["week-12-french"]), "the key is never on the screen")
    wait_until("the list among this browser's", lambda: visible(host, "l-mine")
               and "week-12-french · English → French · 37 pairs" in text(host, "l-mine-list"))
    check(True, "the dialog lists it as this browser's, to replace or delete")
    tap(host, "lists-close")
    wait_until("the dialog closed", lambda: not visible(host, "lists-dialog"))


def dialog_fits(driver):
    box = driver.execute_script(
        "const d = document.getElementById('lists-dialog').getBoundingClientRect();"
        "const s = document.getElementById('lists-save').getBoundingClientRect();"
        "return [d.left, d.top, d.right, d.bottom, s.bottom, innerWidth, innerHeight]")
    left, top, right, bottom, save, width, height = box
    uncovered = centre_of(driver, "lists-save")[2]  # a finger aimed at Save touches Save
    return left >= 0 and top >= 0 and right <= width and bottom <= height and save <= height and uncovered \
        and no_horizontal_overflow(driver, width)


def key_not_on_screen(driver, key):
    return key not in driver.execute_script("return document.body.innerText")


def choose_the_list(host, tcp):
    tap(host, "c-rules")
    wait_until("the rules dialog", lambda: visible(host, "rules-dialog"))
    options = wait_until("the lists with their languages", lambda: host.execute_script(
        "const o = [...document.querySelectorAll('#r-list option')].map(x => x.textContent);"
        "return o.some(t => t.startsWith('week-12-french')) && o"))
    check("week-12-french · English → French · 37 pairs" in options, f"Rules… lists the new list with its languages: {options}")
    mark = tcp.count()
    choose_option(host, "r-list", "week-12-french")
    tap(host, "rules-apply")
    line, index = tcp.wait_line(lambda l: l.startswith("RULES "), start=mark)
    check(line.endswith('"week-12-french"'), f"the room plays it next: {line}")
    check(tcp.lines[index - 1] == 'LANGUAGES "English" "French"', f"LANGUAGES comes right before: {tcp.lines[index - 1]}")
    wait_until("the dialog closed", lambda: not visible(host, "rules-dialog"))
    lobby = wait_until("the lobby's rules", lambda: "week-12-french" in (text(host, "lobby-rules") or "") and text(host, "lobby-rules"))
    check(lobby.endswith("list week-12-french (English → French)"), f"the projector's lobby says it: {lobby!r}")


def play(phones, windows, tcp, mark):
    english_words = {english for english, _ in FRENCH}
    french_words = {french for _, french in FRENCH}
    pairs = int(tcp.wait_line(lambda l: l.startswith("GAME "), start=mark)[0].split()[1])
    taken = []
    for n in range(1, pairs + 1):
        round_line, _ = tcp.wait_line(lambda l: l.startswith(f"ROUND {n} "), start=mark)
        for index, (name, width, height) in enumerate(PHONES):
            on_phone(phones, windows, index)
            wait_until(f"pair {n} on {name}'s phone", lambda: (text(phones, "pair-number") or "").startswith(f"Pair {n} ")
                       and text(phones, "english"))
            words = phones.execute_script(
                "const e = document.getElementById('english'), s = document.getElementById('spanish');"
                "return [e.textContent, s.textContent, e.lang, s.lang, document.getElementById('game-status').textContent]")
            english, french, english_lang, french_lang, status = words
            check(status == "Is the French word the right translation?", f"pair {n}, {name} ({width}×{height}): {status!r}")
            check(english in english_words and french in french_words and english_lang == "en" and french_lang == "fr",
                  f"pair {n} is from the list, each word in its language: {english} ({english_lang}) / {french} ({french_lang})")
            if n == 1 and index == 0:
                settle(phones)
                shoot(phones, "phone-french-375x667.png")
            tap_answer(phones, "answer-correct" if (n + index) % 2 else "answer-wrong", touch=True)
            # The server took the tap (OK ANSWER): the page says so only then.
            wait_until(f"{name}'s answer to pair {n} taken",
                       lambda: (text(phones, "game-status") or "").startswith("Answered ✓"))
            taken.append((n, name))
        tcp.send(f"ANSWER {n} CORRECT")
        tcp.wait_line(lambda l: l.startswith(f"REVEAL {n} "), start=mark)
    check(len(taken) == pairs * len(PHONES), f"the server took every phone's answer to every pair of {pairs}")


def the_end(host, phones, windows):
    for index, (name, width, height) in enumerate(PHONES):
        on_phone(phones, windows, index)
        wait_until(f"{name}'s end dialog", lambda: visible(phones, "end"))
        said = text(phones, "end-list")
        check(said == "Word list: week-12-french (English → French)", f"{name}'s review names the list: {said!r}")
        check(no_horizontal_overflow(phones, width), f"{name}'s end dialog fits {width}×{height}")
    wait_until("the podium", lambda: visible(host, "podium"))


def results_name_the_list():
    """The game's results files (written when the game ends): the players file names the list it was played
    with, the answers file holds its French words."""
    def files():
        return sorted(glob.glob(os.path.join(RESULTS, "*.csv")))
    wait_until("the results files", lambda: any(path.endswith("answers.csv") for path in files()), timeout=20)
    players = next(path for path in files() if path.endswith("players.csv"))
    check("week-12-french" in open(players, encoding="utf-8-sig").read(), f"{os.path.basename(players)} names the list")
    answers = next(path for path in files() if path.endswith("answers.csv"))
    with open(answers, encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.reader(handle))
    french = {french for _, french in FRENCH}
    check(any(cell in french for row in rows[1:] for cell in row), f"{os.path.basename(answers)} holds the French words played")
    pairs = next(path for path in files() if path.endswith("pairs.csv"))
    with open(pairs, encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    named = {(row["word_list"], row["from_language"], row["to_language"]) for row in rows}
    check(named == {("week-12-french", "English", "French")} and len(rows) == 4,
          f"{os.path.basename(pairs)} has every pair, with the list and its languages: {named}")


run_case("teacher_list", main)
