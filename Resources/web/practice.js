// Practice alone (Protocol.md §4 PRACTICE): a student's game with nobody else,
// on any list of the server, starting with the words the student missed in
// their last game. The page keeps those words, and their list, in
// localStorage after each game, so the same phone or laptop can practise them
// at home; PRACTICE sends them, within one line.
//
// Pure but for localStorage (the page's, or one given in): Node tests it
// (Tests/WordGameWebTests/browser/pages_test.mjs).

import { quote } from './protocol.js';

const MISSED_KEY = 'wordgame.missed';
/** The most words kept: a game has at most 100 pairs (§4 RULES). */
export const KEPT_WORDS = 100;
/** A word as a list holds it: at most 60 characters (§8). */
const WORD_CHARACTERS = 60;
/** A command line's most bytes (§8). */
const LINE_BYTES = 512;

/**
 * The words the player missed in a game (`history`, as the end dialog lists it): answered wrong or not in
 * time, each once, in the order they came. Pairs the player did not play (out, watching, away) are not theirs.
 */
export function missedWords(history) {
  const words = [];
  for (const entry of history ?? []) {
    if ((entry?.verdict === 'WRONG' || entry?.verdict === 'TIMEOUT') && typeof entry.english === 'string'
      && !words.includes(entry.english)) words.push(entry.english);
  }
  return words.slice(0, KEPT_WORDS);
}

const isWord = (word) => typeof word === 'string' && word.length > 0 && Array.from(word).length <= WORD_CHARACTERS;
const LIST_NAME = /^[a-z0-9_-]{1,24}$/;

/**
 * The missed words kept: {list, from, to, words, at} (`at`: when the game ended, ms since 1970), or null. What
 * storage holds is checked, as anyone can edit it.
 */
export const missedStore = {
  storage: () => globalThis.localStorage,
  read() {
    try {
      const kept = JSON.parse(this.storage().getItem(MISSED_KEY) ?? 'null');
      if (!kept || typeof kept !== 'object' || !LIST_NAME.test(kept.list) || !Array.isArray(kept.words)) return null;
      const words = kept.words.filter(isWord).slice(0, KEPT_WORDS);
      const text = (value) => (typeof value === 'string' && value.length <= WORD_CHARACTERS ? value : '');
      return { list: kept.list, from: text(kept.from), to: text(kept.to), words, at: Number.isFinite(kept.at) ? kept.at : 0 };
    } catch { return null; }
  },
  save({ list, from, to, words, at }) {
    if (!LIST_NAME.test(list)) return;
    const record = { list, from: from ?? '', to: to ?? '', words: (words ?? []).filter(isWord).slice(0, KEPT_WORDS), at };
    try { this.storage().setItem(MISSED_KEY, JSON.stringify(record)); } catch { /* not kept: practice starts from the list */ }
  },
};

/**
 * `PRACTICE "<list>" "<word>" …`: as many of the words, in order, as fit a line's 512 bytes (the first are
 * the ones missed first; the rest of the game comes from the list anyway).
 */
export function practiceCommand(list, words = []) {
  let line = `PRACTICE ${quote(list)}`;
  const size = (text) => new TextEncoder().encode(text).length;
  for (const word of words) {
    const longer = `${line} ${quote(word)}`;
    if (size(longer) > LINE_BYTES) break;
    line = longer;
  }
  return line;
}
