// A teacher's word list, from the page to the server (Protocol.md §4 UPLOAD):
// the list's name made from a title, the teacher's text cut into the lines
// the server reads (a JSON list file turned into tab lines first, as the
// server's own parser reads tabs), the commands that send them, the keys that
// let this browser replace or delete a list it saved, and the words for each
// line the server skipped. The server reads every line and has the last word
// on every limit; nothing here decides what a pair is.
//
// Pure but for localStorage (given in, or the page's): Node tests it
// (Tests/WordGameWebTests/browser/pages_test.mjs).

import { quote } from './protocol.js';

/** A list's name (§4 UPLOAD, as RULES LIST takes it): 1–24 ASCII letters, digits, `-` or `_`, never `default`. */
export function isListName(name) {
  return typeof name === 'string' && /^[A-Za-z0-9_-]{1,24}$/.test(name) && name.toLowerCase() !== 'default';
}

/**
 * A list's name made from what the teacher typed ("Week 12: Français!" → "week-12-francais"): letters lose
 * their accents, anything else becomes `-`, lower case, at most 24. '' when nothing is left (a title all in
 * another script): the page then asks for a name in Latin letters.
 */
export function listSlug(title) {
  const plain = String(title ?? '').normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  let slug = plain.replace(/[^a-z0-9_]+/g, '-').replace(/^-+/, '').slice(0, 24).replace(/-+$/, '');
  if (slug === 'default') slug = 'default-list';
  return slug;
}

/** A file's name without its folder and its last extension: a list's title ("week 12.tsv" → "week 12"). */
export function fileTitle(fileName) {
  const base = String(fileName ?? '').split(/[\\/]/).pop();
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

/**
 * The teacher's text as the lines the server numbers (`LINE`, §4): split at every line end (Windows', old
 * Macs' and Unix's), a byte order mark dropped, the blank lines at the end dropped (a pasted column ends with
 * one). Blank lines inside stay: the server skips them silently, and the numbers the preview shows are then
 * the teacher's own line numbers.
 */
export function linesOf(text) {
  const lines = String(text ?? '').replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  return lines;
}

/** A command line's most bytes (§8: a client line is at most 512 bytes, and so is a WebSocket message). */
export const LINE_BYTES = 512;

const bytes = (text) => new TextEncoder().encode(text).length;

/**
 * `LINE "<text>"`, within a line's 512 bytes: a longer line is cut (at a character) rather than left out, so
 * the server still counts it and the preview names it with its number; a line that long has a side past the
 * server's limit, and is skipped as `too-long` (or `columns`) either way.
 */
export function lineCommand(text) {
  const chars = Array.from(String(text));
  const command = (count) => `LINE ${quote(chars.slice(0, count).join(''))}`;
  let low = 0;
  let high = chars.length;
  while (low < high) { // the most characters that fit
    const middle = Math.ceil((low + high) / 2);
    if (bytes(command(middle)) <= LINE_BYTES) low = middle;
    else high = middle - 1;
  }
  return command(low);
}

/**
 * The lines of one upload, from UPLOAD to its end (`CHECK`: the preview; `SAVE`: saved): a language left
 * empty is sent as `""`, for the header row to name; the list's key, kept by this browser, replaces a list
 * it saved before.
 */
export function uploadCommands({ name, from, to, key, lines, finish }) {
  const head = [`UPLOAD ${name}`, quote(from ?? ''), quote(to ?? '')];
  if (key) head.push(quote(key));
  return [head.join(' '), ...lines.map(lineCommand), finish === 'SAVE' ? 'SAVE' : 'CHECK'];
}

/** A side of a pair read from a JSON file, on one line: tabs and line ends inside it become spaces. */
function side(value) {
  return typeof value === 'string' ? value.replace(/[\t\r\n]+/g, ' ').trim() : null;
}

/**
 * A JSON list file as tab lines, for the text box and the server (the server reads pairs from lines, not
 * JSON, §4 UPLOAD): the original format (`[{"text_eng": …, "text_spa": …}]`, English → Spanish) or the
 * server's own (`{"wordgame_list": 1, "from", "to", "pairs": [[…, …]]}`). {from, to, lines}, or
 * {problem} saying what is wrong with the file. An entry without two strings becomes a line of what it
 * had, so the preview names it with its number rather than losing it silently.
 */
export function jsonListLines(text) {
  let json;
  try {
    json = JSON.parse(String(text).replace(/^\uFEFF/, ''));
  } catch (error) {
    return { problem: `it is not JSON (${String(error.message).slice(0, 120)})` };
  }
  if (Array.isArray(json)) {
    if (json.length === 0) return { problem: 'its list is empty' };
    const lines = json.map((entry) => {
      const english = side(entry?.text_eng);
      const spanish = side(entry?.text_spa);
      return english !== null && spanish !== null ? `${english}\t${spanish}` : (english ?? spanish ?? '?');
    });
    return { from: 'English', to: 'Spanish', lines };
  }
  if (json && typeof json === 'object' && Array.isArray(json.pairs)) {
    const lines = json.pairs.map((pair) => {
      const cells = Array.isArray(pair) ? pair.map(side) : [];
      return cells.length === 2 && cells.every((cell) => cell !== null) ? `${cells[0]}\t${cells[1]}` : '?';
    });
    if (lines.length === 0) return { problem: 'its list of pairs is empty' };
    return { from: side(json.from) ?? '', to: side(json.to) ?? '', lines };
  }
  return { problem: 'it is neither a list of {"text_eng", "text_spa"} nor a wordgame list ({"from", "to", "pairs"})' };
}

/**
 * A file's bytes as text, in the encodings teachers' files come in: UTF-8 (with or without its byte order
 * mark), UTF-16 with its mark (Excel's "Unicode Text" export, tab-separated), and, for bytes that are not
 * UTF-8, Windows-1252 (Excel's CSV on a Western Windows).
 */
export function decodeFile(bytes) {
  const data = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder('utf-16le').decode(data.subarray(2));
  if (data[0] === 0xfe && data[1] === 0xff) return new TextDecoder('utf-16be').decode(data.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    return new TextDecoder('windows-1252').decode(data);
  }
}

/** Whether a file holds JSON rather than lines: its name says so, or its text opens as JSON does. */
export function looksLikeJSON(fileName, text) {
  return /\.json$/i.test(String(fileName ?? '')) || /^\uFEFF?\s*[[{]/.test(String(text ?? ''));
}

/** The files the picker takes, and the most bytes the page reads of one (the server's own limit is lower: §8). */
export const FILE_TYPES = '.tsv,.txt,.csv,.json,text/plain,text/csv,text/tab-separated-values,application/json';
export const FILE_BYTES = 4 * 1024 * 1024;

/** Why a line was not read (§5 SKIPPED), in a teacher's words. */
const WHY = {
  columns: 'more than two columns',
  empty: 'one side is empty',
  'too-long': 'a side is too long',
  duplicate: 'the same pair again',
  unshowable: 'a side has only invisible or control characters',
};

export function skippedWhy(why) {
  return WHY[why] ?? why.replace(/-/g, ' ');
}

// ---- List keys: this browser's right to replace or delete a list it saved ----------------

const KEYS_KEY = 'wordgame.listKeys';
/** A list key as the server writes it (§5 LISTKEY): letters and digits, checked again when read from storage. */
const LIST_KEY = /^[A-Za-z0-9_-]{8,64}$/;

export function isListKey(key) {
  return typeof key === 'string' && LIST_KEY.test(key);
}

/**
 * The keys of the lists this browser saved, by list name (lower case), in localStorage: the same browser
 * replaces or deletes them, and no other (a student's page never holds one). What storage holds is
 * checked, as anyone can edit it.
 */
export const listKeys = {
  storage: () => globalThis.localStorage,
  read() {
    try {
      const all = JSON.parse(this.storage().getItem(KEYS_KEY) ?? '{}');
      const kept = {};
      if (all && typeof all === 'object') {
        for (const [name, key] of Object.entries(all)) if (isListName(name) && isListKey(key)) kept[name.toLowerCase()] = key;
      }
      return kept;
    } catch { return {}; }
  },
  get(name) { return this.read()[String(name).toLowerCase()] ?? null; },
  save(name, key) {
    if (!isListName(name) || !isListKey(key)) return;
    const all = this.read();
    all[name.toLowerCase()] = key;
    this.write(all);
  },
  remove(name) {
    const all = this.read();
    delete all[String(name).toLowerCase()];
    this.write(all);
  },
  write(all) {
    try { this.storage().setItem(KEYS_KEY, JSON.stringify(all)); } catch { /* not kept: this browser cannot replace it */ }
  },
};
