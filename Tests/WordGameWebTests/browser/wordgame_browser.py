"""Shared by the browser cases: a headless Chromium driven by Selenium, a
player on the game's TCP port speaking the protocol's machine lines, and
small waits. Each case prints one line per check it passed and `PASS <case>`
at the end; any failure raises, prints `FAIL …` and exits 1.

Run by BrowserTests.swift as `/usr/bin/python3 <case>.py <base-url> <game-port> [more]`,
against a server it started on 127.0.0.1 (Debian's python3-selenium is only
visible to /usr/bin/python3)."""

import os
import queue
import shlex
import signal
import socket
import subprocess
import struct
import sys
import tempfile
import threading
import time
import traceback

from selenium import webdriver
from selenium.common.exceptions import MoveTargetOutOfBoundsException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By

CHROMIUM = next((p for p in ("/usr/lib/chromium/chromium", "/usr/bin/chromium") if os.path.exists(p)), "/usr/bin/chromium")
CHROMEDRIVER = "/usr/bin/chromedriver"


class CheckFailed(Exception):
    pass


def check(condition, what):
    if not condition:
        raise CheckFailed(what)
    print("ok:", what, f"[{elapsed()}]", flush=True)


STARTED = time.monotonic()


def elapsed():
    """Seconds since the case began: each line says when it happened, so a slow or failing case shows where."""
    return f"{time.monotonic() - STARTED:.1f} s"


def run_case(name, body):
    """Runs a case's body; exit status 0 with `PASS name`, or 1 with `FAIL name: why`."""
    try:
        body()
    except Exception as error:  # every failure ends the case with its reason
        traceback.print_exc(file=sys.stderr)
        print(f"FAIL {name}: {type(error).__name__}: {str(error)[:400]}", flush=True)
        sys.exit(1)
    print(f"PASS {name}", flush=True)
    print(f"took {elapsed()}", flush=True)
    sys.exit(0)


def make_driver(width=1280, height=800, profile=None, wait_for_load=True):
    """A headless Chromium at that size; `profile`, a folder that keeps its storage between two browsers;
    without `wait_for_load`, `get` returns at once, before the page has come."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    if not wait_for_load:
        options.page_load_strategy = "none"
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run",
                 "--disable-extensions", "--disable-background-networking", "--hide-scrollbars",
                 f"--window-size={width},{height}", "--lang=en") + ((f"--user-data-dir={profile}",) if profile else ()):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(20)
    set_viewport(driver, width, height)
    return driver


def set_viewport(driver, width, height, mobile=False):
    """The page's viewport, exactly (the window's size includes nothing in headless mode, but be sure)."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})


# Two frames (a resize is handled in the first), then the CSS transitions already running, at most 1 s more.
SETTLE = """
const done = arguments[arguments.length - 1];
const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
(async () => {
  await frame();
  await frame();
  const moving = document.getAnimations().filter((a) => a instanceof CSSTransition && a.playState === 'running');
  const finished = Promise.all(moving.map((a) => a.finished.catch(() => null)));
  await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, 1000))]);
  done();
})();
"""


def settle(driver):
    """Waits until the page shows what a person would see after a change of size or state: it has laid itself out
    again and drawn it, and its fades are over. Faster than a fixed sleep, and exact on a loaded machine."""
    driver.execute_async_script(SETTLE)


def reduced_motion(driver, on):
    features = [{"name": "prefers-reduced-motion", "value": "reduce" if on else ""}]
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})


def page_errors(driver):
    """Errors the page logged (a script that threw, a CSP violation)."""
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"
            and "favicon" not in entry["message"]]


def wait_until(what, predicate, timeout=15.0, interval=0.05, describe=None):
    """Waits for `predicate()` to be truthy; returns its value, or raises naming `what` (and what `describe()` says
    of the page then)."""
    deadline = time.monotonic() + timeout
    last_error = None
    while time.monotonic() < deadline:
        try:
            value = predicate()
            if value:
                return value
        except Exception as error:  # the page may be between two states
            last_error = error
        time.sleep(interval)
    seen = f" ({describe()})" if describe else ""
    raise CheckFailed(f"timed out waiting for {what}{seen}" + (f" (last error: {last_error})" if last_error else ""))


def text(driver, element_id):
    return driver.execute_script("const e = document.getElementById(arguments[0]); return e ? e.textContent : null;", element_id)


def visible(driver, element_id):
    return driver.execute_script(
        "const e = document.getElementById(arguments[0]);"
        "return !!e && !e.closest('[hidden]') && e.getClientRects().length > 0;", element_id)


def by_id(driver, element_id):
    return driver.find_element(By.ID, element_id)


# Past the reading floor (Protocol.md §7: 150 ms from when a pair is drawn): a page sends no tap made sooner.
READ_S = 0.3


def centre_of(driver, element_id):
    """The centre of an element on the screen (viewport pixels), and whether `elementFromPoint` there is that element:
    what a finger aimed at it would touch."""
    return driver.execute_script("""
        const element = document.getElementById(arguments[0]);
        const r = element.getBoundingClientRect();
        const x = Math.round(r.left + r.width / 2), y = Math.round(r.top + r.height / 2);
        const there = document.elementFromPoint(x, y);
        return [x, y, there === element || element.contains(there)];""", element_id)


def tap_at(driver, x, y, touch=False):
    """A finger (or a mouse) at (x, y) of the viewport: down, a moment, up (W3C pointer actions, as a person taps:
    never `element.click()`, which goes through whatever covers an element). False if (x, y) is off the screen."""
    kind = interaction.POINTER_TOUCH if touch else interaction.POINTER_MOUSE
    actions = ActionBuilder(driver, mouse=PointerInput(kind, "finger" if touch else "mouse"))
    actions.pointer_action.move_to_location(x, y).pointer_down().pause(0.06).pointer_up()
    try:
        actions.perform()
    except MoveTargetOutOfBoundsException:
        return False
    return True


def tap(driver, element_id, touch=False):
    """A tap at the centre of an element, which must be what is there on the screen."""
    x, y, uncovered = centre_of(driver, element_id)
    if not uncovered:
        raise CheckFailed(f"{element_id} is covered at its centre ({x}, {y})")
    if not tap_at(driver, x, y, touch):
        raise CheckFailed(f"{element_id} is off the screen at ({x}, {y})")


def past_the_reading_floor(driver):
    """Waits until a pair the page shows has been drawn (the page's own frame, which a loaded machine may delay) and
    read for longer than the reading floor: the page sends no tap made sooner."""
    settle(driver)
    time.sleep(READ_S)


def tap_answer(driver, element_id, touch=False):
    """A student's answer, tapped once the pair has been on the screen past the reading floor."""
    past_the_reading_floor(driver)
    tap(driver, element_id, touch)


def no_horizontal_overflow(driver, width=None):
    """Nothing wider than the screen. In a phone's emulation an overflowing page widens the layout
    viewport (innerWidth grows past the device's width), so the device's width is checked too."""
    sizes = driver.execute_script(
        "return [document.documentElement.scrollWidth, window.innerWidth, document.documentElement.clientWidth]")
    scroll, inner, client = sizes
    return scroll <= inner and (width is None or (inner <= width and client <= width))


def qr_loaded(driver):
    return driver.execute_script("const i = document.getElementById('qr'); return i.complete && i.naturalWidth > 0")


def cut_network(driver):
    """The network goes: the page's WebSocket closes, and new ones cannot open until `restore_network`."""
    driver.execute_script("window.RealWebSocket = window.RealWebSocket || WebSocket;"
                          "window.WebSocket = function () { throw new Error('the network is down'); };")
    prototype = driver.execute_cdp_cmd("Runtime.evaluate", {"expression": "RealWebSocket.prototype"})["result"]["objectId"]
    sockets = driver.execute_cdp_cmd("Runtime.queryObjects", {"prototypeObjectId": prototype})["objects"]["objectId"]
    driver.execute_cdp_cmd("Runtime.callFunctionOn", {"objectId": sockets, "returnByValue": True,
                                                      "functionDeclaration": "function () { this.forEach(s => s.close()); }"})


def kill_browser(driver):
    """The browser crashes: every Chromium process under the driver is killed at once (SIGKILL), so no page
    closes its WebSocket: the kernel resets the connections, as when a phone's battery dies mid-game."""
    driver_pid = driver.service.process.pid
    pids = set()
    frontier = [driver_pid]
    while frontier:
        parent = frontier.pop()
        children = subprocess.run(["pgrep", "-P", str(parent)], capture_output=True, text=True).stdout.split()
        for child in map(int, children):
            if child not in pids:
                pids.add(child)
                frontier.append(child)
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    try:
        driver.service.stop()
    except Exception:  # the browser it spoke to is gone
        pass


def restore_network(driver):
    driver.execute_script("window.WebSocket = window.RealWebSocket;")


def page_errors_but_network(driver):
    """The page's errors, less those the browser logs for a connection the network refused or hung up."""
    return [e for e in page_errors(driver) if "WebSocket connection to" not in e]


class Relay:
    """A TCP relay on 127.0.0.1, between the browser and the web port: the page is loaded through it, so its
    WebSocket goes through it too. `cut(seconds)` resets every connection and refuses new ones for that long
    (a lost network); `freeze()` lets nothing pass and closes nothing until `thaw()` (a Wi-Fi that hangs: a
    silent loss neither end hears of)."""

    def __init__(self, target_port):
        self.target = ("127.0.0.1", target_port)
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.port = self.listener.getsockname()[1]
        self.lock = threading.Lock()
        self.pairs = set()
        self.refuse_until = 0.0
        self.frozen = False
        self.stopped = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while not self.stopped:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if time.monotonic() < self.refuse_until:
                _reset(client)
                continue
            while self.frozen and not self.stopped:
                time.sleep(0.05)  # a hung network: the connection is not refused, nothing answers it
            try:
                upstream = socket.create_connection(self.target, timeout=5)
                upstream.settimeout(None)
            except OSError:
                _reset(client)
                continue
            pair = (client, upstream)
            with self.lock:
                self.pairs.add(pair)
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(source, sink, pair), daemon=True).start()

    def _pump(self, source, sink, pair):
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                while self.frozen and not self.stopped:
                    time.sleep(0.05)
                sink.sendall(data)
        except OSError:
            pass
        for s in pair:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
        with self.lock:
            self.pairs.discard(pair)

    def cut(self, seconds):
        self.refuse_until = time.monotonic() + seconds
        with self.lock:
            pairs = list(self.pairs)
            self.pairs.clear()
        for client, upstream in pairs:
            _reset(client)
            _reset(upstream)

    def freeze(self):
        self.frozen = True

    def thaw(self):
        self.frozen = False

    def close(self):
        self.stopped = True
        self.frozen = False
        try:
            self.listener.close()
        except OSError:
            pass
        with self.lock:
            pairs = list(self.pairs)
        for client, upstream in pairs:
            _reset(client)
            _reset(upstream)


def _reset(sock):
    """Ends a connection at once with a reset (shutdown first wakes the threads blocked reading it)."""
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    except OSError:
        pass
    for step in (lambda: sock.shutdown(socket.SHUT_RDWR), sock.close):
        try:
            step()
        except OSError:
            pass


def screenshot_folder():
    folder = os.environ.get("WORDGAME_SCREENSHOTS") or os.path.join(tempfile.gettempdir(), "wordgame-screenshots")
    os.makedirs(folder, exist_ok=True)
    return folder


class TcpPlayer:
    """A player on the game's TCP port in machine mode: lines are read by a
    thread into a list, so a case can wait for any of them."""

    def __init__(self, port, name):
        self.name = name
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.sock.settimeout(None)
        self.lines = []
        self.lock = threading.Lock()
        self.arrived = threading.Condition(self.lock)
        self.closed = False
        threading.Thread(target=self._read, daemon=True).start()
        self.send("MODE MACHINE")
        self.wait_line(lambda l: l == "OK MODE MACHINE")

    def _read(self):
        buffer = b""
        while True:
            try:
                chunk = self.sock.recv(65536)
            except OSError:
                chunk = b""
            if not chunk:
                with self.lock:
                    self.closed = True
                    self.arrived.notify_all()
                return
            buffer += chunk
            *complete, buffer = buffer.split(b"\n")
            with self.lock:
                self.lines.extend(line.decode("utf-8") for line in complete)
                self.arrived.notify_all()

    def send(self, line):
        self.sock.sendall(line.encode("utf-8") + b"\n")

    def wait_line(self, predicate, timeout=15.0, start=0):
        """The first line from index `start` on that satisfies `predicate`, and its index."""
        deadline = time.monotonic() + timeout
        with self.lock:
            index = start
            while True:
                while index < len(self.lines):
                    if predicate(self.lines[index]):
                        return self.lines[index], index
                    index += 1
                left = deadline - time.monotonic()
                if left <= 0 or self.closed:
                    raise CheckFailed(f"{self.name} did not get the line awaited; last lines: {self.lines[-6:]}")
                self.arrived.wait(left)

    def count(self):
        with self.lock:
            return len(self.lines)

    def join(self, room):
        self.send(f"NAME {self.name}")
        self.wait_line(lambda l: l.startswith("OK NAME"))
        mark = self.count()
        self.send(f"JOIN {room}")
        self.wait_line(lambda l: l.startswith("OK JOIN"), start=mark)

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


def fields(line):
    """The fields of a server line (strings unquoted): enough for the lines the cases read."""
    return shlex.split(line, posix=True)


class AutoAnswerer:
    """Answers every pair a TCP player gets, after `delay` seconds (or `delay(round)`; None: the case answers it), with
    `choose(round, english, spanish)` (CORRECT or WRONG), naming the round; records the pairs and reveals it saw."""

    def __init__(self, player, choose, delay=0.3):
        self.player = player
        self.choose = choose
        self.delay = delay
        self.rounds = []
        self.reveals = {}
        self.gameover = None
        self.stopped = False
        threading.Thread(target=self._run, daemon=True).start()

    def _run(self):
        index = self.player.count()
        while not self.stopped:
            try:
                line, index = self.player.wait_line(lambda l: True, timeout=600, start=index)
            except CheckFailed:
                return
            index += 1
            if line.startswith("ROUND "):
                f = fields(line)
                number = int(f[1])
                self.rounds.append((number, f[3], f[4]))
                delay = self.delay(number) if callable(self.delay) else self.delay
                if delay is None:
                    continue
                threading.Timer(delay, self.player.send,
                                [f"ANSWER {number} {self.choose(number, f[3], f[4])}"]).start()
            elif line.startswith("REVEAL "):
                f = fields(line)
                self.reveals[int(f[1])] = (f[2], f[3], f[4], f[5])
            elif line.startswith("GAMEOVER "):
                self.gameover = [int(x) for x in fields(line)[1:]]


def paste(driver, element_id, content):
    """A teacher's paste: `content` put on the browser's clipboard, the field tapped, then Ctrl+V (the page gets
    the paste event and the text, tabs and line ends as a spreadsheet copies them). Needs the clipboard
    permission for the page's origin (`allow_clipboard`)."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "navigator.clipboard.writeText(arguments[0]).then(() => done('ok'), (e) => done(String(e)));", content)
    if result != "ok":
        raise CheckFailed(f"the clipboard took no text: {result}")
    tap(driver, element_id)
    ActionChains(driver).key_down(Keys.CONTROL).send_keys("v").key_up(Keys.CONTROL).perform()


def allow_clipboard(driver, origin):
    driver.execute_cdp_cmd("Browser.grantPermissions",
                           {"origin": origin, "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})


def choose_option(driver, select_id, value):
    """Chooses an option of a <select> from the keyboard, as a person without a mouse does (a headless browser
    draws no pop-up list to tap): focus on it, then Home and ArrowDown until its value is `value`. Each step
    fires the page's `change` and `input`, as a person's choice does."""
    from selenium.webdriver.common.keys import Keys
    field = by_id(driver, select_id)
    values = driver.execute_script("return [...arguments[0].options].map(o => o.value)", field)
    if value not in values:
        raise CheckFailed(f"{select_id} has no option {value!r}: {values}")
    driver.execute_script("arguments[0].focus()", field)
    field.send_keys(Keys.HOME)
    for _ in range(values.index(value)):
        field.send_keys(Keys.ARROW_DOWN)
    chosen = field.get_attribute("value")
    if chosen != value:
        raise CheckFailed(f"{select_id} shows {chosen!r}, not {value!r}")


def open_room(driver, base):
    """The teacher's page opens a room (a tap on Open a room); returns its code as the board shows it."""
    driver.get(f"{base}/host")
    tap(driver, "open-room")
    return wait_until("the room code", lambda: len(text(driver, "room-code") or "") >= 4 and text(driver, "room-code"))


def scroll_to(driver, element_id):
    """A person scrolls until the element is in the middle of the screen (a long review, a dialog that scrolls)."""
    driver.execute_script("document.getElementById(arguments[0]).scrollIntoView({block: 'center', inline: 'nearest'})", element_id)
    settle(driver)
