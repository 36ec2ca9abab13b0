// The watch page (`/watch?room=K7PX`): a second screen for a class. It
// follows the room with WATCH and shows the host's projector without its
// controls. A dropped link comes back by itself (a viewer simply watches
// again: it holds no seat). On a fleet of servers, a room on another server
// (MOVED) takes the page to that server's /watch (see refused).

import { Link, takeMoveFragment } from './link.js';
import { isRoomName, MAX_MOVES, movedPage, spokenRoom, typedText, withoutCommands } from './protocol.js';
import { Projector, showLinkStatus } from './projector.js';

const $ = (id) => document.getElementById(id);

/** A viewer holds no seat, so it may try for as long as the page is open. */
const RETRY_MS = 24 * 3600_000;
/** How long the page waits before asking again when the fleet's directory could not answer (`ERROR directory-down`). */
const DIRECTORY_RETRY_MS = 5000;

const projector = new Projector();
// moved: the MOVED just read (its ERROR moved follows); moves: how many servers sent this page on in a row.
const viewer = { wanted: '', entering: false, stopped: false, moved: null, moves: 0, leaving: false };

const link = new Link({
  onMessage(m, at) {
    line(m, at);
    projector.render();
  },
  onStatus(status, detail) {
    if (viewer.leaving) return; // the link was closed on purpose: this page is going to another server's
    showLinkStatus(status, detail);
    if (status === 'reconnecting' && !projector.room) $('connection').textContent = `Connecting to room ${spokenRoom(viewer.wanted)}…`;
    if (status === 'offline' && viewer.entering) {
      viewer.entering = false;
      problem('The server cannot be reached. Check the network, then try again.');
    }
    projector.render();
  },
});
link.reopenLines = () => {
  if (!viewer.wanted || viewer.stopped) return null;
  viewer.entering = true; // what the server answers to this WATCH decides, as on the first
  return [`WATCH ${viewer.wanted}`];
};
link.graceMs = () => RETRY_MS;

function line(m, at) {
  if (viewer.leaving) return;
  if (m.type === 'MOVED') { viewer.moved = m; return; }
  const moved = viewer.moved;
  viewer.moved = null;
  if (m.type === 'OK' && m.what === 'WATCH') {
    viewer.entering = false;
    viewer.moves = 0;
    projector.entered(m.room);
    link.resumed();
    return;
  }
  if (m.type === 'ERROR' && viewer.entering) {
    refused(m, moved);
    return;
  }
  if (m.type === 'BYE') {
    if (link.reconnect) return;
    viewer.stopped = true;
    link.close();
    closed(withoutCommands(m.text));
    return;
  }
  projector.receive(m, at);
  if (m.type === 'YOU' && m.state === 'OUTSIDE') {
    viewer.stopped = true;
    closed(`Room ${spokenRoom(projector.room)} is closed.`);
  }
}

function refused(m, moved) {
  const code = spokenRoom(viewer.wanted);
  if (m.code === 'slow-down' || m.code === 'server-full') {
    // server-full while the link tries: the connection, or the room's viewers, are full; said, and tried again.
    if (m.code === 'server-full' && link.reconnect) problem(withoutCommands(m.text));
    if (link.reconnect) return;
  }
  if (m.code === 'moved' && followMove(moved)) return;
  if (m.code === 'directory-down' && link.reconnect) {
    // The room is not on this server and the directory cannot say where: said, and asked again (a viewer holds nothing).
    problem(`${m.text} This page tries again by itself.`);
    link.retryLater(DIRECTORY_RETRY_MS);
    return;
  }
  viewer.entering = false;
  viewer.wanted = '';
  link.stopReconnecting('offline');
  projector.room = '';
  projector.newRoom();
  const words = {
    'no-room': `There is no room ${code}. Check the code on the board.`,
    'bad-room': 'A room code is letters and digits, like K7PX.',
    'server-full': `Room ${code} has as many viewers as it takes. Try again later.`,
  };
  problem(words[m.code] ?? withoutCommands(m.text));
}

/**
 * ERROR moved after its MOVED (Protocol.md §4 "A fleet of servers"): the room
 * is on another server, and the page goes to that server's /watch for it
 * (this page's WebSocket talks only to its own server, §11), with the count
 * of servers that sent it on in a row after `#`. False, and the server's
 * text shown instead, past MAX_MOVES, when that server has no web port, or
 * without a MOVED this page could check: the address is only ever
 * movedPage's, built from MOVED's checked fields.
 */
function followMove(moved) {
  if (!moved || viewer.moves >= MAX_MOVES) return false;
  const code = spokenRoom(viewer.wanted);
  const target = movedPage(moved, '/watch', { room: code }, { hop: viewer.moves + 1 }, location.origin);
  if (!target) return false;
  viewer.leaving = true;
  link.close();
  problem('');
  const element = $('connection');
  element.hidden = false;
  element.textContent = `Room ${code} is on another server — taking you there…`;
  location.replace(target);
  return true;
}

function closed(text) {
  projector.closed = true;
  $('closed-title').textContent = 'Nothing to watch';
  $('closed-text').textContent = text;
}

function problem(text) {
  $('start-problem').textContent = text;
  $('start-problem').hidden = !text;
}

function watch(code) {
  viewer.wanted = code.toLowerCase();
  viewer.entering = true;
  viewer.stopped = false;
  problem('');
  $('watch-code').value = code.toUpperCase();
  // Through the link's reconnection: a server that is restarting is tried again.
  link.reconnectNow();
}

$('start-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const code = typedText($('watch-code').value);
  if (!isRoomName(code)) {
    problem('Type the room code from the board: letters and digits, like K7PX.');
    return;
  }
  watch(code);
});

fetch('/join.json').then((r) => r.json()).then((json) => {
  if (typeof json.url === 'string' && /^https?:\/\/[^\s]+$/.test(json.url)) projector.joinURL = json.url;
  projector.render();
}).catch(() => { /* the page's own address stands in */ });

// Sent on by another server's page (followMove): the count of moves so far, out of the address bar once read.
const sent = takeMoveFragment();
if (sent) viewer.moves = sent.hops;
const fromLink = new URLSearchParams(location.search).get('room');
if (fromLink && isRoomName(fromLink)) watch(fromLink);
projector.render();
