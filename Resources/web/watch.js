// The watch page (`/watch?room=K7PX`): a second screen for a class. It
// follows the room with WATCH and shows the host's projector without its
// controls. A dropped link comes back by itself (a viewer simply watches
// again: it holds no seat).

import { Link } from './link.js';
import { isRoomName, spokenRoom, typedText, withoutCommands } from './protocol.js';
import { Projector, showLinkStatus } from './host.js';

const $ = (id) => document.getElementById(id);

/** A viewer holds no seat, so it may try for as long as the page is open. */
const RETRY_MS = 24 * 3600_000;

const projector = new Projector();
const viewer = { wanted: '', entering: false, stopped: false };

const link = new Link({
  onMessage(m, at) {
    line(m, at);
    projector.render();
  },
  onStatus(status, detail) {
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
  if (m.type === 'OK' && m.what === 'WATCH') {
    viewer.entering = false;
    projector.entered(m.room);
    link.resumed();
    return;
  }
  if (m.type === 'ERROR' && viewer.entering) {
    refused(m);
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

function refused(m) {
  const code = spokenRoom(viewer.wanted);
  if (m.code === 'slow-down' || m.code === 'server-full') {
    if (link.reconnect) return;
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

const fromLink = new URLSearchParams(location.search).get('room');
if (fromLink && isRoomName(fromLink)) watch(fromLink);
projector.render();
