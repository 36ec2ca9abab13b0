// How the students' page words a pair and a game: the verdict after each
// pair, the end dialog's list of every pair, and its status line. Pure: the
// page's state in, text out (student.js puts it on the screen as text), so
// Node tests it (Tests/WordGameWebTests/browser/pages_test.mjs).

import { isolated, ordinal } from './protocol.js';

/** Each verdict: a symbol and words, never colour alone, and the style that colours it too. */
export const VERDICTS = {
  RIGHT: { mark: '✓', words: 'Right', style: 'right' },
  WRONG: { mark: '✗', words: 'Wrong', style: 'wrong' },
  TIMEOUT: { mark: '◷', words: 'Time ran out', style: 'timeout' },
  AWAY: { mark: '–', words: 'Missed while you were away', style: 'neutral' },
};

/**
 * "library = biblioteca", or "old ≠ nuevo (old = viejo)"; a word of a right-to-left script isolated, so that
 * "قطة = cat" keeps its order in a line of ours (protocol.js).
 */
export function truthText(entry) {
  const [english, spanish, translation] = [entry.english, entry.spanish, entry.translation].map(isolated);
  if (entry.truth === 'CORRECT') return `${english} = ${spanish}`;
  return `${english} ≠ ${spanish} (${english} = ${translation})`;
}

/** The verdict line after a pair: "✗ Wrong — old ≠ nuevo (old = viejo)"; the truth alone for one who had no say. */
export function verdictLine(entry) {
  const verdict = VERDICTS[entry.verdict];
  return verdict ? `${verdict.mark} ${verdict.words} — ${truthText(entry)}` : `Pair ${entry.n}: ${truthText(entry)}`;
}

const SAID = { CORRECT: 'You said it is correct', WRONG: 'You said it is wrong' };
const OUTCOME = { RIGHT: 'you were right', WRONG: 'you were wrong' };

/**
 * What the player said, from the server's verdict: RIGHT is an answer that
 * matched the truth, WRONG one that did not (§5 RESULT). So it is known even
 * when the page lost its own note of the tap (a reload before the reveal).
 */
export function saidFromVerdict(entry) {
  if (entry.verdict === 'RIGHT') return entry.truth;
  if (entry.verdict === 'WRONG') return entry.truth === 'CORRECT' ? 'WRONG' : 'CORRECT';
  return entry.said;
}

/** The note under a pair: what the player said and how it went, or why they had no say; nothing when the page cannot know. */
export function pairNote(entry) {
  if (entry.verdict === 'TIMEOUT') return 'No answer in time';
  if (entry.verdict === 'AWAY') return 'Missed while you were away: it counts neither right nor wrong';
  const said = saidFromVerdict(entry);
  if (SAID[said] && OUTCOME[entry.verdict]) return `${SAID[said]} — ${OUTCOME[entry.verdict]}`;
  if (entry.as === 'OUT') return 'You were out: you watched this pair';
  if (entry.as === 'WATCHING') return 'You watched this pair';
  return '';
}

/** Every pair of the game, from `history`: the verdict, the truth, and what the player said. Pairs this page never saw are named. */
export function pairItems(history) {
  const items = [];
  const byNumber = new Map(history.map((e) => [e.n, e]));
  const last = Math.max(0, ...history.map((e) => e.n));
  for (let n = 1; n <= last; n += 1) {
    const entry = byNumber.get(n);
    if (!entry) {
      items.push({ text: `· ${n}. Not seen on this page: it passed while the page was reconnecting`, style: 'neutral' });
      continue;
    }
    const verdict = VERDICTS[entry.verdict];
    // Worded as during the game: "old ≠ salón (old = viejo)".
    items.push({ text: `${verdict ? verdict.mark : '·'} ${n}. ${truthText(entry)}`, note: pairNote(entry),
      style: verdict ? verdict.style : 'neutral' });
  }
  return items;
}

/**
 * The end dialog's status line for `final` (GAMEOVER, or what the page knew when the game ended while it
 * was away: `missed`), given the game's rules, after which pair the player went out, and the pairs seen.
 */
export function endStatus(final, { game, outAfter, history }) {
  const max = game?.maxIncorrect ?? 3;
  if (final.missed) {
    // The server sends a finished game's score only to those in it at its end (§4 RESUME): say what the page knew.
    return `So this page did not get your final score. Before the connection dropped: ${final.correct} correct, `
      + `${final.wrong} wrong${max > 0 && final.wrong >= max ? ' (out)' : ''}.`;
  }
  if (final.rank === 0) return 'You joined during it: you play from the next game.';
  // The wrong attempts say it even when the page did not see it happen (it came back after a drop).
  if (outAfter !== null || (max > 0 && final.wrong >= max)) {
    return outAfter > 0 ? `Out after ${max} wrong attempts, at pair ${outAfter}.`
      : `Out after ${max} wrong attempts (while your connection was down).`;
  }
  const medal = final.ranked > 1 ? ` You finished ${ordinal(final.rank)} of ${final.ranked}.` : '';
  // The pairs the game had, not the pairs this page saw: some may have passed while it was away.
  const played = Math.max(0, ...history.map((e) => e.n));
  const pairs = game?.pairs ?? played;
  if (played >= pairs) return `All ${pairs} pair${pairs === 1 ? '' : 's'} played.${medal}`;
  return `The game ended after pair ${played} of ${pairs}.${medal}`;
}

/** The open pair kept with the seat, if it is well formed (it comes back from storage, which anyone can edit). */
export function keptOpenPair(open) {
  if (!open || typeof open !== 'object' || !Number.isInteger(open.n) || open.n < 1) return null;
  return {
    n: open.n,
    english: typeof open.english === 'string' ? open.english : '',
    spanish: typeof open.spanish === 'string' ? open.spanish : '',
    endsAt: Number.isFinite(open.endsAt) ? open.endsAt : 0,
    said: open.said === 'CORRECT' || open.said === 'WRONG' ? open.said : null,
    sent: open.sent === true,
    taken: open.taken === true,
  };
}
