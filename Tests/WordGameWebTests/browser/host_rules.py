"""Case: the teacher's page changes the room's rules between games. The "Rules…" dialog
opens on the first field, lists the server's word lists (as text), refuses a value out of
range itself and shows the server's refusal; Apply sends one RULES line, a TCP player hears
the new rules, the lobby says them, and the next game is played by them (GAME 4 8000 0).
It fits a phone (375×667) and a projector (1920×1080), screenshots in WORDGAME_SCREENSHOTS.

Usage: host_rules.py <base-url> <game-port>"""

import os
import re
import sys

from wordgame_browser import (TcpPlayer, by_id, check, make_driver, no_horizontal_overflow, page_errors, run_case,
                              screenshot_folder, set_viewport, text, visible, wait_until)

BASE, PORT = sys.argv[1], int(sys.argv[2])
CODE = re.compile(r"^[ABCDEFGHJKMNPQRTUVWXY346789]{4,5}$")


def main():
    driver = make_driver(1920, 1080)
    players = []
    try:
        run(driver, players)
    finally:
        driver.quit()
        for player in players:
            player.close()


def typed(driver, element_id, value):
    field = by_id(driver, element_id)
    field.clear()
    field.send_keys(value)


def dialog_fits(driver):
    """The dialog inside the viewport, Apply reachable, and nothing wider than the screen."""
    box = driver.execute_script(
        "const r = document.getElementById('rules-dialog').getBoundingClientRect();"
        "return [r.left, r.top, r.right, r.bottom, innerWidth, innerHeight]")
    left, top, right, bottom, width, height = box
    return left >= 0 and top >= 0 and right <= width and bottom <= height and no_horizontal_overflow(driver, width)


def shoot(driver, name):
    path = os.path.join(screenshot_folder(), name)
    driver.save_screenshot(path)
    print("screenshot:", path, flush=True)


def run(driver, players):
    driver.get(f"{BASE}/host")
    by_id(driver, "open-room").click()
    code = wait_until("the room code", lambda: CODE.match(text(driver, "room-code") or "") and text(driver, "room-code"))
    bo = TcpPlayer(PORT, "Bo")
    players.append(bo)
    bo.join(code)
    wait_until("Bo on the board", lambda: text(driver, "roster-title") == "Players (1)")
    before = text(driver, "lobby-rules")
    check(before == "Rules: 5 pairs · 3 s a pair · out after 3 wrong answers · list default (English → Spanish)", f"the lobby says the rules: {before!r}")

    by_id(driver, "c-rules").click()
    wait_until("the rules dialog", lambda: visible(driver, "rules-dialog"))
    check(driver.execute_script("return document.activeElement.id") == "r-pairs", "the dialog opens on its first field")
    options = wait_until("the server's word lists", lambda: driver.execute_script(
        "const o = [...document.querySelectorAll('#r-list option')]; return o.length >= 2 && o.map(x => x.textContent)"))
    check(options == ["default · English → Spanish · 365 pairs", "animals · English → Spanish · 12 pairs"], f"the lists are the server's, with their languages (LIST): {options}")
    check(by_id(driver, "r-list").get_attribute("value") == "default", "the room's list is chosen")
    labels = driver.execute_script(
        "return ['r-pairs', 'r-seconds', 'r-never', 'r-out', 'r-list'].every(id => document.querySelector(`label[for=${id}]`))")
    check(labels, "every field has its label")

    # Out of range: the page says so itself, and sends nothing.
    mark = bo.count()
    typed(driver, "r-pairs", "0")
    by_id(driver, "rules-apply").click()
    wait_until("the page's own refusal", lambda: visible(driver, "rules-problem"))
    check("1 to 100" in text(driver, "rules-problem") and driver.execute_script("return document.activeElement.id") == "r-pairs",
          f"a value out of range is refused on the page, its field focused: {text(driver, 'rules-problem')!r}")

    # A list the server does not have (gone since the lists came): the server's refusal, in the dialog.
    driver.execute_script("const o = document.createElement('option'); o.value = 'zebra'; o.textContent = 'zebra';"
                          "document.getElementById('r-list').append(o); document.getElementById('r-list').value = 'zebra';")
    typed(driver, "r-pairs", "4")
    by_id(driver, "rules-apply").click()
    wait_until("the server's refusal", lambda: "zebra" in (text(driver, "rules-problem") or ""))
    check(visible(driver, "rules-dialog") and "RULES" not in text(driver, "rules-problem"),
          f"the server's refusal is shown in the dialog, without commands: {text(driver, 'rules-problem')!r}")
    driver.execute_script("document.getElementById('r-list').value = 'default'")

    typed(driver, "r-seconds", "8")
    by_id(driver, "r-never").click()
    check(not by_id(driver, "r-out").is_enabled(), "everyone plays every pair: no out limit to type")
    shoot(driver, "host-rules-1920x1080.png")
    check(dialog_fits(driver), "the dialog fits the projector")
    set_viewport(driver, 375, 667, mobile=True)
    wait_until("the dialog on a phone", lambda: dialog_fits(driver), timeout=5)
    shoot(driver, "host-rules-375x667.png")
    check(True, "the dialog fits a phone, Apply reachable")
    set_viewport(driver, 1920, 1080)

    by_id(driver, "rules-apply").click()
    line, _ = bo.wait_line(lambda l: l.startswith("RULES "), start=mark)
    check(line == 'RULES 4 8000 0 "default"', f"a player hears the new rules: {line}")
    wait_until("the dialog closed", lambda: not visible(driver, "rules-dialog"))
    after = wait_until("the lobby's new rules", lambda: "4 pairs" in (text(driver, "lobby-rules") or "") and text(driver, "lobby-rules"))
    check(after == "Rules: 4 pairs · 8 s a pair · everyone plays every pair · list default (English → Spanish)", f"the lobby shows them: {after!r}")
    shoot(driver, "host-rules-lobby-1920x1080.png")

    mark = bo.count()
    by_id(driver, "c-start").click()
    game, _ = bo.wait_line(lambda l: l.startswith("GAME "), start=mark)
    check(game.startswith("GAME 4 8000 0 "), f"the game is played by them: {game}")
    wait_until("the game on the page", lambda: not visible(driver, "c-rules"))
    check(True, "no Rules… during a game")

    # After the game, new rules are said on the podium, where the lobby's rules line is not shown.
    by_id(driver, "c-stop").click()
    wait_until("the question", lambda: visible(driver, "confirm"))
    by_id(driver, "confirm-ok").click()
    wait_until("Rules… after the game", lambda: visible(driver, "c-rules") and by_id(driver, "c-rules").is_enabled(), timeout=10)
    by_id(driver, "c-rules").click()
    wait_until("the dialog again", lambda: visible(driver, "rules-dialog"))
    typed(driver, "r-pairs", "5")
    by_id(driver, "rules-apply").click()
    said = wait_until("the new rules said", lambda: "New rules" in (text(driver, "notice") or "") and text(driver, "notice"))
    check(said.startswith("New rules for the next game: 5 pairs"), f"after a game the page says the new rules: {said!r}")
    errors = page_errors(driver)
    check(not errors, f"the page logged no errors: {errors}")


run_case("host_rules", main)
