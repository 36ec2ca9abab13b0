// The students' page (`/`): join a room with a code and a name, play the
// falling pairs with two big buttons (or → / ← and y / n), see the verdict
// after each pair and the whole game at the end. A refresh, a closed tab or
// a lost network takes the seat back by itself (RESUME) while the server
// holds it. On a fleet of servers, a room or a seat on another server
// (MOVED) takes the page there, where it joins or takes the seat back by
// itself (followMove). With no class, **Practice alone** plays a game with
// nobody else on any list of the server, starting with the words the student
// missed in their last game (practice.js keeps them).
//
// Everything from the network enters the page as text (textContent), never
// as HTML.

import { Link, takeMoveFragment } from './link.js';
import { pauseFall as pauseFallOf, startFall as startFallOf, stopFall as stopFallOf } from './fall.js';
import { seats } from './seats.js';
import { endStatus, keptOpenPair, pairItems, saidFromVerdict, VERDICTS, verdictLine } from './review.js';
import { markLanguage } from './languages.js';
import { missedStore, missedWords, practiceCommand } from './practice.js';
import {
  BlockReader, commandWithName, isRoomName, languagePair, looksLikeResumeCode, MAX_MOVES, movedPage, nameProblem, readingFloorMs,
  rulesText, sameRules, seconds, spokenRoom, typedText, withLanguages, withoutCommands,
} from './protocol.js';

const $ = (id) => document.getElementById(id);

// ---- Seats kept across reloads, closed tabs and crashes ---------------------
//
// seats.js keeps every seat this browser has; sessionStorage says which one
// is this tab's, so a refresh takes back its own. A tab opened later asks the
// open tabs which seats they play (BroadcastChannel) and takes back only one
// nobody plays.

const TAB_SEAT_KEY = 'wordgame.seat';
const NAME_KEY = 'wordgame.name';
/** The pairs of a game kept with a seat, at most: enough for any real lesson, small enough for storage. */
const KEPT_PAIRS = 300;

const tabs = 'BroadcastChannel' in window ? new BroadcastChannel('wordgame.seats') : null;
if (tabs) {
  tabs.addEventListener('message', (event) => {
    if (event.data === 'who' && state.seat) tabs.postMessage({ mine: state.seat.code });
  });
}

/** The seat codes other open tabs play now (asked, and answered within a moment). */
function seatsOfOtherTabs() {
  if (!tabs) return Promise.resolve(new Set());
  const codes = new Set();
  const listen = (event) => { if (event.data && typeof event.data.mine === 'string') codes.add(event.data.mine); };
  tabs.addEventListener('message', listen);
  tabs.postMessage('who');
  return new Promise((resolve) => setTimeout(() => {
    tabs.removeEventListener('message', listen);
    resolve(codes);
  }, 300));
}

/**
 * The seat to take back on opening the page: this tab's own, or one no open tab plays. A link that names
 * a room (a QR code, a code the teacher shared) wins: only a seat in that room is taken back.
 */
async function seatToResume(roomFromLink) {
  const all = seats.live();
  const linked = roomFromLink?.toLowerCase();
  const own = sessionStorage.getItem(TAB_SEAT_KEY);
  if (own && all[own] && (!linked || all[own].room === linked)) return all[own];
  const candidates = Object.values(all).filter((seat) => !linked || seat.room === linked);
  if (candidates.length === 0) return null;
  const taken = await seatsOfOtherTabs();
  const free = candidates.filter((seat) => !taken.has(seat.code)).sort((a, b) => b.seenAt - a.seenAt);
  return free[0] ?? null;
}

// ---- State -------------------------------------------------------------------

const state = {
  name: '',
  room: '', // the server's name for it (lower case)
  me: 'OUTSIDE',
  roomInfo: null,
  members: { total: 0, names: [] },
  // The room's rules for its next game (RULES), with their list's languages (LANGUAGES), shown in the lobby.
  rules: null,
  languages: null,
  /** The game's list and its languages, as the rules said when it began (they cannot change during a game). */
  gameList: { list: 'default', from: 'English', to: 'Spanish' },
  /**
   * Practice alone: {choosing, lists, chosen} while the student picks a list (lists: the server's LIST
   * lines, null until they come); `inPractice`, the room is the student's practice room.
   */
  practice: null,
  inPractice: false,
  seat: null, // {code, grace}
  /** What the join form waits for: {code, name} until OK JOIN or an error. */
  joining: null,
  resuming: false,
  /** The game record kept with the seat, to merge back after RESUME. */
  savedGame: null,
  stopped: false, // a BYE ended the session: no reconnection until asked
  game: null,
  /**
   * The pair on screen: {n, pairs, english, spanish, ms, at, endsAt}, and
   * `closedForMe` when it is open in the room but no longer ours to answer
   * (after RESUME: answered, or our time is up), so it does not fall.
   */
  round: null,
  /** The pair open in the room, as the server last said (ROUND, PROGRESS, or SCORE after RESUME); null when unknown. */
  openPair: null,
  /** The last pair revealed on this connection: the header's number between two pairs. */
  lastRevealed: 0,
  pressed: null,
  /** Whether the answer to the pair on screen went to an open link, and whether the server took it (OK ANSWER). */
  answerSent: false,
  answerTaken: false,
  /** The open pair as this page knew it before a reload or a drop (kept with the seat), until RESUME's lines say what became of it. */
  carried: null,
  /** After RESUME's SCORE: the open pair's ROUND follows the leaderboard if the pair is still ours to answer (§4, RESUME). */
  afterScore: false,
  // A server that restarted with the lesson kept: its game waits for its players, then plays the open pair again
  // (NOTICE restarted, Protocol.md §4 "A server that restarts"). What the status line says meanwhile; '' otherwise.
  restartWait: '',
  /** Between OK RESUME and its YOU line: a YOU LOBBY then means the game ended while the link was down. */
  afterResume: false,
  timeUp: false,
  /** Until when the status line says a tap came too soon for the pair on screen (performance.now()). */
  tooSoonUntil: 0,
  progress: null,
  said: {},
  history: [],
  correct: 0,
  wrong: 0,
  rank: 0,
  ranked: 0,
  top: [],
  final: null,
  outAfter: null,
  countdownEnds: 0,
  gameProblem: '',
  notice: '',
  /** What the notice on show is about, when something clears it early: 'rules' (new rules, until the game). */
  noticeKind: '',
  sentOutBecause: '',
  message: null, // {title, text, button, action}
  /** MOVED just read: its ERROR moved follows, and decides (followMove). */
  moved: null,
  /** How many servers sent this page on in a row (MOVED), counted in the address it came by; 0 once in a room. */
  moves: 0,
  /** Going to another server's page: nothing more is sent, and a closing link is no news. */
  leaving: false,
};

/** The longest name the join form takes (its maxlength): a name that came after `#` is held to it too. */
const NAME_MAX = 64;
/** A RESUME the directory could not answer (`ERROR directory-down`) is tried again after this long, within the seat's grace. */
const DIRECTORY_RETRY_MS = 3000;

const link = new Link({ onMessage: receive, onStatus: linkStatus });
link.reopenLines = () => (state.seat && !state.stopped ? [`RESUME ${state.seat.code}`] : null);
link.graceMs = () => (state.seat ? state.seat.grace * 1000 : 0);
// A game on or a countdown running: a link that hangs must show within seconds (link.js, WATCHFUL_*).
link.watchful = () => Boolean(state.game && !state.final) || state.countdownEnds > Date.now();

// ---- Messages --------------------------------------------------------------

function receive(message, receivedAt) {
  // After RESUME's SCORE and leaderboard, the first other line is the open pair's ROUND, or it is not ours to answer.
  if (state.afterScore && !isTopLine(message)) {
    state.afterScore = false;
    // A restored game waits between two pairs: no pair is open, and the one that was is played again.
    if (message.type === 'NOTICE' && message.event === 'restarted') waitForTheReplay();
    else if (message.type !== 'ROUND') noRoundAfterResume();
  }
  const whole = blocks.take(message);
  if (whole) takeBlock(whole);
  const handler = handlers[message.type];
  if (handler) handler(message, receivedAt);
  if (state.seat && message.type !== 'BYE') keepSeatFresh();
  render();
}

/** The lines between RESUME's SCORE and the open pair's ROUND: the game so far (PLAYED), then the leaderboard. */
/** TOP and PLAYED lines, kept until their END (blocks, takeBlock). */
const blocks = new BlockReader();

function takeBlock({ block, lines }) {
  if (block === 'TOP') state.top = lines;
  if (block === 'PLAYED') played(lines);
  if (block === 'LIST' && state.practice) practiceLists(lines);
}

const isTopLine = (m) => m.type === 'TOP' || m.type === 'PLAYED' || (m.type === 'END' && (m.block === 'TOP' || m.block === 'PLAYED'));

const handlers = {
  OK: ok,
  ERROR: error,
  TOKEN(m) {
    if (!looksLikeResumeCode(m.code) || m.grace < 1) return;
    state.seat = { code: m.code.toUpperCase(), grace: m.grace };
    sessionStorage.setItem(TAB_SEAT_KEY, state.seat.code);
    seats.save({ code: state.seat.code, room: state.room, name: state.name, grace: m.grace, seenAt: Date.now(),
      game: seats.read()[state.seat.code]?.game ?? null });
  },
  ROOM(m) {
    // A practice room is named `practice.<n>` (§4 PRACTICE), a name no room that others join can have.
    state.inPractice = isPracticeRoom(m.room);
    if (state.inPractice && state.room !== m.room) {
      state.room = m.room;
      if (state.seat) seats.update(state.seat.code, { room: m.room }); // TOKEN came before the room's name
    }
    state.roomInfo = m;
    if (m.state !== 'STARTING') state.countdownEnds = 0;
  },
  MEMBERS(m) { state.members = { total: m.total, names: m.names }; },
  YOU(m) {
    if (m.state === 'OUTSIDE' && state.me !== 'OUTSIDE') sentOut();
    if (m.state === 'OUT' && state.me !== 'OUT') state.outAfter = state.lastRevealed;
    state.me = m.state;
    if (state.afterResume) {
      state.afterResume = false;
      if (m.state === 'LOBBY') gameEndedWhileAway();
    }
  },
  STARTING(m) { state.countdownEnds = Date.now() + m.ms; },
  // Right before every RULES: the languages of the list it names.
  LANGUAGES(m) { state.languages = m; },
  RULES(line) {
    const m = withLanguages(line, state.languages);
    // New rules after a game, while the end dialog is up: said, not only drawn in a lobby not shown yet.
    if (state.rules && !sameRules(state.rules, m) && (!state.game || state.final)) {
      showNotice(`New rules for the next game: ${rulesText(m)}`, 'rules');
    }
    state.rules = m;
  },
  GAME(m) {
    beginGame(m);
    // The new rules are the game's now: said under the pair, the news would only cover the status line.
    if (state.noticeKind === 'rules') clearNotice();
  },
  ROUND: newRound,
  // Once we answered, only a count sent after our answer was taken (OK ANSWER) includes it.
  PROGRESS(m) {
    // The pair's number, for a page that came back without its ROUND (out, or already answered).
    if (m.n > state.lastRevealed && (!state.game || m.n <= state.game.pairs)) state.openPair = m.n;
    if (state.round && state.round.n === m.n && (!state.pressed || state.answerTaken)) state.progress = m;
  },
  REVEAL: reveal,
  RESULT: result,

  GAMEOVER(m) {
    state.final = m;
    state.round = null;
    state.openPair = null;
    stopFall();
    keepGameWithSeat();
    keepMissedWords();
  },
  SCORE(m) {
    state.correct = m.correct;
    state.wrong = m.wrong;
    state.rank = m.rank;
    state.ranked = m.ranked;
    takeBackOpenPair();
    // Out now, and the page did not see it happen (a drop, a reload): PLAYED, next, says after which pair.
    if (state.me === 'OUT' && state.outAfter === null) state.outAfter = 0;
    // The open pair is the one after the last PLAYED (END PLAYED); none yet before the first reveal.
    state.openPair = state.me === 'PLAYING' && state.game ? 1 : null;
    state.afterScore = true;
  },
  NOTICE: notice,
  BYE: bye,
  MOVED(m) { state.moved = m; },
};

function ok(m) {
  switch (m.what) {
    case 'NAME':
      state.name = m.name;
      if (state.joining) state.joining.replies -= 1;
      break;
    case 'PRACTICE':
      // A room of our own: its name comes in the ROOM line that follows.
      state.inPractice = true;
      state.practice = null;
      state.joining = null;
      state.moves = 0;
      state.sentOutBecause = '';
      break;
    case 'JOIN':
      state.inPractice = false;
      state.room = m.room;
      state.joining = null;
      state.moves = 0;
      state.sentOutBecause = '';
      try { localStorage.setItem(NAME_KEY, state.name); } catch { /* not kept */ }
      break;
    case 'ANSWER':
      if (state.round && state.round.n === m.n) {
        state.answerTaken = true;
        keepGameWithSeat();
      }
      break;
    case 'RESUME':
      state.name = m.name;
      state.room = m.room;
      state.resuming = false;
      state.stopped = false;
      state.message = null;
      state.moves = 0;
      // The pairs seen before the drop and the pair open then, kept with the seat (after a reload too):
      // SCORE says whether they still belong to the game, and RESUME's ROUND whether the open pair is still ours.
      state.savedGame = state.seat ? seats.read()[state.seat.code]?.game ?? null : null;
      beginGame(null);
      state.afterResume = true;
      link.resumed();
      break;
    default:
      break;
  }
}

/** The server's errors, in words for a player with buttons rather than commands. */
function error(m) {
  const place = state.moved;
  state.moved = null;
  if (state.leaving) return;
  if (m.code === 'moved') { followMove(place, m); return; }
  if (state.joining) {
    // NAME and JOIN went together: the first refusal is the one to show (a refused NAME makes JOIN's `no-name`).
    const joining = state.joining;
    joining.replies -= 1;
    if (!joining.refused) {
      joining.refused = true;
      joinRefused(m);
    }
    if (joining.replies <= 0) state.joining = null;
    return;
  }
  const room = spokenRoom(state.room);
  switch (m.code) {
    case 'bad-code':
      seatGone(`Your seat in room ${room} is no longer held: the time to come back ran out, or you left.`);
      return;
    case 'room-gone':
      // A fleet's server that held the room stopped for good: the server's words say so, and what to do.
      seatGone(withoutCommands(m.text));
      return;
    case 'slow-down': link.retryLater(6000); return;
    case 'directory-down':
      // RESUME of a seat not held here, and the fleet's directory cannot say where it is: said, and tried again
      // while the seat's grace lasts (a JOIN's is said on the join form, above, and the student presses Join again).
      showNotice(m.text);
      if (link.reconnect) link.retryLater(DIRECTORY_RETRY_MS);
      return;
    case 'server-full':
      // The connection is refused (BYE and a close follow): said in the server's words; a reconnection tries again.
      if (link.reconnect) showNotice(withoutCommands(m.text));
      else joinProblem(withoutCommands(m.text));
      return;
    case 'too-late': state.gameProblem = 'Too late: that pair counts as a timeout.'; return;
    case 'already-answered':
      // The page sends one answer a pair, again only after a drop: so this is our own answer, which got there first.
      if (state.round && state.pressed) state.answerTaken = true;
      else state.gameProblem = 'You already answered this pair.';
      return;
    case 'wrong-round': case 'no-round': state.gameProblem = 'That pair had already closed.'; return;
    case 'not-playing':
      state.gameProblem = state.me === 'OUT' ? 'You are out of this game: you watch it to the end.'
        : 'You joined during this game: you watch it and play from the next one.';
      return;
    case 'not-host': showNotice('Only the host starts the game.'); return;
    case 'no-players': showNotice('Nobody else has joined yet.'); return;
    case 'game-on': showNotice('A game is on: wait for it to end.'); return;
    default: showNotice(withoutCommands(m.text));
  }
}

function joinRefused(m) {
  if (state.joining.practice) { practiceProblem(withoutCommands(m.text)); return; }
  const code = spokenRoom(state.joining.code);
  const words = {
    'bad-name': withoutCommands(m.text),
    'name-taken': `Someone in room ${code} already has that name, or one that looks the same. Choose another `
      + '(if it was you a moment ago, your old seat is kept for a minute).',
    'no-room': `There is no room ${code}. Check the code on the board.`,
    'room-locked': `Room ${code} is locked: the host lets nobody new in now. Ask them to let you in.`,
    'bad-room': 'A room code is letters and digits, like K7PX.',
    'too-many-rooms': 'The server has no space for another room: check the code on the board.',
  };
  joinProblem(words[m.code] ?? withoutCommands(m.text));
}

/**
 * ERROR moved, after its MOVED (Protocol.md §4 "A fleet of servers"): the
 * room this page joins, or the seat it takes back, is on another server.
 * The page goes to that server's own page (a page's WebSocket talks only to
 * the server it came from, §11), which joins or takes the seat back by
 * itself. The name and the resume code go after `#`, which no server sees
 * or logs, with the count of servers that sent the page on in a row: past
 * MAX_MOVES, or when that server has no web port, or without a MOVED this
 * page could check, the server's own text says where to go. The address is
 * only ever movedPage's, built from MOVED's checked fields.
 */
function followMove(place, m) {
  const joining = state.joining;
  const seat = !joining && link.reconnect && state.seat ? state.seat : null;
  const hop = state.moves + 1;
  let target = null;
  if (place && state.moves < MAX_MOVES) {
    if (joining) target = movedPage(place, '/', { room: joining.code }, { hop, name: joining.name }, location.origin);
    if (seat) {
      target = movedPage(place, '/', { room: spokenRoom(state.room) }, { hop, name: state.name, resume: seat.code }, location.origin);
    }
  }
  if (!target) {
    if (joining) {
      state.joining = null;
      joinProblem(m.text);
    } else if (seat) {
      seatGone(m.text);
    } else {
      showNotice(m.text);
    }
    return;
  }
  const room = spokenRoom(joining ? joining.code : state.room);
  if (seat) {
    // The seat is that server's page's to keep from now on; kept here too, this page would try it again on opening.
    forgetSeat();
    showMessage(`Your seat in room ${room} is on another server — taking you there…`,
      `You take it back there by yourself${state.name ? `, as ${state.name}` : ''}.`);
  } else {
    showMessage(`Room ${room} is on another server — taking you there…`, `You join there by yourself, as ${joining.name}.`);
  }
  state.leaving = true;
  state.joining = null;
  link.close();
  render();
  location.replace(target);
}

function notice(m) {
  if (m.event === 'restarted') {
    // Said until the pair comes (the status line), not for a notice's few seconds: others' comings and goings follow.
    state.restartWait = withoutCommands(m.text);
    return;
  }
  const room = spokenRoom(state.room);
  let text = m.text;
  if (m.event === 'removed' && m.text.startsWith('You were removed')) text = `You were removed from room ${room} by the host.`;
  if (m.event === 'closed') text = `The host closed room ${room}.`;
  // To the one removed, or to all when the room closes: why YOU OUTSIDE follows, said on the join form.
  const sendsUsOut = (m.event === 'removed' && m.text.startsWith('You were removed')) || m.event === 'closed';
  if (sendsUsOut) state.sentOutBecause = text;
  // The game appearing says it started.
  if (m.event !== 'started' && !sendsUsOut) showNotice(text);
}

function bye(m) {
  if (link.reconnect) return; // a refused attempt (server full): the link tries again
  if (!state.seat) { link.close(); return; }
  // Our seat was taken over (another tab or device), or the server stops: say so, and let the player decide.
  state.stopped = true;
  link.close();
  showMessage('Disconnected', withoutCommands(m.text), 'Take my seat back here', () => {
    state.stopped = false;
    state.message = null;
    link.reconnectNow();
    render();
  });
}

/** YOU OUTSIDE: removed, the room closed, or we left. The seat is given up. */
function sentOut() {
  const room = spokenRoom(state.room);
  const why = state.sentOutBecause || `You left room ${room}.`;
  const problem = Boolean(state.sentOutBecause);
  clearNotice(); // "Álvaro left." belongs to a room this page is no longer in
  forgetSeat();
  resetRoom();
  joinProblem(why, problem);
}

function seatGone(text) {
  forgetSeat();
  link.stopReconnecting('offline');
  state.resuming = false;
  state.message = null;
  resetRoom();
  joinProblem(text);
}

function forgetSeat() {
  if (state.seat) seats.remove(state.seat.code);
  sessionStorage.removeItem(TAB_SEAT_KEY);
  state.seat = null;
}

function resetRoom() {
  state.inPractice = false;
  state.room = '';
  state.me = 'OUTSIDE';
  state.roomInfo = null;
  state.members = { total: 0, names: [] };
  state.countdownEnds = 0;
  beginGame(null);
}

// ---- The game ----------------------------------------------------------------

function beginGame(info) {
  state.game = info;
  if (info) state.gameList = { list: state.rules?.list ?? 'default', from: state.rules?.from ?? 'English', to: state.rules?.to ?? 'Spanish' };
  state.final = null;
  state.round = null;
  state.openPair = null;
  state.lastRevealed = 0;
  state.pressed = null;
  state.answerSent = false;
  state.answerTaken = false;
  state.carried = null;
  state.afterScore = false;
  state.progress = null;
  state.said = {};
  state.history = [];
  state.correct = 0;
  state.wrong = 0;
  state.rank = 0;
  state.ranked = 0;
  state.top = [];
  blocks.reset();
  state.outAfter = null;
  state.countdownEnds = 0;
  state.gameProblem = '';
  state.restartWait = '';
  $('verdict').textContent = '';
  $('verdict').className = 'verdict';
  stopFall();
  if (info) keepGameWithSeat();
}

function newRound(m, receivedAt) {
  // `endsAt` on the wall clock, so that a reloaded page can tell whether the pair's time is over.
  state.round = { ...m, at: receivedAt, endsAt: Date.now() + m.ms - (performance.now() - receivedAt) };
  state.openPair = m.n;
  state.pressed = null;
  state.answerSent = false;
  state.answerTaken = false;
  state.progress = null;
  state.timeUp = false;
  state.tooSoonUntil = 0;
  state.gameProblem = '';
  state.restartWait = '';
  startFall(m.ms, receivedAt);
  // The first frame that draws the pair: a tap made before it, or within the reading floor after it, was meant for the pair before.
  const round = state.round;
  requestAnimationFrame((frame) => { round.shownAt = frame; });
  const carried = state.carried;
  state.carried = null;
  // RESUME gave the pair back with our time left: an answer made while the link was down,
  // or one the server never confirmed before the drop, goes now.
  if (carried && carried.n === m.n && carried.said && !carried.taken) {
    state.pressed = carried.said;
    state.said[m.n] = carried.said;
    sendAnswer();
  }
  keepGameWithSeat();
}

/**
 * The player's answer to the open pair.
 *
 * A tap while the link is down is kept, shown as not sent yet, and sent
 * when the seat is back, only if RESUME gives this pair back (its ROUND: the
 * pair is still open and still ours). We keep it rather than refuse it
 * because the server holds the seat and the pair for that player's own time
 * (§4 RESUME, §7): a Wi-Fi blip of a second should not cost a pair the
 * player did judge in time. It is honest because the page never says
 * "Answered ✓" before the server's OK ANSWER: until then it says "not sent
 * yet" (link down) or "sending" (link up), and if the pair closes first it
 * says so, and the pair's result (a timeout) agrees.
 */
function answer(choice, at = performance.now()) {
  if (!canAnswer()) return;
  if (tooSoon(at)) {
    // Said on the status line for a moment; nothing is sent, and the pair is still ours to answer.
    state.tooSoonUntil = performance.now() + TOO_SOON_SHOWN_MS;
    render();
    return;
  }
  state.pressed = choice;
  state.answerTaken = false;
  state.progress = null; // counted before our answer: the next PROGRESS says how many others still think
  state.said[state.round.n] = choice;
  sendAnswer();
  keepGameWithSeat();
  render();
}

/** Sends the pressed answer, naming its pair (§7: a named answer never lands on the next pair), if the link is up. */
function sendAnswer() {
  state.answerSent = link.connected && link.send(`ANSWER ${state.round.n} ${state.pressed}`);
  // The word stops where it was once the answer is on its way; a kept answer's time still runs.
  if (state.answerSent) pauseFall();
}

/** A press of a button is one tap from its pointerdown to its click, unless that took longer than this (a finger that slid off, then a key). */
const PRESS_MS = 10000;

/** How long "Too soon…" stays on the status line. */
const TOO_SOON_SHOWN_MS = 2500;

/**
 * Whether a tap or key at `at` (an event's timeStamp) came before the open pair was on the screen, or within
 * its reading floor (Protocol.md §7): a tap as the pair changes, made while the one before was on the
 * screen, would otherwise count for a pair the player never read. The page names the pair it answers, so
 * the server, which cannot know when a pair was drawn, leaves this to the page.
 */
function tooSoon(at) {
  const shown = state.round?.shownAt;
  return !shown || at < shown + readingFloorMs(state.game?.roundMs ?? state.round.ms);
}

function canAnswer() {
  return currentView() === 'game' && state.round !== null && !state.round.closedForMe && state.pressed === null
    && state.me === 'PLAYING';
}

/**
 * RESUME gave no ROUND: the open pair is not ours to answer any more (§4
 * RESUME), because our answer is in or our time is up. What the page kept of
 * that pair says which, where it can; otherwise it says only what is sure.
 */
function noRoundAfterResume() {
  const carried = state.carried;
  state.carried = null;
  const n = state.openPair;
  if (state.me !== 'PLAYING' || !n) return; // out or watching: the status says so, and the next line gives the pair
  const known = carried && carried.n === n ? carried : null;
  state.round = { n, pairs: state.game.pairs, english: known?.english ?? '', spanish: known?.spanish ?? '', ms: 0, at: 0,
    endsAt: known?.endsAt ?? 0, closedForMe: true };
  state.pressed = known?.said ?? null;
  state.answerSent = Boolean(known?.sent);
  // An answer that went out while the pair's time still runs, now not ours to answer: the server has it.
  const timeLeft = known ? known.endsAt - Date.now() : 0;
  state.answerTaken = Boolean(known?.said && (known.taken || (known.sent && timeLeft > RESUME_MARGIN_MS)));
  if (state.answerTaken) return; // "Answered ✓ — waiting…"
  const lost = carried && carried.n < n && carried.said && !carried.taken
    ? `Your answer to pair ${carried.n} was not sent: that pair closed while the connection was down. ` : '';
  if (known?.said && known.sent) state.gameProblem = `Your answer may not have reached the server in time: pair ${n}'s result will tell.`;
  else if (known?.said) state.gameProblem = `Your answer was not sent: your time for pair ${n} ran out while the connection was down.`;
  else state.gameProblem = `${lost}Your time for pair ${n} is up. Its result comes when the others have answered.`;
}

/**
 * RESUME into a game the server took up again after a restart: no pair is open. The one that was is played
 * again from the start, so nothing this page kept of it counts: not a tap, not a time that ran out.
 */
function waitForTheReplay() {
  state.carried = null;
  state.round = null;
  state.pressed = null;
  state.answerSent = false;
  state.answerTaken = false;
  state.gameProblem = '';
  stopFall();
}

/** How much of a pair's time must be left for the page to be sure the server still counted it (a network's delay). */
const RESUME_MARGIN_MS = 500;

/**
 * RESUME put us in the lobby while this page had a game on: the game ended
 * while the link was down, and the server does not send a finished game's
 * score again. The end dialog says so, with what the page knew.
 */
function gameEndedWhileAway() {
  const saved = state.savedGame;
  state.savedGame = null;
  const rules = typeof saved?.rules === 'string' ? saved.rules.split(' ').map(Number) : [];
  // The third rule, out after N wrong, is 0 when nobody is ever out (Protocol.md §5, GAME).
  if (!saved || saved.over || rules.length !== 4 || !rules.every((x, i) => Number.isInteger(x) && (x > 0 || i === 2))) return;
  beginGame({ pairs: rules[0], roundMs: rules[1], maxIncorrect: rules[2], players: rules[3] });
  state.history = Array.isArray(saved.history) ? saved.history.filter((e) => e && Number.isInteger(e.n)) : [];
  state.said = saved.said && typeof saved.said === 'object' ? saved.said : {};
  state.outAfter = Number.isInteger(saved.outAfter) ? saved.outAfter : null;
  state.correct = Number.isInteger(saved.correct) ? saved.correct : 0;
  state.wrong = Number.isInteger(saved.wrong) ? saved.wrong : 0;
  state.final = { missed: true, rank: 0, ranked: 0, correct: state.correct, wrong: state.wrong, ms: 0 };
  keepGameWithSeat();
}

function reveal(m) {
  const entry = { n: m.n, english: m.english, spanish: m.spanish, truth: m.truth, translation: m.translation,
    said: state.said[m.n] ?? null, verdict: null, as: state.me };
  state.history = state.history.filter((old) => old.n !== m.n).concat(entry);
  state.lastRevealed = Math.max(state.lastRevealed, m.n);
  if (state.openPair === m.n) state.openPair = null;
  if (state.round && state.round.n === m.n) {
    state.round = null;
    stopFall();
  }
  // A player still in gets RESULT next, with the verdict; others see the truth alone.
  if (state.me !== 'PLAYING') showVerdict(entry);
  keepGameWithSeat();
}

/**
 * RESUME's account of the game so far (§5 PLAYED), after SCORE: every pair revealed, and how the
 * server judged this player on it. It replaces what the page kept (a new browser after a crash kept
 * nothing), so the review lists every pair as it really went, those missed while away included.
 */
function played(lines) {
  state.history = lines.map((m) => {
    const verdict = m.outcome === 'OUT' ? null : m.outcome;
    const entry = { n: m.n, english: m.english, spanish: m.spanish, truth: m.truth, translation: m.translation, said: null,
      verdict, as: verdict ? 'PLAYING' : 'OUT' };
    entry.said = saidFromVerdict(entry);
    state.said[m.n] = entry.said;
    return entry;
  });
  const last = Math.max(0, ...state.history.map((e) => e.n));
  state.lastRevealed = Math.max(state.lastRevealed, last);
  // The verdict line says again how the pair before went, as it did before the reload or the crash.
  const before = state.history.find((e) => e.n === last);
  if (before) showVerdict(before);
  // A player still in: the pair open now is the one after the last revealed (§4 RESUME).
  if (state.me === 'PLAYING' && state.game) state.openPair = last < state.game.pairs ? last + 1 : null;
  if (state.me === 'OUT') {
    // Out: after the pair before the first they watched.
    const watched = state.history.find((e) => e.as === 'OUT');
    state.outAfter = watched ? watched.n - 1 : last;
  }
  keepGameWithSeat();
}

function result(m) {
  state.correct = m.correct;
  state.wrong = m.wrong;
  state.rank = m.rank;
  state.ranked = m.ranked;
  const entry = state.history.find((e) => e.n === m.n);
  if (!entry) return;
  entry.verdict = m.verdict;
  showVerdict(entry);
  keepGameWithSeat();
}

/** The verdict region (aria-live): symbol and words, never colour alone. */
function showVerdict(entry) {
  const verdict = VERDICTS[entry.verdict];
  const element = $('verdict');
  element.textContent = verdictLine(entry);
  element.className = `verdict ${verdict ? verdict.style : 'neutral'}`;
}

// ---- Keeping the seat and the game across a reload ---------------------------

let lastFreshWrite = 0;
function keepSeatFresh() {
  const now = Date.now();
  if (now - lastFreshWrite < 2000) return;
  lastFreshWrite = now;
  seats.update(state.seat.code, { seenAt: now, room: state.room, name: state.name });
}

function keepGameWithSeat() {
  if (!state.seat || !state.game) return;
  const g = state.game;
  const round = state.round;
  seats.update(state.seat.code, {
    game: {
      rules: [g.pairs, g.roundMs, g.maxIncorrect, g.players].join(' '),
      history: state.history.slice(-KEPT_PAIRS),
      said: state.said,
      outAfter: state.outAfter,
      correct: state.correct,
      wrong: state.wrong,
      over: state.final !== null,
      // The pair open now, and what became of our answer to it: a reload shows it again (the server
      // sends no ROUND for a pair that is no longer ours to answer).
      open: round ? { n: round.n, english: round.english, spanish: round.spanish, endsAt: round.endsAt ?? 0,
        said: state.pressed, sent: state.answerSent, taken: state.answerTaken } : null,
    },
  });
}

/**
 * After RESUME into a game: GAME reset the counters, SCORE set them, and PLAYED, next, brings every
 * pair revealed as the server judged it. What only this page knew comes back from its store: the
 * answer it chose for the pair open at the drop, and whether it was sent, if the store holds this
 * game (the same rules, and no more right or wrong verdicts than the server counts).
 */
function takeBackOpenPair() {
  const saved = state.savedGame;
  state.savedGame = null;
  if (!saved || !state.game || !Array.isArray(saved.history)) return;
  const g = state.game;
  if (saved.rules !== [g.pairs, g.roundMs, g.maxIncorrect, g.players].join(' ')) return;
  const right = saved.history.filter((e) => e?.verdict === 'RIGHT').length;
  const wrong = saved.history.filter((e) => e?.verdict === 'WRONG' || e?.verdict === 'TIMEOUT').length;
  if (right > state.correct || wrong > state.wrong) return;
  state.carried = keptOpenPair(saved.open);
}

// ---- The fall ----------------------------------------------------------------
//
// The Spanish word falls over the pair's time (fall.js), and when it lands the
// status says the time is up.

let timeUpTimer = 0;
const falling = () => [$('drop'), $('timebar').firstElementChild];

function startFall(left, receivedAt) {
  const total = state.game?.roundMs ?? left;
  clearTimeout(timeUpTimer);
  timeUpTimer = setTimeout(() => { state.timeUp = true; render(); }, startFallOf(falling(), left, total, receivedAt));
}

function pauseFall() {
  pauseFallOf(falling());
}

function stopFall() {
  clearTimeout(timeUpTimer);
  stopFallOf(falling());
}

// ---- Drawing -----------------------------------------------------------------

function currentView() {
  if (state.message) return 'message';
  if ((!state.room || state.me === 'OUTSIDE') && state.practice) return 'practice';
  if (!state.room || state.me === 'OUTSIDE') return 'join';
  if (state.final) return 'end';
  if (state.game) return 'game';
  return 'lobby';
}

function render() {
  const view = currentView();
  for (const id of ['join', 'practice', 'lobby', 'game', 'end', 'message']) $(id).hidden = id !== view;
  document.body.dataset.view = view;
  let where = state.room && view !== 'join' ? `Room ${spokenRoom(state.room)} · ${state.name}` : '';
  if (state.inPractice && state.room) where = 'Practice alone';
  if (view === 'practice') where = '';
  $('where').textContent = where;
  if (view === 'practice') renderPractice();
  if (view === 'lobby') renderLobby();
  if (view === 'game') renderGame();
  if (view === 'end') renderEnd();
  if (view === 'message') renderMessage();
  renderNotice(view);
  $('join-button').disabled = state.joining !== null;
  $('join-button').textContent = state.joining ? 'Joining…' : 'Join';
}

function isHost() {
  return state.roomInfo !== null && state.roomInfo.host === state.name && state.me !== 'HOSTING';
}

function hostName() {
  const host = state.roomInfo?.host ?? '';
  return host && host !== 'Host' ? `the host (${host})` : 'the host';
}

function countdownSeconds() {
  const left = state.countdownEnds - Date.now();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

function renderLobby() {
  $('lobby-room').textContent = spokenRoom(state.room);
  const left = countdownSeconds();
  let next;
  if (left > 0) next = `The game starts in ${left} s…`;
  else if (state.inPractice) next = 'Your practice game is about to start…';
  else if (isHost()) next = 'You are the host: start the game when everyone is in.';
  else next = `Waiting for ${hostName()} to start the game…`;
  $('lobby-next').textContent = next;
  $('lobby-next').classList.toggle('counting', left > 0);
  const alone = isHost() && (state.roomInfo?.members ?? 0) === 1 && !state.inPractice;
  $('lobby-alone').hidden = !alone;
  $('lobby-alone').textContent = alone
    ? `Nobody else is in room ${spokenRoom(state.room)} yet. If your teacher gave you a code, check it is the one on the board.` : '';
  $('lobby-start').hidden = !(isHost() || state.inPractice) || left > 0;
  $('lobby-rules').hidden = !state.rules;
  $('lobby-rules').textContent = state.rules ? `Rules: ${rulesText(state.rules)}` : '';
  $('lobby-members-title').textContent = `In the room (${state.members.total})`;
  fillList($('lobby-members'), memberItems());
}

function memberItems() {
  const host = state.roomInfo?.host ?? '';
  const items = state.members.names.map((name) => {
    const notes = [name === host ? 'host' : '', name === state.name ? 'you' : ''].filter(Boolean);
    return { text: notes.length ? `${name} (${notes.join(', ')})` : name, style: name === state.name ? 'me' : '' };
  });
  const more = state.members.total - state.members.names.length;
  if (more > 0) items.push({ text: `and ${more} other${more === 1 ? '' : 's'}`, style: 'more' });
  return items;
}

function renderGame() {
  const game = state.game;
  const round = state.round;
  // Only what the server said on this connection: pairs kept from before a drop may be long past.
  const pair = round?.n ?? state.openPair ?? state.lastRevealed;
  $('pair-number').textContent = pair > 0 ? `Pair ${pair} of ${game.pairs}` : `${game.pairs} pairs`;
  $('count-correct').textContent = `Correct attempts: ${state.correct}`;
  $('count-wrong').textContent = `Wrong attempts: ${state.wrong} (${game.maxIncorrect === 0 ? 'out: never' : `out at ${game.maxIncorrect}`})`;
  $('english').textContent = round ? round.english : '';
  $('spanish').textContent = round ? round.spanish : '';
  markLanguage($('english'), state.gameList.from);
  markLanguage($('spanish'), state.gameList.to);
  $('fall').classList.toggle('empty', !round);
  const falling = round && !round.closedForMe && !state.answerSent;
  const left = falling ? Math.max(0, Math.ceil((round.at + round.ms - performance.now()) / 1000)) : 0;
  $('seconds-left').textContent = falling ? `${left} s` : '';
  $('game-status').textContent = gameStatus();
  const answerable = canAnswer();
  for (const [id, choice] of [['answer-correct', 'CORRECT'], ['answer-wrong', 'WRONG']]) {
    $(id).disabled = !answerable;
    $(id).setAttribute('aria-pressed', String(state.pressed === choice && round !== null));
  }
  $('answers').classList.toggle('watching', state.me !== 'PLAYING');
  renderBoard($('leaderboard'), state.top);
  $('side').hidden = state.top.length === 0; // before the first reveal there is no board to show
  $('my-rank').textContent = state.ranked > 1 ? `Your rank: ${state.rank} of ${state.ranked}` : '';
  $('rank-short').textContent = state.ranked > 1 && state.me !== 'WATCHING' ? `Rank ${state.rank} of ${state.ranked}` : '';
}

/** The line under the pair: what the player waits for, or why they cannot answer. */
function gameStatus() {
  if (state.gameProblem) return state.gameProblem;
  if (state.me === 'OUT') return `You are out (${state.game.maxIncorrect} wrong attempts): you watch the game to the end.`;
  if (state.me === 'WATCHING') return 'You joined during this game: you watch it and play from the next one.';
  if (!state.round && state.restartWait) return state.restartWait;
  if (!state.round) return state.lastRevealed === 0 && !state.openPair ? 'Get ready: the first pair is coming…' : '';
  if (state.pressed && state.answerTaken) {
    const progress = state.progress;
    if (progress) {
      const others = Math.max(0, progress.playing - progress.answered);
      if (others === 0) return 'Answered ✓';
      return `Answered ✓ — waiting for ${others} other${others === 1 ? '' : 's'}`;
    }
    return (state.roomInfo?.members ?? 1) > 1 ? 'Answered ✓ — waiting for the others' : 'Answered ✓';
  }
  // Pressed, and the server has not said it took it: never "Answered ✓" yet.
  if (state.pressed) {
    const said = state.pressed === 'CORRECT' ? 'Correct' : 'Wrong';
    if (link.connected) return `Sending your answer (${said})…`;
    if (state.answerSent) {
      // It went into a link that then died: it may or may not have arrived. Pair's result will tell.
      return state.timeUp ? 'Not confirmed: the connection dropped before the server said it had your answer.'
        : `Not confirmed: the connection dropped. Your answer (${said}) goes again when it is back, if the pair is still open.`;
    }
    return state.timeUp ? 'Not sent: the connection is down, and the time for this pair is up.'
      : `Not sent yet: no connection. Your answer (${said}) goes when the connection is back, if the pair is still open.`;
  }
  if (state.timeUp) return '◷ Time is up';
  if (performance.now() < state.tooSoonUntil) return 'Too soon: read the new pair first. Nothing was sent.';
  return `Is the ${state.gameList.to} word the right translation?`;
}

/** The leaderboard: rank, name, right and wrong, in cells that line up. */
function renderBoard(list, entries) {
  const key = JSON.stringify([entries, state.name]);
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  list.replaceChildren(...entries.map((entry) => {
    const li = document.createElement('li');
    if (entry.name === state.name) li.className = 'me';
    [`${entry.rank}`, entry.name, `${entry.correct} ✓`, `${entry.wrong} ✗`].forEach((cell, index) => {
      const span = document.createElement('span');
      span.className = `cell cell-${index}`;
      span.textContent = cell;
      li.append(span);
    });
    return li;
  }));
}

function renderEnd() {
  const final = state.final;
  const played = final.rank > 0;
  const place = final.ranked > 1 ? ` — rank ${final.rank} of ${final.ranked}` : '';
  let score = played ? `Final score: ${final.correct} correct, ${final.wrong} wrong${place}` : 'You watched this game';
  if (final.missed) score = 'The game ended while your connection was down';
  $('end-score').textContent = score;
  $('end-status').textContent = endStatus(final, state);
  $('end-list').textContent = `Word list: ${listName(state.gameList)}`;
  fillList($('end-pairs'), pairItems(state.history));
  renderBoard($('end-board'), state.top);
  $('end-board-title').hidden = state.top.length < 2;
  $('end-board').hidden = state.top.length < 2;
  // Players equal on right and wrong answers are ranked by their time: said, with this player's own.
  const rule = played && final.ranked > 1 && final.ms > 0
    ? `Ranked by right answers, then fewer wrong, then less time in all: yours was ${seconds(final.ms)}.` : '';
  $('end-rule').textContent = rule;
  $('end-rule').hidden = !rule;
  const left = countdownSeconds();
  let next;
  if (left > 0) next = `The next game starts in ${left} s…`;
  else if (state.inPractice) next = ''; // the list is said above; the buttons say the rest
  else if (isHost()) next = 'You are the host: start the next game when everyone is ready.';
  else next = `Waiting for ${hostName()} to start the next game`;
  $('end-next').textContent = next;
  $('end-next').classList.toggle('counting', left > 0);
  $('end-start').hidden = !(isHost() || state.inPractice) || left > 0;
  $('end-start').textContent = state.inPractice ? 'Play again' : 'Start the next game';
  // The words this student just missed, first in the next practice game (START MISSED: the host's, and here the host is them).
  const missed = state.inPractice && played ? missedWords(state.history).length : 0;
  $('end-missed').hidden = missed === 0 || left > 0;
  $('end-missed').textContent = missed === 1 ? 'Play the missed word again' : `Play the ${missed} missed words again`;
  $('end-leave').textContent = state.inPractice ? 'Stop practising' : 'Leave the room';
}

/** "animals (English → French)". */
function listName(list) {
  return `${list.list} (${languagePair(list.from, list.to)})`;
}

// ---- Practice alone ---------------------------------------------------------------

/** The practice panel: the server's lists come (LISTS), the one of the missed words kept chosen first. */
function openPractice() {
  if (state.joining || state.leaving) return;
  state.practice = { choosing: true, lists: null, chosen: missedStore.read()?.list ?? '' };
  practiceProblem('');
  // The lists, on the connection the page keeps open (or the one it opens now: LISTS goes once it is open).
  link.open(['LISTS']);
  render();
  $('practice-list').focus();
}

function closePractice() {
  state.practice = null;
  joinProblem('');
  render();
  $('code').focus();
}

/** The server's lists, as the student chooses among them: names and languages, as text only. */
function practiceLists(lines) {
  state.practice.lists = lines.filter((line) => /^[a-z0-9_-]{1,24}$/.test(line.name));
  const select = $('practice-list');
  const chosen = select.value || state.practice.chosen;
  select.replaceChildren(...state.practice.lists.map((list) => {
    const option = document.createElement('option');
    option.value = list.name;
    option.textContent = `${list.name} · ${languagePair(list.from, list.to)} · ${list.pairs} pairs`;
    return option;
  }));
  if (state.practice.lists.some((list) => list.name === chosen)) select.value = chosen;
}

function renderPractice() {
  const practice = state.practice;
  const lists = practice.lists;
  $('practice-list').disabled = !lists || lists.length === 0 || Boolean(state.joining);
  if (!lists && $('practice-list').options.length === 0) {
    const option = document.createElement('option');
    option.textContent = 'Loading the lists…';
    $('practice-list').replaceChildren(option);
  }
  // The missed words kept belong to one list: offered when that list is the one chosen.
  const kept = missedStore.read();
  const offered = kept && kept.words.length > 0 && $('practice-list').value === kept.list ? kept.words : [];
  $('practice-missed-box').hidden = offered.length === 0;
  $('practice-missed-label').textContent = offered.length === 0 ? ''
    : `Start with the ${offered.length} word${offered.length === 1 ? '' : 's'} you missed in your last game`;
  const key = JSON.stringify(offered);
  if ($('practice-missed-words').dataset.key !== key) {
    $('practice-missed-words').dataset.key = key;
    $('practice-missed-words').replaceChildren(...offered.map((word) => {
      const li = document.createElement('li');
      li.textContent = word;
      markLanguage(li, kept.from);
      return li;
    }));
  }
  $('practice-go').disabled = !lists || lists.length === 0 || Boolean(state.joining);
  $('practice-go').textContent = state.joining ? 'Starting…' : 'Start practising';
}

function practiceProblem(text) {
  $('practice-problem').textContent = text;
  $('practice-problem').hidden = !text;
}

/**
 * PRACTICE: the chosen list, and the missed words first when the box is ticked. The name typed or kept goes
 * first, as JOIN's does (the server names a player without one); nobody else sees it.
 */
function startPractice(event) {
  event.preventDefault();
  if (state.joining || !state.practice?.lists) return;
  const list = $('practice-list').value;
  if (!state.practice.lists.some((known) => known.name === list)) { practiceProblem('Choose a word list.'); return; }
  const kept = missedStore.read();
  const words = !$('practice-missed-box').hidden && $('practice-missed').checked && kept?.list === list ? kept.words : [];
  const name = typedText($('name').value);
  const named = name && !nameProblem(name);
  practiceProblem('');
  state.joining = { code: 'practice', name, replies: named ? 2 : 1, refused: false, practice: true };
  state.stopped = false;
  link.open([...(named ? [commandWithName('NAME', name)] : []), practiceCommand(list, words)]);
  render();
}

/** Whether a room is a practice room (§4 PRACTICE: `practice.<n>`). */
function isPracticeRoom(room) {
  return typeof room === 'string' && room.startsWith('practice.');
}

/**
 * After a game the student played: the words they missed, and the game's list, kept for Practice alone (a
 * game in a room, or a practice game: the words missed last come back until they are learned).
 */
function keepMissedWords() {
  const final = state.final;
  if (!final || final.missed || final.rank === 0) return;
  missedStore.save({ ...state.gameList, words: missedWords(state.history), at: Date.now() });
}

function renderMessage() {
  const message = state.message;
  $('message-title').textContent = message.title;
  $('message-text').textContent = message.text;
  $('message-button').hidden = !message.button;
  $('message-button').textContent = message.button ?? '';
}

/** Replaces a list's items, only when they changed (a screen reader is not told the same list twice). */
function fillList(list, items) {
  const key = JSON.stringify(items);
  if (list.dataset.key === key) return;
  list.dataset.key = key;
  list.replaceChildren(...items.map((item) => {
    const li = document.createElement('li');
    li.textContent = item.text;
    if (item.style) li.className = item.style;
    if (item.note) {
      const note = document.createElement('span');
      note.className = 'note';
      note.textContent = item.note;
      li.append(' ', note);
    }
    return li;
  }));
}

/** What the join form says: why joining failed or the seat was lost (`problem`), or news such as "You left room K7PX." */
function joinProblem(text, problem = true) {
  $('join-problem').textContent = text;
  $('join-problem').hidden = !text;
  $('join-problem').classList.toggle('problem', problem);
  $('join-problem').classList.toggle('hint', !problem);
}

/** How long a room event stays on screen. */
const NOTICE_MS = 8000;
let noticeTimer = 0;

/**
 * A room event ("Bo joined.") for a few seconds (from a line: `receive` draws it where the view has room);
 * `kind` says what it is about, for a line that clears it early (state.noticeKind).
 */
function showNotice(text, kind = '') {
  state.notice = text;
  state.noticeKind = kind;
  clearTimeout(noticeTimer);
  noticeTimer = setTimeout(() => { clearNotice(); render(); }, NOTICE_MS);
}

function clearNotice() {
  state.notice = '';
  state.noticeKind = '';
  clearTimeout(noticeTimer);
}

/**
 * Where a room event shows, never over anything: during a pair, on its own line under the fall; in the end
 * dialog, in the bar at its foot; elsewhere, under the panel.
 */
function renderNotice(view) {
  const place = view === 'game' ? 'game-notice' : view === 'end' ? 'end-notice' : 'notice';
  for (const id of ['game-notice', 'end-notice', 'notice']) {
    const element = $(id);
    const text = id === place ? state.notice : '';
    if (element.textContent !== text) element.textContent = text;
    element.classList.toggle('shown', Boolean(text));
  }
}

function showMessage(title, text, button, action) {
  state.message = { title, text, button, action };
  render();
}

function linkStatus(status, detail) {
  if (state.leaving) return; // the link was closed on purpose: this page is going to another server's
  const element = $('connection');
  // Taking the seat back on opening the page: the panel says so; a drop later says it here.
  element.hidden = status !== 'reconnecting' || state.resuming;
  if (status === 'reconnecting') {
    element.textContent = detail.restarting
      ? `The server is restarting… your seat and score are kept (${detail.secondsLeft} s left to come back).`
      : `Connection lost — reconnecting… (attempt ${detail.attempt}, ${detail.secondsLeft} s left)`;
  }
  if (status === 'lost') {
    seatGone(`The connection did not come back in time: your seat in room ${spokenRoom(state.room)} was given up. Join again.`);
  }
  if (status === 'incompatible') {
    showMessage('Please reload', 'The server runs another version of wordgame. Reload this page.', 'Reload', () => location.reload());
  }
  if (status === 'offline' && state.joining) {
    // A refusal (server-full, then BYE and a close) was said in the server's words.
    if (!state.joining.refused) joinProblem('The server cannot be reached. Check the network, then try again.');
    state.joining = null;
  }
  render();
}

// ---- Input ---------------------------------------------------------------------

function submitJoin(event) {
  event.preventDefault();
  joinRoom();
}

/** Joins the room of the form's code with its name (a press of Join, or by itself on a page MOVED sent here). */
function joinRoom() {
  if (state.joining || state.leaving) return;
  const code = typedText($('code').value);
  const name = typedText($('name').value);
  if (!isRoomName(code)) { joinProblem('Type the room code from the board: letters and digits, like K7PX.'); return; }
  if (!name) { joinProblem('Type your name.'); return; }
  if (nameProblem(name)) { joinProblem(nameProblem(name)); return; }
  joinProblem('');
  // NAME and JOIN in one write: a slow network's round trip is paid once (the server reads lines in order).
  state.joining = { code: code.toUpperCase(), name, replies: 2, refused: false };
  state.stopped = false;
  link.open([commandWithName('NAME', name), `JOIN ${state.joining.code}`]);
  render();
}

const KEYS = { ArrowRight: 'CORRECT', y: 'CORRECT', c: 'CORRECT', ArrowLeft: 'WRONG', n: 'WRONG', w: 'WRONG' };

function keyDown(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target instanceof HTMLInputElement) return;
  const choice = KEYS[event.key.length === 1 ? event.key.toLowerCase() : event.key];
  if (!choice || currentView() !== 'game') return;
  event.preventDefault();
  answer(choice, event.timeStamp);
}

/** A button's command, or, with the link down, a word that it did not go (never a silent loss). */
function command(line) {
  if (!link.connected || !link.send(line)) showNotice('Not connected: try again when the connection is back.');
  render();
}

function startGame() {
  command('START');
}

function leave() {
  command('LEAVE');
}

function wire() {
  $('join-form').addEventListener('submit', submitJoin);
  for (const [id, choice] of [['answer-correct', 'CORRECT'], ['answer-wrong', 'WRONG']]) {
    // A tap counts from when the finger came down, not from when it lifted (the click): it was aimed at what was on the screen then.
    let downAt = -Infinity;
    $(id).addEventListener('pointerdown', (event) => { downAt = event.timeStamp; });
    $(id).addEventListener('pointercancel', () => { downAt = -Infinity; });
    $(id).addEventListener('click', (event) => {
      const pressedAt = event.timeStamp - downAt < PRESS_MS ? downAt : event.timeStamp;
      downAt = -Infinity;
      answer(choice, pressedAt);
    });
  }
  $('lobby-start').addEventListener('click', startGame);
  $('end-start').addEventListener('click', startGame);
  $('end-missed').addEventListener('click', () => command('START MISSED'));
  $('practice-open').addEventListener('click', openPractice);
  $('practice-back').addEventListener('click', closePractice);
  $('practice-form').addEventListener('submit', startPractice);
  $('practice-list').addEventListener('change', () => { practiceProblem(''); render(); });
  $('lobby-leave').addEventListener('click', leave);
  $('end-leave').addEventListener('click', leave);
  $('message-button').addEventListener('click', () => state.message?.action?.());
  $('code').addEventListener('input', () => { $('code').value = $('code').value.toUpperCase(); });
  // Too long or too wide is said as it is typed, not after Join (and said no more once it fits).
  $('name').addEventListener('input', () => {
    const problem = nameProblem($('name').value);
    if (problem) joinProblem(problem);
    else if (/^Names (are|fit)/.test($('join-problem').textContent)) joinProblem('');
  });
  document.addEventListener('keydown', keyDown);
  // Countdowns and the seconds left change with time alone.
  setInterval(() => { if (state.countdownEnds || state.round) render(); }, 250);
}

async function boot() {
  wire();
  const params = new URLSearchParams(location.search);
  // Join pressed before this script had come (a slow network): the form asked for /?code=…&name=…. The name leaves
  // the address bar at once, and the page joins as if Join were pressed now.
  const typed = { code: params.get('code'), name: params.get('name') };
  if (typed.code !== null) history.replaceState(null, '', isRoomName(typed.code) ? `/?room=${typed.code.toUpperCase()}` : '/');
  const roomFromLink = params.get('room') ?? typed.code;
  // On a slow network the form shows before this script: what the student typed meanwhile stays.
  if (roomFromLink && isRoomName(roomFromLink) && !$('code').value) $('code').value = roomFromLink.toUpperCase();
  try { if (!$('name').value) $('name').value = localStorage.getItem(NAME_KEY) ?? ''; } catch { /* nothing kept */ }
  const sentHere = movedHere(roomFromLink && isRoomName(roomFromLink) ? roomFromLink : null);
  await seats.recover(); // a seat the browser lost in a crash, kept by IndexedDB
  const seat = await seatToResume(roomFromLink && isRoomName(roomFromLink) ? roomFromLink : null);
  if (!seat && typed.code !== null && typed.name) {
    $('code').value = typedText(typed.code).toUpperCase();
    $('name').value = typed.name;
    joinRoom();
    return;
  }
  if (!seat && sentHere.name && $('code').value) {
    // Sent on by another server with the room's code and the name: joined at once, as if Join were pressed.
    $('name').value = sentHere.name;
    joinProblem(`Joining room ${$('code').value}…`, false);
    joinRoom();
    return;
  }
  if (!seat) {
    // The connection opens while the student types: on a slow network, Join then costs one round trip, not three.
    // (Unused, the server closes it after a minute, and Join opens another.)
    link.open([]);
    // This tab played a seat in another room: it is held a minute longer, and this page says where it is.
    const held = seats.live()[sessionStorage.getItem(TAB_SEAT_KEY)];
    if (held && roomFromLink) {
      joinProblem(`You still have a seat in room ${spokenRoom(held.room)}: joining room ${$('code').value} leaves it. `
        + 'To go back to it instead, open this page without a room code.', false);
    }
    render();
    ($('code').value ? $('name') : $('code')).focus();
    return;
  }
  // Taking the seat back: the link retries within what is left of the grace.
  state.seat = { code: seat.code, grace: seat.grace };
  state.room = seat.room;
  state.name = seat.name;
  state.inPractice = isPracticeRoom(seat.room);
  state.resuming = true;
  sessionStorage.setItem(TAB_SEAT_KEY, seat.code);
  if (!state.inPractice) $('code').value = spokenRoom(seat.room); // a practice room's code is nobody's to type
  $('name').value = seat.name;
  // What is left of the grace since this page last heard the server; a later drop gets the whole grace again.
  link.graceMs = () => {
    if (state.resuming) return Math.max(1000, seat.seenAt + seat.grace * 1000 - Date.now());
    return state.seat ? state.seat.grace * 1000 : 0;
  };
  showMessage('Taking your seat back…', `Room ${spokenRoom(seat.room)} · ${seat.name}`);
  link.reconnectNow();
}

/**
 * What another server's page sent along after `#` (followMove): the count of
 * moves so far, the name, and a seat's resume code, which is kept in this
 * server's storage as a seat of its own (the server says its grace again in
 * TOKEN). Out of the address bar once read, so that no bookmark, shared link
 * or screenshot carries a resume code. Every field is checked as typed text is.
 */
function movedHere(room) {
  const sent = takeMoveFragment();
  if (!sent) return {};
  state.moves = sent.hops;
  const name = typeof sent.name === 'string' ? typedText(sent.name) : '';
  const fits = name.length > 0 && name.length <= NAME_MAX;
  if (typeof sent.resume === 'string' && looksLikeResumeCode(sent.resume) && room) {
    const code = sent.resume.toUpperCase();
    seats.save({ code, room: room.toLowerCase(), name: fits ? name : '', grace: 60, seenAt: Date.now(), game: null });
    sessionStorage.setItem(TAB_SEAT_KEY, code);
    return {};
  }
  return fits ? { name } : {};
}

// Leaving the page: the seat is held by the server for its grace; this tab no longer plays it.
window.addEventListener('pagehide', () => { if (state.seat) seats.update(state.seat.code, { seenAt: Date.now() }); });

boot();
