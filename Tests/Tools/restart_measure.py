"""Measurement (not a test): a lesson restarted mid-pair with 30 students' pages (headless Chromium, several
windows per instance), 5 nc-style TCP players (machine mode, RESUME as soon as the port accepts) and 2 terminal
clients (wordgame-client under tmux), plus a TCP teacher (HOST <room> <key> again). For each restart: the time
from the new server's first accept until each of them has its seat back, and each score equal to the one before.

Usage: /usr/bin/python3 Tests/Tools/restart_measure.py [--pages 30] [--browsers 5] [--plan term:0,kill:0,term:8,kill:8]
  [--server PATH] [--client PATH] [--out DIR]
(each plan item: how the server goes, and seconds it stays down before it is started again). The server and the
client are the debug build's unless given: copy them elsewhere first if the tree may be rebuilt during a run.
127.0.0.1 only; ports from the kernel."""

import argparse
import json
import os
import re
import shlex
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tests/WordGameWebTests/browser"))
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from wordgame_browser import CHROMIUM, CHROMEDRIVER, fields  # noqa: E402

WORDS = json.load(open(f"{ROOT}/Resources/words.json", encoding="utf-8"))
TRUE_PAIRS = {f"{w['text_eng']}|{w['text_spa']}" for w in WORDS}

parser = argparse.ArgumentParser()
parser.add_argument("--pages", type=int, default=30)
parser.add_argument("--browsers", type=int, default=5)
parser.add_argument("--nc", type=int, default=5)
parser.add_argument("--terminals", type=int, default=2)
parser.add_argument("--plan", default="term:0,kill:0,term:0,kill:0,term:8,kill:8")
parser.add_argument("--reduced-motion", action="store_true", help="the pages emulate prefers-reduced-motion (less CPU)")
parser.add_argument("--server", default=os.path.join(ROOT, ".build/debug/wordgame-server"))
parser.add_argument("--client", default=os.path.join(ROOT, ".build/debug/wordgame-client"))
parser.add_argument("--out", default="/tmp/wordgame-restart-measure")
args = parser.parse_args()
BINARY = args.server
CLIENT = args.client
PLAN = [(item.split(":")[0], float(item.split(":")[1])) for item in args.plan.split(",")]
PAIRS = len(PLAN) + 2  # pair 1 plain, pairs 2.. each restarted once, a last pair plain
OUT = args.out
subprocess.run(["rm", "-rf", OUT])
os.makedirs(OUT)
LOG = open(os.path.join(OUT, "measure.log"), "w")


def log(*parts):
    line = " ".join(str(p) for p in parts)
    print(line, flush=True)
    LOG.write(line + "\n")
    LOG.flush()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rightly(index, n):
    """Whether client `index` answers pair n rightly: a fixed pattern, so that every final score is known."""
    return (index * 7 + n) % 4 != 0


def truth(english, spanish):
    return f"{english}|{spanish}" in TRUE_PAIRS


PORT, WEB = free_port(), free_port()
STATE, RESULTS = os.path.join(OUT, "state"), os.path.join(OUT, "results")
COMMAND = [BINARY, "--bind", "127.0.0.1", "--port", str(PORT), "--web-port", str(WEB), "--state", STATE, "--results", RESULTS,
           "--round-ms", "120000", "--pairs", str(PAIRS), "--start-delay", "0", "--max-incorrect", str(PAIRS + 1)]
BASE = f"http://127.0.0.1:{WEB}"


class Server:
    def __init__(self, number):
        self.number = number
        self.spawned = time.time()
        self.out = open(os.path.join(OUT, f"server-{number}.log"), "w")
        self.process = subprocess.Popen(COMMAND, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.listening = None
        self.accepted = None
        self.lines = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._probe, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            now = time.time()
            if self.listening is None and "listening on" in line:
                self.listening = now
            self.lines.append((now, line.rstrip("\n")))
            self.out.write(f"{now:.3f} {line}")
            self.out.flush()

    def _probe(self):
        """The first moment the game port accepts a connection."""
        while self.process.poll() is None:
            try:
                with socket.create_connection(("127.0.0.1", PORT), timeout=0.5):
                    self.accepted = time.time()
                    return
            except OSError:
                time.sleep(0.005)


class TcpSeat:
    """An nc-style player (or the teacher, with HOST): machine mode; once dropped, it connects again as soon as the
    port accepts and takes its seat back (RESUME <code>, or HOST <room> <key>)."""

    def __init__(self, name, index, host=False):
        self.name, self.index, self.host = name, index, host
        self.lines = []  # (time, line, connection number)
        self.cond = threading.Condition()
        self.connection = 0
        self.resume = None  # the line that takes the seat back
        self.dropped = []  # times
        self.back = []  # (time, reply)
        self.sock = None
        self.connect_first()

    def connect_first(self):
        self.sock = socket.create_connection(("127.0.0.1", PORT), timeout=10)
        self.sock.settimeout(None)
        self.sock.sendall(b"MODE MACHINE\n")
        threading.Thread(target=self._run, daemon=True).start()

    def send(self, line):
        try:
            self.sock.sendall(line.encode() + b"\n")
        except OSError:
            pass

    def _read_until_closed(self, sock, number):
        buffer = b""
        while True:
            try:
                chunk = sock.recv(65536)
            except OSError:
                chunk = b""
            if not chunk:
                return
            buffer += chunk
            *complete, buffer = buffer.split(b"\n")
            now = time.time()
            with self.cond:
                for raw in complete:
                    line = raw.decode("utf-8", "replace")
                    self.lines.append((now, line, number))
                    if line.startswith(("OK RESUME", "OK HOST")) and number > 1:
                        self.back.append((now, line))
                    if line.startswith("TOKEN ") and not self.host and self.resume is None:
                        self.resume = f"RESUME {fields(line)[1]}"
                    if line.startswith("OK HOST") and self.resume is None:
                        self.room = fields(line)[2]
                        self.resume = f"HOST {self.room} {fields(line)[3]}"
                self.cond.notify_all()

    def _run(self):
        number = 1
        self.connection = 1
        self._read_until_closed(self.sock, number)
        while True:
            self.dropped.append(time.time())
            while True:  # as soon as the port accepts
                try:
                    sock = socket.create_connection(("127.0.0.1", PORT), timeout=2)
                    break
                except OSError:
                    time.sleep(0.02)
            sock.settimeout(None)
            number += 1
            self.sock = sock
            self.connection = number
            self.send("MODE MACHINE")
            self.send(self.resume)
            self._read_until_closed(sock, number)

    def wait(self, predicate, timeout=60, since=0.0):
        deadline = time.time() + timeout
        with self.cond:
            while True:
                for entry in self.lines:
                    if entry[0] >= since and predicate(entry[1]):
                        return entry
                left = deadline - time.time()
                if left <= 0:
                    raise RuntimeError(f"{self.name}: no line awaited; last {[l for _, l, _ in self.lines[-8:]]}")
                self.cond.wait(left)

    def counters(self, since):
        """The counters after RESUME (SCORE) or the last RESULT."""
        with self.cond:
            for _, line, _ in reversed(self.lines):
                if line.startswith("SCORE "):
                    f = fields(line)
                    return int(f[1]), int(f[2])
                if line.startswith("RESULT "):
                    f = fields(line)
                    return int(f[3]), int(f[4])
        return 0, 0


class Terminal:
    def __init__(self, name, index, code):
        self.name, self.index = name, index
        self.session = f"wgm{index}"
        subprocess.run(["tmux", "kill-session", "-t", self.session], capture_output=True)
        xdg = os.path.join(OUT, f"xdg-{index}")
        os.makedirs(xdg, exist_ok=True)
        command = (f"env XDG_STATE_HOME={xdg} {CLIENT} --host 127.0.0.1 --port {PORT} --name {name} --room {code}"
                   f" 2>{OUT}/{name}.stderr")
        subprocess.run(["tmux", "new-session", "-d", "-s", self.session, "-x", "100", "-y", "30", command], check=True)

    def screen(self):
        return subprocess.run(["tmux", "capture-pane", "-p", "-t", self.session], capture_output=True, text=True).stdout

    def counters(self, screen=None):
        screen = screen or self.screen()
        c = re.search(r"Correct attempts: (\d+)", screen)
        w = re.search(r"Wrong attempts: (\d+)", screen)
        return (int(c.group(1)), int(w.group(1))) if c and w else None

    def key(self, k):
        subprocess.run(["tmux", "send-keys", "-t", self.session, k])

    def answer(self, k, n):
        """The key, once pair n has been read (a key within the reading floor sends nothing), again until taken; never
        once the screen shows another pair (a key then would answer that one)."""
        deadline = time.time() + 30
        while f"Pair {n} of" not in self.screen() and time.time() < deadline:
            time.sleep(0.2)
        for _ in range(20):
            time.sleep(0.5)
            screen = self.screen()
            if f"Pair {n} of" not in screen or "Answered ✓" in screen:
                return
            self.key(k)
            time.sleep(0.5)

    def close(self):
        subprocess.run(["tmux", "kill-session", "-t", self.session], capture_output=True)


AWAY = ("restarting…", "reconnecting")


class TerminalWatch:
    """Polls the terminals' screens every 30 ms: when each showed it was away, and first showed itself back."""

    def __init__(self, terminals):
        self.terminals = terminals
        self.away = {t.name: None for t in terminals}
        self.back = {t.name: None for t in terminals}
        self.stop = False
        threading.Thread(target=self._run, daemon=True).start()

    def _run(self):
        while not self.stop:
            for t in self.terminals:
                screen = t.screen()
                now = time.time()
                away = any(a in screen for a in AWAY)
                if away and self.away[t.name] is None:
                    self.away[t.name] = now
                elif not away and self.away[t.name] is not None and self.back[t.name] is None and "Correct attempts" in screen:
                    self.back[t.name] = now
            time.sleep(0.03)


# ---- Pages ------------------------------------------------------------------------------------------------------

INSTRUMENT = """
if (!window.__wg) {
  window.__wg = {events: []};
  const push = (what, extra) => window.__wg.events.push([what, Date.now(), extra ?? null]);
  const Real = window.WebSocket;
  const Wrapped = function (url, protocols) {
    const socket = new Real(url, protocols);
    push('socket');
    socket.addEventListener('open', () => push('open'));
    socket.addEventListener('close', () => push('close'));
    socket.addEventListener('message', (event) => {
      if (typeof event.data === 'string' && (event.data.startsWith('OK RESUME') || event.data.startsWith('RESTARTING')
          || event.data.startsWith('ERROR'))) push(event.data.split(' ').slice(0, 2).join(' '));
    });
    return socket;
  };
  Wrapped.prototype = Real.prototype;
  for (const k of ['CONNECTING', 'OPEN', 'CLOSING', 'CLOSED']) Wrapped[k] = Real[k];
  window.WebSocket = Wrapped;
  const banner = document.getElementById('connection');
  new MutationObserver(() => push(banner.hidden ? 'banner-hidden' : 'banner-shown', banner.textContent))
    .observe(banner, {attributes: true, attributeFilter: ['hidden']});
  window.__truths = new Set(arguments[0]);
  window.__plan = arguments[1];
  window.__allow = 0;
  let lastClick = 0;
  setInterval(() => {
    const n = window.__allow;
    if (!n || Date.now() - lastClick < 700) return;
    if (!(document.getElementById('pair-number').textContent || '').startsWith(`Pair ${n} of`)) return;
    const right = document.getElementById('answer-correct');
    if (right.disabled || document.getElementById('game').hidden) return;
    const english = document.getElementById('english').textContent, spanish = document.getElementById('spanish').textContent;
    if (!english) return;
    const isTrue = window.__truths.has(`${english}|${spanish}`);
    const sayCorrect = isTrue === Boolean(window.__plan[n]);
    lastClick = Date.now();
    document.getElementById(sayCorrect ? 'answer-correct' : 'answer-wrong').click();
  }, 150);
}
"""


def make_browser():
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run",
                 "--disable-extensions", "--disable-background-networking", "--hide-scrollbars", "--window-size=375,667",
                 "--lang=en", "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
                 "--disable-backgrounding-occluded-windows", "--disable-features=IntensiveWakeUpThrottling"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(60)
    driver.set_script_timeout(30)
    return driver


class Page:
    def __init__(self, driver, handle, name, index):
        self.driver, self.handle, self.name, self.index = driver, handle, name, index

    def run(self, script, *arguments):
        if self.driver.current_window_handle != self.handle:
            self.driver.switch_to.window(self.handle)
        return self.driver.execute_script(script, *arguments)

    def counters(self):
        texts = self.run("return [document.getElementById('count-correct').textContent,"
                         " document.getElementById('count-wrong').textContent]")
        c = re.search(r"(\d+)", texts[0] or "")
        w = re.search(r"(\d+)", texts[1] or "")
        return (int(c.group(1)), int(w.group(1))) if c and w else None

    def events(self):
        return self.run("return window.__wg.events")

    def state(self):
        return self.run("""return {banner: !document.getElementById('connection').hidden,
            text: document.getElementById('connection').textContent, game: !document.getElementById('game').hidden,
            join: !document.getElementById('join').hidden, message: !document.getElementById('message').hidden,
            where: document.getElementById('where').textContent}""")


def main():
    log("server:", shlex.join(COMMAND))
    servers = [Server(1)]
    deadline = time.time() + 30
    while servers[0].accepted is None and time.time() < deadline:
        time.sleep(0.05)
    teacher = TcpSeat("Teacher", -1, host=True)
    teacher.send("NAME Teacher")
    teacher.send("HOST")
    teacher.wait(lambda l: l.startswith("OK HOST"))
    code = teacher.room.upper()
    log("room", code)

    browsers = [make_browser() for _ in range(args.browsers)]
    pages = []
    for i in range(args.pages):
        driver = browsers[i % len(browsers)]
        if i >= len(browsers):
            driver.switch_to.new_window("window")
        driver.set_window_size(375, 667)
        pages.append(Page(driver, driver.current_window_handle, f"P{i:02d}", i))
    # Every page loaded before any joins: a page opened later would look for a seat to take back among its siblings'.
    for page in pages:
        page.run("return 1")
        page.driver.get(f"{BASE}/?room={code}")
    for page in pages:
        page.run("""document.getElementById('name').value = arguments[0];
                    document.getElementById('join-button').click();""", page.name)
    for page in pages:
        deadline = time.time() + 60
        while not page.run("return !document.getElementById('lobby').hidden"):
            if time.time() > deadline:
                raise RuntimeError(f"{page.name} did not join")
            time.sleep(0.1)
        if args.reduced_motion:
            page.run("return 1")
            page.driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                        {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
        page.run(INSTRUMENT, sorted(TRUE_PAIRS), {n: rightly(page.index, n) for n in range(1, PAIRS + 1)})
    log(f"{len(pages)} pages joined")
    ncs = []
    for j in range(args.nc):
        player = TcpSeat(f"N{j}", 100 + j)
        player.send(f"NAME N{j}")
        player.send(f"JOIN {code}")
        player.wait(lambda l: l.startswith("TOKEN "))
        ncs.append(player)
    terminals = [Terminal(f"T{k}", 200 + k, code) for k in range(args.terminals)]
    time.sleep(3)
    members = teacher.wait(lambda l: l.startswith(f"ROOM ") and int(fields(l)[3]) == args.pages + args.nc + args.terminals)
    log("everyone in:", members[1])
    expected = {}  # name -> (correct, wrong)
    names = [p.name for p in pages] + [n.name for n in ncs] + [t.name for t in terminals]
    indexes = {p.name: p.index for p in pages} | {n.name: n.index for n in ncs} | {t.name: t.index for t in terminals}
    for name in names:
        expected[name] = (0, 0)

    teacher.send("START")
    results = []
    for n in range(1, PAIRS + 1):
        round_line = teacher.wait(lambda l: l.startswith(f"ROUND {n} "), timeout=120, since=0)
        english, spanish = fields(round_line[1])[3], fields(round_line[1])[4]
        if 2 <= n <= len(PLAN) + 1:
            how, down = PLAN[n - 2]
            # Let every client show pair n first: the pair is open everywhere when the server goes.
            time.sleep(2)
            servers.append(None)
            result = restart(how, down, n, servers, teacher, pages, ncs, terminals, expected)
            results.append(result)
            teacher.wait(lambda l: l.startswith(f"ROUND {n} "), timeout=120, since=result["accepted"])
        # Everyone answers pair n.
        for page in pages:
            page.run("window.__allow = arguments[0]", n)
        for player in ncs:
            player.send(f"ANSWER {n} {'CORRECT' if truth(english, spanish) == rightly(player.index, n) else 'WRONG'}")
        for t in terminals:
            threading.Thread(target=t.answer, args=("y" if truth(english, spanish) == rightly(t.index, n) else "n", n),
                             daemon=True).start()
        for name in names:
            c, w = expected[name]
            expected[name] = (c + 1, w) if rightly(indexes[name], n) else (c, w + 1)
        teacher.wait(lambda l: l.startswith(f"REVEAL {n} "), timeout=120, since=0)
        log(f"pair {n} closed")
    teacher.wait(lambda l: l.startswith("GAMEOVER ") or l.startswith("RANKING"), timeout=60, since=0)
    time.sleep(2)
    history = [json.loads(l) for l in open(os.path.join(RESULTS, "history.jsonl")).read().splitlines()]
    recorded = {p["name"]: (p["correct"], p["wrong"] + p["timeouts"]) for p in history[-1]["players"]}
    log(f"history.jsonl: {len(history)} game(s), {len(history[-1]['pairs'])} pairs; "
        f"final counters as planned for all {len(expected)}: {recorded == expected}")
    if recorded != expected:
        log("  differences:", {k: (recorded.get(k), v) for k, v in expected.items() if recorded.get(k) != v})
    summary(results)
    for t in terminals:
        t.close()
    for b in browsers:
        b.quit()
    for s in servers:
        if s and s.process.poll() is None:
            s.process.send_signal(signal.SIGTERM)
            s.process.wait()


def restart(how, down, n, servers, teacher, pages, ncs, terminals, expected):
    old = servers[-2]
    watch = TerminalWatch(terminals)
    before_pages = {p.name: p.counters() for p in pages}
    before_terms = {t.name: t.counters() for t in terminals}
    for page in pages:
        page.run("window.__wg.events = []")
    if how == "kill":
        deadline = time.time() + 30
        while f'"roundsPlayed":{n - 1}' not in open(os.path.join(STATE, f"lesson-{PORT}.json")).read():
            if time.time() > deadline:
                raise RuntimeError("lesson file never saved")
            time.sleep(0.02)
    load = open("/proc/loadavg").read().split()[0]
    signalled = time.time()
    old.process.send_signal(signal.SIGTERM if how == "term" else signal.SIGKILL)
    old.process.wait()
    exited = time.time()
    if down:
        time.sleep(down)
    new = Server(len(servers))
    servers[-1] = new
    while new.accepted is None:
        time.sleep(0.01)
    accepted = new.accepted
    # Wait until everyone is back (pages: banner hidden after the drop, in the game).
    deadline = time.time() + 90
    page_back, page_resumed, page_tries = {}, {}, {}
    while time.time() < deadline:
        for page in pages:
            if page.name in page_back:
                continue
            events = page.events()
            shown = [e for e in events if e[0] == "banner-shown"]
            hidden = [e for e in events if e[0] == "banner-hidden" and shown and e[1] >= shown[0][1]]
            resumed = [e for e in events if e[0] == "OK RESUME"]
            if hidden and resumed:
                page_back[page.name] = hidden[0][1] / 1000
                page_resumed[page.name] = resumed[0][1] / 1000
                page_tries[page.name] = [round(e[1] / 1000 - accepted, 3) for e in events if e[0] == "socket"]
        nc_done = all(p.back and p.back[-1][0] >= exited for p in ncs)
        t_done = all(watch.back.values())
        if len(page_back) == len(pages) and nc_done and t_done and teacher.back and teacher.back[-1][0] >= exited:
            break
        time.sleep(0.2)
    watch.stop = True
    row = {"how": how, "down": down, "pair": n, "load": load, "signalled": signalled, "exited": exited, "spawned": new.spawned,
           "listening": new.listening, "accepted": accepted}
    row["pages"] = {k: v - accepted for k, v in page_back.items()}
    row["pages_resumed"] = {k: v - accepted for k, v in page_resumed.items()}
    row["page_tries"] = page_tries
    row["nc"] = {p.name: p.back[-1][0] - accepted for p in ncs if p.back}
    row["teacher"] = teacher.back[-1][0] - accepted if teacher.back else None
    row["terminals"] = {k: (v - accepted if v else None) for k, v in watch.back.items()}
    missing = [p.name for p in pages if p.name not in page_back] + [k for k, v in watch.back.items() if not v]
    # Scores after: equal to before, and to the plan.
    bad = []
    for page in pages:
        after = page.counters()
        if after != before_pages[page.name] or after != expected[page.name]:
            bad.append((page.name, before_pages[page.name], after, expected[page.name]))
        st = page.state()
        if st["join"] or st["message"] or not st["game"]:
            bad.append((page.name, "view", st))
    for player in ncs:
        after = player.counters(accepted)
        if after != expected[player.name]:
            bad.append((player.name, after, expected[player.name]))
    for t in terminals:
        after = t.counters()
        if after != before_terms[t.name] or after != expected[t.name]:
            bad.append((t.name, before_terms[t.name], after, expected[t.name]))
    row["bad"] = bad
    row["missing"] = missing
    everyone = list(row["pages"].values()) + list(row["nc"].values()) + [v for v in row["terminals"].values() if v] + \
        ([row["teacher"]] if row["teacher"] is not None else [])
    log(f"restart at pair {n}: {how}, down {down} s, load average {load}: exit {exited - signalled:.2f} s after the signal, "
        f"spawn→accept {accepted - new.spawned:.2f} s, gap exit→accept {accepted - exited:.2f} s")
    log(f"  back after accept: pages max {max(row['pages'].values(), default=-1):.2f} "
        f"median {statistics.median(row['pages'].values()) if row['pages'] else -1:.2f}; "
        f"nc max {max(row['nc'].values(), default=-1):.2f}; terminals {fmt(row['terminals'])}; teacher {row['teacher']:.2f}; "
        f"ALL {max(everyone):.2f} s; missing {missing}; scores wrong {bad}")
    with open(os.path.join(OUT, f"restart-{n}.json"), "w") as handle:
        json.dump(row, handle, indent=1, default=str)
    return row


def fmt(values):
    return {k: (round(v, 2) if v is not None else None) for k, v in values.items()}


def summary(results):
    log("\nsummary (seconds from the new server's first accept):")
    log("how  down  load  spawn→accept  gap(exit→accept)  pages(med/max)  nc(max)  terminals(max)  teacher  ALL")
    for r in results:
        pages = list(r["pages"].values())
        terms = [v for v in r["terminals"].values() if v is not None]
        everyone = pages + list(r["nc"].values()) + terms + ([r["teacher"]] if r["teacher"] is not None else [])
        log(f"{r['how']:5}{r['down']:4.0f}  {float(r['load']):4.1f}  {r['accepted'] - r['spawned']:8.2f}      {r['accepted'] - r['exited']:8.2f}         "
            f"{statistics.median(pages):5.2f}/{max(pages):5.2f}    {max(r['nc'].values()):5.2f}    "
            f"{max(terms) if terms else float('nan'):5.2f}           {r['teacher']:5.2f}  {max(everyone):5.2f}"
            f"{'  MISSING ' + str(r['missing']) if r['missing'] else ''}{'  SCORES ' + str(r['bad']) if r['bad'] else ''}")


if __name__ == "__main__":
    main()
