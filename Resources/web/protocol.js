// The wordgame protocol, version 2 (Protocol.md §2–5): server lines parsed
// into plain objects, and client lines built safely.
//
// A line that does not parse is skipped (parseLine returns null): a later
// server may add lines, and a broken one must never crash a page. Nothing
// here touches the DOM; it runs in Node as well (Tests/WordGameWebTests/browser/protocol_test.mjs).

export const VERSION = 2;

/** The most digits a server number may have (§2): 12 digits stay exact in a JS number. */
export const MAX_DIGITS = 12;

const NUMBER = new RegExp(`^(?:0|[1-9][0-9]{0,${MAX_DIGITS - 1}})$`);
const KEYWORD = /^[A-Za-z][A-Za-z0-9_-]*$/;
const HEX = /^[0-9A-Fa-f]{1,6}$/;

/**
 * Splits a line into tokens, as Protocol.md §2 says: spaces separate bare
 * tokens; a `"` starts a string that ends at the next unescaped `"`, which is
 * followed by a space or the end of the line. Inside, `\"`, `\\` and
 * `\u{HEX}` are the only escapes. Returns [{quoted, text}] or null.
 */
export function tokenize(line) {
  if (typeof line !== 'string') return null;
  const tokens = [];
  const chars = Array.from(line); // code points, so an emoji is one step
  let i = 0;
  while (i < chars.length) {
    if (chars[i] === ' ') { i += 1; continue; }
    if (chars[i] === '"') {
      const read = readQuoted(chars, i + 1);
      if (read === null) return null;
      tokens.push({ quoted: true, text: read.text });
      i = read.next;
      continue;
    }
    let word = '';
    while (i < chars.length && chars[i] !== ' ') {
      if (chars[i] === '"') return null; // a stray quote inside a bare word
      word += chars[i];
      i += 1;
    }
    tokens.push({ quoted: false, text: word });
  }
  return tokens;
}

/** A string's body from `start` (after its opening quote): {text, next} or null. */
function readQuoted(chars, start) {
  let text = '';
  let i = start;
  while (i < chars.length) {
    const c = chars[i];
    i += 1;
    if (c === '"') {
      if (i < chars.length && chars[i] !== ' ') return null;
      return { text, next: i };
    }
    if (c !== '\\') { text += c; continue; }
    if (i >= chars.length) return null;
    const escaped = chars[i];
    i += 1;
    if (escaped === '"' || escaped === '\\') { text += escaped; continue; }
    if (escaped !== 'u' || chars[i] !== '{') return null;
    const close = chars.indexOf('}', i + 1);
    if (close < 0) return null;
    const hex = chars.slice(i + 1, close).join('');
    if (!HEX.test(hex)) return null;
    const value = parseInt(hex, 16);
    if (value > 0x10ffff || (value >= 0xd800 && value <= 0xdfff)) return null;
    text += String.fromCodePoint(value);
    i = close + 1;
  }
  return null; // no closing quote
}

/** A number field (§2): digits only, no sign, no leading zero, at most 12 digits. */
export function parseNumber(text) {
  return typeof text === 'string' && NUMBER.test(text) ? Number(text) : null;
}

// Each message's fields, in order. `name:n` a number, `name:s` a string,
// `name:k` a keyword, `name:A|B` one of those keywords, `name:s*` the rest
// of the line as strings.
const SPECS = {
  WORDGAME: ['version:n', 'hint:s'],
  HELP: ['text:s'],
  END: ['block:k'],
  ERROR: ['code:k', 'text:s'],
  ROOM: ['room:s', 'state:LOBBY|STARTING|PLAYING', 'members:n', 'host:s', 'autoStart:n'],
  MEMBERS: ['total:n', 'names:s*'],
  YOU: ['state:OUTSIDE|LOBBY|PLAYING|OUT|WATCHING|HOSTING|VIEWING'],
  STARTING: ['ms:n'],
  GAME: ['pairs:n', 'roundMs:n', 'maxIncorrect:n', 'players:n'],
  ROUND: ['n:n', 'pairs:n', 'english:s', 'spanish:s', 'ms:n'],
  PROGRESS: ['n:n', 'answered:n', 'playing:n'],
  REVEAL: ['n:n', 'english:s', 'spanish:s', 'truth:CORRECT|WRONG', 'translation:s'],
  RESULT: ['n:n', 'verdict:RIGHT|WRONG|TIMEOUT', 'correct:n', 'wrong:n', 'rank:n', 'ranked:n'],
  TOP: ['rank:n', 'name:s', 'correct:n', 'wrong:n', 'ms:n'],
  GAMEOVER: ['rank:n', 'ranked:n', 'correct:n', 'wrong:n', 'ms:n'],
  INFO: ['text:s'],
  PONG: [],
  BYE: ['text:s'],
  NOTICE: ['event:k', 'text:s'],
  ROSTER: ['name:s'],
  ARRIVED: ['name:s'],
  DEPARTED: ['name:s', 'why:LEFT|DROPPED|REMOVED'],
  WAITING: ['count:n', 'names:s*'],
  TALLY: ['n:n', 'right:n', 'wrong:n', 'timeout:n'],
  RANKING: ['rank:n', 'name:s', 'correct:n', 'wrong:n', 'ms:n', 'outAt:n'],
  // The last game's pairs, hardest first, after RANKING and on arriving between games (§5 HARDEST): REVEAL's fields, then TALLY's counts.
  HARDEST: ['rank:n', 'n:n', 'english:s', 'spanish:s', 'truth:CORRECT|WRONG', 'translation:s', 'right:n', 'wrong:n', 'timeout:n'],
  TOKEN: ['code:s', 'grace:n'],
  RESTARTING: ['grace:n'],
  SCORE: ['correct:n', 'wrong:n', 'rank:n', 'ranked:n'],
  // A pair of the game on and how the player did on it, after SCORE on coming back (§5 PLAYED): REVEAL's fields, then the outcome.
  PLAYED: ['n:n', 'english:s', 'spanish:s', 'truth:CORRECT|WRONG', 'translation:s', 'outcome:RIGHT|WRONG|TIMEOUT|AWAY|OUT'],
  WEB: ['url:s'],
  SAVED: ['game:n'],
  // To an observer on arrival: the room's games before the one on; the next GAME is one more (§5 GAMES).
  GAMES: ['games:n'],
  // The room's next game: GAME's fields without players, then the list's name; maxIncorrect 0: never out.
  RULES: ['pairs:n', 'roundMs:n', 'maxIncorrect:n', 'list:s'],
  WORDLIST: ['name:s', 'words:n'],
  // A room or seat on another server of a fleet (§5 MOVED); parseLine also checks its fields (isPlace).
  MOVED: ['host:s', 'port:n', 'web:s'],
  // The languages of the list the next RULES names: the word that stays, then the word that falls (§5 LANGUAGES).
  LANGUAGES: ['from:s', 'to:s'],
  // A list the server has, in reply to LISTS (§5 LIST): SERVER lists are the operator's, SAVED ones a host's.
  LIST: ['name:s', 'pairs:n', 'from:s', 'to:s', 'kind:SERVER|SAVED'],
  // A line of an upload that was not read, with its number among the LINEs and why (§5 SKIPPED).
  SKIPPED: ['line:n', 'why:k', 'text:s'],
  // What an upload read (§5 UPLOADED): after CHECK the preview, after SAVE the list saved.
  UPLOADED: ['name:s', 'pairs:n', 'skipped:n', 'from:s', 'to:s'],
  // The key that replaces or deletes a saved list, to the host who saved it (§5 LISTKEY).
  LISTKEY: ['name:s', 'key:s'],
};

// `OK <what> …`: the replies to commands (§5, OK).
const OK_SPECS = {
  NAME: ['name:s'],
  JOIN: ['room:s'],
  LEAVE: ['room:s'],
  ANSWER: ['n:n', 'answer:CORRECT|WRONG'],
  HOST: ['room:s', 'key:s'],
  WATCH: ['room:s'],
  LOCK: [],
  UNLOCK: [],
  KICK: ['name:s'],
  STOP: [],
  CLOSE: ['room:s'],
  RESUME: ['name:s', 'room:s'],
  // A room of one's own on that list (§4 PRACTICE): its ROOM line follows, and its game starts at once.
  PRACTICE: ['list:s'],
  MODE: ['mode:MACHINE|HUMAN'],
  RULES: [],
  // The teacher's word lists (§4 UPLOAD): each step's OK is bare, what it did came before it.
  UPLOAD: [],
  CHECK: [],
  SAVE: [],
  DELETE: [],
};

/**
 * Parses one server line into {type, …fields} (`OK NAME "Ana"` is
 * {type: 'OK', what: 'NAME', name: 'Ana'}), or null for a line this page
 * does not understand: an unknown keyword, a missing or extra field, a
 * malformed number.
 */
export function parseLine(line) {
  const tokens = tokenize(line);
  if (!tokens || tokens.length === 0 || tokens[0].quoted) return null;
  const type = tokens[0].text;
  if (!Object.prototype.hasOwnProperty.call(SPECS, type) && type !== 'OK') return null;
  const message = { type };
  let fields = SPECS[type];
  let at = 1;
  if (type === 'OK') {
    const what = tokens[1];
    if (!what || what.quoted || !Object.prototype.hasOwnProperty.call(OK_SPECS, what.text)) return null;
    message.what = what.text;
    fields = OK_SPECS[what.text];
    at = 2;
  }
  const read = readFields(tokens, at, fields, message);
  // A MOVED this page could not act on safely is skipped like an unknown line: its ERROR moved is shown as any error.
  if (read && type === 'MOVED' && !isPlace(read)) return null;
  return read;
}

function readFields(tokens, start, fields, message) {
  let at = start;
  for (const field of fields) {
    const [name, kind] = field.split(':');
    if (kind === 's*') {
      const rest = tokens.slice(at);
      if (rest.some((t) => !t.quoted)) return null;
      message[name] = rest.map((t) => t.text);
      at = tokens.length;
      continue;
    }
    const token = tokens[at];
    at += 1;
    if (!token) return null;
    const value = readField(token, kind);
    if (value === null) return null;
    message[name] = value;
  }
  return at === tokens.length ? message : null;
}

function readField(token, kind) {
  if (kind === 's') return token.quoted ? token.text : null;
  if (token.quoted) return null;
  if (kind === 'n') return parseNumber(token.text);
  if (kind === 'k') return KEYWORD.test(token.text) ? token.text : null;
  return kind.split('|').includes(token.text) ? token.text : null;
}

// ---- Blocks: lines of one keyword ended by END <keyword> (§2) ----

/** The keywords whose lines come as a block. */
const BLOCKS = new Set(['HELP', 'TOP', 'ROSTER', 'RANKING', 'WORDLIST', 'PLAYED', 'HARDEST', 'LIST', 'SKIPPED']);

/**
 * The blocks read whole, as every page reads them: `take(message)` keeps a block's lines, each kind apart, and
 * at its END gives `{block, lines}` (a leaderboard never half read); null for any other line.
 */
export class BlockReader {
  constructor() { this.reset(); }

  /** Forgets a block begun and not ended (a link that went in the middle of one). */
  reset() { this.lines = new Map(); }

  take(message) {
    if (BLOCKS.has(message.type)) {
      if (!this.lines.has(message.type)) this.lines.set(message.type, []);
      this.lines.get(message.type).push(message);
      return null;
    }
    if (message.type !== 'END' || !BLOCKS.has(message.block)) return null;
    const lines = this.lines.get(message.block) ?? [];
    this.lines.delete(message.block);
    return { block: message.block, lines };
  }
}

// ---- MOVED: a room or seat on another server (§4 "A fleet of servers", §5 MOVED) ----

/** How many times in a row a page follows MOVED for one command (§4, §8); then it shows the server's error. */
export const MAX_MOVES = 3;

/** 1–253 ASCII letters, digits, `.`, `-` or `:` (§5 MOVED): what a host may be (a name, an IPv4 or an IPv6 address). */
const PLAIN_HOST = /^[A-Za-z0-9.:-]{1,253}$/;
/** A port as §2 writes a number (no leading zero), checked for 1–65535 after. */
const PORT = /^[1-9][0-9]{0,4}$/;

/** A TCP or web port: a whole number from 1 to 65535. */
export function isPort(port) {
  return Number.isInteger(port) && port >= 1 && port <= 65535;
}

/** `http://<host>:<port>` exactly, no path (§5 MOVED): a host as MOVED's (an IPv6 one in brackets), a port in range. */
export function isWebAddress(web) {
  if (typeof web !== 'string' || !web.startsWith('http://')) return false;
  const colon = web.lastIndexOf(':');
  if (colon <= 'http://'.length) return false;
  let host = web.slice('http://'.length, colon);
  const port = web.slice(colon + 1);
  // An IPv6 host, and only an IPv6 host, is in brackets.
  if (host.startsWith('[') && host.endsWith(']')) {
    host = host.slice(1, -1);
    if (!host.includes(':')) return false;
  } else if (host.includes(':')) {
    return false;
  }
  return PLAIN_HOST.test(host) && PORT.test(port) && isPort(Number(port));
}

/** Whether a parsed MOVED names a place a client may go: its host, its port, and its web address "" or well formed. */
export function isPlace(moved) {
  return typeof moved.host === 'string' && PLAIN_HOST.test(moved.host) && isPort(moved.port)
    && (moved.web === '' || isWebAddress(moved.web));
}

/** The only pages a MOVED sends a browser to (§11 Pages). */
const MOVED_PAGES = ['/', '/host', '/watch'];

/**
 * The address of `path` (one of MOVED_PAGES) on the server a checked MOVED
 * names: its `web` origin, the page, `query` (public: the room), and
 * `fragment` after `#` (what the other page needs and no server should see
 * or log: the name, a resume code, a host key, the hop count). Null when
 * MOVED has no web address, or it is not exactly an `http:` origin once a
 * browser reads it (`http://a@b:1` has a user, `http://a?b:1` a query),
 * or it is `here`, the page's own origin (a server never sends a page to
 * itself, §4: going there would only bring it back): a page navigates only
 * to what this returns, never to a text of the network.
 */
export function movedPage(moved, path, query = {}, fragment = {}, here = null) {
  if (!moved || moved.type !== 'MOVED' || !isPlace(moved) || moved.web === '' || !MOVED_PAGES.includes(path)) return null;
  let origin;
  try {
    origin = new URL(moved.web);
  } catch {
    return null;
  }
  if (origin.protocol !== 'http:' || origin.username || origin.password || origin.pathname !== '/' || origin.search
    || origin.hash || !origin.hostname || origin.origin === here) return null;
  const url = new URL(path, origin.origin);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  const hash = new URLSearchParams(Object.entries(fragment).map(([key, value]) => [key, String(value)])).toString();
  if (hash) url.hash = hash;
  return url.href;
}

/** The fields a page sent on by MOVED reads after `#` (movedPage's `fragment`). */
const FRAGMENT_FIELDS = ['hop', 'name', 'room', 'key', 'resume', 'open'];

/**
 * What a page sent on by MOVED finds after `#`: {hops, name?, room?, key?,
 * resume?, open?}, each a string for the page to check as it checks typed text.
 * Null unless `hop` is a number from 1 to MAX_MOVES and nothing else is
 * there: a fragment this page did not write is ignored whole.
 */
export function readMoveFragment(hash) {
  const text = String(hash ?? '').replace(/^#/, '');
  if (!text || text.length > 512) return null;
  const params = new URLSearchParams(text);
  const keys = [...params.keys()];
  if (keys.some((key) => !FRAGMENT_FIELDS.includes(key)) || new Set(keys).size !== keys.length) return null;
  const hops = parseNumber(params.get('hop') ?? '');
  if (hops === null || hops < 1 || hops > MAX_MOVES) return null;
  const read = { hops };
  for (const key of FRAGMENT_FIELDS.slice(1)) if (params.has(key)) read[key] = params.get(key);
  return read;
}

// ---- Client lines ----------------------------------------------------------

/** A string in the protocol's quotes, escaped as §2 says. */
export function quote(text) {
  let out = '"';
  for (const c of String(text)) {
    const code = c.codePointAt(0);
    if (c === '"') out += '\\"';
    else if (c === '\\') out += '\\\\';
    else if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) out += `\\u{${code.toString(16).toUpperCase()}}`;
    else out += c;
  }
  return out + '"';
}

/**
 * What a person typed, made fit for one line: line ends would split it into
 * several commands (§11: a message holding line ends is read as the lines it
 * holds), and backspace or DEL would erase what came before. Every control
 * character becomes a space; the server refuses what a name may not hold.
 */
export function typedText(text) {
  return String(text).replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').trim();
}

/**
 * `NAME <name>` or `KICK <name>`: the rest of the line is the name; only a
 * name that starts with a quote is sent quoted, so the server does not take
 * its quotes for the protocol's (ClientCommand.line does the same).
 */
export function commandWithName(command, name) {
  const clean = typedText(name);
  return clean.startsWith('"') ? `${command} ${quote(clean)}` : `${command} ${clean}`;
}

/** Room names (§4, JOIN): 1–24 ASCII letters, digits, `-` or `_`. */
export function isRoomName(text) {
  return /^[A-Za-z0-9_-]{1,24}$/.test(text);
}

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRTUVWXY346789';

/** Whether a room name is shaped like a code HOST makes: written in capitals, as the board shows it. */
export function looksLikeCode(room) {
  if (typeof room !== 'string' || room.length < 4 || room.length > 5) return false;
  return Array.from(room.toUpperCase()).every((c) => CODE_ALPHABET.includes(c));
}

/** A host key (§4, HOST): 12 characters of the code alphabet. */
export function looksLikeKey(key) {
  return typeof key === 'string' && key.length === 12
    && Array.from(key.toUpperCase()).every((c) => CODE_ALPHABET.includes(c));
}

/** A resume code (§4, RESUME): 8 characters of the code alphabet. */
export function looksLikeResumeCode(code) {
  return typeof code === 'string' && code.length === 8
    && Array.from(code.toUpperCase()).every((c) => CODE_ALPHABET.includes(c));
}

/** A room's name as people read it: a hosted room's code in capitals; `main` as it is. */
export function spokenRoom(room) {
  return looksLikeCode(room) ? room.toUpperCase() : String(room ?? '');
}

// The commands a server text may tell a person at nc to type. A page has
// buttons, not commands, so sentences naming them are left out where the
// page speaks for itself (ClientTexts.withoutCommands does the same).
const COMMAND_WORDS = new Set(['NAME', 'JOIN', 'START', 'AGAIN', 'STATUS', 'LEAVE', 'QUIT', 'HELP', 'RESUME',
  'HOST', 'WATCH', 'KICK', 'LOCK', 'UNLOCK', 'STOP', 'CLOSE', 'ANSWER', 'ROUND', 'MODE']);

/** The text without its sentences that say what to type; a text that is nothing else is kept whole. */
export function withoutCommands(text) {
  const sentences = String(text).split('. ').filter((sentence) =>
    !sentence.split(/[^\p{L}]+/u).some((word) => COMMAND_WORDS.has(word)));
  if (sentences.length === 0) return String(text);
  const kept = sentences.join('. ');
  return kept.endsWith('.') ? kept : `${kept}.`;
}

/** "1.2 s" from milliseconds. */
export function seconds(ms) {
  return `${Math.floor(ms / 1000)}.${Math.floor((ms % 1000) / 100)} s`;
}

/** "out after 3 wrong answers", or for maxIncorrect 0 (GAME's and RULES' "never") "everyone plays every pair". */
export function outRule(maxIncorrect) {
  if (maxIncorrect === 0) return 'everyone plays every pair';
  return `out after ${maxIncorrect} wrong answer${maxIncorrect === 1 ? '' : 's'}`;
}

/**
 * A RULES line with the languages of its list: LANGUAGES comes right before every RULES (§5 LANGUAGES), so a
 * page keeps the latest and gives it to the RULES that follows. A server that sends none: English → Spanish.
 */
export function withLanguages(rules, languages) {
  return { ...rules, from: languages?.from || 'English', to: languages?.to || 'Spanish' };
}

/** Letters of right-to-left scripts: Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms. */
const RIGHT_TO_LEFT = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFC]|[\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;

/** Whether a text holds right-to-left letters. */
export function hasRightToLeft(text) {
  return RIGHT_TO_LEFT.test(String(text ?? ''));
}

/**
 * A word as it goes inside a sentence of ours ("قطة = cat"): a word with right-to-left letters between
 * First Strong Isolate and Pop Directional Isolate (Unicode's bidi isolates), so that two Arabic words around
 * " = " are not read as one right-to-left run and swapped; any other word as it is (the text stays plain).
 */
export function isolated(word) {
  const text = String(word ?? '');
  return hasRightToLeft(text) ? `\u2068${text}\u2069` : text;
}

/** "English → French": the way a list's two languages are written on every page (each name isolated). */
export function languagePair(from, to) {
  return `${isolated(from)} → ${isolated(to)}`;
}

/** A RULES line in words: "10 pairs · 8 s a pair · everyone plays every pair · list animals (English → French)". */
export function rulesText(rules) {
  const time = rules.roundMs % 1000 === 0 ? `${rules.roundMs / 1000} s` : seconds(rules.roundMs);
  const list = rules.from && rules.to ? `list ${rules.list} (${languagePair(rules.from, rules.to)})` : `list ${rules.list}`;
  return [`${rules.pairs} pair${rules.pairs === 1 ? '' : 's'}`, `${time} a pair`, outRule(rules.maxIncorrect), list]
    .join(' · ');
}

/** Whether two RULES lines say the same rules (the languages too: a list replaced may have others). */
export function sameRules(a, b) {
  return a.pairs === b.pairs && a.roundMs === b.roundMs && a.maxIncorrect === b.maxIncorrect && a.list === b.list
    && a.from === b.from && a.to === b.to;
}

/** A name's limits (Protocol.md §4 NAME): 16 characters, as a person counts them, and 16 columns of a terminal. */
export const NAME_CHARACTERS = 16;
export const NAME_COLUMNS = 16;

/**
 * Characters a terminal draws two columns wide (East Asian Wide and Fullwidth, and emoji): the ranges a
 * class meets, enough to warn while typing. The server checks the name with Unicode's whole table.
 */
const WIDE = /[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{1F300}-\u{1F64F}\u{1F900}-\u{1F9FF}\u{20000}-\u{3FFFD}]/u;

/**
 * What is wrong with a name as it is typed, said while typing rather than after Join: too many characters
 * or too wide. '' when it fits (the server has the last word, with its own sentence).
 */
export function nameProblem(name) {
  const text = typedText(name).replace(/ {2,}/g, ' '); // the server keeps one space of a run
  const characters = typeof Intl !== 'undefined' && Intl.Segmenter
    ? [...new Intl.Segmenter().segment(text)].map((s) => s.segment) : [...text];
  if (characters.length > NAME_CHARACTERS) {
    return `Names are 1 to ${NAME_CHARACTERS} characters: this one has ${characters.length}.`;
  }
  const columns = characters.reduce((sum, c) => sum + (WIDE.test(c) ? 2 : 1), 0);
  if (columns > NAME_COLUMNS) {
    return `Names fit in ${NAME_COLUMNS} columns, and Chinese, Japanese and Korean characters and emoji take 2 each: `
      + `this one takes ${columns}.`;
  }
  return '';
}

/**
 * The reading floor of a game (Protocol.md §7): nobody sees and reads a new pair sooner than this
 * after it is on the screen, so a tap sooner was meant for the pair before. 150 ms, or a quarter of
 * the pair's time when that is less, as the server reckons it for a bare answer.
 */
export function readingFloorMs(roundMs) {
  return Math.min(150, Math.floor(roundMs / 4));
}

/** "1st", "2nd", "3rd", "11th", "22nd". */
export function ordinal(n) {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
}
