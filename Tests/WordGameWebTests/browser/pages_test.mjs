// Unit tests of the pages' logic that needs no browser: review.js (how a student's page words each pair and
// the game), seats.js (a student's seats in localStorage, here a stand-in) and fall.js (where the word is).
// ProtocolScriptTests.swift runs them in swift test; by hand: node Tests/WordGameWebTests/browser/pages_test.mjs
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// The pages' modules as they are, imported as ES modules whatever the Node version: a copy in a folder
// whose package.json says so (the repository's Resources are plain files, with no package.json of their own).
const folder = mkdtempSync(join(tmpdir(), 'wordgame-pages-'));
process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
cpSync(new URL('../../../Resources/web/', import.meta.url), folder, { recursive: true });
writeFileSync(join(folder, 'package.json'), '{"type": "module"}');
const page = (name) => import(pathToFileURL(join(folder, name)).href);

// localStorage, as a page has it; IndexedDB is absent, as in some private modes.
const stored = new Map();
globalThis.localStorage = {
  getItem: (key) => (stored.has(key) ? stored.get(key) : null),
  setItem: (key, value) => stored.set(key, String(value)),
};

const R = await page('review.js');
const { seats } = await page('seats.js');
const F = await page('fall.js');

let passed = 0;
async function test(name, body) {
  try {
    await body();
  } catch (error) {
    console.error(`FAIL ${name}`);
    throw error;
  }
  passed += 1;
}

const right = { n: 1, english: 'library', spanish: 'biblioteca', truth: 'CORRECT', translation: 'biblioteca', verdict: 'RIGHT' };
const wrong = { n: 2, english: 'old', spanish: 'nuevo', truth: 'WRONG', translation: 'viejo', verdict: 'WRONG' };

await test('review: the truth, worded as during the game', () => {
  assert.equal(R.truthText(right), 'library = biblioteca');
  assert.equal(R.truthText(wrong), 'old ≠ nuevo (old = viejo)');
  assert.equal(R.verdictLine(right), '✓ Right — library = biblioteca');
  assert.equal(R.verdictLine(wrong), '✗ Wrong — old ≠ nuevo (old = viejo)');
  assert.equal(R.verdictLine({ ...wrong, verdict: 'TIMEOUT' }), '◷ Time ran out — old ≠ nuevo (old = viejo)');
  assert.equal(R.verdictLine({ ...wrong, verdict: 'AWAY' }), '– Missed while you were away — old ≠ nuevo (old = viejo)');
  assert.equal(R.verdictLine({ ...wrong, verdict: null }), 'Pair 2: old ≠ nuevo (old = viejo)', 'one who had no say: the truth alone');
});

await test('review: what the player said follows from the verdict, even when the page lost its note', () => {
  assert.equal(R.saidFromVerdict(right), 'CORRECT');
  assert.equal(R.saidFromVerdict(wrong), 'CORRECT', 'wrong about a wrong pair: they said it was correct');
  assert.equal(R.saidFromVerdict({ ...wrong, verdict: 'RIGHT' }), 'WRONG');
  assert.equal(R.saidFromVerdict({ ...right, verdict: 'WRONG' }), 'WRONG');
  assert.equal(R.saidFromVerdict({ ...right, verdict: 'TIMEOUT', said: null }), null);
  assert.equal(R.pairNote(wrong), 'You said it is correct — you were wrong');
  assert.equal(R.pairNote({ ...right, verdict: 'TIMEOUT' }), 'No answer in time');
  assert.equal(R.pairNote({ ...right, verdict: 'AWAY' }), 'Missed while you were away: it counts neither right nor wrong');
  assert.equal(R.pairNote({ ...right, verdict: null, as: 'OUT' }), 'You were out: you watched this pair');
  assert.equal(R.pairNote({ ...right, verdict: null, as: 'WATCHING' }), 'You watched this pair');
  assert.equal(R.pairNote({ ...right, verdict: null }), '');
});

await test('review: every pair up to the last, a pair this page never saw named', () => {
  const items = R.pairItems([right, { ...wrong, n: 3 }]);
  assert.deepEqual(items.map((i) => i.style), ['right', 'neutral', 'wrong']);
  assert.equal(items[0].text, '✓ 1. library = biblioteca');
  assert.equal(items[1].text, '· 2. Not seen on this page: it passed while the page was reconnecting');
  assert.equal(items[2].text, '✗ 3. old ≠ nuevo (old = viejo)');
  assert.equal(items[2].note, 'You said it is correct — you were wrong');
  assert.deepEqual(R.pairItems([]), []);
});

await test('review: the end status', () => {
  const game = { pairs: 15, maxIncorrect: 3 };
  const history = [right, wrong];
  const over = { rank: 2, ranked: 5, correct: 1, wrong: 1 };
  assert.equal(R.endStatus(over, { game, outAfter: null, history }), 'The game ended after pair 2 of 15. You finished 2nd of 5.');
  assert.equal(R.endStatus(over, { game: { ...game, pairs: 2 }, outAfter: null, history }), 'All 2 pairs played. You finished 2nd of 5.');
  assert.equal(R.endStatus({ ...over, ranked: 1 }, { game: { pairs: 1, maxIncorrect: 3 }, outAfter: null, history: [right] }),
    'All 1 pair played.');
  assert.equal(R.endStatus({ ...over, wrong: 3 }, { game, outAfter: 7, history }), 'Out after 3 wrong attempts, at pair 7.');
  assert.equal(R.endStatus({ ...over, wrong: 3 }, { game, outAfter: null, history }),
    'Out after 3 wrong attempts (while your connection was down).');
  assert.equal(R.endStatus({ ...over, wrong: 5 }, { game: { ...game, maxIncorrect: 0 }, outAfter: null, history }),
    'The game ended after pair 2 of 15. You finished 2nd of 5.', 'nobody is ever out when the rule is 0');
  assert.equal(R.endStatus({ ...over, rank: 0 }, { game, outAfter: null, history }), 'You joined during it: you play from the next game.');
  assert.equal(R.endStatus({ missed: true, correct: 4, wrong: 3 }, { game, outAfter: null, history }),
    'So this page did not get your final score. Before the connection dropped: 4 correct, 3 wrong (out).');
});

await test('review: an open pair from storage is taken only well formed', () => {
  for (const bad of [null, 'x', 7, {}, { n: 0 }, { n: 1.5 }, { n: '2' }]) assert.equal(R.keptOpenPair(bad), null, JSON.stringify(bad));
  assert.deepEqual(R.keptOpenPair({ n: 3, english: 5, spanish: 'gato', endsAt: 'soon', said: '<img>', sent: 'yes', taken: true }),
    { n: 3, english: '', spanish: 'gato', endsAt: 0, said: null, sent: false, taken: true });
  assert.equal(R.keptOpenPair({ n: 3, said: 'WRONG' }).said, 'WRONG');
});

await test('seats: kept by resume code, changed in place, forgotten', () => {
  stored.clear();
  assert.deepEqual(seats.read(), {});
  const now = Date.now();
  seats.save({ code: 'ABCD3467', room: 'mb3k', name: 'Ana', grace: 60, seenAt: now });
  seats.save({ code: 'WXYZ6789', room: 'hfv7', name: 'Bo', grace: 60, seenAt: now });
  seats.update('ABCD3467', { name: 'Ana B' });
  seats.update('NOTHERE2', { name: 'nobody' });
  assert.equal(seats.read().ABCD3467.name, 'Ana B');
  assert.equal(seats.read().NOTHERE2, undefined, 'an update makes no seat');
  seats.remove('WXYZ6789');
  assert.deepEqual(Object.keys(seats.read()), ['ABCD3467']);
});

await test('seats: only seats whose grace may still run are live; what anyone wrote in storage is checked', () => {
  stored.clear();
  const now = Date.now();
  seats.write({
    ABCD3467: { room: 'mb3k', grace: 60, seenAt: now - 10_000 },
    WXYZ6789: { room: 'hfv7', grace: 60, seenAt: now - 61_000 },
    'not a code': { room: 'x', grace: 60, seenAt: now },
    EFGH3467: { room: 'x', grace: 'long', seenAt: now },
    JKMN3467: null,
  });
  assert.deepEqual(Object.keys(seats.live()), ['ABCD3467']);
  assert.deepEqual(Object.keys(seats.read()), ['ABCD3467'], 'the others are forgotten');
  stored.set('wordgame.seats', '{not json');
  assert.deepEqual(seats.read(), {});
  stored.set('wordgame.seats', '"a string"');
  assert.deepEqual(seats.live(), {});
});

await test('seats: without IndexedDB, recovering changes nothing', async () => {
  stored.clear();
  seats.save({ code: 'ABCD3467', room: 'mb3k', grace: 60, seenAt: Date.now() });
  const before = stored.get('wordgame.seats');
  await seats.recover();
  assert.equal(stored.get('wordgame.seats'), before);
});

await test('fall: set where the pair is, so a page arriving late shows how little is left', () => {
  const element = () => {
    const classes = new Set();
    return { classList: { add: (...c) => c.forEach((x) => classes.add(x)), remove: (...c) => c.forEach((x) => classes.delete(x)) },
      offsetWidth: 0, style: {}, classes };
  };
  const word = element(), bar = element();
  const receivedAt = performance.now() - 500;  // the line came half a second ago
  const left = F.startFall([word, bar], 1_000, 5_000, receivedAt);
  assert.ok(left <= 500 && left > 400, `about 500 ms left, not ${left}`);
  assert.equal(word.style.animationDuration, '5000ms');
  const delay = -Number.parseFloat(word.style.animationDelay);
  assert.ok(delay >= 4_500 && delay < 4_600, `4.5 s of 5 s already fallen, not ${delay} ms`);
  assert.ok(word.classes.has('falling') && bar.classes.has('falling'));
  F.pauseFall([word]);
  assert.ok(word.classes.has('paused'));
  F.stopFall([word, bar]);
  assert.ok(!word.classes.has('falling') && !word.classes.has('paused') && !bar.classes.has('falling'));
  assert.equal(F.startFall([element()], 3_000, 0, performance.now()) > 2_900, true, 'no total: the time left is the whole');
});

console.log(`pages: ${passed} tests passed`);
