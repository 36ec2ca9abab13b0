// The hardest words of the game just ended (Protocol.md §5 HARDEST), as the
// projector shows them after the podium and the ranking: every pair, the
// hardest first, with the right translation and how many got it right, wrong
// or not in time. The same table as the results folder's pairs file.
//
// Pure: the HARDEST lines in, rows of text out (projector.js puts them on the
// screen as text); Node tests it (Tests/WordGameWebTests/browser/pages_test.mjs).

/** How many played a pair: those who answered it, right or wrong, and those whose time ran out. */
export function playedBy(line) {
  return line.right + line.wrong + line.timeout;
}

/** Whether the class missed a pair (START MISSED deals it again, §4): someone answered it wrong or too late, or nobody played it. */
export function missed(line) {
  return line.wrong + line.timeout > 0 || playedBy(line) === 0;
}

/** The pairs the class missed: what "Play the missed words" would deal first. */
export function missedCount(lines) {
  return lines.filter(missed).length;
}

/**
 * A row of the table: its rank, the word that stays, its right translation (and, for a pair shown with a
 * wrong one, which), then how many got it right of those who played it, wrong, and too slow.
 */
export function hardestRow(line) {
  const played = playedBy(line);
  return {
    rank: `${line.rank}.`,
    english: line.english,
    translation: line.translation,
    shown: line.truth === 'WRONG' ? line.spanish : '',
    right: played > 0 ? `${line.right} of ${played}` : 'nobody played it',
    wrong: String(line.wrong),
    timeout: String(line.timeout),
  };
}

/** The table's title: "The hardest words · 7 of 10 missed" or, when the class missed nothing, says so. */
export function hardestTitle(lines) {
  const count = missedCount(lines);
  if (lines.length === 0) return 'The hardest words';
  if (count === 0) return `The hardest words · nothing missed in ${lines.length} pair${lines.length === 1 ? '' : 's'}`;
  return `The hardest words · ${count} of ${lines.length} missed`;
}
