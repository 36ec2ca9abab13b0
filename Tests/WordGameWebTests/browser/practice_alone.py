"""Case: a student practises alone the words they missed in class. A student's page (375×667) plays a game in
a room a TCP player hosts (JOIN: its first player), tapping the wrong answer on pairs 1 and 3 (the truth looked
up in the server's word list), the right one on pairs 2 and 4, and nothing on pair 5 (time runs out). The page
keeps those three English words and the list in localStorage. Back on the join form, "Practice alone": the
server's lists (LISTS), the room's list chosen, "Start with the 3 words you missed" ticked; Start. The practice
game (a room of one, named practice.<n>, on the server's rules) deals those words first; the page says
"Practice alone" and no room code. Its end offers "Play again", "Play the N missed words again" (START MISSED,
whose game deals the words just missed first) and "Stop practising". PNGs at 375×667 and 320×568.

Usage: practice_alone.py <base-url> <game-port> <words.json>   (pairs of about 4 s, 5 pairs, no start delay)"""

import json
import os
import sys

from wordgame_browser import (AutoAnswerer, TcpPlayer, by_id, check, make_driver, no_horizontal_overflow, page_errors, run_case,
                              screenshot_folder, scroll_to, set_viewport, settle, tap, tap_answer, text, visible, wait_until)

BASE, PORT, WORDS = sys.argv[1], int(sys.argv[2]), sys.argv[3]
FOLDER = screenshot_folder()

with open(WORDS, encoding="utf-8") as handle:
    TRANSLATION = {entry["text_eng"]: entry["text_spa"] for entry in json.load(handle)}


def truth(english, spanish):
    return "CORRECT" if TRANSLATION.get(english) == spanish else "WRONG"


def main():
    phone = make_driver(375, 667)
    players = []
    try:
        set_viewport(phone, 375, 667, mobile=True)
        run(phone, players)
    finally:
        phone.quit()
        for player in players:
            player.close()


def shoot(driver, name):
    for width, height in ((375, 667), (320, 568)):
        set_viewport(driver, width, height, mobile=True)
        settle(driver)
        path = os.path.join(FOLDER, f"{name}-{width}x{height}.png")
        driver.save_screenshot(path)
        check(no_horizontal_overflow(driver, width), f"{name} at {width}×{height}: no horizontal overflow ({os.path.basename(path)})")
    set_viewport(driver, 375, 667, mobile=True)


def pair_on_screen(phone, n):
    return (text(phone, "pair-number") or "").startswith(f"Pair {n} ") and by_id(phone, "answer-correct").is_enabled() \
        and text(phone, "english")


def nobody_else_enters(phone, players):
    """A practice room is private: its name (kept with the seat) is no room another player can JOIN or WATCH."""
    room = phone.execute_script("return Object.values(JSON.parse(localStorage.getItem('wordgame.seats') || '{}'))"
                                ".map(s => s.room).find(r => r && r.startsWith('practice.')) || null")
    check(room is not None, f"the seat is in a practice room: {room}")
    eve = TcpPlayer(PORT, "Eve")
    players.append(eve)
    eve.send("NAME Eve")
    for command in (f"JOIN {room}", f"WATCH {room}"):
        mark = eve.count()
        eve.send(command)
        line, _ = eve.wait_line(lambda l: l.startswith("ERROR ") or l.startswith("OK JOIN") or l.startswith("OK WATCH"), start=mark)
        check(line.startswith("ERROR "), f"{command} is refused: {line}")


def run(phone, players):
    host = TcpPlayer(PORT, "Tess")
    players.append(host)
    host.join("lab-five")  # a room made with JOIN: Tess, its first player, hosts it
    AutoAnswerer(host, lambda n, e, s: "CORRECT", delay=0.2)
    phone.get(f"{BASE}/?room=lab-five")
    by_id(phone, "name").send_keys("Lucía")
    tap(phone, "join-button", touch=True)
    wait_until("the lobby", lambda: visible(phone, "lobby"))

    mark = host.count()
    host.send("START")
    missed = []
    for n in range(1, 6):
        english = wait_until(f"pair {n}", lambda: pair_on_screen(phone, n), timeout=20)
        spanish = text(phone, "spanish")
        right = truth(english, spanish)
        if n in (1, 3):
            tap_answer(phone, "answer-wrong" if right == "CORRECT" else "answer-correct", touch=True)
            missed.append(english)
        elif n in (2, 4):
            tap_answer(phone, "answer-correct" if right == "CORRECT" else "answer-wrong", touch=True)
        else:
            missed.append(english)  # no tap: the time runs out
    wait_until("the end dialog", lambda: visible(phone, "end"), timeout=20)
    kept = phone.execute_script("return JSON.parse(localStorage.getItem('wordgame.missed') || 'null')")
    check(kept and kept["list"] == "default" and kept["words"] == missed,
          f"the page keeps the words missed and their list: {kept and kept['words']} (missed {missed})")
    check(not visible(phone, "end-missed"), "a game in a room offers no practice of its own")

    scroll_to(phone, "end-leave")
    tap(phone, "end-leave", touch=True)
    wait_until("the join form", lambda: visible(phone, "join"))
    scroll_to(phone, "practice-open")
    tap(phone, "practice-open", touch=True)
    wait_until("the practice panel", lambda: visible(phone, "practice"))
    options = wait_until("the server's lists", lambda: phone.execute_script(
        "const o = [...document.querySelectorAll('#practice-list option')]; return o.length > 0 && o[0].value && o.map(x => x.value)"))
    check(by_id(phone, "practice-list").get_attribute("value") == "default", f"the list of the missed words is chosen: {options}")
    check(visible(phone, "practice-missed-box") and text(phone, "practice-missed-label")
          == "Start with the 3 words you missed in your last game", f"the missed words are offered: {text(phone, 'practice-missed-label')!r}")
    words = phone.execute_script("return [...document.querySelectorAll('#practice-missed-words li')].map(li => li.textContent)")
    check(words == missed, f"they are listed: {words}")
    shoot(phone, "practice-panel")

    scroll_to(phone, "practice-go")
    tap(phone, "practice-go", touch=True)
    dealt = []
    for n in range(1, 6):
        english = wait_until(f"practice pair {n}", lambda: pair_on_screen(phone, n), timeout=20)
        dealt.append(english)
        if n == 1:
            check(text(phone, "where") == "Practice alone", f"the page says where it is: {text(phone, 'where')!r}")
            shoot(phone, "practice-pair")
        right = truth(english, text(phone, "spanish"))
        # Missed again on the first pair only: it comes first in the next practice game.
        choice = ("answer-wrong" if right == "CORRECT" else "answer-correct") if n == 1 else \
            ("answer-correct" if right == "CORRECT" else "answer-wrong")
        tap_answer(phone, choice, touch=True)
    check(dealt[:3] == missed, f"the practice game deals the missed words first: {dealt}")
    wait_until("the practice's end", lambda: visible(phone, "end"), timeout=20)
    check(text(phone, "end-start") == "Play again" and text(phone, "end-leave") == "Stop practising"
          and text(phone, "end-missed") == "Play the missed word again", "its end offers to play again, the missed word, or stop")
    shoot(phone, "practice-end")
    scroll_to(phone, "end-missed")
    tap(phone, "end-missed", touch=True)
    again = wait_until("the missed word first", lambda: pair_on_screen(phone, 1), timeout=20)
    check(again == dealt[0], f"START MISSED deals the word just missed first: {again}")
    nobody_else_enters(phone, players)
    errors = page_errors(phone)
    check(not errors, f"the page logged no errors: {errors}")


run_case("practice_alone", main)
