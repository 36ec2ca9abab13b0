"""The server restarts mid-game with its lesson kept (Protocol.md §4 "A
server that restarts", §5 RESTARTING): stopped (SIGTERM, `term`) or killed
(SIGKILL, `kill`) with pair 2 open, then started again by the case with the
same command line on the same ports.

The teacher's page (/host) opens a room; two students' pages (phones,
375×667) join by its code, and so does a TCP player in machine mode, which
keeps its resume code. The teacher starts a game of 3 pairs; pair 1 is
answered by everyone with a finger's tap (W3C pointer actions) or a line, so
that each player's counters are known: Ana right, Bo and Tess wrong; pair 2
opens and Ana answers it. Then the server goes:

- `term`: the pages say "The server is restarting…" (the TCP player hears
  RESTARTING, then BYE);
- `kill`: once the lesson file holds pair 1 (`"roundsPlayed":1`); the pages
  say "Connection lost — reconnecting…".

Never a "you left" or "seat given up": the students' pages stay in the game,
not on the join form. Started again, with no click: the teacher's page has
the room back (same code, "3 players"); both students' pages are in the game
with pair 1's counters; the TCP player's `RESUME <code>` gets `OK RESUME`
and `SCORE` as before. Pair 2 comes again with the same words, Ana's answer
from before not kept (her buttons are live again), and is answered; pair 3
too. The final scores are exact on every page (the students' end dialogs,
the teacher's ranking) and in the TCP player's GAMEOVER; the results
folder's history.jsonl holds one game with all 3 pairs, not stopped early.

PNGs (in $WORDGAME_SCREENSHOTS or a temporary folder): Ana's page while the
server is away; both students' pages and the teacher's once they are back,
before pair 2 is played again.

Usage: server_restart.py <wordgame-server binary> <folder> term|kill
(the folder, made by the caller, gets the state and results folders)"""

import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time

from wordgame_browser import (CheckFailed, TcpPlayer, by_id, check, fields, make_driver, page_errors_but_network,
                              past_the_reading_floor, run_case, screenshot_folder, set_viewport, settle, tap, text, visible,
                              wait_until)

BINARY, FOLDER, HOW = sys.argv[1], sys.argv[2], sys.argv[3]
if HOW not in ("term", "kill"):
    raise SystemExit(f"usage: server_restart.py <binary> <folder> term|kill (not {HOW!r})")
PAIRS = 3
STATE = os.path.join(FOLDER, "state")
RESULTS = os.path.join(FOLDER, "results")
CODE = re.compile(r"^[ABCDEFGHJKMNPQRTUVWXY346789]{4,5}$")
WORDS = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../Resources/words.json"), encoding="utf-8"))
# Who says what (the pages by a tap, Tess by a line): pair 1 tells the players apart before the restart, and the
# final scores are all different, so that each rank is known too.
RIGHTLY = {"Ana": {1: True, 2: True, 3: True}, "Bo": {1: False, 2: True, 3: True}, "Tess": {1: False, 2: False, 3: True}}
FINAL = {"Ana": (1, 3, 0), "Bo": (2, 2, 1), "Tess": (3, 1, 2)}  # rank, correct, wrong
RESTARTING_TEXT = "The server is restarting…"
DROPPED_TEXT = "Connection lost — reconnecting…"
SHOTS = screenshot_folder()


def free_port():
    """A port the kernel says is free (bound on port 0, then closed), for the server to take and take again."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    """The built wordgame-server, run by the case with one command line, so that it can be started again with it."""

    def __init__(self, command, label):
        self.label = label
        self.errors = open(os.path.join(FOLDER, f"server-{label}.stderr"), "w")
        self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=self.errors, text=True)
        self.banner = []
        ready = threading.Event()

        def read():
            for line in self.process.stdout:
                self.banner.append(line.rstrip("\n"))
                if line.startswith("Join from this machine"):
                    ready.set()
            ready.set()
        threading.Thread(target=read, daemon=True).start()
        if not ready.wait(30) or self.process.poll() is not None:
            raise CheckFailed(f"the {label} server did not start: {self.banner} {self.stderr()}")

    def stderr(self):
        self.errors.flush()
        with open(self.errors.name, encoding="utf-8", errors="replace") as handle:
            return handle.read()[-2000:]

    def signal(self, number):
        self.process.send_signal(number)

    def wait(self, timeout=30):
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            raise CheckFailed(f"the {self.label} server did not end within {timeout} s")

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def knows(english, spanish):
    return any(w["text_eng"] == english and w["text_spa"] == spanish for w in WORDS)


def say(rightly, english, spanish):
    """CORRECT or WRONG, said rightly or not."""
    return "CORRECT" if knows(english, spanish) == rightly else "WRONG"


def main():
    port, web_port = free_port(), free_port()
    os.makedirs(STATE, exist_ok=True)
    os.makedirs(RESULTS, exist_ok=True)
    command = [BINARY, "--bind", "127.0.0.1", "--port", str(port), "--web-port", str(web_port), "--state", STATE,
               "--results", RESULTS, "--quiet", "--round-ms", "30000", "--pairs", str(PAIRS), "--start-delay", "0"]
    print("server:", " ".join(command), flush=True)
    servers, drivers, players = [], [], []
    try:
        servers.append(ServerProcess(command, "first"))
        teacher = make_driver(1280, 720)
        drivers.append(teacher)
        students = {}
        for name in ("Ana", "Bo"):
            students[name] = make_driver(375, 667)
            drivers.append(students[name])
        play(command, port, web_port, servers, teacher, students, players)
    finally:
        for driver in drivers:
            try:
                driver.quit()
            except Exception:  # a browser that died is dealt with by the failure it caused
                pass
        for player in players:
            player.close()
        for server in servers:
            server.stop()


def phone(driver):
    """A phone: 375×667, a touch screen (the taps are a finger's)."""
    set_viewport(driver, 375, 667, True)
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})


def pair_shown(driver, n):
    return (text(driver, "pair-number") or "").startswith(f"Pair {n} of") and by_id(driver, "answer-correct").is_enabled()


def counters(driver):
    return text(driver, "count-correct"), text(driver, "count-wrong")


def counters_read(correct, wrong):
    return f"Correct attempts: {correct}", f"Wrong attempts: {wrong} (out at 3)"


def answer(driver, name, n):
    """A finger's tap on the answer the student means for pair n, on the screen now; waits until the server took it
    (the status says Answered ✓). A loaded machine can stretch a tap into a long press, which is no tap: then it is
    tapped again, and a note says so."""
    wait_until(f"{name}: pair {n} on the page", lambda: pair_shown(driver, n), timeout=40)
    past_the_reading_floor(driver)
    english, spanish = text(driver, "english"), text(driver, "spanish")
    said = say(RIGHTLY[name][n], english, spanish)
    button = "answer-correct" if said == "CORRECT" else "answer-wrong"
    for attempt in range(3):
        tap(driver, button, touch=True)
        try:
            wait_until(f"{name}'s answer to pair {n} taken", lambda: (text(driver, "game-status") or "").startswith("Answered ✓"),
                       timeout=8)
            return english, spanish
        except CheckFailed:
            if not by_id(driver, button).is_enabled() or attempt == 2:
                raise
            print(f"note: {name}'s tap on pair {n} was not taken (status {text(driver, 'game-status')!r}); tapped again",
                  flush=True)
    return english, spanish


def round_line(player, n, start=0, timeout=40):
    line, index = player.wait_line(lambda l: l.startswith(f"ROUND {n} "), start=start, timeout=timeout)
    f = fields(line)
    return (f[3], f[4]), index


def lesson_file(port):
    return os.path.join(STATE, f"lesson-{port}.json")


def open_room(teacher, base):
    teacher.get(f"{base}/host")
    by_id(teacher, "teacher").send_keys("Ms Rivera")
    tap(teacher, "open-room")
    return wait_until("the room code", lambda: CODE.match(text(teacher, "room-code") or "") and text(teacher, "room-code"))


def join(driver, base, code, name):
    driver.get(f"{base}/?room={code}")
    phone(driver)
    by_id(driver, "name").send_keys(name)
    tap(driver, "join-button", touch=True)
    wait_until(f"{name} in the lobby", lambda: visible(driver, "lobby"))


def play(command, port, web_port, servers, teacher, students, players):
    base = f"http://127.0.0.1:{web_port}"
    code = open_room(teacher, base)
    check(True, f"the teacher's page opened room {code}")
    for name, driver in students.items():
        join(driver, base, code, name)
    tess = TcpPlayer(port, "Tess")
    players.append(tess)
    tess.join(code)
    token, _ = tess.wait_line(lambda l: l.startswith("TOKEN "))
    resume_code = fields(token)[1]
    wait_until("three players on the teacher's page", lambda: "3 players" in (text(teacher, "facts") or ""))
    check(True, f"Ana and Bo (pages) and Tess (TCP, resume code kept) joined room {code}")

    tap(teacher, "c-start")
    words = {}
    words[1], _ = round_line(tess, 1)
    for name, driver in students.items():
        shown = answer(driver, name, 1)
        check(shown == words[1], f"{name}'s page showed pair 1 as Tess got it: {shown}")
    mark = tess.count()
    tess.send(f"ANSWER 1 {say(RIGHTLY['Tess'][1], *words[1])}")
    tess.wait_line(lambda l: l.startswith("RESULT 1 WRONG 0 1 "), start=mark)
    words[2], round_two = round_line(tess, 2, start=mark)
    before = {"Ana": counters_read(1, 0), "Bo": counters_read(0, 1)}
    for name, driver in students.items():
        wait_until(f"{name}: pair 2 and pair 1's counters", lambda: pair_shown(driver, 2) and counters(driver) == before[name])
    check(True, "pair 1 judged: Ana 1 right, Bo 1 wrong, Tess 1 wrong; pair 2 is on every screen")
    # Ana answers pair 2 before the server goes: that answer is not kept (the pair is played again from the start).
    answer(students["Ana"], "Ana", 2)
    wait_until("the teacher's page counting it", lambda: text(teacher, "answered-text") == "Answered 1 of 3")
    check(True, "Ana answered pair 2 before the server went; the teacher's page says Answered 1 of 3")

    first = servers[0]
    if HOW == "term":
        first.signal(signal.SIGTERM)
        first.wait()
        tess.wait_line(lambda l: l.startswith("RESTARTING "), start=round_two)
        _, bye = tess.wait_line(lambda l: l.startswith("BYE "), start=round_two)
        check(tess.wait_line(lambda l: l.startswith("RESTARTING 60"), start=round_two)[1] < bye,
              "the TCP player heard RESTARTING 60, then BYE")
        expected, host_expected = RESTARTING_TEXT, "The server is restarting… the room is kept"
    else:
        wait_until("the lesson file with pair 1 played", lambda: '"roundsPlayed":1' in open(lesson_file(port)).read(), timeout=30)
        first.signal(signal.SIGKILL)
        first.wait()
        expected, host_expected = DROPPED_TEXT, DROPPED_TEXT
    how = "stopped (SIGTERM)" if HOW == "term" else "killed (SIGKILL)"
    for name, driver in students.items():
        shown = wait_until(f"{name}'s page saying so", lambda: visible(driver, "connection") and text(driver, "connection"),
                           timeout=20)
        check(shown.startswith(expected), f"server {how}: {name}'s page says {shown!r}")
        still_in_game(driver, name)
    shown = wait_until("the teacher's page saying so", lambda: visible(teacher, "connection") and text(teacher, "connection"),
                       timeout=20)
    check(shown.startswith(host_expected), f"the teacher's page says {shown!r}")
    settle(students["Ana"])
    students["Ana"].save_screenshot(os.path.join(SHOTS, f"server-restart-{HOW}-student-away-375x667.png"))
    # A moment away, as a real restart takes: the pages go on trying meanwhile, and nothing gives up.
    time.sleep(3)
    for name, driver in students.items():
        still_in_game(driver, name)
        check(text(driver, "connection").startswith(expected), f"3 s later {name}'s page still says {expected!r}")

    servers.append(ServerProcess(command, "again"))
    check(any("restored 1 room" in line for line in servers[-1].banner),
          f"started again with the same command, it took the lesson up: {[l for l in servers[-1].banner if 'Lesson' in l]}")
    come_back(port, code, teacher, students, tess, resume_code, before, players, words)


def still_in_game(driver, name):
    """In the game, with nothing that gives the seat up: no join form, no 'you left', no message to press."""
    problem = text(driver, "join-problem") or ""
    check(visible(driver, "game") and not visible(driver, "join") and not visible(driver, "message")
          and "left" not in problem and "given up" not in problem,
          f"{name}'s page stays in the game (no join form, no message; join form's line {problem!r})")


def come_back(port, code, teacher, students, tess, resume_code, before, players, words):
    again = TcpPlayer(port, "Tess again")
    players.append(again)
    again.send(f"RESUME {resume_code}")
    ok, _ = again.wait_line(lambda l: l.startswith("OK RESUME") or l.startswith("ERROR"), timeout=20)
    f = fields(ok)
    check(f[:3] == ["OK", "RESUME", "Tess"] and f[3].upper() == code, f"the TCP player's RESUME {resume_code} is taken: {ok}")
    score, _ = again.wait_line(lambda l: l.startswith("SCORE "))
    check(fields(score)[1:3] == ["0", "1"], f"Tess's counters are as before: {score}")

    wait_until("the teacher's page back in the room",
               lambda: not visible(teacher, "connection") and text(teacher, "where") == f"Room {code}", timeout=30,
               describe=lambda: f"connection {text(teacher, 'connection')!r}, where {text(teacher, 'where')!r}")
    wait_until("3 players on the teacher's page", lambda: "3 players" in (text(teacher, "facts") or ""), timeout=20)
    check(True, f"the teacher's page has room {code} back with its 3 players, no click: {text(teacher, 'facts')!r}")
    for name, driver in students.items():
        wait_until(f"{name}'s page back in the game",
                   lambda: not visible(driver, "connection") and visible(driver, "game") and counters(driver) == before[name],
                   timeout=30, describe=lambda: f"connection {text(driver, 'connection')!r}, counters {counters(driver)}")
        check(text(driver, "where") == f"Room {code} · {name}",
              f"{name}'s page is back in room {code}, counters as before {counters(driver)}, no click")
    # Back, before pair 2 is played again: Ana answered it before the server went, Bo had not. Neither is told of
    # that pair as it was (Ana's answer is not kept, Bo's time did not run out): the page says the pair comes again.
    for name, driver in students.items():
        settle(driver)
        replayed_before = any(l.startswith("ROUND 2 ") for l in list(again.lines))
        status = text(driver, "game-status") or ""
        replayed = replayed_before or any(l.startswith("ROUND 2 ") for l in list(again.lines))
        driver.save_screenshot(os.path.join(SHOTS, f"server-restart-{HOW}-student-back-{name.lower()}-375x667.png"))
        check("is up" not in status and not status.startswith("Answered"),
              f"{name}'s page tells nothing of pair 2 as it was before the restart: {status!r}")
        if not replayed:
            check(status.startswith("The server restarted") or status.startswith("Everyone is back"),
                  f"{name}'s page says pair 2 comes again: {status!r}")
        else:
            print(f"note: pair 2 came again before {name}'s page was read: {status!r}", flush=True)
    settle(teacher)
    teacher.save_screenshot(os.path.join(SHOTS, f"server-restart-{HOW}-teacher-back-1280x720.png"))

    # Pair 2 again, the same words, played from the start: Ana's answer of before is not kept.
    replay, _ = round_line(again, 2, timeout=60)
    check(replay == words[2], f"pair 2 comes again with the same words: {replay}")
    for name, driver in students.items():
        shown = answer(driver, name, 2)
        check(shown == words[2], f"{name}'s page shows pair 2 again, answerable, and the tap is taken")
    # Before the server went the page counted Ana's first answer; now the two taps of pair 2 played again.
    wait_until("pair 2 again on the teacher's page", lambda: (text(teacher, "p-english"), text(teacher, "p-spanish")) == replay
               and text(teacher, "answered-text") == "Answered 2 of 3" and "Tess" in (text(teacher, "thinking") or ""),
               describe=lambda: f"{text(teacher, 'answered-text')!r}, {text(teacher, 'thinking')!r}")
    check(True, "the teacher's page shows pair 2 played again: Answered 2 of 3, Tess still thinking")
    mark = again.count()
    again.send(f"ANSWER 2 {say(RIGHTLY['Tess'][2], *replay)}")
    again.wait_line(lambda l: l.startswith("RESULT 2 "), start=mark)
    words[3], _ = round_line(again, 3, start=mark)
    for name, driver in students.items():
        answer(driver, name, 3)
    again.send(f"ANSWER 3 {say(RIGHTLY['Tess'][3], *words[3])}")
    gameover, _ = again.wait_line(lambda l: l.startswith("GAMEOVER "), start=mark, timeout=30)
    rank, correct, wrong = FINAL["Tess"]
    check(fields(gameover)[1:5] == [str(rank), "3", str(correct), str(wrong)], f"Tess's GAMEOVER is exact: {gameover}")

    for name, driver in students.items():
        wait_until(f"{name}'s end dialog", lambda: visible(driver, "end"), timeout=30)
        rank, correct, wrong = FINAL[name]
        score = text(driver, "end-score")
        check(score == f"Final score: {correct} correct, {wrong} wrong — rank {rank} of 3", f"{name}'s page: {score!r}")
        pairs = driver.execute_script("return document.querySelectorAll('#end-pairs li').length")
        check(pairs == PAIRS, f"{name}'s review lists the {PAIRS} pairs")
    wait_until("the teacher's ranking", lambda: visible(teacher, "ranking"), timeout=40)
    rows = teacher.execute_script(
        "return [...document.querySelectorAll('#ranking li')].map(li => [...li.querySelectorAll('.cell')].map(c => c.textContent))")
    names = [row[1] for row in rows]
    check(names == ["Ana", "Bo", "Tess"], f"the teacher's ranking is in the final order: {rows}")

    history = wait_until("history.jsonl", lambda: os.path.exists(os.path.join(RESULTS, "history.jsonl"))
                         and open(os.path.join(RESULTS, "history.jsonl"), encoding="utf-8").read().strip(), timeout=20)
    games = [json.loads(line) for line in history.splitlines()]
    check(len(games) == 1, f"history.jsonl holds one game ({len(games)})")
    game = games[0]
    check(len(game["pairs"]) == PAIRS and [(p["english"], p["spanish"]) for p in game["pairs"]] == [words[1], words[2], words[3]]
          and game["stopped_early"] is False, f"the game has all {PAIRS} pairs, as played, not stopped early")
    recorded = {p["name"]: (p["rank"], p["correct"], p["wrong"]) for p in game["players"]}
    check(recorded == FINAL, f"the results say each player's rank and counters as the pages: {recorded}")
    errors = [e for d in [teacher, *students.values()] for e in page_errors_but_network(d)]
    check(not errors, f"the pages logged no errors but the network's: {errors}")


run_case(f"server_restart {HOW}", main)
