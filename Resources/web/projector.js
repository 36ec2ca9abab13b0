// The projector: what a room's observers show a class on the big screen
// (Protocol.md §4, HOST and WATCH: observers). The room's code, the join
// address and a QR code, the names as they arrive, then during a game the
// falling pair, who is still thinking, the truth with how the class did, the
// leaderboard, then the podium, the whole ranking and the hardest words of
// the game (with the right translation of each). The teacher's page
// (host.js) adds its controls around it; the watch page (watch.js) shows it
// as it is. Importing it starts nothing: a page makes its `Projector`.
//
// Everything from the network enters the page as text (textContent), never
// as HTML; the only URLs made from network text (the QR code, the results)
// are built from a room code and a key checked against their alphabet.

import { startFall as startFallOf, stopFall as stopFallOf } from './fall.js';
import { hardestRow, hardestTitle } from './hardest.js';
import { markLanguage } from './languages.js';
import {
  BlockReader, isolated, languagePair, looksLikeCode, rulesText, sameRules, seconds, spokenRoom, withLanguages, withoutCommands,
} from './protocol.js';

const $ = (id) => document.getElementById(id);

/** The podium stays this long before the whole ranking replaces it (and the hardest words, after the ranking's last page). */
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
    this.blocks = new BlockReader(); // ROSTER, TOP and RANKING lines, until their END
    this.locked = false;
    // The room's rules for its next game (RULES), with their list's languages (LANGUAGES): the lobby shows them.
    this.rules = null;
    this.languages = null;
    // The last game's pairs, the hardest first (HARDEST): after its ranking, and between games.
    this.hardest = [];
    this.gamesPlayed = 0;
    this.results = null;
    this.closed = false;
    this.beginGame(null);
  }

  beginGame(info) {
    this.game = info;
    // A game's words are in its list's languages: the rules' when it began (they cannot change during one).
    this.gameLanguages = { from: this.rules?.from ?? 'English', to: this.rules?.to ?? 'Spanish' };
    this.gameOver = false;
    this.countdownEnds = 0;
    this.round = null;
    this.restartWait = ''; // NOTICE restarted: what the pair's place says while a restored game waits
    this.progress = null;
    this.waiting = null;
    this.lastReveal = null;
    this.lastTally = null;
    this.top = [];
    this.ranking = [];
    this.phase = 'podium';
    this.phaseAt = 0;
    this.seenHardest = false;
    this.pageStart = 0; // the ranking's page: the index of its first row
    this.pageShown = 0; // how many rows it shows
    this.pageNumber = 1; // as the teacher counts them: 0 until drawn from the end
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
    const whole = this.blocks.take(m);
    if (whole) this.takeBlock(whole);
    const handler = OBSERVER_LINES[m.type];
    if (handler) handler.call(this, m, receivedAt);
  }

  /** A block, whole: the roster on arrival, a board, the whole ranking. */
  takeBlock({ block, lines }) {
    if (block === 'ROSTER') this.roster = lines.map((m) => m.name);
    if (block === 'TOP') this.top = lines;
    if (block === 'RANKING') this.ranking = lines;
    if (block === 'HARDEST') this.hardest = lines;
  }

  /** The host's seat or the viewer's place is (again) ours: what follows rebuilds the room. */
  entered(room) {
    if (room !== this.room) this.newRoom();
    this.room = room;
    this.closed = false;
    this.round = null;
    this.progress = null;
    this.waiting = null;
    this.blocks.reset();
    this.locked = false; // NOTICE locked follows if it is
    stopFall();
    this.awaitingRoom = true;
  }

  // ---- Time --------------------------------------------------------------------

  /**
   * After a game, the screens follow by themselves: the podium, the ranking a page at a time, then the
   * hardest words, which stay (a page at a time) for the class to talk over. The teacher can go back to any.
   */
  tick() {
    const now = Date.now();
    const over = this.screen === 'over';
    if (over && this.phase === 'podium' && now - this.phaseAt >= PODIUM_MS) {
      if (this.ranking.length > 0) this.showPhase('ranking');
      else if (this.hardest.length > 0) this.showPhase('hardest');
    }
    if (over && (this.phase === 'ranking' || this.phase === 'hardest') && now - this.pageAt >= PAGE_MS) {
      const lastPage = this.pageStart >= 0 && this.pageStart + this.pageShown >= this.phaseRows().length;
      if (this.phase === 'ranking' && lastPage && this.hardest.length > 0 && !this.seenHardest) this.showPhase('hardest');
      else this.turnPage(1);
    }
    if (this.countdownEnds || this.noticeAt) this.render();
  }

  /** The rows the phase on show pages through. */
  phaseRows() {
    return this.phase === 'hardest' ? this.hardest : this.ranking;
  }

  /** The hardest words, from the teacher's button (after a refresh between games too: HARDEST is the last game's). */
  showHardest() {
    if (this.hardest.length === 0) return;
    this.gameOver = true;
    this.showPhase('hardest');
  }

  showPhase(phase) {
    this.phase = phase;
    // Once the class has seen the hardest words, the ranking's pages turn on by themselves as before.
    if (phase === 'hardest') this.seenHardest = true;
    this.phaseAt = Date.now();
    this.pageStart = 0;
    this.pageShown = 0;
    this.pageNumber = 1;
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
    const total = this.phaseRows().length;
    if (step > 0) {
      this.pageStart += Math.max(1, this.pageShown);
      if (this.pageStart >= total) this.pageStart = 0;
      this.pageNumber = this.pageStart === 0 ? 1 : this.pageNumber + 1;
    } else if (this.pageStart > 0) {
      this.pageStart = Math.max(0, this.pageStart - Math.max(1, this.pageShown));
      this.pageNumber = this.pageStart === 0 ? 1 : Math.max(2, this.pageNumber - 1);
    } else {
      this.pageStart = -1; // the last page: drawn from the end
      this.pageNumber = 0;
    }
    this.pageAt = Date.now();
    this.render();
  }

  onKey(event) {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement || this.screen !== 'over'
      || document.querySelector('dialog[open]')) return;
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
    // The game's languages, from the back of the room as on every phone.
    if (this.game) facts.push(languagePair(this.gameLanguages.from, this.gameLanguages.to));
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
    markLanguage($('p-english'), round ? this.gameLanguages.from : 'English');
    markLanguage($('p-spanish'), this.gameLanguages.to);
    fillRows($('p-top'), this.top.map(topRow));
    $('p-top').closest('aside').hidden = this.top.length === 0;
    const progress = this.progress ?? this.progressFromWaiting();
    const answeredShown = Boolean(round && progress);
    $('answered-text').textContent = answeredShown ? `Answered ${progress.answered} of ${progress.playing}` : '';
    $('answered-bar').style.width = answeredShown && progress.playing > 0
      ? `${(100 * Math.min(progress.answered, progress.playing)) / progress.playing}%` : '0%';
    $('answered-bar').parentElement.hidden = !answeredShown;
    $('thinking').textContent = round ? thinkingText(this.waiting) : (this.restartWait ?? '');
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
    const [english, spanish, translation] = [reveal.english, reveal.spanish, reveal.translation].map(isolated);
    const truth = reveal.truth === 'CORRECT'
      ? `✓ Pair ${reveal.n}: ${english} = ${spanish} was correct`
      : `✗ Pair ${reveal.n}: ${english} = ${spanish} was wrong: it is ${translation}`;
    $('reveal-truth').textContent = truth;
    $('reveal').className = `reveal ${reveal.truth === 'CORRECT' ? 'right' : 'wrong'}`;
    const tally = this.lastTally;
    const all = tally ? tally.right + tally.wrong + tally.timeout : 0;
    $('reveal-tally').textContent = tally && tally.n === reveal.n && all > 0
      ? `${tally.right} of ${all} got it right · ${tally.wrong} wrong · ${tally.timeout} too slow` : '';
  }

  renderOver() {
    const entries = this.ranking.length ? this.ranking : this.top.map((e) => ({ ...e, outAt: 0 }));
    const showsHardest = this.phase === 'hardest' && this.hardest.length > 0;
    const showsPodium = !showsHardest && (this.phase === 'podium' || this.ranking.length === 0);
    $('podium-box').hidden = !showsPodium;
    $('ranking-box').hidden = showsPodium || showsHardest;
    $('hardest-box').hidden = !showsHardest;
    $('over-title').textContent = entries.length || showsHardest ? 'Game over' : 'Game over: nobody finished this game';
    if (showsHardest) this.renderHardest();
    else if (showsPodium) this.renderPodium(entries.slice(0, 3));
    else this.renderRanking(entries);
  }

  /**
   * The hardest words, a page at a time as the ranking: each pair's word, its right translation (and the
   * wrong one shown, where it was), and how many got it right of those who played it. The rows that fit the
   * screen's height make a page (nobody scrolls a projector); narrower than FITTED, all of them, scrolled.
   */
  renderHardest() {
    const lines = this.hardest;
    const body = $('hardest-rows');
    const { from, to } = this.gameLanguages ?? { from: 'English', to: 'Spanish' };
    $('hardest-from').textContent = from;
    const note = document.createElement('span');
    note.className = 'h-note';
    note.textContent = 'the right translation';
    $('hardest-to').replaceChildren(to, note);
    if (this.pageStart < 0) this.pageStart = Math.max(0, lines.length - Math.max(1, this.pageShown || lines.length));
    if (this.pageStart >= lines.length) this.pageStart = 0;
    const start = this.pageStart;
    const key = JSON.stringify([lines, start, from, to, innerWidth, innerHeight, FITTED.matches]);
    if (body.dataset.key !== key) {
      body.dataset.key = key;
      body.replaceChildren(...lines.slice(start).map((line) => hardestRowElement(line, from, to)));
      if (FITTED.matches) {
        const frame = body.closest('.hardest-frame');
        const bottom = () => frame.getBoundingClientRect().bottom + 1;
        while (body.rows.length > 1 && body.rows[body.rows.length - 1].getBoundingClientRect().bottom > bottom()) {
          body.rows[body.rows.length - 1].remove();
        }
      }
      this.pageShown = body.rows.length;
    }
    const shown = this.pageShown;
    if (start === 0) this.pageNumber = 1;
    else if (this.pageNumber === 0) this.pageNumber = Math.ceil(start / Math.max(1, shown)) + 1;
    const pages = this.pageNumber - 1 + Math.max(1, Math.ceil((lines.length - start) / Math.max(1, shown)));
    const title = hardestTitle(lines);
    $('hardest-title').textContent = pages > 1
      ? `${title} (${start + 1}–${start + shown}, page ${this.pageNumber} of ${pages})` : title;
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
    // Counted as the pages were turned, not from the first row's index: a layout that changed on the way (a notice
    // faded, the results links came) must not make page 1 be followed by "page 3 of 4".
    if (start === 0) this.pageNumber = 1;
    else if (this.pageNumber === 0) this.pageNumber = Math.ceil(start / perPage) + 1;
    const page = this.pageNumber;
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
  ARRIVED(m) { if (!this.roster.includes(m.name)) this.roster.push(m.name); },
  DEPARTED(m) { this.roster = this.roster.filter((name) => name !== m.name); },
  NOTICE(m) {
    // A game the server took up after a restart waits for its players: said under the pair until the pair comes.
    if (m.event === 'restarted') this.restartWait = withoutCommands(m.text);
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
    this.hardest = []; // the game before's: the next HARDEST is this game's
    this.gamesPlayed += 1;
    // The results links stay: the server serves the last saved game's files until the next is saved (§11).
  },
  STARTING(m) { this.countdownEnds = Date.now() + m.ms; },
  // Right before every RULES: the languages of the list it names.
  LANGUAGES(m) { this.languages = m; },
  RULES(line) {
    const m = withLanguages(line, this.languages);
    // Changed after a game, while the podium or the ranking is up: the room event line says so.
    if (this.rules && !sameRules(this.rules, m) && this.screen === 'over') {
      this.notice(`New rules for the next game: ${rulesText(m)}`);
    }
    this.rules = m;
  },
  ROUND(m, receivedAt) {
    this.round = { ...m, at: receivedAt };
    this.restartWait = '';
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
  GAMEOVER() {
    this.gameOver = true;
    this.round = null;
    this.waiting = null;
    this.countdownEnds = 0;
    stopFall();
    this.showPhase('podium');
  },
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

/** A row of the hardest words' table: the words in their languages' tags, each taking its own direction. */
function hardestRowElement(line, from, to) {
  const row = hardestRow(line);
  const tr = document.createElement('tr');
  const cell = (text, className, language) => {
    const td = document.createElement('td');
    td.className = className;
    td.textContent = text;
    if (language !== undefined) markLanguage(td, language);
    tr.append(td);
    return td;
  };
  cell(row.rank, 'h-rank');
  cell(row.english, 'h-word', from);
  const translation = cell(row.translation, 'h-word', to);
  if (row.shown) {
    const shown = document.createElement('span');
    shown.className = 'h-shown';
    shown.textContent = 'shown: ';
    const word = document.createElement('bdi');
    word.textContent = row.shown;
    shown.append(word);
    translation.append(' ', shown);
  }
  cell(row.right, 'h-count h-right');
  cell(row.wrong, 'h-count h-wrong');
  cell(row.timeout, 'h-count h-timeout');
  return tr;
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

/**
 * Shows the link's state in the header: a projector that lost the server says so, and for how long (not a
 * count of tries, which on a long outage only grows), and comes back by itself.
 */
export function showLinkStatus(status, detail) {
  const element = $('connection');
  element.hidden = status !== 'reconnecting';
  if (status !== 'reconnecting') return;
  const seconds = Math.max(0, Math.round((Date.now() - detail.since) / 1000));
  const lasted = seconds < 120 ? `${seconds} s` : `${Math.floor(seconds / 60)} min`;
  element.textContent = detail.restarting
    ? `The server is restarting… the room is kept (${lasted}).`
    : `Connection lost — reconnecting… (${lasted})`;
}
