"""Case 3: the teacher's page opens a room and shows its code, address and
QR code; students (TCP players) arrive; the page removes one (asking first)
and locks the room; a refresh takes the room back; the host starts a game,
which the projector shows to the podium and the ranking, and so does the
watch page (a second screen, without controls); the results links download
the game's CSV files.

Usage: host_game.py <base-url> <game-port>"""

import re
import sys
import time
import urllib.request

from wordgame_browser import (AutoAnswerer, CheckFailed, TcpPlayer, by_id, check, make_driver, page_errors, qr_loaded, run_case,
                              text, visible, wait_until)

BASE, PORT = sys.argv[1], int(sys.argv[2])
CODE = re.compile(r"^[ABCDEFGHJKMNPQRTUVWXY346789]{4,5}$")


def main():
    driver = make_driver(1920, 1080)
    players = []
    watchers = []
    try:
        run(driver, players, watchers)
    finally:
        driver.quit()
        for watcher in watchers:
            watcher.quit()
        for player in players:
            player.close()


def roster(driver):
    return driver.execute_script("return [...document.querySelectorAll('#roster li')].map(li => li.textContent)")


def run(driver, players, watchers):
    driver.get(f"{BASE}/host")
    by_id(driver, "teacher").send_keys("Ms Rivera")
    by_id(driver, "open-room").click()
    code = wait_until("the room code", lambda: CODE.match(text(driver, "room-code") or "") and text(driver, "room-code"))
    check(text(driver, "join-url") == BASE, f"the join address is shown: {text(driver, 'join-url')!r}")
    wait_until("the QR code", lambda: qr_loaded(driver))
    check(by_id(driver, "qr").get_attribute("src").endswith(f"/qr.svg?room={code}"), "the QR code is the room's")
    check(text(driver, "roster-title") == "Waiting for players…", "the lobby waits for players")

    bo, cy, dee = (TcpPlayer(PORT, name) for name in ("Bo", "Cy", "Dee"))
    players.extend([bo, cy, dee])
    for player in (bo, cy, dee):
        player.join(code)
    wait_until("three names", lambda: roster(driver) == ["Bo", "Cy", "Dee"])
    check(text(driver, "roster-title") == "Players (3)", "the names arrive as students join")

    remove_dee(driver, dee)
    lock_and_unlock(driver)

    driver.refresh()
    wait_until("the room back after a refresh", lambda: text(driver, "room-code") == code and roster(driver) == ["Bo", "Cy"])
    check(True, "a refresh takes the room back with its key")

    watcher = make_driver(1280, 720)
    watchers.append(watcher)
    watcher.get(f"{BASE}/watch?room={code}")
    wait_until("the watch page's lobby", lambda: text(watcher, "room-code") == code and roster(watcher) == ["Bo", "Cy"])
    check(watcher.execute_script("return document.querySelectorAll('#roster button, #controls').length") == 0,
          "the watch page shows the room without controls")

    play(driver, bo, cy, watcher)
    errors = page_errors(driver) + page_errors(watcher)
    check(not errors, f"the page logged no errors: {errors}")


def remove_dee(driver, dee):
    # A name on the board asks first; Cancel keeps the player.
    driver.execute_script("[...document.querySelectorAll('#roster button')].find(b => b.textContent === 'Dee').click()")
    wait_until("the question", lambda: visible(driver, "confirm"))
    check("Remove Dee" in text(driver, "confirm-text"), "removing a player asks first")
    by_id(driver, "confirm-cancel").click()
    time.sleep(0.5)
    check(roster(driver) == ["Bo", "Cy", "Dee"], "Cancel removes nobody")
    # The control: choose the name, then confirm.
    by_id(driver, "c-kick").click()
    wait_until("the list of names", lambda: visible(driver, "kick-dialog"))
    driver.execute_script("[...document.querySelectorAll('#kick-names button')].find(b => b.textContent === 'Dee').click()")
    wait_until("the question", lambda: visible(driver, "confirm"))
    mark = dee.count()
    by_id(driver, "confirm-ok").click()
    dee.wait_line(lambda l: l == "YOU OUTSIDE", start=mark)
    wait_until("Dee gone from the board", lambda: roster(driver) == ["Bo", "Cy"])
    check(True, "the removed player is told and leaves the board")


def lock_and_unlock(driver):
    by_id(driver, "c-lock").click()
    wait_until("locked", lambda: "locked" in text(driver, "facts"))
    eve = TcpPlayer(PORT, "Eve")
    try:
        eve.send("NAME Eve")
        mark = eve.count()
        eve.send(f"JOIN {text(driver, 'room-code')}")
        eve.wait_line(lambda l: l.startswith("ERROR room-locked"), start=mark)
    finally:
        eve.close()
    check(by_id(driver, "c-lock").text == "Unlock the room", "a locked room turns nobody new away")
    by_id(driver, "c-lock").click()
    wait_until("unlocked", lambda: "locked" not in text(driver, "facts"))


def play(driver, bo, cy, watcher):
    bo_plays = AutoAnswerer(bo, lambda n, e, s: "CORRECT", delay=0.8)
    cy_plays = AutoAnswerer(cy, lambda n, e, s: "WRONG", delay=1.6)
    by_id(driver, "c-start").click()
    wait_until("the first pair", lambda: bo_plays.rounds)
    english = bo_plays.rounds[0][1]
    wait_until("the pair on the projector", lambda: text(driver, "p-english") == english)
    wait_until("the pair on the second screen", lambda: text(watcher, "p-english") == english)
    thinking = wait_until("who is thinking", lambda: (text(driver, "thinking") or "").startswith("Still thinking"))
    check(thinking, f"the projector says who is still thinking: {text(driver, 'thinking')!r}")
    # A pair's reveal stays up only until the next pair closes, 1.6 s later when Cy answers: beside a loaded suite the
    # case's next look can come after pair 1's is gone (it timed out so, twice). Any pair's reveal shows what is checked.
    wait_until("a reveal", lambda: re.match(r"^[✓✗] Pair \d+: ", text(driver, "reveal-truth") or ""), timeout=30,
               describe=lambda: f"reveal {text(driver, 'reveal-truth')!r}, pair {text(driver, 'p-english')!r}, "
               f"thinking {text(driver, 'thinking')!r}, Cy saw {cy_plays.rounds} {cy_plays.reveals}")
    check(re.match(r"^\d of 2 got it right · \d wrong · \d too slow$", text(driver, "reveal-tally")),
          f"the reveal tells how the class did: {text(driver, 'reveal-tally')!r}")
    wait_until("the leaderboard", lambda: driver.execute_script("return document.querySelectorAll('#p-top li').length") == 2)
    wait_until("the podium", lambda: visible(driver, "podium"), timeout=30)
    names = driver.execute_script("return [...document.querySelectorAll('#podium .place-name')].map(p => p.textContent)")
    check(sorted(names) == ["Bo", "Cy"], f"the podium shows the players: {names}")
    wait_until("the podium on the second screen", lambda: visible(watcher, "podium") or visible(watcher, "ranking"))
    check(True, "the second screen follows the game to its end")
    wait_until("the ranking (it follows the podium)", lambda: visible(driver, "ranking"), timeout=15)
    rows = driver.execute_script("return [...document.querySelectorAll('#ranking li .cell-1')].map(c => c.textContent)")
    bo_rank = wait_until("Bo's GAMEOVER", lambda: bo_plays.gameover)[0]
    check(sorted(rows) == ["Bo", "Cy"] and rows[bo_rank - 1] == "Bo", f"the whole ranking follows, in the server's order: {rows}")
    download_results(driver)
    refresh_during_the_second_game(driver, bo_plays)


def refresh_during_the_second_game(driver, bo_plays):
    """The teacher's page refreshed in the middle of the room's second game still says "game 2" (GAMES, §5)."""
    seen = len(bo_plays.rounds)
    by_id(driver, "c-start").click()
    wait_until("the second game's first pair", lambda: len(bo_plays.rounds) > seen)
    wait_until("game 2 on the projector", lambda: "game 2 · pair" in (text(driver, "facts") or ""))
    driver.refresh()
    # Read once: on a loaded machine the game may end between two reads (then the header says "game 2" alone).
    facts = wait_until("the room back after a refresh mid-game", lambda: (lambda f: "· game " in f and f)(text(driver, "facts") or ""))
    check("· game 2" in facts, f"after a refresh during the second game the projector still says game 2: {facts!r}")
    by_id(driver, "c-close").click()
    wait_until("the question", lambda: visible(driver, "confirm"))
    by_id(driver, "confirm-ok").click()
    wait_until("the closed room", lambda: visible(driver, "c-new"))
    by_id(driver, "c-new").click()
    wait_until("the form for a new room", lambda: visible(driver, "open-room"))
    teacher = by_id(driver, "teacher").get_attribute("value")
    check(teacher == "Ms Rivera", f"a new room is offered under the teacher's name again: {teacher!r}")


def download_results(driver):
    wait_until("the results links", lambda: visible(driver, "players-csv"))
    players_url = by_id(driver, "players-csv").get_attribute("href")
    check(players_url.startswith(f"{BASE}/results.csv?") and "file=players" in players_url, f"the players link: {players_url}")
    body = fetch(players_url)
    check(body.startswith("\ufeff") and "Bo" in body and "Cy" in body and "Dee" not in body,
          f"the players file names the players: {body[:200]!r}")
    answers = fetch(by_id(driver, "answers-csv").get_attribute("href"))
    check(answers.count("\n") >= 1 + 2 * 5 and "Bo" in answers, "the answers file has a row per player per pair")
    pairs = fetch(by_id(driver, "pairs-csv").get_attribute("href"))
    check(pairs.count("\n") >= 1 + 5 and "word_list" in pairs.split("\n")[0], "the pairs file has a row per pair, hardest first")
    wrong_key = re.sub(r"key=[^&]+", "key=ABCDEFGHJKMN", players_url)
    try:
        fetch(wrong_key)
        raise CheckFailed("a wrong key got the results")
    except urllib.error.HTTPError as error:
        check(error.code == 403, "a wrong key gets 403")


def fetch(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read().decode("utf-8")


run_case("host_game", main)
