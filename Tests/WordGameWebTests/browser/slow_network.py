"""Not a case: measures the students' page on a slow network and a slow
device, and prints the figures for the benchmarks' README.

The page is loaded through a relay on 127.0.0.1 that behaves as a slow link:
every byte waits half the round trip each way, each direction carries at
most the bandwidth given, and a new connection costs a round trip before its
first byte (the TCP handshake). It carries the HTTP requests and the
WebSocket alike, as a real link does (Chromium's own network emulation does
not slow WebSocket frames). Chromium's CPU is throttled (CDP
`Emulation.setCPUThrottlingRate`). Measured in the page
(`Page.addScriptToEvaluateOnNewDocument`), from the navigation's start:

- form shown: the first paint of the join form (the HTML and the stylesheet);
- form ready: the page's script is running and has put the cursor in the
  form, so Join joins;
- lobby: from the tap on Join to the lobby on the screen.

Usage: slow_network.py <base-url> <game-port> [--rtt-ms 400] [--kbps 400] [--cpu 4] [--runs 5]
(against `wordgame-server --bind 127.0.0.1 --port 0 --web-port 0`)."""

import argparse
import queue
import socket
import statistics
import threading
import time

from selenium.webdriver.common.action_chains import ActionChains

from wordgame_browser import CheckFailed, TcpPlayer, by_id, make_driver, wait_until

parser = argparse.ArgumentParser()
parser.add_argument("base")
parser.add_argument("port", type=int)
parser.add_argument("--rtt-ms", type=int, default=400)
parser.add_argument("--kbps", type=int, default=400)
parser.add_argument("--cpu", type=float, default=4)
parser.add_argument("--runs", type=int, default=5)
parser.add_argument("--waterfall", action="store_true")
args = parser.parse_args()

INSTRUMENT = """
window.__wg = {};
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') window.__wg.shown = entry.startTime;
}).observe({ type: 'paint', buffered: true });
document.addEventListener('focusin', (e) => {
  if (!window.__wg.ready && (e.target.id === 'name' || e.target.id === 'code')) window.__wg.ready = performance.now();
}, true);
document.addEventListener('pointerdown', (e) => { if (e.target.id === 'join-button') window.__wg.join = e.timeStamp; }, true);
new MutationObserver(() => {
  const lobby = document.getElementById('lobby');
  if (lobby && !lobby.hidden && !window.__wg.lobby) window.__wg.lobby = performance.now();
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['hidden'] });
"""


class SlowLink:
    """A TCP relay that delays and paces: a slow link, on 127.0.0.1."""

    def __init__(self, target_port, rtt_ms, kbps):
        self.target = ("127.0.0.1", target_port)
        self.delay = rtt_ms / 2000.0
        self.rate = kbps * 1000 / 8  # bytes a second, each way
        self.sent_to_browser = 0
        self.lock = threading.Lock()
        self.listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(64)
        self.port = self.listener.getsockname()[1]
        # One pipe a direction for the whole link, as a real one: connections share its bandwidth.
        self.free_at = {"down": 0.0, "up": 0.0}
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            client, _ = self.listener.accept()
            threading.Thread(target=self._connect, args=(client,), daemon=True).start()

    def _connect(self, client):
        time.sleep(2 * self.delay)  # the handshake's round trip
        upstream = socket.create_connection(self.target)
        for source, sink, way in ((client, upstream, "up"), (upstream, client, "down")):
            threading.Thread(target=self._pump, args=(source, sink, way), daemon=True).start()

    def _pump(self, source, sink, way):
        """Reads as the bytes come and queues each chunk with the moment it leaves the link's far end;
        a second thread delivers them then, so chunks in flight overlap as on a real link."""
        chunks = queue.Queue()
        threading.Thread(target=self._deliver, args=(chunks, sink), daemon=True).start()
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                with self.lock:
                    start = max(time.monotonic(), self.free_at[way])
                    self.free_at[way] = start + len(data) / self.rate
                    leaves = self.free_at[way] + self.delay
                    if way == "down":
                        self.sent_to_browser += len(data)
                chunks.put((leaves, data))
        except OSError:
            pass
        chunks.put((None, None))

    @staticmethod
    def _deliver(chunks, sink):
        while True:
            leaves, data = chunks.get()
            if data is None:
                break
            pause = leaves - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            try:
                sink.sendall(data)
            except OSError:
                break
        try:
            sink.shutdown(socket.SHUT_WR)
        except OSError:
            pass


def new_browser(wait_for_load=True):
    driver = make_driver(375, 667, wait_for_load=wait_for_load)
    driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": args.cpu})
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": INSTRUMENT})
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    return driver


def tap_join(driver):
    button = by_id(driver, "join-button")
    ActionChains(driver).move_to_element(button).click().perform()


def one_run(link, room, number):
    """A student who types once the page is ready: the times of the form and of Join to the lobby."""
    driver = new_browser()
    try:
        before = link.sent_to_browser
        driver.get(f"http://127.0.0.1:{link.port}/?room={room}")
        marks = wait_until("the form ready", lambda: driver.execute_script("return window.__wg.ready && window.__wg"), timeout=60)
        weight = link.sent_to_browser - before
        if number == 0 and args.waterfall:
            for e in driver.execute_script("return performance.getEntriesByType('resource').map(e => [e.name, Math.round(e.startTime), "
                                           "Math.round(e.responseStart), Math.round(e.responseEnd)])"):
                print("   ", e)
        by_id(driver, "name").send_keys(f"Kid{number}")
        tap_join(driver)
        marks = wait_until("the lobby", lambda: driver.execute_script("return window.__wg.lobby && window.__wg"), timeout=60)
        return marks["shown"], marks["ready"], marks["lobby"] - marks["join"], weight
    finally:
        driver.quit()


def early_run(link, room, number):
    """A student quicker than the network: the code and the name typed and Join tapped as soon as the form shows,
    before its script has come. The form's own GET asks for the page that joins. From the navigation's start to
    the lobby."""
    driver = new_browser(wait_for_load=False)
    try:
        started = time.monotonic()
        driver.get(f"http://127.0.0.1:{link.port}/?room={room}")
        wait_until("the form shown", lambda: driver.execute_script("return window.__wg && window.__wg.shown"), timeout=60,
                   interval=0.01)
        # Before the script, the link's code is not in the field yet: the student types it, from the board.
        ready = driver.execute_script("return Boolean(window.__wg.ready)")
        if not by_id(driver, "code").get_attribute("value"):
            by_id(driver, "code").send_keys(room)
        by_id(driver, "name").send_keys(f"Quick{number}")
        tap_join(driver)
        try:
            wait_until("the lobby", lambda: driver.execute_script("return window.__wg && window.__wg.lobby"), timeout=20)
        except CheckFailed:
            return None, ready  # the tap did nothing
        return time.monotonic() - started, ready
    finally:
        driver.quit()


def main():
    host = TcpPlayer(args.port, "host")
    host.send("HOST")
    line, _ = host.wait_line(lambda l: l.startswith("OK HOST"))
    room = line.split('"')[1].upper()
    link = SlowLink(int(args.base.rsplit(":", 1)[1]), args.rtt_ms, args.kbps)
    results = [one_run(link, room, n) for n in range(args.runs)]
    early = [early_run(link, room, n) for n in range(args.runs)]
    print(f"slow link: {args.rtt_ms} ms round trip, {args.kbps} kbit/s each way; CPU throttled {args.cpu:g}x; "
          f"{args.runs} runs each, a fresh browser and no cache each")
    for name, index in (("form shown, Join works", 0), ("form's script running", 1), ("Join to lobby", 2)):
        values = [r[index] for r in results]
        print(f"  {name:32} median {statistics.median(values) / 1000:.2f} s   max {max(values) / 1000:.2f} s")
    before_script = sum(1 for e in early if not e[1])
    reached = [e[0] for e in early if e[0] is not None]
    lead = f"  Join tapped as the form shows ({before_script} of {len(early)} before its script): "
    if len(reached) < len(early):
        print(lead + f"{len(early) - len(reached)} of {len(early)} never reached the lobby (the tap did nothing)")
    if reached:
        print(lead + f"lobby after median {statistics.median(reached):.2f} s   max {max(reached):.2f} s from the start")
    print(f"  page weight (bytes to the browser, headers included): {results[0][3]:,}")
    host.close()


main()
