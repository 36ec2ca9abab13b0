// The teacher's page (`/host`): it opens a room (HOST), shows its code, the
// join address and a QR code, the names as they arrive, and is the
// projector during a game: the falling pair, who is still thinking, the
// truth with how the class did, the leaderboard, then the podium and the
// whole ranking. The controls (start, lock, remove, end, close) ask first
// where they cannot be undone. The host key is kept in localStorage, so a
// refresh takes the room back; on a fleet of servers, a room that is on
// another server (MOVED) takes the page there, with the key, to take the
// room back on that server's page (followMove).
//
// The projector itself (the `Projector` class) is shared with the watch
// page (watch.js), which shows the same without controls.
//
// Everything from the network enters the page as text (textContent), never
// as HTML; the only URLs made from network text (the QR code, the results)
// are built from a room code and a key checked against their alphabet.

import { startFall as startFallOf, stopFall as stopFallOf } from './fall.js';
import { Link, takeMoveFragment } from './link.js';
import {
  commandWithName, looksLikeCode, looksLikeKey, MAX_MOVES, movedPage, rulesText, sameRules, seconds, spokenRoom,
  typedText, withoutCommands,
} from './protocol.js';

const $ = (id) => document.getElementById(id);

/** The podium stays this long before the whole ranking replaces it. */
export const PODIUM_MS = 8000;
/** A ranking longer than the screen turns its pages by itself. */
export const PAGE_MS = 10_000;
/** A room event ("Bo left") stays on screen this long: a stale one would mislead the room. */
export const NOTICE_MS = 10_000;
/** The names still thinking take at most this many lines on the projector; more, and their count stands in. */
export const THINKING_LINES = 2;
/** The leaderboard beside a pair gives up rows down to this many before the names still thinking become a count… */
const FEW_TOP_ROWS = 5;
/** …and keeps at least this many when the screen is shorter still. */
const MIN_TOP_ROWS = 3;

/**
 * From this width on, the round and the end of a game are laid out to the
 * screen's height (wordgame.css, the same query): nothing may pass under the
 * controls of a projector, so what does not fit is shortened, not scrolled.
 * Narrower (a phone), the page scrolls as any other.
 */
const FITTED = matchMedia('(min-width: 701px)');
/** The lobby's ways of making room for names, in order (wordgame.css): see fitLobby. */
const LOBBY_STEPS = ['snug', 'crowded', 'packed', 'tight'];

/** What the projector knows of its room, changed only by server lines and time; it draws itself. */
export class Projector {
  /** @param {{nameAction?: (name: string) => void}} options a host's names are buttons (to remove a player) */
  constructor(options = {}) {
    this.nameAction = options.nameAction ?? null;
    /** Called after each drawing: the host's page draws its controls. */
    this.afterRender = options.afterRender ?? null;
    this.joinURL = '';
    this.room = '';
    this.key = '';
    this.me = 'OUTSIDE';
    this.closed = false;
    this.newRoom();
    setInterval(() => this.tick(), 250);
    addEventListener('resize', () => this.render());
    addEventListener('keydown', (event) => this.onKey(event));
  }

  /** Forgets everything of the room: another room is on screen. */
  newRoom() {
    this.info = null;
    this.roster = [];
    this.incomingRoster = [];
    this.locked = false;
    // The room's rules for its next game (RULES): the lobby shows them.
    this.rules = null;
    this.gamesPlayed = 0;
    this.results = null;
    this.closed = false;
    this.beginGame(null);
  }

  beginGame(info) {
    this.game = info;
    this.gameOver = false;
    this.countdownEnds = 0;
    this.round = null;
    this.progress = null;
    this.waiting = null;
    this.lastReveal = null;
    this.lastTally = null;
    this.top = [];
    this.incomingTop = [];
    this.ranking = [];
    this.incomingRanking = [];
    this.phase = 'podium';
    this.phaseAt = 0;
    this.pageStart = 0; // the ranking's page: the index of its first row
    this.pageShown = 0; // how many rows it shows
    this.pageAt = 0;
    stopFall();
  }

  /** The screen to show: 'start' before a room, then 'lobby', 'round', 'over', or 'closed'. */
  get screen() {
    if (this.closed) return 'closed';
    if (!this.room) return 'start';
    if (this.gameOver) return 'over';
    return this.game ? 'round' : 'lobby';
  }

  // ---- Lines ---------------------------------------------------------------

  receive(m, receivedAt) {
    const handler = OBSERVER_LINES[m.type];
    if (handler) handler.call(this, m, receivedAt);
  }

  /** The host's seat or the viewer's place is (again) ours: what follows rebuilds the room. */
  entered(room) {
    if (room !== this.room) this.newRoom();
    this.room = room;
    this.closed = false;
    this.round = null;
    this.progress = null;
    this.waiting = null;
    this.incomingRoster = [];
    this.incomingTop = [];
    this.incomingRanking = [];
    this.locked = false; // NOTICE locked follows if it is
    stopFall();
    this.awaitingRoom = true;
  }

  // ---- Time --------------------------------------------------------------------

  tick() {
    const now = Date.now();
    if (this.screen === 'over' && this.phase === 'podium' && this.ranking.length > 0 && now - this.phaseAt >= PODIUM_MS) {
      this.showPhase('ranking');
    }
    if (this.screen === 'over' && this.phase === 'ranking' && now - this.pageAt >= PAGE_MS) this.turnPage(1);
    if (this.countdownEnds || this.noticeAt) this.render();
  }

  showPhase(phase) {
    this.phase = phase;
    this.phaseAt = Date.now();
    this.pageStart = 0;
    this.pageShown = 0;
    this.pageAt = Date.now();
    this.render();
  }

  /**
   * The next page begins right after the rows on screen, and the previous
   * one ends right before them: if the screen's layout changed in between
   * (the results links arrived, the window was resized), pages still neither
   * repeat nor skip a row.
   */
  turnPage(step) {
    const total = this.ranking.length;
    if (step > 0) {
      this.pageStart += Math.max(1, this.pageShown);
      if (this.pageStart >= total) this.pageStart = 0;
    } else if (this.pageStart > 0) {
      this.pageStart = Math.max(0, this.pageStart - Math.max(1, this.pageShown));
    } else {
      this.pageStart = -1; // the last page: drawn from the end
    }
    this.pageAt = Date.now();
    this.render();
  }

  onKey(event) {
    if (event.target instanceof HTMLInputElement || this.screen !== 'over' || document.querySelector('dialog[open]')) return;
    if (event.key === 'ArrowRight') this.turnPage(1);
    if (event.key === 'ArrowLeft') this.turnPage(-1);
  }

  countdownSeconds() {
    const left = this.countdownEnds - Date.now();
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  notice(text) {
    this.noticeText = text;
    this.noticeAt = Date.now();
  }

  // ---- Drawing -----------------------------------------------------------------

  render() {
    const screen = this.screen;
    $('start').hidden = screen !== 'start';
    $('stage').hidden = !['lobby', 'round', 'over'].includes(screen);
    $('closed').hidden = screen !== 'closed';
    document.body.dataset.screen = screen;
    for (const [id, shown] of [['lobby-view', 'lobby'], ['round-view', 'round'], ['over-view', 'over']]) {
      $(id).hidden = screen !== shown;
    }
    this.renderHeader();
    this.renderCountdown();
    if (screen === 'lobby') this.renderLobby();
    if (screen === 'round') this.renderRound();
    if (screen === 'over') this.renderOver();
    this.renderJoinStrip(screen);
    this.renderNotice();
    this.afterRender?.();
  }

  renderHeader() {
    $('where').textContent = this.room ? `Room ${spokenRoom(this.room)}` : '';
    const facts = [];
    if (this.closed) { // a closed room has no players and no game: the panel says it is closed
      $('facts').textContent = '';
      return;
    }
    if (this.info) facts.push(`${this.info.members} player${this.info.members === 1 ? '' : 's'}`);
    if (this.locked) facts.push('locked');
    if (this.game && this.gamesPlayed > 0) facts.push(`game ${this.gamesPlayed}`);
    if (this.round) facts.push(`pair ${this.round.n} of ${this.round.pairs}`);
    $('facts').textContent = this.room ? facts.join(' · ') : '';
  }

  renderCountdown() {
    const left = this.countdownSeconds();
    $('countdown').hidden = left === 0 || this.closed;
    $('countdown-number').textContent = left ? `${left} s` : '';
  }

  /** The address students open, without its scheme's noise: "http://192.168.1.23:8080". */
  joinText() {
    return this.joinURL.replace(/\/$/, '');
  }

  renderLobby() {
    const code = spokenRoom(this.room);
    $('join-url').textContent = this.joinText() || location.host;
    $('room-code').textContent = code;
    const qr = $('qr');
    if (looksLikeCode(this.room) && qr.dataset.room !== this.room) {
      qr.dataset.room = this.room;
      qr.setAttribute('src', `/qr.svg?room=${encodeURIComponent(this.room.toUpperCase())}`);
    }
    qr.hidden = !looksLikeCode(this.room);
    const count = this.roster.length;
    $('roster-title').textContent = count === 0 ? 'Waiting for players…' : `Players (${count})`;
    $('lobby-rules').hidden = !this.rules;
    $('lobby-rules').textContent = this.rules ? `Rules: ${rulesText(this.rules)}` : '';
    this.fitLobby($('lobby-view'));
  }

  /**
   * Nobody scrolls a projector: names (or a room event) that would pass under
   * the controls make room, step by step: the code and the QR code smaller
   * (snug, crowded), the names smaller (packed), the QR code smaller still
   * (tight), and at last only the newest names that fit, after a count of
   * the others ("Remove a player…" still lists them all). Measured in one
   * frame: nothing flickers. Narrower than FITTED (a phone, a side window)
   * the page scrolls instead.
   */
  fitLobby(lobby) {
    const names = this.roster;
    lobby.classList.remove(...LOBBY_STEPS);
    this.fillNames($('roster'), names);
    if (!FITTED.matches || lobby.hidden) return;
    const overflows = () => document.documentElement.scrollHeight > window.innerHeight;
    for (const step of LOBBY_STEPS) {
      if (!overflows()) return;
      lobby.classList.add(step);
    }
    let shown = names.length;
    while (shown > 0 && overflows()) {
      shown = Math.floor(shown * 0.8);
      this.fillNames($('roster'), names.slice(names.length - shown), names.length - shown);
    }
  }

  /** The names in the room, as chips; on the host's page each is a button that asks to remove that player. */
  fillNames(list, names, others = 0) {
    const key = JSON.stringify([names, others, Boolean(this.nameAction)]);
    if (list.dataset.key === key) return;
    list.dataset.key = key;
    const more = document.createElement('li');
    more.className = 'chip more';
    more.textContent = `+${others} more`;
    list.replaceChildren(...(others > 0 ? [more] : []), ...names.map((name) => {
      const li = document.createElement('li');
      if (this.nameAction) {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'chip';
        button.textContent = name;
        button.setAttribute('aria-label', `Remove ${name}…`);
        button.addEventListener('click', () => this.nameAction(name));
        li.append(button);
      } else {
        li.className = 'chip';
        li.textContent = name;
      }
      return li;
    }));
  }

  renderRound() {
    this.renderReveal();
    const round = this.round;
    $('p-english').textContent = round ? round.english : (this.lastReveal ? '' : 'Get ready: the first pair is coming');
    $('p-spanish').textContent = round ? round.spanish : '';
    fillRows($('p-top'), this.top.map(topRow));
    $('p-top').closest('aside').hidden = this.top.length === 0;
    const progress = this.progress ?? this.progressFromWaiting();
    const answeredShown = Boolean(round && progress);
    $('answered-text').textContent = answeredShown ? `Answered ${progress.answered} of ${progress.playing}` : '';
    $('answered-bar').style.width = answeredShown && progress.playing > 0
      ? `${(100 * Math.min(progress.answered, progress.playing)) / progress.playing}%` : '0%';
    $('answered-bar').parentElement.hidden = !answeredShown;
    $('thinking').textContent = round ? thinkingText(this.waiting) : '';
    this.fitRound();
  }

  /**
   * The pair view ends above the controls, with 40 names as with 3 (a class
   * found "Still thinking (26): …" cut in half under the buttons at
   * 1920×1080). The names never take more than THINKING_LINES lines, else
   * their count stands in. Then, while the view does not fit: the
   * leaderboard shows fewer rows (down to its best FEW_TOP_ROWS, since who
   * is still thinking is what the teacher acts on), then the names become
   * their count, then the leaderboard goes down to MIN_TOP_ROWS.
   */
  fitRound() {
    if (!FITTED.matches) return;
    const thinking = $('thinking');
    const board = $('p-top');
    const lines = parseFloat(getComputedStyle(thinking).lineHeight) || 30;
    const count = this.waiting?.count ?? 0;
    const namesToCount = () => { thinking.textContent = `${count} still thinking`; };
    const named = this.round && count > 0 && thinking.textContent !== `${count} still thinking`;
    if (named && thinking.scrollHeight > THINKING_LINES * lines + 2) namesToCount();
    let rows = this.top.length;
    const fewerRows = (floor) => {
      while (rows > floor && !roundFits()) {
        rows -= 1;
        fillRows(board, this.top.slice(0, rows).map(topRow));
      }
    };
    fewerRows(FEW_TOP_ROWS);
    if (named && !roundFits()) namesToCount();
    fewerRows(MIN_TOP_ROWS);
  }

  /** Before the first PROGRESS: nobody has answered, and WAITING counts who plays. */
  progressFromWaiting() {
    if (!this.waiting || !this.game || !this.round) return null;
    return { answered: 0, playing: this.waiting.count };
  }

  renderReveal() {
    const reveal = this.lastReveal;
    $('reveal').hidden = !reveal;
    if (!reveal) return;
    const truth = reveal.truth === 'CORRECT'
      ? `✓ Pair ${reveal.n}: ${reveal.english} = ${reveal.spanish} was correct`
      : `✗ Pair ${reveal.n}: ${reveal.english} = ${reveal.spanish} was wrong: it is ${reveal.translation}`;
    $('reveal-truth').textContent = truth;
    $('reveal').className = `reveal ${reveal.truth === 'CORRECT' ? 'right' : 'wrong'}`;
    const tally = this.lastTally;
    const all = tally ? tally.right + tally.wrong + tally.timeout : 0;
    $('reveal-tally').textContent = tally && tally.n === reveal.n && all > 0
      ? `${tally.right} of ${all} got it right · ${tally.wrong} wrong · ${tally.timeout} too slow` : '';
  }

  renderOver() {
    const entries = this.ranking.length ? this.ranking : this.top.map((e) => ({ ...e, outAt: 0 }));
    const showsPodium = this.phase === 'podium' || this.ranking.length === 0;
    $('podium-box').hidden = !showsPodium;
    $('ranking-box').hidden = showsPodium;
    $('over-title').textContent = entries.length ? 'Game over' : 'Game over: nobody finished this game';
    if (showsPodium) this.renderPodium(entries.slice(0, 3));
    else this.renderRanking(entries);
  }

  /** Second, first and third side by side, the first the tallest. */
  renderPodium(three) {
    const key = JSON.stringify(three);
    const podium = $('podium');
    if (podium.dataset.key === key) return;
    podium.dataset.key = key;
    const order = [1, 0, 2].filter((index) => index < three.length);
    podium.replaceChildren(...order.map((index) => {
      const entry = three[index];
      const li = document.createElement('li');
      li.className = `place place-${index + 1}`;
      const name = document.createElement('p');
      name.className = 'place-name';
      name.textContent = entry.name;
      const score = document.createElement('p');
      score.className = 'place-score';
      // The time too: it breaks ties of right and wrong (§5 TOP), so equal scores in different places make sense.
      score.textContent = `${entry.correct} right · ${entry.wrong} wrong · ${seconds(entry.ms)}`;
      const block = document.createElement('div');
      block.className = 'block';
      block.textContent = String(entry.rank);
      li.append(name, score, block);
      return li;
    }));
  }

  /**
   * The whole ranking, a page at a time. The page size comes from the
   * screen alone (the list's box and one row's height), never from what the
   * page shows, so pages neither overlap nor skip a row (a class saw page 1
   * end at rank 22 and page 2 begin at 21). Ranks run down a column, then
   * the next (1–11 | 12–22), as people read a board.
   */
  renderRanking(entries) {
    const list = $('ranking');
    const { rows, columns } = rankingGrid(list);
    const perPage = rows * columns;
    if (this.pageStart < 0) this.pageStart = Math.max(0, entries.length - (entries.length % perPage || perPage));
    if (this.pageStart >= entries.length) this.pageStart = 0;
    const start = this.pageStart;
    const shown = entries.slice(start, start + perPage);
    this.pageShown = shown.length;
    const page = Math.ceil(start / perPage) + 1;
    const pages = page - 1 + Math.max(1, Math.ceil((entries.length - start) / perPage));
    $('ranking-title').textContent = pages > 1
      ? `Ranking · ${start + 1}–${start + shown.length} of ${entries.length} (page ${page} of ${pages})`
      : 'Ranking';
    list.style.gridTemplateColumns = `repeat(${columns}, minmax(0, 1fr))`;
    list.style.gridTemplateRows = `repeat(${Math.max(1, Math.ceil(shown.length / columns))}, auto)`;
    fillRows(list, shown.map(rankingRow));
  }

  renderJoinStrip(screen) {
    const strip = $('join-strip');
    strip.hidden = screen === 'lobby' || !this.room;
    strip.textContent = this.room ? `Join at ${this.joinText() || location.host} with code ${spokenRoom(this.room)}` : '';
  }

  renderNotice() {
    // A closed room's events are over: the closed screen says what happened.
    const shown = !this.closed && this.noticeAt && Date.now() - this.noticeAt < NOTICE_MS;
    if (!shown) this.noticeAt = 0;
    $('notice').textContent = shown ? this.noticeText : '';
    $('notice').classList.toggle('shown', Boolean(shown));
  }
}

// What an observer (the host, a viewer) does with each line (Protocol.md §4, HOST and WATCH: observers).
const OBSERVER_LINES = {
  ROOM(m) {
    this.info = m;
    if (m.state !== 'STARTING') this.countdownEnds = 0;
    if (this.awaitingRoom) {
      this.awaitingRoom = false;
      // The game ended while the link was down: its podium was missed, its results are kept.
      if (m.state !== 'PLAYING' && !this.gameOver) this.beginGame(null);
    }
  },
  YOU(m) {
    if (m.state === 'OUTSIDE' && this.room) this.closed = true;
    this.me = m.state;
  },
  ROSTER(m) { this.incomingRoster.push(m.name); },
  END(m) {
    if (m.block === 'ROSTER') { this.roster = this.incomingRoster; this.incomingRoster = []; }
    if (m.block === 'TOP') { this.top = this.incomingTop; this.incomingTop = []; }
    if (m.block === 'RANKING') { this.ranking = this.incomingRanking; this.incomingRanking = []; }
  },
  ARRIVED(m) { if (!this.roster.includes(m.name)) this.roster.push(m.name); },
  DEPARTED(m) { this.roster = this.roster.filter((name) => name !== m.name); },
  NOTICE(m) {
    if (m.event === 'locked') this.locked = true;
    if (m.event === 'unlocked') this.locked = false;
    // The closed screen says it; and a page has no commands to type ("Type JOIN <room> …").
    if (m.event !== 'closed') this.notice(withoutCommands(m.text));
  },
  OK(m) {
    if (m.what === 'LOCK') this.locked = true;
    if (m.what === 'UNLOCK') this.locked = false;
  },
  // On arrival, a refreshed page included: the games before; the GAME that may follow is one more.
  GAMES(m) { this.gamesPlayed = m.games; },
  GAME(m) {
    this.beginGame(m);
    this.gamesPlayed += 1;
    // The results links stay: the server serves the last saved game's files until the next is saved (§11).
  },
  STARTING(m) { this.countdownEnds = Date.now() + m.ms; },
  RULES(m) {
    // Changed after a game, while the podium or the ranking is up: the room event line says so.
    if (this.rules && !sameRules(this.rules, m) && this.screen === 'over') {
      this.notice(`New rules for the next game: ${rulesText(m)}`);
    }
    this.rules = m;
  },
  ROUND(m, receivedAt) {
    this.round = { ...m, at: receivedAt };
    this.progress = null;
    startFall(m.ms, this.game?.roundMs ?? m.ms, receivedAt);
  },
  PROGRESS(m) { if (this.round && this.round.n === m.n) this.progress = m; },
  WAITING(m) { this.waiting = m; },
  REVEAL(m) {
    this.round = null;
    this.waiting = null;
    this.progress = null;
    this.lastReveal = m;
    this.lastTally = null;
    stopFall();
  },
  TALLY(m) { this.lastTally = m; },
  TOP(m) { this.incomingTop.push(m); },
  GAMEOVER() {
    this.gameOver = true;
    this.round = null;
    this.waiting = null;
    this.countdownEnds = 0;
    stopFall();
    this.showPhase('podium');
  },
  RANKING(m) { this.incomingRanking.push(m); },
  ERROR(m) { this.notice(withoutCommands(m.text)); },
};

/** Whether the pair view ends above the controls: the names still thinking inside the view, the pair and the leaderboard inside their row. */
function roundFits() {
  const bottom = (id) => $(id).getBoundingClientRect().bottom;
  const main = $('round-view').querySelector('.round-main');
  const mainBottom = main.getBoundingClientRect().bottom + 1;
  const side = main.querySelector('.side');
  return bottom('thinking') <= bottom('round-view') + 1
    && (side.hidden || side.getBoundingClientRect().bottom <= mainBottom)
    && main.querySelector('.field').getBoundingClientRect().bottom <= mainBottom;
}

/**
 * How the ranking's page is laid out: as many columns as are 22 rem wide,
 * as many rows as the list's box holds, measured on a row like the widest
 * (an out-at note included). Narrower than FITTED, the page scrolls: one
 * column, all rows.
 */
function rankingGrid(list) {
  const style = getComputedStyle(list);
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const columnGap = parseFloat(style.columnGap) || 0;
  const rowGap = parseFloat(style.rowGap) || 0;
  const columns = Math.max(1, Math.floor((list.clientWidth + columnGap) / (22 * rem + columnGap)));
  if (!FITTED.matches) return { rows: 2000, columns: 1 };
  const probe = document.createElement('li');
  probe.setAttribute('aria-hidden', 'true');
  probe.style.visibility = 'hidden';
  // Out of the grid's flow, as wide as a column: the page's own rows neither move nor change its height.
  probe.style.position = 'absolute';
  probe.style.gridColumn = '1';
  probe.style.insetBlockStart = '0';
  probe.style.width = '100%';
  rankingRow({ rank: 2000, name: 'Wg', correct: 10000, wrong: 10000, ms: 999999, outAt: 10000 }).forEach((text, index) => {
    const span = document.createElement('span');
    span.className = `cell cell-${index}`;
    span.textContent = text;
    probe.append(span);
  });
  list.append(probe);
  const rowHeight = probe.getBoundingClientRect().height;
  probe.remove();
  const rows = Math.max(1, Math.floor((list.clientHeight + rowGap) / (rowHeight + rowGap)));
  return { rows, columns };
}

function topRow(entry) {
  return [String(entry.rank), entry.name, `${entry.correct} ✓`, `${entry.wrong} ✗`];
}

function rankingRow(entry) {
  const out = entry.outAt > 0 ? `out at pair ${entry.outAt}` : '';
  return [`${entry.rank}.`, entry.name, `${entry.correct} ✓`, `${entry.wrong} ✗`, seconds(entry.ms), out];
}

/** "Still thinking (3): Ana, Bo, Cy", or the count alone when the server names nobody (more than 40). */
function thinkingText(waiting) {
  if (!waiting || waiting.count === 0) return '';
  if (waiting.names.length < waiting.count) return `${waiting.count} still thinking`;
  return `Still thinking (${waiting.count}): ${waiting.names.join(', ')}`;
}

/** Rows of cells (a leaderboard, the ranking), replaced only when they changed. */
function fillRows(list, rows) {
  const key = JSON.stringify(rows);
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  list.replaceChildren(...rows.map((cells) => {
    const li = document.createElement('li');
    cells.forEach((text, index) => {
      const span = document.createElement('span');
      span.className = `cell cell-${index}`;
      span.textContent = text;
      li.append(span);
    });
    return li;
  }));
}

// The fall, as on the students' page: exactly the pair's time from when the line arrived.
const falling = () => [$('p-drop'), $('p-timebar')?.firstElementChild].filter(Boolean);

function startFall(left, total, receivedAt) {
  startFallOf(falling(), left, total, receivedAt);
}

function stopFall() {
  stopFallOf(falling());
}

/** Shows the link's state in the header: a projector that lost the server says so, and comes back by itself. */
export function showLinkStatus(status, detail) {
  const element = $('connection');
  element.hidden = status !== 'reconnecting';
  if (status === 'reconnecting') element.textContent = `Connection lost — reconnecting… (attempt ${detail.attempt})`;
}

// ---- The host's page -----------------------------------------------------------

const HOSTS_KEY = 'wordgame.hosts';
const TAB_ROOM_KEY = 'wordgame.hostRoom';
/** The teacher's name, as typed last: the next room (Open a new room, the next lesson) is opened under it again. */
const TEACHER_KEY = 'wordgame.teacher';
/** A room kept longer than this is surely gone (it waits 15 minutes once empty). */
const KEEP_ROOMS_MS = 12 * 3600_000;
/** How long the page tries to take its seat back: the room waits while students are in it. */
const HOST_RETRY_MS = 60 * 60_000;
/** How long the page waits before asking again when the fleet's directory could not answer (`ERROR directory-down`). */
const DIRECTORY_RETRY_MS = 5000;

const rooms = {
  read() {
    try {
      const all = JSON.parse(localStorage.getItem(HOSTS_KEY) ?? '{}');
      return all && typeof all === 'object' ? all : {};
    } catch { return {}; }
  },
  write(all) {
    try { localStorage.setItem(HOSTS_KEY, JSON.stringify(all)); } catch { /* not kept: a refresh opens a new room */ }
  },
  live() {
    const all = this.read();
    for (const [room, kept] of Object.entries(all)) {
      const valid = kept && looksLikeCode(room) && looksLikeKey(kept.key) && Date.now() - kept.savedAt < KEEP_ROOMS_MS;
      if (!valid) delete all[room];
    }
    this.write(all);
    return all;
  },
  save(room, key) {
    const all = this.read();
    all[room] = { room, key, savedAt: Date.now() };
    this.write(all);
  },
  remove(room) {
    const all = this.read();
    delete all[room];
    this.write(all);
  },
};

function hostPage() {
  const host = {
    opening: null, reclaiming: false, stopped: false, closedWhy: '', rules: rulesForm(),
    // MOVED just read (its ERROR moved follows); how many servers sent this page on in a row; going to another's page.
    moved: null, moves: 0, leaving: false,
    // A new room asked again after ERROR directory-down: {attempt, waiting} (retryOpening).
    retry: null,
  };
  const projector = new Projector({ nameAction: (name) => confirmKick(name), afterRender: () => drawControls(host) });
  host.projector = projector;
  const link = new Link({
    onMessage: (m, at) => { hostLine(host, link, m, at); drawHost(host); },
    onStatus: (status, detail) => { hostStatus(host, link, status, detail); drawHost(host); },
  });
  link.reopenLines = () => {
    if (!projector.room || !projector.key || host.stopped) return null;
    host.reclaiming = true; // an error to this HOST means the room is gone
    return [`HOST ${projector.room} ${projector.key}`];
  };
  link.graceMs = () => HOST_RETRY_MS;
  host.link = link;

  const tabs = 'BroadcastChannel' in window ? new BroadcastChannel('wordgame.hosts') : null;
  tabs?.addEventListener('message', (event) => {
    if (event.data === 'who' && projector.room) tabs.postMessage({ mine: projector.room });
  });

  wireHost(host);
  fetch('/join.json').then((r) => r.json()).then((json) => {
    if (typeof json.url === 'string' && /^https?:\/\/[^\s]+$/.test(json.url)) projector.joinURL = json.url;
    drawHost(host);
  }).catch(() => { /* the page's own address stands in */ });

  const sent = movedHere(host);
  if (sent) {
    reclaim(host, sent);
  } else {
    roomToTakeBack(tabs).then((kept) => {
      if (kept) reclaim(host, kept);
      else drawHost(host);
    });
  }

  function confirmKick(name) {
    ask(`Remove ${name} from room ${spokenRoom(projector.room)}? They can join again unless the room is locked.`,
      'Remove', () => link.send(commandWithName('KICK', name)));
  }
  host.confirmKick = confirmKick;
}

/** This tab's room (a refresh), or the latest kept room no other open tab runs. */
async function roomToTakeBack(tabs) {
  const all = rooms.live();
  const own = sessionStorage.getItem(TAB_ROOM_KEY);
  if (own && all[own]) return all[own];
  const kept = Object.values(all).sort((a, b) => b.savedAt - a.savedAt);
  if (kept.length === 0) return null;
  const taken = new Set();
  if (tabs) {
    const listen = (event) => { if (typeof event.data?.mine === 'string') taken.add(event.data.mine); };
    tabs.addEventListener('message', listen);
    tabs.postMessage('who');
    await new Promise((resolve) => setTimeout(resolve, 300));
    tabs.removeEventListener('message', listen);
  }
  return kept.find((room) => !taken.has(room.room)) ?? null;
}

/**
 * The room and key another server's page sent along after `#` (followMove):
 * kept in this server's storage at once, as a room opened here would be (a
 * refresh before the room is back still has them), and out of the address
 * bar once read, so that no bookmark or screenshot of the projector holds
 * the key. Both are checked against their alphabet, as the page's own are.
 */
function movedHere(host) {
  const sent = takeMoveFragment();
  if (!sent) return null;
  host.moves = sent.hops;
  if (!looksLikeCode(sent.room ?? '') || !looksLikeKey(sent.key ?? '')) return null;
  const kept = { room: sent.room.toLowerCase(), key: sent.key.toUpperCase() };
  rooms.save(kept.room, kept.key);
  return kept;
}

function reclaim(host, kept) {
  host.reclaiming = true;
  host.projector.room = kept.room;
  host.projector.key = kept.key;
  sessionStorage.setItem(TAB_ROOM_KEY, kept.room);
  host.link.reconnectNow();
  drawHost(host);
}

function hostLine(host, link, m, at) {
  const projector = host.projector;
  if (host.leaving) return;
  if (m.type === 'MOVED') { host.moved = m; return; }
  const moved = host.moved;
  host.moved = null;
  if (m.type === 'OK' && m.what === 'NAME' && host.opening) { link.send('HOST'); return; }
  if (m.type === 'OK' && m.what === 'HOST') {
    if (!looksLikeCode(m.room) || !looksLikeKey(m.key)) return;
    projector.entered(m.room);
    projector.key = m.key.toUpperCase();
    rooms.save(m.room, projector.key);
    sessionStorage.setItem(TAB_ROOM_KEY, m.room);
    host.opening = null;
    host.reclaiming = false;
    host.stopped = false;
    host.moves = 0;
    host.retry = null;
    startProblem('');
    link.resumed();
    return;
  }
  if (m.type === 'ERROR' && (host.opening || host.reclaiming)) { refused(host, link, m, moved); return; }
  if (rulesLine(host, m)) return;
  if (m.type === 'OK' && m.what === 'CLOSE') forgetRoom(host);
  // SAVED: a game's results files are written, and the key's holder can download them (§5 SAVED, §11 Pages).
  if (m.type === 'SAVED') { projector.results = { game: m.game }; return; }
  if (m.type === 'INFO') resultsNews(host, m.text);
  if (m.type === 'BYE') { bye(host, link, m); return; }
  projector.receive(m, at);
  if (m.type === 'YOU' && m.state === 'OUTSIDE') forgetRoom(host);
}

/**
 * HOST or HOST <room> <key> refused: a new room could not be made, or the
 * kept one is gone, or (a fleet) it is on another server, or the directory
 * that says where could not be asked. `moved` is the MOVED before an ERROR moved.
 */
function refused(host, link, m, moved) {
  const projector = host.projector;
  if (host.reclaiming) {
    if (m.code === 'slow-down' || m.code === 'server-full') return;
    if (m.code === 'moved' && followMove(host, link, moved)) return;
    if (m.code === 'directory-down') {
      // The room is not on this server, and the directory cannot say where: it may well be on another
      // one, so the key is kept and the link asks again (for as long as it takes a room back, HOST_RETRY_MS).
      projector.notice(`${m.text} This page tries again by itself.`);
      link.retryLater(DIRECTORY_RETRY_MS);
      return;
    }
    if (m.code === 'moved') {
      // On another server this page cannot follow to (no web port there, or sent on too often): the text
      // says where, less its command, which holds the key (a projector shows the class what it says).
      // The key stays kept here: a reload tries again.
      projector.room = '';
      projector.key = '';
      host.reclaiming = false;
      link.stopReconnecting('offline');
      startProblem(`${withoutCommands(m.text)} Reload this page to try again.`);
      return;
    }
    const code = spokenRoom(projector.room);
    forgetRoom(host);
    projector.room = '';
    projector.key = '';
    host.reclaiming = false;
    link.stopReconnecting('offline');
    startProblem(`Room ${code} is gone: it was closed, or it stayed empty for 15 minutes. Open a new room.`);
    return;
  }
  if (m.code === 'directory-down') { retryOpening(host, link, m.text); return; }
  host.opening = null;
  host.retry = null;
  startProblem(withoutCommands(m.text));
}

/**
 * HOST (a new room) answered `directory-down`: the fleet's directory, which
 * gives each room a code no other server has, cannot be reached. The page
 * asks again by itself every DIRECTORY_RETRY_MS, and says so with the
 * server's sentence, until a room opens or the page is closed. Chosen over a
 * "try again" button: the teacher is at the projector with a class waiting,
 * and the directory is usually back within seconds (a Redis restarting), so
 * nobody has to keep an eye on the screen to press again. Each try is a new
 * connection, so that none runs into the 60 s a connection has to enter a
 * room (Protocol.md §8).
 */
function retryOpening(host, link, text) {
  const attempt = (host.retry?.attempt ?? 0) + 1;
  host.retry = { attempt, waiting: true };
  const every = DIRECTORY_RETRY_MS / 1000;
  startProblem(withoutCommands(text));
  startRetry(`This page tries again by itself every ${every} s (tried ${attempt} time${attempt === 1 ? '' : 's'} so far).`);
  link.close();
  setTimeout(() => {
    if (!host.opening || host.retry?.attempt !== attempt || host.leaving) return;
    host.retry.waiting = false;
    link.open([host.opening.name ? commandWithName('NAME', host.opening.name) : 'HOST']);
    drawHost(host);
  }, DIRECTORY_RETRY_MS);
}

/**
 * ERROR moved after its MOVED, for HOST <room> <key> (Protocol.md §4 "A fleet
 * of servers"): the room is on another server. The page goes to that
 * server's /host (this page's WebSocket talks only to its own server, §11)
 * with the room and the key after `#`, which no server sees or logs, and the
 * count of servers that sent it on in a row; that page takes the room back.
 * The key leaves this server's storage: the room is the other page's now.
 * False, and nothing done, past MAX_MOVES, when that server has no web port,
 * or without a MOVED this page could check: the address is only ever
 * movedPage's, built from MOVED's checked fields.
 */
function followMove(host, link, moved) {
  const projector = host.projector;
  if (!moved || host.moves >= MAX_MOVES) return false;
  const target = movedPage(moved, '/host', {}, { hop: host.moves + 1, room: projector.room, key: projector.key }, location.origin);
  if (!target) return false;
  const room = spokenRoom(projector.room);
  rooms.remove(projector.room);
  sessionStorage.removeItem(TAB_ROOM_KEY);
  host.leaving = true;
  link.close();
  const element = $('connection');
  element.hidden = false;
  element.textContent = `Room ${room} is on another server — taking you there…`;
  location.replace(target);
  return true;
}

/** "The results of game 2 could not be saved: …" (an INFO for the host, §5 SAVED): said on the screen. */
function resultsNews(host, text) {
  if (text.startsWith('The results of game') && !text.includes(' are saved: ')) host.projector.notice(withoutCommands(text));
}

function bye(host, link, m) {
  if (link.reconnect || !host.projector.room || host.projector.closed) return;
  // The seat was taken back from another window (or the server stops): no tug of war between two windows.
  host.stopped = true;
  link.close();
  host.projector.closed = true;
  host.closedWhy = withoutCommands(m.text);
}

function forgetRoom(host) {
  if (host.projector.room) rooms.remove(host.projector.room);
  sessionStorage.removeItem(TAB_ROOM_KEY);
  host.stopped = true;
  host.closedWhy = `Room ${spokenRoom(host.projector.room)} is closed.`;
}

function hostStatus(host, link, status, detail) {
  if (host.leaving) return; // the link was closed on purpose: this page is going to another server's
  showLinkStatus(status, detail);
  if (status === 'reconnecting' && host.reclaiming && !host.projector.info) {
    $('connection').textContent = `Taking room ${spokenRoom(host.projector.room)} back…`;
  }
  // Between two tries for a new room (retryOpening) the link is closed on purpose.
  if (status === 'offline' && host.opening && !host.retry?.waiting) {
    host.opening = null;
    host.retry = null;
    startProblem('The server cannot be reached. Check the network, then try again.');
  }
  if (status === 'lost') {
    host.projector.closed = true;
    host.closedWhy = 'The server could not be reached for an hour. Open a new room.';
  }
}

function startProblem(text) {
  $('start-problem').textContent = text;
  $('start-problem').hidden = !text;
  startRetry(''); // retryOpening says it again after its problem
}

/** Under the problem, what the page does about it by itself (retryOpening): news, not a second alarm. */
function startRetry(text) {
  $('start-retry').textContent = text;
  $('start-retry').hidden = !text;
}

/** The projector; its drawing ends with the host's controls. */
function drawHost(host) {
  host.projector.render();
}

/** The host's controls for the screen on show. */
function drawControls(host) {
  const projector = host.projector;
  const screen = projector.screen;
  $('closed-title').textContent = 'The room is closed';
  $('closed-text').textContent = host.closedWhy ?? '';
  $('open-room').disabled = Boolean(host.opening) || host.reclaiming;
  $('open-room').textContent = host.opening ? 'Opening…' : 'Open a room';
  if (host.reclaiming && screen === 'start') $('start').hidden = true;
  $('controls').hidden = screen === 'start';
  const counting = projector.countdownSeconds() > 0;
  const inGame = screen === 'round';
  const show = {
    'c-start': (screen === 'lobby' || screen === 'over') && !counting,
    'c-now': counting,
    'c-calloff': counting,
    'c-stop': inGame,
    'c-view': screen === 'over' && projector.ranking.length > 0,
    'c-lock': screen !== 'closed',
    'c-kick': screen !== 'closed',
    // The rules change only between games (§4 RULES: game-on during one or its countdown).
    'c-rules': (screen === 'lobby' || screen === 'over') && !counting,
    'c-close': screen !== 'closed',
    'c-new': screen === 'closed',
  };
  for (const [id, shown] of Object.entries(show)) $(id).hidden = !shown;
  $('c-start').textContent = screen === 'over' ? 'Start the next game' : 'Start the game';
  $('c-start').disabled = projector.roster.length === 0;
  $('c-lock').textContent = projector.locked ? 'Unlock the room' : 'Lock the room';
  $('c-lock').setAttribute('aria-pressed', String(projector.locked));
  $('c-kick').disabled = projector.roster.length === 0;
  $('c-rules').disabled = !projector.rules;
  $('c-view').textContent = projector.phase === 'podium' ? 'Show the ranking' : 'Show the podium';
  drawResults(projector);
}

/**
 * The results links, after a game and until the next one starts. The server
 * serves only the last saved game's files (§11 `/results.csv`), so the links
 * name their game, and from the second game on say where the earlier ones are.
 */
function drawResults(projector) {
  const results = projector.results;
  const screen = projector.screen;
  const shown = Boolean(results) && (screen === 'over' || screen === 'lobby') && looksLikeKey(projector.key)
    && looksLikeCode(projector.room);
  $('results').hidden = !shown;
  if (!shown) return;
  $('results-title').textContent = `Results of game ${results.game}:`;
  $('results-note').textContent = results.game > 1 ? 'the last game only; earlier games’ files are on the server' : '';
  for (const file of ['players', 'answers']) {
    const query = new URLSearchParams({ room: projector.room.toUpperCase(), key: projector.key, file });
    const anchor = $(`${file}-csv`);
    anchor.setAttribute('href', `/results.csv?${query}`);
    anchor.setAttribute('download', `wordgame-${projector.room.toUpperCase()}-game${results.game}-${file}.csv`);
  }
}

// ---- Asking first --------------------------------------------------------------

let confirmed = null;

/** A question of our own (not confirm(), which headless browsers and some kiosks refuse); `then` runs on yes. */
function ask(question, yes, then) {
  $('confirm-text').textContent = question;
  $('confirm-ok').textContent = yes;
  confirmed = then;
  $('confirm').showModal();
}

function wireHost(host) {
  const { projector, link } = host;
  $('confirm-ok').addEventListener('click', () => {
    $('confirm').close();
    const then = confirmed;
    confirmed = null;
    then?.();
  });
  $('confirm-cancel').addEventListener('click', () => $('confirm').close());
  $('confirm').addEventListener('close', () => { confirmed = null; });
  $('kick-cancel').addEventListener('click', () => $('kick-dialog').close());

  try { $('teacher').value = localStorage.getItem(TEACHER_KEY) ?? ''; } catch { /* nothing kept */ }
  $('start-form').addEventListener('submit', (event) => {
    event.preventDefault();
    if (host.opening) return;
    const name = typedText($('teacher').value);
    try { localStorage.setItem(TEACHER_KEY, name); } catch { /* not kept */ }
    startProblem('');
    host.opening = { name };
    host.stopped = false;
    link.open([name ? commandWithName('NAME', name) : 'HOST']);
    drawHost(host);
  });
  $('c-new').addEventListener('click', () => {
    // The same teacher: the name the closed room had (a refreshed page never saw it typed), or the one kept.
    const previous = projector.info?.host;
    if (!$('teacher').value && previous && previous !== 'Host') $('teacher').value = previous;
    projector.room = '';
    projector.key = '';
    projector.newRoom();
    host.closedWhy = '';
    startProblem('');
    drawHost(host);
  });
  $('c-start').addEventListener('click', () => link.send('START'));
  $('c-now').addEventListener('click', () => link.send('START'));
  $('c-calloff').addEventListener('click', () => link.send('STOP'));
  $('c-stop').addEventListener('click', () => ask(
    'End the game now? The pairs played so far count; the open one does not.', 'End the game', () => link.send('STOP')));
  $('c-close').addEventListener('click', () => ask(
    `Close room ${spokenRoom(projector.room)}? Every student is sent out, and the code stops working.`, 'Close the room',
    () => link.send('CLOSE')));
  $('c-lock').addEventListener('click', () => link.send(projector.locked ? 'UNLOCK' : 'LOCK'));
  $('c-view').addEventListener('click', () => projector.showPhase(projector.phase === 'podium' ? 'ranking' : 'podium'));
  $('c-kick').addEventListener('click', () => chooseKick(host));
  wireRules(host);
}

function chooseKick(host) {
  const list = $('kick-names');
  list.replaceChildren(...host.projector.roster.map((name) => {
    const li = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'chip';
    button.textContent = name;
    button.addEventListener('click', () => {
      $('kick-dialog').close();
      host.confirmKick(name);
    });
    li.append(button);
    return li;
  }));
  $('kick-dialog').showModal();
}

// ---- The rules of the next game ----------------------------------------------------

/** A list's name as RULES LIST takes it (§5 WORDLIST): nothing else from the network goes into a line the page sends. */
const LIST_NAME = /^[a-z0-9_-]{1,24}$/;
/** Seconds a pair as RULES SECONDS takes them: whole, or with one decimal. */
const SECONDS_TEXT = /^[0-9]{1,2}(?:\.[0-9])?$/;

/** The dialog's state: the server's word lists, and whether a RULES line waits for its answer. */
function rulesForm() {
  return { lists: [], incomingLists: [], applying: false, edited: false };
}

/**
 * The lines the rules dialog takes: WORDLIST (the lists to choose from), OK RULES and, while a
 * change waits for its answer, ERROR. Returns true for a line the projector does not need.
 */
function rulesLine(host, m) {
  const form = host.rules;
  if (m.type === 'WORDLIST') {
    if (LIST_NAME.test(m.name)) form.incomingLists.push({ name: m.name, words: m.words });
    return true;
  }
  if (m.type === 'END' && m.block === 'WORDLIST') {
    form.lists = form.incomingLists;
    form.incomingLists = [];
    fillLists(host);
    return true;
  }
  if (m.type === 'OK' && m.what === 'RULES') {
    form.applying = false;
    drawRulesButtons(form);
    if ($('rules-dialog').open) $('rules-dialog').close();
    return true;
  }
  if (m.type === 'ERROR' && form.applying) {
    form.applying = false;
    const text = withoutCommands(m.text);
    if ($('rules-dialog').open) rulesProblem(text);
    else host.projector.notice(text);
    drawRulesButtons(form);
    return true;
  }
  if (m.type === 'RULES' && $('rules-dialog').open && !form.edited) queueMicrotask(() => fillRules(host));
  // A game that starts (from another window) ends the chance to change its rules.
  if ((m.type === 'GAME' || m.type === 'STARTING') && $('rules-dialog').open) $('rules-dialog').close();
  return false;
}

function wireRules(host) {
  const { projector, link } = host;
  const form = host.rules;
  $('c-rules').addEventListener('click', () => {
    if (!projector.rules) return;
    form.edited = false;
    form.applying = false;
    rulesProblem('');
    fillRules(host);
    drawRulesButtons(form);
    $('rules-dialog').showModal();
    $('r-pairs').focus();
    link.send('RULES'); // the word lists, then the rules as they are now
  });
  $('rules-form').addEventListener('input', () => { form.edited = true; rulesProblem(''); });
  $('r-never').addEventListener('change', () => {
    $('r-out').disabled = $('r-never').checked;
    if (!$('r-never').checked) $('r-out').focus();
  });
  $('rules-cancel').addEventListener('click', () => $('rules-dialog').close());
  $('rules-form').addEventListener('submit', (event) => {
    event.preventDefault();
    if (form.applying) return;
    const change = rulesChange(projector.rules);
    if (change === null) return;
    if (change.length === 0) { $('rules-dialog').close(); return; }
    form.applying = true;
    drawRulesButtons(form);
    link.send(`RULES ${change.join(' ')}`);
  });
}

/** The dialog's fields from the room's rules. */
function fillRules(host) {
  const rules = host.projector.rules;
  if (!rules) return;
  $('r-pairs').value = String(rules.pairs);
  $('r-seconds').value = secondsText(rules.roundMs);
  $('r-never').checked = rules.maxIncorrect === 0;
  $('r-out').value = String(rules.maxIncorrect === 0 ? 3 : rules.maxIncorrect);
  $('r-out').disabled = rules.maxIncorrect === 0;
  fillLists(host);
}

/** The word lists, as text only; the room's list is chosen, and kept as a choice even before the server's lists arrive. */
function fillLists(host) {
  const rules = host.projector.rules;
  const lists = [...host.rules.lists];
  if (rules && LIST_NAME.test(rules.list) && !lists.some((list) => list.name === rules.list)) lists.unshift({ name: rules.list });
  const chosen = $('r-list').value || rules?.list;
  $('r-list').replaceChildren(...lists.map((list) => {
    const option = document.createElement('option');
    option.value = list.name;
    option.textContent = list.words === undefined ? list.name : `${list.name} (${list.words} words)`;
    return option;
  }));
  const keep = host.rules.edited ? chosen : rules?.list;
  if (lists.some((list) => list.name === keep)) $('r-list').value = keep;
}

/** "8" or "2.5" from milliseconds. */
function secondsText(ms) {
  const tenths = Math.round(ms / 100);
  return tenths % 10 === 0 ? String(tenths / 10) : `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

/**
 * The words after RULES for what the host changed (only those: a setting the server's flags put
 * outside a host's range stays as it is), or null after saying what is wrong and where.
 */
function rulesChange(rules) {
  const words = [];
  const wrong = (id, text) => { rulesProblem(text); $(id).focus(); return null; };
  const pairs = $('r-pairs').value.trim();
  if (!/^[0-9]{1,3}$/.test(pairs) || Number(pairs) < 1 || Number(pairs) > 100) {
    return wrong('r-pairs', 'Pairs in a game: a whole number from 1 to 100.');
  }
  if (Number(pairs) !== rules.pairs) words.push('PAIRS', String(Number(pairs)));
  const seconds = $('r-seconds').value.trim();
  const ms = SECONDS_TEXT.test(seconds) ? Math.round(Number(seconds) * 10) * 100 : NaN;
  if (!(ms >= 1000 && ms <= 60_000)) {
    return wrong('r-seconds', 'Seconds for each pair: from 1 to 60, whole or with one decimal (8 or 2.5).');
  }
  if (ms !== rules.roundMs) words.push('SECONDS', secondsText(ms));
  let out = 0;
  if (!$('r-never').checked) {
    const typed = $('r-out').value.trim();
    if (!/^[0-9]{1,3}$/.test(typed) || Number(typed) < 1 || Number(typed) > 100) {
      return wrong('r-out', 'Out after: a whole number of wrong answers from 1 to 100, or everyone plays every pair.');
    }
    out = Number(typed);
  }
  if (out !== rules.maxIncorrect) words.push('OUT', out === 0 ? 'NEVER' : String(out));
  const list = $('r-list').value;
  if (LIST_NAME.test(list) && list !== rules.list) words.push('LIST', list);
  return words;
}

function rulesProblem(text) {
  $('rules-problem').textContent = text;
  $('rules-problem').hidden = !text;
}

/** Apply says it is waiting for the server, and cannot send the line twice. */
function drawRulesButtons(form) {
  $('rules-apply').disabled = form.applying;
  $('rules-apply').textContent = form.applying ? 'Applying…' : 'Apply';
}

if (document.body.classList.contains('host')) hostPage();
