"""Every tap counts, on every screen a class brings. A student's page, at
each size below, during a pair with a verdict above it, a notice at the
foot of the fall and the keys line below the buttons:

- both answer buttons are whole on the screen and the page does not scroll;
- `document.elementFromPoint` at the centre of each button is that button;
- a finger's tap there (W3C pointer actions: a touch on phones and tablets,
  a mouse on a Chromebook and a projector's laptop; never `element.click()`,
  which goes through whatever covers the button) at 10%, 50% and 90% of the
  pair's fall, and on both buttons at 90%, where the falling word is nearest
  to them, is taken by the server: the room's host, a TCP observer, hears
  the pair close at once with the page's answer judged (`TALLY`, no timeout).

The moments are set on the page's own animations (`document.getAnimations()`,
each sought to that share of its duration) while the server gives each pair
20 s: what a tap meets on the screen is exactly what it meets at that moment
of a real pair, and a loaded machine cannot make a tap late. A PNG of each
size at 90% of a pair goes to $WORDGAME_SCREENSHOTS (or a temporary folder).

Usage: student_taps.py <base-url> <game-port> phones|screens
(phones: the three phone sizes and a tap as the pair changes; screens: a
tablet both ways, a Chromebook and a projector's laptop; two cases, so that
they run side by side)"""

import os
import sys
import time

from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput

from wordgame_browser import (CheckFailed, TcpPlayer, by_id, centre_of, check, fields, make_driver, page_errors, run_case,
                              past_the_reading_floor, screenshot_folder, set_viewport, settle, tap_at, text, visible,
                              wait_until)

BASE, PORT, GROUP = sys.argv[1], int(sys.argv[2]), sys.argv[3]
# (width, height, a touch screen)
SIZES = {"phones": [(375, 667, True), (320, 568, True), (667, 375, True)],
         "screens": [(768, 1024, True), (1024, 768, True), (1366, 657, False), (1920, 1080, False)]}[GROUP]
# (share of the pair's fall, button): every moment, and both buttons where the word falls closest to them.
TAPS = ((0.1, "answer-correct"), (0.5, "answer-wrong"), (0.9, "answer-correct"), (0.9, "answer-wrong"))
FOLDER = screenshot_folder()


def main():
    student = make_driver(375, 667)
    host = TcpPlayer(PORT, "host")
    try:
        run(student, host)
    finally:
        student.quit()
        host.close()


def run(student, host):
    host.send("HOST")
    line, _ = host.wait_line(lambda l: l.startswith("OK HOST"))
    code = fields(line)[2].upper()
    # 20 s a pair: nothing here waits for a pair's time, and a lost tap shows as a pair that does not close.
    host.send(f"RULES PAIRS {len(SIZES) * len(TAPS) + 4} SECONDS 20 OUT NEVER")
    host.wait_line(lambda l: l == "OK RULES")

    student.get(f"{BASE}/?room={code}")
    by_id(student, "name").send_keys("Zoë")
    by_id(student, "join-button").click()
    wait_until("the lobby", lambda: visible(student, "lobby"))
    host.send("START")

    # Pair 1 is answered by a key, so that every pair tapped below has a verdict above it.
    pair = wait_for_pair(student, host, 1)
    student.find_element("tag name", "body").send_keys("y")
    wait_for_reveal(host, pair)

    lost, problems = [], []
    n = 2
    for width, height, touch in SIZES:
        size = f"{width}×{height}"
        set_size(student, width, height, touch)
        for index, (moment, button) in enumerate(TAPS):
            pair = wait_for_pair(student, host, n)
            if index == 0 or not text(student, "game-notice"):
                # A latecomer joins and drops: notices under the pair for the rest of this size (8 s each; beside a
                # loaded suite a size can outlast them, and one more classmate comes).
                someone_joins(code, n * 10 + index)
                wait_until("a notice on the page", lambda: text(student, "game-notice"))
            seek(student, moment)
            fits_the_screen(student, size, problems)
            if index == len(TAPS) - 1:
                path = os.path.join(FOLDER, f"student-taps-{width}x{height}.png")
                student.save_screenshot(path)
                print(f"screenshot: {path}", flush=True)
            x, y = uncovered_centre(student, button, size, problems)
            said = "CORRECT" if button == "answer-correct" else "WRONG"
            outcome = wait_for_reveal(host, pair, timeout=6) if tap_at(student, x, y, touch) else None
            if outcome is None:
                lost.append(f"{size} at {int(moment * 100)}%: {button}")
                print(f"LOST: a tap on {button} at {size}, {int(moment * 100)}% of pair {n}", flush=True)
                # Answered by key, so that the pairs go on.
                student.find_element("tag name", "body").send_keys("y" if said == "CORRECT" else "n")
                outcome = wait_for_reveal(host, pair)
            else:
                truth, tally = outcome
                right = (said == "CORRECT") == (truth == "CORRECT")
                expected = [1, 0, 0] if right else [0, 1, 0]
                check(tally == expected, f"{size}, {int(moment * 100)}% of pair {n}: the server took the tap on "
                                         f"{button} ({said}), judged {'right' if right else 'wrong'} (TALLY {tally})")
            n += 1
    if GROUP == "phones":
        a_tap_as_the_pair_changes(student, host, n)
    check(not problems, f"every size fits its buttons, uncovered ({len(problems)} problems: {problems})")
    check(not lost, f"no tap was lost ({len(lost)} lost: {lost})")
    errors = page_errors(student)
    check(not errors, f"the page logged no errors: {errors}")


def a_tap_as_the_pair_changes(student, host, n):
    """A finger comes down on ✓ while pair n is on the screen; the pair closes (the student's key answers it) and
    pair n + 1 appears before the finger lifts. That tap was aimed at pair n: nothing is sent for n + 1, the page
    says so, and the pair stays open until a real tap, which counts. One sequence of W3C actions: the finger's
    down and up, and the key between them."""
    set_size(student, 375, 667, True)
    pair = wait_for_pair(student, host, n)
    x, y = uncovered_centre(student, "answer-correct", "375×667", [])
    actions = ActionBuilder(student, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
    actions.pointer_action.move_to_location(x, y).pointer_down().pause(0).pause(0).pause(3).pointer_up()
    actions.key_action.pause(0).pause(0).key_down("n").key_up("n").pause(3).pause(0)
    actions.perform()
    check(wait_for_reveal(host, pair) is not None, f"pair {n} closed on the key while the finger was down")
    following = wait_for_pair(student, host, n + 1, settle=False)
    wait_until("the page saying the tap was too soon", lambda: (text(student, "game-status") or "").startswith("Too soon"))
    student.save_screenshot(os.path.join(FOLDER, "student-taps-too-soon-375x667.png"))
    check(wait_for_reveal(host, following, timeout=1.5) is None,
          f"the tap aimed at pair {n} was not sent for pair {n + 1}: the pair is still open")
    tap_at(student, x, y, True)
    check(wait_for_reveal(host, following, timeout=6) is not None, f"a tap on pair {n + 1} once it is read counts")


def set_size(driver, width, height, touch):
    """The screen's size, and a touch screen or not. Headless Chromium has no mouse, so it matches `(hover: none)`
    whatever it emulates: the keys line a computer with a mouse shows under the buttons is shown by hand there."""
    set_viewport(driver, width, height, touch)
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": touch, "maxTouchPoints": 5 if touch else 1})
    driver.execute_script("""
        const keys = document.querySelector('.keys');
        if (arguments[0]) keys.style.removeProperty('display'); else keys.style.setProperty('display', 'block', 'important');""",
                          touch)
    settle(driver)


def wait_for_pair(student, host, n, settle=True):
    """Waits until the host heard ROUND n and the page shows pair n with its buttons enabled; returns the ROUND's index."""
    _, index = host.wait_line(lambda l: l.startswith(f"ROUND {n} "), timeout=30)
    wait_until(f"pair {n} on the page", lambda: (text(student, "pair-number") or "").startswith(f"Pair {n} of")
               and by_id(student, "answer-correct").is_enabled(), timeout=15)
    if settle:
        past_the_reading_floor(student)  # a tap in a pair's first moments is not sent
    return index


def wait_for_reveal(host, after, timeout=30):
    """The pair's truth and TALLY [right, wrong, timeout], or None if it did not close within `timeout` s."""
    try:
        reveal, index = host.wait_line(lambda l: l.startswith("REVEAL "), timeout=timeout, start=after)
        tally, _ = host.wait_line(lambda l: l.startswith("TALLY "), timeout=5, start=index)
    except CheckFailed:
        return None
    return fields(reveal)[4], [int(x) for x in fields(tally)[2:5]]


def someone_joins(code, n):
    """A classmate joins during the game (and watches), then drops: the page says so in a notice under the pair."""
    late = TcpPlayer(PORT, f"Maximiliano R{n}")
    late.join(code)
    late.close()


def seek(driver, fraction):
    """Every animation on the page to `fraction` of its duration: the word's fall, the time bar."""
    count = driver.execute_script("""
        const fraction = arguments[0];
        const animations = document.getAnimations();
        for (const animation of animations) {
          const timing = animation.effect.getComputedTiming();
          animation.currentTime = fraction * timing.duration + (animation.effect.getTiming().delay || 0);
        }
        return animations.length;""", fraction)
    check(count >= 1, f"the fall is animated ({count} animations) and sought to {int(fraction * 100)}%")
    time.sleep(0.05)  # a frame to paint (the checks below lay the page out themselves)


def expect(condition, what, problems):
    """A check that does not stop the sweep: every size and moment is tried, and the case fails at the end."""
    print(("ok: " if condition else "PROBLEM: ") + what, flush=True)
    if not condition:
        problems.append(what)


def fits_the_screen(driver, size, problems):
    facts = driver.execute_script("""
        const page = document.scrollingElement;
        const boxes = [...document.querySelectorAll('.answer')].map((b) => b.getBoundingClientRect());
        return {scroll: page.scrollHeight - innerHeight, wide: page.scrollWidth - innerWidth, height: innerHeight, width: innerWidth,
                boxes: boxes.map((r) => [r.left, r.top, r.right, r.bottom].map(Math.round)),
                verdict: document.getElementById('verdict').textContent,
                notice: document.getElementById('game-notice').textContent,
                keys: (() => { const k = document.querySelector('.keys'); const r = k.getBoundingClientRect();
                               return getComputedStyle(k).display === 'none' ? null : Math.round(r.bottom); })()};""")
    whole = all(b[0] >= 0 and b[1] >= 0 and b[2] <= facts["width"] and b[3] <= facts["height"] for b in facts["boxes"])
    expect(facts["verdict"] != "", f"{size}: a verdict is showing ({facts['verdict']!r})", problems)
    expect(facts["notice"] != "", f"{size}: a notice is showing ({facts['notice']!r})", problems)
    if facts["keys"] is not None:
        expect(facts["keys"] <= facts["height"], f"{size}: the keys line under the buttons is on the screen", problems)
    expect(whole and facts["scroll"] <= 0 and facts["wide"] <= 0,
           f"{size}: both buttons whole on the screen, no scrolling ({facts})", problems)


def uncovered_centre(driver, button, size, problems):
    x, y, hit = centre_of(driver, button)
    expect(hit, f"{size}: elementFromPoint at the centre of {button} ({x}, {y}) is that button", problems)
    return x, y


run_case(f"student_taps {GROUP}", main)
