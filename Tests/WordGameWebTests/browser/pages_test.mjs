// Unit tests of the pages' logic that needs no browser: review.js (how a student's page words each pair and
// the game), seats.js (a student's seats in localStorage, here a stand-in), fall.js (where the word is),
// languages.js (tags), protocol.js (right-to-left words), wordlists.js (a teacher's list as UPLOAD's lines),
// hardest.js (the hardest words' table) and practice.js (the missed words kept for Practice alone).
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
const L = await page('languages.js');
const P = await page('protocol.js');
const W = await page('wordlists.js');
const H = await page('hardest.js');
const Q = await page('practice.js');

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

await test('languages: a tag for the names a class meets, in English or their own; none for others', () => {
  assert.equal(L.languageTag('French'), 'fr');
  assert.equal(L.languageTag(' français '), 'fr');
  assert.equal(L.languageTag('日本語'), 'ja');
  assert.equal(L.languageTag('العربية'), 'ar');
  assert.equal(L.languageTag('Klingon'), '');
  assert.equal(L.languageTag(undefined), '');
  assert.ok(L.LANGUAGE_NAMES.includes('Japanese') && L.LANGUAGE_NAMES.length >= 40);
});

await test('languages: right-to-left words are isolated in a line of ours, others left as they are', () => {
  assert.equal(P.isolated('cat'), 'cat');
  assert.equal(P.isolated('猫'), '猫');
  assert.equal(P.isolated('قطة'), '\u2068قطة\u2069');
  assert.equal(P.isolated('שלום'), '\u2068שלום\u2069');
  assert.ok(P.hasRightToLeft('a قطة') && !P.hasRightToLeft('chat'));
  // Two Arabic words around " = " keep their order: each is its own isolate.
  assert.equal(R.truthText({ english: 'قطة', spanish: 'cat', truth: 'CORRECT' }), '\u2068قطة\u2069 = cat');
});

await test('word lists: a name made from a title, and the names the server takes', () => {
  assert.equal(W.listSlug('Week 12: Français!'), 'week-12-francais');
  assert.equal(W.listSlug('  Ünit 3 — Tiere  '), 'unit-3-tiere');
  assert.equal(W.listSlug('日本語'), '', 'nothing left: the page asks for Latin letters');
  assert.equal(W.listSlug('Default'), 'default-list', 'never "default", the server\'s own list');
  assert.equal(W.listSlug('a'.repeat(30)).length, 24);
  assert.equal(W.listSlug('abcdefghijklmnopqrstuvw xyz'), 'abcdefghijklmnopqrstuvw', 'no dash left at the end once cut');
  assert.ok(W.isListName('week_12-fr') && !W.isListName('default') && !W.isListName('a/b') && !W.isListName('..')
    && !W.isListName('a\u0000') && !W.isListName('') && !W.isListName('x'.repeat(25)));
  assert.equal(W.fileTitle('C:\\Users\\ms\\week 12.tsv'), 'week 12');
  assert.equal(W.fileTitle('/home/ms/animals.json'), 'animals');
});

await test('word lists: the text as the server numbers it, each line within 512 bytes', () => {
  assert.deepEqual(W.linesOf('\uFEFFEnglish\tFrench\r\nthe cat\tle chat\r\n\r\nthe dog\tle chien\n\n  \n'),
    ['English\tFrench', 'the cat\tle chat', '', 'the dog\tle chien'], 'blank lines inside kept, at the end dropped');
  assert.deepEqual(W.linesOf('a,b\rc,d'), ['a,b', 'c,d'], 'an old Mac\'s line ends');
  assert.equal(W.lineCommand('the cat\tle chat'), 'LINE "the cat\\u{9}le chat"');
  assert.equal(W.lineCommand('say "hi"'), 'LINE "say \\"hi\\""');
  const long = W.lineCommand('é'.repeat(400));
  assert.ok(new TextEncoder().encode(long).length <= 512 && long.endsWith('é"'), 'cut at a character, still a whole line');
  const commands = W.uploadCommands({ name: 'week-12', from: '', to: 'French', key: 'ABCDEFGHJKMN', lines: ['a\tb'], finish: 'SAVE' });
  assert.deepEqual(commands, ['UPLOAD week-12 "" "French" "ABCDEFGHJKMN"', 'LINE "a\\u{9}b"', 'SAVE']);
  assert.deepEqual(W.uploadCommands({ name: 'x', from: 'English', to: 'French', lines: [], finish: 'CHECK' }),
    ['UPLOAD x "English" "French"', 'CHECK']);
});

await test('word lists: a JSON file becomes tab lines, in either format; a bad one says what is wrong', () => {
  const original = W.jsonListLines('[{"text_eng":"the cat","text_spa":"el gato"},{"text_eng":"to\\tgo","text_spa":"ir\\n"}]');
  assert.deepEqual(original, { from: 'English', to: 'Spanish', lines: ['the cat\tel gato', 'to go\tir'] });
  const ours = W.jsonListLines('{"wordgame_list":1,"from":"Arabic","to":"English","pairs":[["قطة","cat"],["كلب"]]}');
  assert.deepEqual(ours, { from: 'Arabic', to: 'English', lines: ['قطة\tcat', '?'] }, 'a broken pair is a line the preview names');
  assert.match(W.jsonListLines('{"nope": 1}').problem, /neither/);
  assert.match(W.jsonListLines('[1, 2').problem, /not JSON/);
  assert.match(W.jsonListLines('[]').problem, /empty/);
  assert.ok(W.looksLikeJSON('a.JSON', '') && W.looksLikeJSON('a.txt', '  [{') && !W.looksLikeJSON('a.csv', 'a,b'));
});

await test('word lists: files in UTF-8, UTF-16 (Excel\'s Unicode text) and Windows-1252 are read as text', () => {
  const utf8 = new TextEncoder().encode('chat\tgato\n');
  assert.equal(W.decodeFile(utf8), 'chat\tgato\n');
  const utf16 = new Uint8Array([0xff, 0xfe, ...Array.from('é\tb').flatMap((c) => [c.charCodeAt(0), 0])]);
  assert.equal(W.decodeFile(utf16), 'é\tb');
  assert.equal(W.decodeFile(new Uint8Array([0x63, 0x61, 0x66, 0xe9])), 'café', 'not UTF-8: Windows-1252');
  assert.equal(W.skippedWhy('duplicate'), 'the same pair again');
  assert.equal(W.skippedWhy('some-new-reason'), 'some new reason');
});

await test('word lists: keys kept by list name, what storage holds checked', () => {
  stored.clear();
  W.listKeys.save('Week-12', 'ABCDEFGHJKMN');
  W.listKeys.save('bad/name', 'ABCDEFGHJKMN');
  W.listKeys.save('ok', 'x');
  assert.deepEqual(W.listKeys.read(), { 'week-12': 'ABCDEFGHJKMN' });
  assert.equal(W.listKeys.get('WEEK-12'), 'ABCDEFGHJKMN');
  stored.set('wordgame.listKeys', '{"a": "ABCDEFGHJKMN", "../x": "ABCDEFGHJKMN", "b": 12}');
  assert.deepEqual(W.listKeys.read(), { a: 'ABCDEFGHJKMN' });
  W.listKeys.remove('a');
  assert.deepEqual(W.listKeys.read(), {});
  stored.set('wordgame.listKeys', 'not json');
  assert.deepEqual(W.listKeys.read(), {});
});

const hard = [
  { rank: 1, n: 3, english: 'old', spanish: 'nuevo', truth: 'WRONG', translation: 'viejo', right: 0, wrong: 2, timeout: 1 },
  { rank: 2, n: 1, english: 'cat', spanish: 'gato', truth: 'CORRECT', translation: 'gato', right: 2, wrong: 1, timeout: 0 },
  { rank: 3, n: 2, english: 'dog', spanish: 'perro', truth: 'CORRECT', translation: 'perro', right: 3, wrong: 0, timeout: 0 },
  { rank: 4, n: 4, english: 'sea', spanish: 'mar', truth: 'CORRECT', translation: 'mar', right: 0, wrong: 0, timeout: 0 },
];

await test('hardest: a row a pair, the missed ones counted as START MISSED deals them', () => {
  assert.deepEqual(H.hardestRow(hard[0]),
    { rank: '1.', english: 'old', translation: 'viejo', shown: 'nuevo', right: '0 of 3', wrong: '2', timeout: '1' });
  assert.equal(H.hardestRow(hard[1]).shown, '', 'a correct pair was shown with its translation');
  assert.equal(H.hardestRow(hard[3]).right, 'nobody played it');
  assert.deepEqual(hard.map(H.missed), [true, true, false, true], 'wrong, too late, or nobody right');
  assert.equal(H.missedCount(hard), 3);
  assert.equal(H.hardestTitle(hard), 'The hardest words · 3 of 4 missed');
  assert.equal(H.hardestTitle([hard[2]]), 'The hardest words · nothing missed in 1 pair');
});

await test('practice: the words missed in a game, kept with their list, sent within a line', () => {
  const history = [
    { n: 1, english: 'cat', verdict: 'RIGHT' }, { n: 2, english: 'old', verdict: 'WRONG' },
    { n: 3, english: 'sea', verdict: 'TIMEOUT' }, { n: 4, english: 'old', verdict: 'WRONG' },
    { n: 5, english: 'dog', verdict: 'AWAY' }, { n: 6, english: 'sun', verdict: null },
  ];
  assert.deepEqual(Q.missedWords(history), ['old', 'sea'], 'wrong or too late, once each; away and watched are not theirs');
  stored.clear();
  assert.equal(Q.missedStore.read(), null);
  Q.missedStore.save({ list: 'week-12', from: 'English', to: 'French', words: ['old', 'sea', 'x'.repeat(61)], at: 5 });
  assert.deepEqual(Q.missedStore.read(), { list: 'week-12', from: 'English', to: 'French', words: ['old', 'sea'], at: 5 });
  stored.set('wordgame.missed', '{"list": "../etc", "words": ["a"]}');
  assert.equal(Q.missedStore.read(), null, 'a list name the server would refuse');
  stored.set('wordgame.missed', '{"list": "ok", "words": ["a", 3, ""], "from": 7}');
  assert.deepEqual(Q.missedStore.read(), { list: 'ok', from: '', to: '', words: ['a'], at: 0 });
  assert.equal(Q.practiceCommand('week-12', ['old', 'the "sea"']), 'PRACTICE "week-12" "old" "the \\"sea\\""');
  const many = Q.practiceCommand('default', Array.from({ length: 100 }, (_, i) => `word number ${i}`));
  assert.ok(new TextEncoder().encode(many).length <= 512 && many.includes('"word number 0"') && !many.includes('word number 99'),
    'as many words as fit a line, the first first');
});

console.log(`pages: ${passed} tests passed`);
