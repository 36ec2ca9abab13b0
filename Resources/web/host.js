// The teacher's page (`/host`): it opens a room (HOST) and is its projector
// (projector.js) with the teacher's controls (start, lock, remove, end, close,
// the rules, the teacher's own word lists (listdialog.js), the missed words
// played again), which ask first where they cannot be undone. The host key is
// kept in localStorage, so a refresh takes the room back; on a fleet of
// servers, a room that is on another server (MOVED) takes the page there,
// with the key, to take the room back on that server's page (followMove); a
// new room a draining server sends on is opened on the other server's page
// (followNewRoom).
//
// Everything from the network enters the page as text (textContent), never
// as HTML.

import { missedCount } from './hardest.js';
import { Link, takeMoveFragment } from './link.js';
import { WordListsDialog } from './listdialog.js';
import { Projector, showLinkStatus } from './projector.js';
import {
  BlockReader, commandWithName, languagePair, looksLikeCode, looksLikeKey, MAX_MOVES, movedPage, nameProblem, seconds, spokenRoom,
  typedText, withoutCommands,
} from './protocol.js';

const $ = (id) => document.getElementById(id);

// ---- The host's page -----------------------------------------------------------

const HOSTS_KEY = 'wordgame.hosts';
const TAB_ROOM_KEY = 'wordgame.hostRoom';
/** The teacher's name, as typed last: the next room (Open a new room, the next lesson) is opened under it again. */
const TEACHER_KEY = 'wordgame.teacher';
/** A room kept longer than this is surely gone (it waits 15 minutes once empty). */
const KEEP_ROOMS_MS = 12 * 3600_000;
/**
 * How long the page tries to take its room back: as long as an empty room waits for its host
 * (the students' seats are given up long before). Then it says what happened instead of counting on.
 */
const HOST_RETRY_MS = 15 * 60_000;
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
  host.lists = new WordListsDialog({
    send: (line) => link.connected && link.send(line),
    ask,
    useList: (name) => {
      host.rules.applying = true; // its answer (OK RULES, or an ERROR said on the screen) is the rules form's
      link.send(`RULES LIST ${name}`);
    },
    refreshLists: () => { if (link.connected) link.send('LISTS'); },
  });

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
  if (sent?.open) {
    openRoom(host, sent.name, true);
  } else if (sent) {
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
  // A new room, sent on by a server that drains: opened here at once, under the name the teacher typed there,
  // checked as a typed one is (nameProblem); a name that fails it is dropped, and the room opens without one.
  if (sent.open === '1' && sent.room === undefined && sent.key === undefined) {
    const typed = typedText(sent.name ?? '');
    const name = nameProblem(typed) ? '' : typed;
    $('teacher').value = name;
    return { open: true, name };
  }
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
    if (host.opening?.sent) keepTeacher(host.opening.name); // another page's name: kept once its room is open
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
  // The blocks the dialogs read (WORDLIST, LIST, SKIPPED): the projector reads its own.
  const whole = host.rules.blocks.take(m);
  if (host.lists.take(m, whole)) return;
  if (rulesLine(host, m, whole)) return;
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
    if (m.code === 'slow-down') return;
    // A refused connection (BYE and a close follow): said in the server's words; the link tries again.
    if (m.code === 'server-full') { projector.notice(withoutCommands(m.text)); return; }
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
    // room-gone: on a fleet, the server that held the room stopped for good (its game cannot go on anywhere).
    const why = m.code === 'room-gone' ? withoutCommands(m.text)
      : `Room ${code} is gone: it was closed, or it stayed empty for 15 minutes.`;
    startProblem(`${why} Open a new room.`);
    return;
  }
  if (m.code === 'directory-down') { retryOpening(host, link, m.text); return; }
  if (m.code === 'moved' && host.opening && followNewRoom(host, link, moved)) return;
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
    link.open(openingLines(host.opening.name));
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
  leaveFor(host, link, target, `Room ${room} is on another server — taking you there…`);
  return true;
}

/**
 * ERROR moved after its MOVED, for HOST of a new room (Protocol.md §4 "A
 * server that drains"): this server is about to stop, and the directory
 * named another to make the room on. The page goes to that server's /host
 * with the teacher's name after `#` and `open`, and that page opens the room
 * at once: the teacher pressed "Open a room" once, and gets one. False, as
 * followMove, when the page cannot go there; the error is said instead.
 */
function followNewRoom(host, link, moved) {
  if (!moved || host.moves >= MAX_MOVES) return false;
  const fragment = { hop: host.moves + 1, open: 1 };
  if (host.opening.name) fragment.name = host.opening.name;
  const target = movedPage(moved, '/host', {}, fragment, location.origin);
  if (!target) return false;
  leaveFor(host, link, target, 'This server is about to stop for maintenance — opening your room on another of the school’s servers…');
  return true;
}

/**
 * Goes to another server's page (followMove, followNewRoom): the link closed on purpose (nothing more is
 * sent, and its closing is no news), `text` said meanwhile, and this page replaced by `target`.
 */
function leaveFor(host, link, target, text) {
  host.leaving = true;
  link.close();
  const element = $('connection');
  element.hidden = false;
  element.textContent = text;
  location.replace(target);
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
  if (status === 'reconnecting' || status === 'offline') host.lists.dropped();
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
    host.closedWhy = `The server could not be reached for ${HOST_RETRY_MS / 60_000} minutes, as long as a room waits for its host: `
      + `room ${spokenRoom(host.projector.room)} is gone. Open a new room.`;
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
  const between = (screen === 'lobby' || screen === 'over') && !counting;
  const show = {
    'c-start': between,
    'c-now': counting,
    'c-calloff': counting,
    'c-stop': inGame,
    // The last game's missed pairs first in the next game (START MISSED): only when it had some.
    'c-missed': between && missedCount(projector.hardest) > 0,
    'c-view': screen === 'over' && projector.ranking.length > 0,
    'c-hardest': between && projector.hardest.length > 0 && !(screen === 'over' && projector.phase === 'hardest'),
    'c-lock': screen !== 'closed',
    'c-kick': screen !== 'closed',
    // The rules change only between games (§4 RULES: game-on during one or its countdown).
    'c-rules': between,
    'c-lists': between,
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
  $('c-view').textContent = projector.phase === 'ranking' ? 'Show the podium' : 'Show the ranking';
  $('c-missed').disabled = projector.roster.length === 0;
  const missed = missedCount(projector.hardest);
  $('c-missed').setAttribute('aria-label', `Play the missed words: the next game starts with the ${missed} pair${missed === 1 ? '' : 's'} `
    + 'the class missed');
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
  for (const file of ['players', 'answers', 'pairs']) {
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

/**
 * A new room (HOST), under the teacher's name if one was typed (NAME first). The name is kept for the next
 * room at once when the teacher typed it here; one another server's page sent along (movedHere, `sent`) only
 * once the room has opened (OK HOST): an address alone does not change the name this browser keeps.
 */
function openRoom(host, name, sent = false) {
  if (!sent) keepTeacher(name);
  startProblem('');
  host.opening = { name, sent };
  host.stopped = false;
  host.link.open(openingLines(name));
  drawHost(host);
}

/** The first lines of a new room's connection: NAME (its OK sends HOST) under a name, or HOST alone. */
function openingLines(name) {
  return [name ? commandWithName('NAME', name) : 'HOST'];
}

/** The teacher's name, kept for the next room (the field says it again on the next visit). */
function keepTeacher(name) {
  try { localStorage.setItem(TEACHER_KEY, name); } catch { /* not kept */ }
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
    openRoom(host, typedText($('teacher').value));
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
  $('c-view').addEventListener('click', () => projector.showPhase(projector.phase === 'ranking' ? 'podium' : 'ranking'));
  $('c-hardest').addEventListener('click', () => projector.showHardest());
  $('c-missed').addEventListener('click', () => link.send('START MISSED'));
  $('c-lists').addEventListener('click', () => host.lists.show());
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
  return { lists: [], blocks: new BlockReader(), applying: false, edited: false };
}

/**
 * The lines the rules dialog takes: LIST (the lists to choose from, with their languages; WORDLIST from a
 * server without LISTS), OK RULES and, while a change waits for its answer, ERROR. Returns true for a line
 * the projector does not need. `whole`: the block the line ended, if any.
 */
function rulesLine(host, m, whole) {
  const form = host.rules;
  if (m.type === 'WORDLIST' || m.type === 'LIST') return true;
  if (whole?.block === 'LIST') {
    form.lists = whole.lines.filter((line) => LIST_NAME.test(line.name))
      .map(({ name, pairs, from, to, kind }) => ({ name, pairs, from, to, kind }));
    form.fromLists = true;
    host.lists.takeLists(form.lists);
    fillLists(host);
    return true;
  }
  if (whole?.block === 'WORDLIST') {
    // LIST lines say more (the languages): WORDLIST's count stands in only where LISTS did not answer.
    if (!form.fromLists) {
      form.lists = whole.lines.filter((line) => LIST_NAME.test(line.name)).map((line) => ({ name: line.name, pairs: line.words }));
      fillLists(host);
    }
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
  // A game that starts (from another window) ends the chance to change its rules; the word lists wait for
  // the next break too (what was typed stays in the dialog): the class sees the game, not a dialog.
  if ((m.type === 'GAME' || m.type === 'STARTING') && $('rules-dialog').open) $('rules-dialog').close();
  if (m.type === 'GAME' || m.type === 'STARTING') host.lists.close();
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
    link.send('LISTS'); // the word lists with their languages
    link.send('RULES'); // the rules as they are now
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
    option.textContent = listChoice(list);
    return option;
  }));
  const keep = host.rules.edited ? chosen : rules?.list;
  if (lists.some((list) => list.name === keep)) $('r-list').value = keep;
}

/** "french-week · English → French · 38 pairs", or less where the server said less. */
function listChoice(list) {
  const parts = [list.name];
  if (list.from && list.to) parts.push(languagePair(list.from, list.to));
  if (list.pairs !== undefined) parts.push(`${list.pairs} pair${list.pairs === 1 ? '' : 's'}`);
  return parts.join(' · ');
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

hostPage();
