"""Case 5: the teacher's page as a projector for a big class (40 TCP players), at
1920×1080 and 1366×768. The lobby, with 12 names and with 40, fits above the
controls (nobody scrolls a projector), down to 760×430 where only the newest
names fit after a count of the others. During a pair with 40 names and with 27 still
thinking, the pair view ends above the controls: nothing overlaps, and the
names either show whole or become their count. The countdown's dimming covers
the whole window up to the controls, however many lines they take. The podium
gives each player's time. The ranking's pages fit the screen, show every
player exactly once in rank order, and run down each column first. After the
room is closed, the header no longer counts players and no server sentence
tells the page to type a command.

Usage: projector_class.py <base-url> <game-port>   (pairs of about 20 s, 3 pairs, a start delay of about 3 s, results kept)"""

import os
import sys

from wordgame_browser import (AutoAnswerer, TcpPlayer, by_id, check, make_driver, page_errors, run_case,
                              screenshot_folder, set_viewport, settle, text, visible, wait_until)

BASE, PORT = sys.argv[1], int(sys.argv[2])
FOLDER = screenshot_folder()
# A class of 40, some names long (16 characters is the most a name may have).
NAMES = ["Ana", "Björn", "Chloé", "Dmitri", "Eva", "Farid", "Gus", "Hana", "Iker", "José", "Kai", "Lena", "Mateo",
         "Nora", "Omar", "Pía", "Quinn", "Rosa", "Sam", "Tomás", "Uma", "Vera", "Wim", "Xavi", "Yara", "Zoë", "Álvaro",
         "Maximiliano Ruiz", "Guadalupe Ortega", "Bartholomew", "Anneliese", "Christopher", "Jean-Baptiste",
         "Sigríður", "Wojciech", "Nguyễn Thị Mai", "Oluwaseun", "Francesca", "Leopoldine", "Przemysław"]
SIZES = [(1920, 1080), (1366, 768)]

# Everything of the pair view, top to bottom, with what each must end above.
ROUND_LAYOUT = """
const rect = (e) => e.getBoundingClientRect();
const shown = (e) => e && !e.closest('[hidden]') && e.getClientRects().length > 0;
const view = document.getElementById('round-view');
const main = view.querySelector('.round-main');
const side = main.querySelector('.side');
const field = main.querySelector('.field');
const order = [['reveal', document.getElementById('reveal')], ['the pair', field], ['leaderboard', side],
  ['answered', view.querySelector('.answered')], ['thinking', document.getElementById('thinking')],
  ['join line', document.getElementById('join-strip')], ['notice', document.getElementById('notice')],
  ['controls', document.getElementById('controls')]];
const problems = [];
const boxes = order.filter(([, e]) => shown(e)).map(([name, e]) => [name, rect(e)]);
for (let i = 0; i < boxes.length; i += 1) {
  for (let j = i + 1; j < boxes.length; j += 1) {
    const [a, ra] = boxes[i];
    const [b, rb] = boxes[j];
    // The pair and the leaderboard sit side by side; everything else is stacked.
    if ((a === 'the pair' && b === 'leaderboard')) continue;
    if (ra.bottom > rb.top + 1) problems.push(`${a} (bottom ${Math.round(ra.bottom)}) runs into ${b} (top ${Math.round(rb.top)})`);
  }
}
const thinking = document.getElementById('thinking');
if (thinking.scrollHeight > thinking.clientHeight + 1) problems.push('the thinking line is clipped');
if (rect(document.getElementById('controls')).bottom > innerHeight + 1) problems.push('the controls are below the screen');
return [problems, thinking.textContent, main.querySelectorAll('#p-top li').length];
"""


def main():
    driver = make_driver(1920, 1080)
    players = []
    try:
        run(driver, players)
    finally:
        driver.quit()
        for player in players:
            player.close()
    print(f"screenshots in {FOLDER}", flush=True)


def shoot(driver, name, width, height):
    set_viewport(driver, width, height)
    settle(driver)
    path = os.path.join(FOLDER, f"{name}-{width}.png")
    driver.save_screenshot(path)
    return path


def round_fits(driver, what, expect_names):
    for width, height in SIZES:
        shoot(driver, f"class-pair-{what}", width, height)
        problems, thinking, rows = driver.execute_script(ROUND_LAYOUT)
        check(not problems, f"{what}, at {width}×{height}: the pair view ends above the controls, nothing overlaps: {problems}")
        whole = thinking.startswith(f"Still thinking ({expect_names}): ") and thinking.count(", ") == expect_names - 1
        check(whole or thinking == f"{expect_names} still thinking",
              f"{what}, at {width}×{height}: the names still thinking show whole, or their count: {thinking[:60]!r}… ({rows} leaderboard rows)")


def run(driver, players):
    driver.get(f"{BASE}/host")
    by_id(driver, "open-room").click()
    code = wait_until("the room code", lambda: len(text(driver, "room-code") or "") >= 4 and text(driver, "room-code"))
    for count, name in enumerate(NAMES, 1):
        player = TcpPlayer(PORT, name)
        player.join(code)
        players.append(player)
        if count == 12:
            wait_until("12 names on the board", lambda: text(driver, "roster-title") == "Players (12)")
            lobby_fits(driver, 12)
    wait_until("40 names on the board", lambda: text(driver, "roster-title") == "Players (40)")
    lobby_fits(driver, 40)

    # Pair 1: nobody answers until the page has been seen with 40 names thinking. Pair 2: 13 answer at once, the
    # 27 others once the page has been seen with them thinking. Pair 3: everyone at once. (None: the case answers,
    # so a loaded machine's slow screenshots never see a later state.)
    fast = set(NAMES[27:])
    choice = lambda n, i: "CORRECT" if (n + i) % 3 else "WRONG"  # noqa: E731
    answerers = [AutoAnswerer(p, lambda n, e, s, i=i: choice(n, i),
                              delay=lambda n, p=p: {1: None, 2: 0.3 if p.name in fast else None}.get(n, 0.3))
                 for i, p in enumerate(players)]
    by_id(driver, "c-start").click()
    wait_until("the countdown", lambda: visible(driver, "countdown"))
    countdown_covers(driver, "the first game's countdown")

    wait_until("pair 1 with 40 names thinking", lambda: (text(driver, "thinking") or "").startswith(("Still thinking (40)", "40 still")),
               timeout=10)
    round_fits(driver, "40-thinking", 40)
    for index, player in enumerate(players):
        player.send(f"ANSWER 1 {choice(1, index)}")
    set_viewport(driver, 1920, 1080)
    wait_until("pair 2 with 27 thinking", lambda: (text(driver, "thinking") or "").startswith(("Still thinking (27)", "27 still")),
               timeout=15)
    wait_until("the leaderboard", lambda: driver.execute_script("return document.querySelectorAll('#p-top li').length") > 0)
    round_fits(driver, "27-thinking", 27)
    for index, player in enumerate(players):
        if player.name not in fast:
            player.send(f"ANSWER 2 {choice(2, index)}")

    set_viewport(driver, 1920, 1080)
    wait_until("the podium", lambda: visible(driver, "podium"), timeout=30)
    scores = driver.execute_script("return [...document.querySelectorAll('#podium .place-score')].map(p => p.textContent)")
    check(len(scores) == 3 and all(s.endswith(" s") and " wrong · " in s for s in scores),
          f"the podium gives right, wrong and the time that breaks ties: {scores}")
    shoot(driver, "class-podium", 1920, 1080)
    wait_until("the results links", lambda: visible(driver, "players-csv"), timeout=10)
    wait_until("Show the ranking", lambda: visible(driver, "c-view"))
    by_id(driver, "c-view").click()
    wait_until("the ranking", lambda: visible(driver, "ranking"))
    wait_until("every player's GAMEOVER", lambda: all(a.gameover for a in answerers))
    for index, (width, height) in enumerate(SIZES):
        ranking_pages(driver, width, height, shrink=480 if index == 0 else 0)

    # The next game's countdown dims everything up to the controls, which now wrap on a laptop's screen.
    set_viewport(driver, 1366, 768)
    by_id(driver, "c-start").click()
    wait_until("the second countdown", lambda: visible(driver, "countdown"))
    countdown_covers(driver, "the next game's countdown, results links in the controls")
    shoot(driver, "class-countdown", 1366, 768)
    by_id(driver, "c-calloff").click()
    wait_until("the start called off", lambda: not visible(driver, "countdown"))

    # Locked just before closing: the closed screen must not go on saying so.
    by_id(driver, "c-lock").click()
    wait_until("the room locked", lambda: "locked" in (text(driver, "notice") or ""))
    driver.execute_script("document.getElementById('c-close').click()")
    wait_until("the question", lambda: visible(driver, "confirm"))
    by_id(driver, "confirm-ok").click()
    wait_until("the closed room", lambda: visible(driver, "closed"))
    shoot(driver, "class-closed", 1920, 1080)
    check(text(driver, "facts") == "", f"a closed room's header counts no players: {text(driver, 'facts')!r}")
    notice = text(driver, "notice") or ""
    check("JOIN" not in notice and "QUIT" not in notice, f"no sentence asks the page to type a command: {notice!r}")
    check(notice == "", f"a closed room's page says no older room event (\"The host locked the room\"): {notice!r}")
    errors = page_errors(driver)
    check(not errors, f"the page logged no errors: {errors}")


def lobby_fits(driver, count):
    """Nobody scrolls a projector: the code, the QR code, the names and the last room event stay above the controls."""
    for width, height in SIZES + [(800, 600), (760, 430)]:
        shoot(driver, f"class-lobby-{count}", width, height)
        bottom, controls_top, scroll, chips = driver.execute_script(
            "const last = (id) => document.getElementById(id).getBoundingClientRect();"
            "return [Math.max(last('roster').bottom, last('notice').bottom), last('controls').top,"
            " document.documentElement.scrollHeight - innerHeight,"
            " [...document.querySelectorAll('#roster li')].map((li) => li.textContent)]")
        check(bottom <= controls_top + 1 and scroll <= 0,
              f"the lobby with {count} names at {width}×{height} ends above the controls ({bottom:.0f} ≤ {controls_top:.0f}),"
              f" nothing to scroll ({scroll:.0f})")
        # Where not every name fits, the newest do, after a count of the others.
        others = int(chips[0][1:].split()[0]) if chips and chips[0].startswith("+") else 0
        names = chips[1:] if others else chips
        check(others + len(names) == count and names == NAMES[count - len(names):count],
              f"…showing {'every name' if not others else f'the newest {len(names)} names and +{others} more'}")
    set_viewport(driver, 1920, 1080)


def countdown_covers(driver, what):
    top, bottom, bar_bottom, controls_top = driver.execute_script(
        "const c = document.getElementById('countdown').getBoundingClientRect();"
        "return [c.top, c.bottom, document.querySelector('.topbar').getBoundingClientRect().bottom,"
        " document.getElementById('controls').getBoundingClientRect().top]")
    check(top <= bar_bottom and bottom >= controls_top,
          f"{what}: the dimming covers from the top bar ({bar_bottom:.0f}) to the controls ({controls_top:.0f}): {top:.0f}–{bottom:.0f}")


def ranking_pages(driver, width, height, shrink=0):
    """Every page at this size: rows above the join line and the controls, every player once, in rank order, column after column.
    With `shrink`, the window is that much shorter from the second page on, as a teacher might make it: the pages
    still neither repeat nor skip a row, and their titles still count 1, 2, 3."""
    set_viewport(driver, width, height)
    settle(driver)
    wait_until("the ranking's title", lambda: text(driver, "ranking-title"))
    seen, numbers, pages = [], [], 0
    while True:  # to the last page, as its title says when the key goes: the layout may change on the way
        pages += 1
        shoot(driver, f"class-ranking-p{pages}", width, height - (shrink if pages > 1 else 0))
        rows, problems, column_major, title = driver.execute_script("""
            const rect = (e) => e.getBoundingClientRect();
            const items = [...document.querySelectorAll('#ranking li')];
            const floor = Math.min(rect(document.getElementById('join-strip')).top, rect(document.getElementById('controls')).top,
                                   innerHeight);
            const title = rect(document.getElementById('ranking-title')).bottom;
            const problems = items.filter((li) => rect(li).bottom > floor + 1 || rect(li).top < title - 1)
              .map((li) => li.textContent);
            // Down the first column first: the second row sits under the first, unless the page has one row a column.
            const columns = getComputedStyle(document.getElementById('ranking')).gridTemplateColumns.split(' ').length;
            const perColumn = Math.ceil(items.length / columns);
            const downFirst = items.length < 2 || perColumn < 2
              || (Math.abs(rect(items[1]).left - rect(items[0]).left) < 2 && rect(items[1]).top > rect(items[0]).top);
            const rows = items.map((li) => [li.querySelector('.cell-0').textContent, li.querySelector('.cell-1').textContent]);
            const text = document.getElementById('ranking-title').textContent;
            // The next page, in the same task as the reading: no render (a notice fading) can come between them.
            document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}));
            return [rows, problems, downFirst, text];
        """)
        check(not problems, f"{width}×{height}, {title}: every row above the join line and the controls: {problems}")
        check(column_major, f"{width}×{height}, {title}: ranks run down a column first")
        seen.extend(rows)
        of = title.rsplit("(page ", 1)[-1].rstrip(")").split(" of ") if "(page " in title else ["1", "1"]
        numbers.append(int(of[0]))
        if of[0] == of[1] or pages == 12:
            break
    check(numbers == list(range(1, pages + 1)), f"{width}×{height}: the titles count the pages 1 to {pages}: {numbers}")
    names = [name for _, name in seen]
    ranks = [int(rank.rstrip(".")) for rank, _ in seen]
    check(sorted(names) == sorted(NAMES) and len(names) == len(NAMES),
          f"{width}×{height}: {pages} page(s) show each of the 40 players exactly once")
    check(ranks == sorted(ranks) and ranks[0] == 1, f"{width}×{height}: the pages run in rank order: {ranks}")


run_case("projector_class", main)
