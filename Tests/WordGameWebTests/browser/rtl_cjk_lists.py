"""Case: lists in Arabic → English and Japanese → English, pasted on the teacher's page with a header row in
their own script ("العربية / English", "日本語 / English"), saved, and each played by a phone (375×667) beside
a TCP player, on the projector (1920×1080). During a pair the phone's Arabic word is tagged `lang="ar"` and
reads right to left (`:dir(rtl)`), the Japanese one `lang="ja"`; the question says "English"; the verdict and
the end dialog keep "قطة = cat" in its order (the Arabic word isolated); the hardest words' table holds each
word in its script. PNGs of the phone and the projector during a pair, and of the table, for each list, at
375×667, 320×568, 667×375, 768×1024, 1366×657 and 1920×1080 (look at them: a box where a glyph should be
means a font is missing).

Usage: rtl_cjk_lists.py <base-url> <game-port>   (pairs of about 12 s, 3 pairs, no start delay)"""

import os
import sys
import time

from list_samples import SCRIPTS, header_copy
from wordgame_browser import (AutoAnswerer, TcpPlayer, allow_clipboard, by_id, check, choose_option, make_driver,
                              no_horizontal_overflow, open_room, page_errors, paste, run_case, screenshot_folder,
                              set_viewport, settle, tap, tap_answer, text, visible, wait_until)

BASE, PORT = sys.argv[1], int(sys.argv[2])
FOLDER = screenshot_folder()
SIZES = [(375, 667), (320, 568), (667, 375), (768, 1024), (1366, 657), (1920, 1080)]

def main():
    host = make_driver(1920, 1080)
    phone = make_driver(375, 667)
    players = []
    try:
        set_viewport(phone, 375, 667, mobile=True)
        run(host, phone, players)
    finally:
        host.quit()
        phone.quit()
        for player in players:
            player.close()


def shoot(driver, name, width, height, mobile):
    set_viewport(driver, width, height, mobile)
    settle(driver)
    path = os.path.join(FOLDER, f"{name}-{width}x{height}.png")
    driver.save_screenshot(path)
    check(no_horizontal_overflow(driver, width), f"{name} at {width}×{height}: no horizontal overflow ({os.path.basename(path)})")


def run(host, phone, players):
    allow_clipboard(host, BASE)
    code = open_room(host, BASE)
    tcp = TcpPlayer(PORT, "Tess")
    players.append(tcp)
    tcp.join(code)
    AutoAnswerer(tcp, lambda n, e, s: "CORRECT", delay=0.3)
    phone.get(f"{BASE}/?room={code}")
    by_id(phone, "name").send_keys("ليلى")
    tap(phone, "join-button", touch=True)
    wait_until("the lobby", lambda: visible(phone, "lobby"))
    for name, (title, tag, header, pairs) in SCRIPTS.items():
        save(host, title, header, pairs)
        choose(host, name)
        play(host, phone, tcp, name, tag, pairs)
    errors = page_errors(host) + page_errors(phone)
    check(not errors, f"the pages logged no errors: {errors}")


def save(host, title, header, pairs):
    tap(host, "c-lists")
    wait_until("the Word lists dialog", lambda: visible(host, "lists-dialog"))
    for field in ("l-title", "l-from", "l-to"):
        by_id(host, field).clear()
    by_id(host, "l-title").send_keys(title)
    host.execute_script("document.getElementById('l-text').value = ''")
    paste(host, "l-text", header_copy(header, pairs))
    summary = wait_until("the preview", lambda: "read ·" in (text(host, "l-summary") or "") and text(host, "l-summary"))
    named = f"\u2068{header}\u2069" if header == "العربية" else header  # a right-to-left name is isolated in the sentence
    check(summary == f"{len(pairs)} pairs read · {named} → English · every line read",
          f"the header in its own script names the languages: {summary!r}")
    tap(host, "lists-save")
    wait_until("saved", lambda: (text(host, "l-summary") or "").startswith("Saved"))
    tap(host, "lists-close")
    wait_until("the dialog closed", lambda: not visible(host, "lists-dialog"))


def choose(host, name):
    tap(host, "c-rules")
    wait_until("the rules dialog", lambda: visible(host, "rules-dialog"))
    wait_until("the list in Rules…", lambda: host.execute_script(
        "return [...document.querySelectorAll('#r-list option')].some(o => o.value === arguments[0])", name))
    choose_option(host, "r-list", name)
    tap(host, "rules-apply")
    wait_until("the dialog closed", lambda: not visible(host, "rules-dialog"))


def play(host, phone, tcp, name, tag, pairs):
    words = dict(pairs)
    mark = tcp.count()
    tap(host, "c-start")
    tcp.wait_line(lambda l: l.startswith("GAME "), start=mark)
    wait_until("pair 1 on the phone", lambda: (text(phone, "pair-number") or "").startswith("Pair 1 ") and text(phone, "english"))
    state = phone.execute_script(
        "const e = document.getElementById('english'), s = document.getElementById('spanish');"
        "return [e.textContent, e.lang, e.matches(':dir(rtl)'), s.lang, document.getElementById('game-status').textContent]")
    word, lang, rtl, english_lang, status = state
    check(word in words and lang == tag and rtl == (tag == "ar") and english_lang == "en",
          f"{name}: the word {word} is tagged {lang}{', right to left' if rtl else ''}, the falling one {english_lang}")
    check(status == "Is the English word the right translation?", f"{name}: the question names the language that falls: {status!r}")
    wait_until("pair 1 on the projector", lambda: text(host, "p-english") == word)
    check(host.execute_script("return document.getElementById('p-english').lang") == tag, f"{name}: the projector tags it too")
    for width, height in SIZES:
        shoot(phone, f"{name}-phone", width, height, width < 700)
    set_viewport(phone, 375, 667, mobile=True)
    for width, height in ((1920, 1080), (1366, 657)):
        shoot(host, f"{name}-projector", width, height, False)
    set_viewport(host, 1920, 1080)
    # Every pair still open is answered (the screenshots may have taken the first one's time on a loaded machine).
    answered = set()
    deadline = time.monotonic() + 90
    while not visible(phone, "end") and time.monotonic() < deadline:
        pair = text(phone, "pair-number")
        if pair not in answered and visible(phone, "answers") and by_id(phone, "answer-correct").is_enabled():
            tap_answer(phone, "answer-correct", touch=True)
            answered.add(pair)
        time.sleep(0.1)
    check(visible(phone, "end") and answered, f"{name}: the game is played to its end ({len(answered)} pairs answered on the phone)")
    items = phone.execute_script("return [...document.querySelectorAll('#end-pairs li')].map(li => li.firstChild.textContent)")
    if tag == "ar":
        check(all("\u2068" in item and "\u2069" in item for item in items),
              f"{name}: each Arabic word of the review is isolated, so '= cat' stays on its side: {items}")
    shoot(phone, f"{name}-end", 375, 667, True)
    if visible(host, "c-hardest"):
        tap(host, "c-hardest")  # the teacher need not wait for the podium and the ranking
    wait_until("the hardest words", lambda: visible(host, "hardest-box"), timeout=30)
    cells = host.execute_script(
        "return [...document.querySelectorAll('#hardest-rows tr')].map(r => [r.cells[1].textContent, r.cells[1].lang])")
    check(len(cells) == 3 and all(word in words and lang == tag for word, lang in cells),
          f"{name}: the table holds the words in their script, tagged: {cells}")
    shoot(host, f"{name}-hardest", 1920, 1080, False)


run_case("rtl_cjk_lists", main)
