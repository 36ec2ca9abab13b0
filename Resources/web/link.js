// The WebSocket link to the server (Protocol.md §11): one text message is
// one line. It connects, sends lines, keeps the session alive, notices a
// dead connection, and after a drop reconnects with backoff and sends the
// lines that take the seat back (RESUME, or HOST with the key), for as long
// as the seat is held. What the lines mean is the page's business.

import { parseLine, readMoveFragment, VERSION } from './protocol.js';

/** The server closes a session after 15 minutes without a line (§8): a PING a minute keeps a waiting student in. */
export const PING_EVERY_MS = 60_000;
/** Every line sent gets a reply; none this long after one means the link is dead (Wi-Fi gone without a reset). */
export const SILENT_LINK_MS = 12_000;
/**
 * While the page is watchful (a pair or a countdown is open, see `watchful`),
 * a Wi-Fi that hangs must show within seconds, not after the pair or the game
 * is over: after this long with nothing from the server the page sends PING…
 */
export const WATCHFUL_PING_AFTER_MS = 2_000;
/** …and a line (that PING, or an answer) with no reply for this long means the link is dead. */
export const WATCHFUL_DEAD_AFTER_MS = 5_000;
/**
 * A connection that has not opened after this long is given up and tried
 * again: a hung network accepts nothing, and a browser may wait minutes.
 */
export const CONNECT_TIMEOUT_MS = 6_000;
// Pacing (§8: 40 lines at once, then 20 a second): the watchful check sends
// at most one PING per silence, so at most one line every 2 s.
/**
 * A server that stops with its lesson kept says RESTARTING before its BYE
 * (Protocol.md §5): the close is then a drop like any other, and the page
 * goes on trying this much longer than the seat's grace, which the server
 * counts from when it answers again. As wordgame-client's.
 */
export const RESTART_ALLOWANCE_MS = 300_000;
/** Reconnect delays, as wordgame-client's: at once, then 0.25, 0.5, 1, 2 s, then every 2–3 s with jitter. */
const BACKOFF_MS = [0, 250, 500, 1000, 2000];
/**
 * After RESTARTING the steady step is 0.5–1 s: the server is known to be coming back, a refused connect costs
 * it nothing, and a class should be back within a second of it answering (every 2–3 s left some 3 s behind).
 */
const RESTART_STEP_MS = 500;

export function socketURL() {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

/**
 * What another server's page sent this one after `#` when a MOVED brought it
 * here (protocol.js's readMoveFragment: the hop count, and the name, room,
 * key or resume code it needs), taken out of the address bar at once, so
 * that no bookmark, shared link or screenshot carries a key or a code.
 * Null when nothing (or nothing a page writes) came.
 */
export function takeMoveFragment() {
  const sent = readMoveFragment(location.hash);
  if (location.hash) history.replaceState(null, '', `${location.pathname}${location.search}`);
  return sent;
}

/**
 * Status values given to `onStatus(status, detail)`:
 * - 'connecting': a first connection is being opened;
 * - 'online': connected (after a reconnection, once the page called `resumed()`);
 * - 'reconnecting': the link dropped and the seat is being taken back; detail {attempt, secondsLeft, since, restarting}
 *   (`since`: when the link dropped; `restarting`: the server said RESTARTING before it went);
 * - 'offline': the link closed and nothing is to be taken back;
 * - 'lost': the seat's grace ran out before the link came back;
 * - 'incompatible': the server speaks another version; detail is its greeting.
 */
export class Link {
  /**
   * @param {{onMessage: (message: object, receivedAt: number) => void, onStatus?: (status: string, detail?: object) => void}} handlers
   */
  constructor(handlers) {
    this.onMessage = handlers.onMessage;
    this.onStatus = handlers.onStatus ?? (() => {});
    /** The lines that take the seat back on a new connection, or null when there is no seat: set by the page. */
    this.reopenLines = () => null;
    /** How long the seat is held after a drop (TOKEN's grace): set by the page. */
    this.graceMs = () => 60_000;
    /** Whether the page needs to know of a silent drop within seconds (a pair or a countdown is open): set by the page. */
    this.watchful = () => false;
    this.socket = null;
    this.status = 'offline';
    this.reconnect = null; // {attempt, deadline, since, timer} while taking the seat back
    this.restarting = false; // the server said RESTARTING: its BYE is a drop, and the seat is taken back when it is back
    this.lastSent = 0;
    this.lastHeard = 0; // when the server last said anything (or the socket opened)
    this.pingedAt = 0; // the watchful PING of the current silence, if one went
    this.awaitingSince = 0; // the first line sent since the server last said anything
    this.connectingSince = 0;
    this.openLines = [];
    this.timer = setInterval(() => this.keepAlive(), 250);
    // A phone that slept or a network that came back: ask at once whether the link still lives.
    document.addEventListener('visibilitychange', () => { if (!document.hidden) this.probe(); });
    window.addEventListener('online', () => this.probe());
  }

  get isOpen() { return this.socket !== null && this.socket.readyState === WebSocket.OPEN; }

  /** Open and the seat ours: a line sent now reaches the session the page plays (not one still being taken back). */
  get connected() { return this.isOpen && !this.reconnect; }

  /** Opens a connection (if none is open or opening) and sends `lines` as soon as it opens. */
  open(lines = []) {
    if (this.socket && this.socket.readyState <= WebSocket.OPEN) {
      lines.forEach((line) => this.send(line));
      return;
    }
    this.setStatus('connecting');
    this.connect(lines);
  }

  /**
   * Sends one line, and says whether it went: true when it was handed to an
   * open socket (or queued for a first connection that is opening), false
   * when the link is down or its seat is still being taken back. Lines are
   * never kept across a reconnection: after RESUME the page decides what
   * still makes sense (an answer only if its pair is still open). Lines with
   * line ends never leave: they would be several commands.
   */
  send(line) {
    if (/[\r\n]/.test(line)) throw new Error('a line may not hold a line end');
    if (!this.isOpen) {
      const firstConnection = this.socket !== null && this.socket.readyState === WebSocket.CONNECTING && !this.reconnect;
      if (firstConnection) this.openLines.push(line);
      return firstConnection;
    }
    this.socket.send(line);
    this.lastSent = Date.now();
    if (!this.awaitingSince) this.awaitingSince = this.lastSent;
    return true;
  }

  /** The page has its seat back (OK RESUME, OK HOST): the reconnection is over. */
  resumed() {
    this.restarting = false;
    if (!this.reconnect) return;
    clearTimeout(this.reconnect.timer);
    this.reconnect = null;
    this.setStatus('online');
  }

  /** The server asked to wait before trying again (`ERROR slow-down`). */
  retryLater(ms) {
    if (!this.reconnect) return;
    this.drop(false);
    this.schedule(ms);
  }

  /** No seat to take back any more (`ERROR bad-code`, a removal): stop trying. */
  stopReconnecting(status = 'offline') {
    if (this.reconnect) clearTimeout(this.reconnect.timer);
    this.reconnect = null;
    this.drop(false);
    this.setStatus(status);
  }

  /** Closes on purpose (after QUIT, or a page that is done): no reconnection. */
  close() {
    this.stopReconnecting('offline');
  }

  /** Starts again after the page decided to take the seat back (a button after BYE). */
  reconnectNow() {
    this.drop(false);
    this.startReconnecting();
  }

  // ---- The socket ---------------------------------------------------------

  connect(lines) {
    let socket;
    try {
      socket = new WebSocket(socketURL(), 'wordgame.2');
    } catch {
      this.lostSocket(null);
      return;
    }
    this.socket = socket;
    this.openLines = [...lines];
    this.awaitingSince = 0;
    this.pingedAt = 0;
    this.connectingSince = Date.now();
    socket.addEventListener('open', () => {
      if (this.socket !== socket) return;
      this.lastHeard = Date.now();
      if (!this.reconnect) this.setStatus('online');
      // Sent at once, before the greeting is read: the server reads lines in order (§4, RESUME).
      const waiting = this.openLines;
      this.openLines = [];
      waiting.forEach((line) => this.send(line));
    });
    socket.addEventListener('message', (event) => {
      if (this.socket !== socket || typeof event.data !== 'string') return;
      this.heard(event.data, performance.now());
    });
    socket.addEventListener('close', () => { if (this.socket === socket) this.lostSocket(socket); });
  }

  heard(line, receivedAt) {
    this.awaitingSince = 0;
    this.lastHeard = Date.now();
    const message = parseLine(line);
    if (!message) return; // a line this page does not know: skipped (§2)
    if (message.type === 'WORDGAME' && message.version !== VERSION) {
      this.stopReconnecting('incompatible');
      return;
    }
    if (message.type === 'RESTARTING') this.restarting = true;
    // The goodbye of a server that keeps the lesson is not the page's end: the close that follows is a drop.
    if (message.type === 'BYE' && this.restarting) return;
    try {
      this.onMessage(message, receivedAt);
    } catch (error) {
      // One bad line must not stop the page from reading the next ones.
      console.error('wordgame: a line could not be shown', line, error);
    }
  }

  /** Forgets the current socket; `notify` says whether that counts as a drop. */
  drop(notify) {
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      try { socket.close(); } catch { /* already closed */ }
    }
    if (notify) this.lostSocket(null);
  }

  lostSocket(socket) {
    if (socket && this.socket !== socket) return;
    this.socket = null;
    if (this.reconnect) { this.schedule(); return; }
    if (this.status === 'incompatible' || this.status === 'lost') return;
    if (this.reopenLines()) this.startReconnecting();
    else this.setStatus('offline');
  }

  startReconnecting() {
    const now = Date.now();
    this.reconnect = { attempt: 0, deadline: now + this.graceMs() + (this.restarting ? RESTART_ALLOWANCE_MS : 0), since: now, timer: 0 };
    this.schedule();
  }

  /** The next attempt, after the backoff (or `delay`), unless the seat's grace ran out. */
  schedule(delay) {
    const plan = this.reconnect;
    const now = Date.now();
    if (now >= plan.deadline) { this.stopReconnecting('lost'); return; }
    const steady = this.restarting ? RESTART_STEP_MS * (1 + Math.random()) : 2000 + Math.random() * 1000;
    const wait = delay ?? Math.min(BACKOFF_MS[plan.attempt] ?? steady, steady);
    plan.attempt += 1;
    this.setStatus('reconnecting', {
      attempt: plan.attempt, secondsLeft: Math.ceil((plan.deadline - now) / 1000), since: plan.since, restarting: this.restarting,
    });
    clearTimeout(plan.timer);
    plan.timer = setTimeout(() => {
      const lines = this.reopenLines();
      if (!lines) { this.stopReconnecting('offline'); return; }
      if (Date.now() >= plan.deadline) { this.stopReconnecting('lost'); return; }
      this.connect(lines);
    }, Math.min(wait, Math.max(0, plan.deadline - now)));
  }

  // ---- Keeping it alive -----------------------------------------------------

  keepAlive() {
    const now = Date.now();
    if (this.socket && this.socket.readyState === WebSocket.CONNECTING) {
      // A hung network: the handshake never comes back. Try again on a new connection.
      if (now - this.connectingSince > CONNECT_TIMEOUT_MS) this.drop(true);
      return;
    }
    if (!this.isOpen) return;
    const watchful = this.watchful();
    const deadAfter = watchful ? WATCHFUL_DEAD_AFTER_MS : SILENT_LINK_MS;
    if (this.awaitingSince && now - this.awaitingSince > deadAfter) {
      this.drop(true); // dead: a close would wait for a peer that is gone
      return;
    }
    // One PING per silence: the server answers any line, so a live link speaks within a moment.
    if (watchful && now - this.lastHeard >= WATCHFUL_PING_AFTER_MS && this.pingedAt < this.lastHeard) {
      this.pingedAt = now;
      this.send('PING');
      return;
    }
    if (now - this.lastSent >= PING_EVERY_MS) this.send('PING');
  }

  probe() {
    if (this.isOpen && !this.awaitingSince) this.send('PING');
  }

  setStatus(status, detail) {
    this.status = status;
    this.onStatus(status, detail);
  }
}
