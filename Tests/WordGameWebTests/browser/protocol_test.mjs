// Unit tests of Resources/web/protocol.js under Node: ProtocolScriptTests.swift runs them in swift test;
// by hand: node Tests/WordGameWebTests/browser/protocol_test.mjs
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const source = readFileSync(new URL('../../../Resources/web/protocol.js', import.meta.url), 'utf8');
const P = await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);

let passed = 0;
function test(name, body) {
  body();
  passed += 1;
}

test('tokens: bare words and strings', () => {
  assert.deepEqual(P.tokenize('TOP 2 "Bo \\"the bear\\"" 0 3 11630').map((t) => t.text),
    ['TOP', '2', 'Bo "the bear"', '0', '3', '11630']);
  assert.deepEqual(P.tokenize('A  "x y"   B').map((t) => [t.quoted, t.text]), [[false, 'A'], [true, 'x y'], [false, 'B']]);
  assert.deepEqual(P.tokenize('X "a\\\\b" "\\u{1B}[31m" ""').map((t) => t.text), ['X', 'a\\b', '\u001b[31m', '']);
  assert.deepEqual(P.tokenize('X "李小龍 👨‍👩‍👧 é"').map((t) => t.text), ['X', '李小龍 👨‍👩‍👧 é']);
});

test('tokens: malformed lines', () => {
  for (const bad of ['X "open', 'X "a"b', 'X a"b', 'X "\\q"', 'X "\\u{}"', 'X "\\u{1234567}"', 'X "\\u{D800}"',
    'X "\\u{110000}"', 'X "\\u1B"', 'X "\\u{1B"', 'X "\\"']) {
    assert.equal(P.tokenize(bad), null, bad);
  }
});

test('numbers: digits only, no sign, no leading zero, at most 12 digits', () => {
  assert.equal(P.parseNumber('0'), 0);
  assert.equal(P.parseNumber('999999999999'), 999999999999);
  for (const bad of ['01', '+1', '-1', '1.5', '', '1e3', '1000000000000', ' 1', '١']) assert.equal(P.parseNumber(bad), null, bad);
});

test('messages', () => {
  assert.deepEqual(P.parseLine('ROUND 1 4 "sorry" "silla" 5000'),
    { type: 'ROUND', n: 1, pairs: 4, english: 'sorry', spanish: 'silla', ms: 5000 });
  assert.deepEqual(P.parseLine('OK ANSWER 2 CORRECT'), { type: 'OK', what: 'ANSWER', n: 2, answer: 'CORRECT' });
  assert.deepEqual(P.parseLine('OK HOST "k7px" "ABCDEFGHJKMN"'), { type: 'OK', what: 'HOST', room: 'k7px', key: 'ABCDEFGHJKMN' });
  assert.deepEqual(P.parseLine('MEMBERS 2 "Ana" "Bo \\"the bear\\""'), { type: 'MEMBERS', total: 2, names: ['Ana', 'Bo "the bear"'] });
  assert.deepEqual(P.parseLine('WAITING 0'), { type: 'WAITING', count: 0, names: [] });
  assert.deepEqual(P.parseLine('PONG'), { type: 'PONG' });
  assert.deepEqual(P.parseLine('END TOP'), { type: 'END', block: 'TOP' });
  assert.deepEqual(P.parseLine('ERROR some-new-code "text"'), { type: 'ERROR', code: 'some-new-code', text: 'text' });
  assert.deepEqual(P.parseLine('RANKING 1 "Ana" 3 1 7719 0'),
    { type: 'RANKING', rank: 1, name: 'Ana', correct: 3, wrong: 1, ms: 7719, outAt: 0 });
  assert.equal(P.parseLine('WORDGAME 2 "Welcome"').version, 2);
  assert.deepEqual(P.parseLine('PLAYED 2 "library" "azúcar" WRONG "biblioteca" AWAY'),
    { type: 'PLAYED', n: 2, english: 'library', spanish: 'azúcar', truth: 'WRONG', translation: 'biblioteca', outcome: 'AWAY' });
  assert.equal(P.parseLine('PLAYED 2 "a" "b" WRONG "c" MAYBE'), null);
});

test('a name as it is typed: 16 characters, 16 columns', () => {
  assert.equal(P.nameProblem('Maximiliano Ruiz'), '');
  assert.equal(P.nameProblem('Zoe\u0308 and friends'), '', 'an accent typed apart is one character with its letter');
  assert.equal(P.nameProblem('Ana   María'), '', 'a run of spaces is one');
  assert.equal(P.nameProblem('ThisNameIsWayTooLongTruly'), 'Names are 1 to 16 characters: this one has 25.');
  assert.equal(P.nameProblem('李小龍王大明張三'), '');
  assert.match(P.nameProblem('李小龍王大明張三李'), /this one takes 18\.$/);
  assert.equal(P.nameProblem('🍎🍎🍎🍎🍎🍎🍎🍎'), '');
  assert.match(P.nameProblem('🍎🍎🍎🍎🍎🍎🍎🍎🍎'), /takes 18/);
});

test('blocks come whole at their END, each kind apart', () => {
  const reader = new P.BlockReader();
  const lines = ['TOP 1 "Ana" 2 0 900', 'ROSTER "Bo"', 'TOP 2 "Bo" 1 1 1200', 'ROUND 3 5 "dog" "perro" 5000'].map(P.parseLine);
  assert.deepEqual(lines.map((m) => reader.take(m)), [null, null, null, null]);
  const top = reader.take(P.parseLine('END TOP'));
  assert.equal(top.block, 'TOP');
  assert.deepEqual(top.lines.map((m) => m.name), ['Ana', 'Bo']);
  assert.deepEqual(reader.take(P.parseLine('END TOP')), { block: 'TOP', lines: [] }, 'forgotten once given');
  assert.deepEqual(reader.take(P.parseLine('END ROSTER')).lines.map((m) => m.name), ['Bo']);
  reader.take(P.parseLine('PLAYED 1 "dog" "gato" WRONG "perro" AWAY'));
  reader.reset();
  assert.deepEqual(reader.take(P.parseLine('END PLAYED')).lines, []);
  assert.equal(reader.take(P.parseLine('END SOMETHING')), null, 'an END of a block this page does not know');
});

test('the reading floor: 150 ms, or a quarter of a shorter pair', () => {
  assert.equal(P.readingFloorMs(5000), 150);
  assert.equal(P.readingFloorMs(600), 150);
  assert.equal(P.readingFloorMs(400), 100);
  assert.equal(P.readingFloorMs(50), 12);
});

test('lines skipped', () => {
  for (const bad of ['', 'ROUND 1 4 "a" "b"', 'ROUND 1 4 "a" "b" 5000 7', 'ROUND 01 4 "a" "b" 5000', 'ROUND 1 4 a "b" 5000',
    'ROUND 1 4 "a" "b" 1000000000000', 'NEWTHING 1', '"ROUND" 1', 'OK NOPE', 'YOU DANCING', 'RESULT 1 MAYBE 0 0 1 1',
    'MEMBERS 2 "Ana" Bo', 'NOTICE "joined" "x"', 'NOTICE 9x "x"', 'constructor', 'toString 1', 'OK constructor']) {
    assert.equal(P.parseLine(bad), null, bad);
  }
});

test('client lines', () => {
  assert.equal(P.commandWithName('NAME', 'Ana María'), 'NAME Ana María');
  assert.equal(P.commandWithName('NAME', '"Bo" the bear'), 'NAME "\\"Bo\\" the bear"');
  assert.equal(P.commandWithName('NAME', 'Ana\nJOIN x'), 'NAME Ana JOIN x');
  assert.equal(P.commandWithName('KICK', ' Bo\r '), 'KICK Bo');
  assert.equal(P.quote('a"b\\c\u0007'), '"a\\"b\\\\c\\u{7}"');
  assert.equal(P.typedText('a\bb\u007f'), 'a b');
});

test('codes and texts', () => {
  assert.ok(P.looksLikeCode('k7px'));
  assert.ok(!P.looksLikeCode('main'));
  assert.ok(!P.looksLikeCode('K0PX'));
  assert.equal(P.spokenRoom('k7px'), 'K7PX');
  assert.equal(P.spokenRoom('class-7b'), 'class-7b');
  assert.ok(P.isRoomName('Class-7B') && !P.isRoomName('a b') && !P.isRoomName('') && !P.isRoomName('x'.repeat(25)));
  assert.ok(P.looksLikeKey('ABCDEFGHJKMN') && !P.looksLikeKey('ABCDEFGHJKM0'));
  assert.equal(P.withoutCommands('Names are 1 to 16 characters. Type NAME <nickname> with fewer characters.'),
    'Names are 1 to 16 characters.');
  assert.equal(P.withoutCommands('Type NAME <x>.'), 'Type NAME <x>.');
  assert.equal(P.ordinal(1), '1st');
  assert.equal(P.ordinal(12), '12th');
  assert.equal(P.ordinal(22), '22nd');
  assert.equal(P.seconds(12345), '12.3 s');
});

test('rules: the RULES and WORDLIST lines, OK RULES, and never written as 0', () => {
  assert.deepEqual(P.parseLine('RULES 10 8500 0 "animals"'),
    { type: 'RULES', pairs: 10, roundMs: 8500, maxIncorrect: 0, list: 'animals' });
  assert.deepEqual(P.parseLine('WORDLIST "default" 60'), { type: 'WORDLIST', name: 'default', words: 60 });
  assert.deepEqual(P.parseLine('OK RULES'), { type: 'OK', what: 'RULES' });
  assert.equal(P.parseLine('RULES 10 8500 0'), null);
  assert.equal(P.outRule(0), 'everyone plays every pair');
  assert.equal(P.outRule(1), 'out after 1 wrong answer');
  assert.equal(P.outRule(3), 'out after 3 wrong answers');
  assert.ok(P.sameRules({ pairs: 4, roundMs: 5000, maxIncorrect: 3, list: 'default' },
    { pairs: 4, roundMs: 5000, maxIncorrect: 3, list: 'default' }));
  assert.ok(!P.sameRules({ pairs: 4, roundMs: 5000, maxIncorrect: 3, list: 'default' },
    { pairs: 4, roundMs: 5000, maxIncorrect: 0, list: 'default' }));
  assert.equal(P.rulesText({ pairs: 10, roundMs: 8000, maxIncorrect: 0, list: 'animals' }),
    '10 pairs · 8 s a pair · everyone plays every pair · list animals');
  assert.equal(P.rulesText({ pairs: 1, roundMs: 2500, maxIncorrect: 3, list: 'default' }),
    '1 pair · 2.5 s a pair · out after 3 wrong answers · list default');
});

test('lists and languages: LANGUAGES before RULES, LISTS, an upload\'s reply, HARDEST (§5)', () => {
  assert.deepEqual(P.parseLine('LANGUAGES "English" "Français"'), { type: 'LANGUAGES', from: 'English', to: 'Français' });
  assert.deepEqual(P.parseLine('LIST "week-12" 38 "English" "French" SAVED'),
    { type: 'LIST', name: 'week-12', pairs: 38, from: 'English', to: 'French', kind: 'SAVED' });
  assert.equal(P.parseLine('LIST "week-12" 38 "English" "French" MINE'), null, 'a kind the protocol does not have');
  assert.deepEqual(P.parseLine('SKIPPED 7 duplicate "the cat\\u{9}le chat"'),
    { type: 'SKIPPED', line: 7, why: 'duplicate', text: 'the cat\tle chat' });
  assert.deepEqual(P.parseLine('UPLOADED "week-12" 38 2 "English" "French"'),
    { type: 'UPLOADED', name: 'week-12', pairs: 38, skipped: 2, from: 'English', to: 'French' });
  assert.deepEqual(P.parseLine('LISTKEY "week-12" "K3YK3YK3YK3Y"'), { type: 'LISTKEY', name: 'week-12', key: 'K3YK3YK3YK3Y' });
  for (const what of ['CHECK', 'SAVE', 'DELETE']) assert.deepEqual(P.parseLine(`OK ${what}`), { type: 'OK', what });
  assert.deepEqual(P.parseLine('HARDEST 1 4 "the cat" "le chien" WRONG "le chat" 1 2 3'),
    { type: 'HARDEST', rank: 1, n: 4, english: 'the cat', spanish: 'le chien', truth: 'WRONG', translation: 'le chat', right: 1,
      wrong: 2, timeout: 3 });
  const blocks = new P.BlockReader();
  for (const line of ['LIST "default" 365 "English" "Spanish" SERVER', 'SKIPPED 2 empty "x"', 'HARDEST 1 1 "a" "b" CORRECT "b" 0 1 0']) {
    assert.equal(blocks.take(P.parseLine(line)), null);
  }
  assert.equal(blocks.take(P.parseLine('END LIST')).lines[0].name, 'default');
  assert.equal(blocks.take(P.parseLine('END SKIPPED')).lines[0].why, 'empty');
  assert.equal(blocks.take(P.parseLine('END HARDEST')).lines[0].english, 'a');
});

test('rules with their languages: the latest LANGUAGES, English → Spanish without one', () => {
  const rules = P.parseLine('RULES 10 8000 0 "week-12"');
  const french = P.withLanguages(rules, P.parseLine('LANGUAGES "English" "French"'));
  assert.equal(P.rulesText(french), '10 pairs · 8 s a pair · everyone plays every pair · list week-12 (English → French)');
  assert.deepEqual([P.withLanguages(rules, null).from, P.withLanguages(rules, null).to], ['English', 'Spanish']);
  assert.ok(!P.sameRules(french, P.withLanguages(rules, { from: 'English', to: 'German' })), 'a list replaced in other languages');
  assert.ok(P.sameRules(french, P.withLanguages(rules, { from: 'English', to: 'French' })));
  assert.equal(P.languagePair('العربية', 'עברית'), '\u2068العربية\u2069 → \u2068עברית\u2069', 'two right-to-left names keep their order');
  assert.equal(P.languagePair('日本語', 'English'), '日本語 → English');
});

test('MOVED: read only with a host, a port and a web address a client may act on (§5)', () => {
  assert.deepEqual(P.parseLine('MOVED "192.0.2.2" 4001 "http://192.0.2.2:8081"'),
    { type: 'MOVED', host: '192.0.2.2', port: 4001, web: 'http://192.0.2.2:8081' });
  assert.deepEqual(P.parseLine('MOVED "wordgame-2.school.example" 65535 ""'),
    { type: 'MOVED', host: 'wordgame-2.school.example', port: 65535, web: '' });
  assert.deepEqual(P.parseLine('MOVED "2001:db8::2" 1 "http://[2001:db8::2]:80"'),
    { type: 'MOVED', host: '2001:db8::2', port: 1, web: 'http://[2001:db8::2]:80' });
  assert.equal(P.parseLine(`MOVED "${'h'.repeat(253)}" 4001 ""`).host.length, 253);
  for (const bad of [
    'MOVED "" 4001 ""', `MOVED "${'h'.repeat(254)}" 4001 ""`, 'MOVED "a b" 4001 ""', 'MOVED "a\\"b" 4001 ""',
    'MOVED "a/b" 4001 ""', 'MOVED "a\\\\b" 4001 ""', 'MOVED "a\\u{7F}" 4001 ""', 'MOVED "é" 4001 ""', 'MOVED "a\\u{9}" 4001 ""',
    'MOVED "a" 0 ""', 'MOVED "a" 65536 ""', 'MOVED "a" 04001 ""', 'MOVED "a" -1 ""', 'MOVED "a" "4001" ""', 'MOVED a 4001 ""',
    'MOVED "a" 4001', 'MOVED "a" 4001 "" "x"', 'MOVED "a" 4001 http://a:1',
    'MOVED "a" 4001 "javascript:alert(1)"', 'MOVED "a" 4001 "https://a:1"', 'MOVED "a" 4001 "http://a"',
    'MOVED "a" 4001 "http://a:1/"', 'MOVED "a" 4001 "http://a:1/x"', 'MOVED "a" 4001 "http://a:0"', 'MOVED "a" 4001 "http://a:65536"',
    'MOVED "a" 4001 "http://a:08080"', 'MOVED "a" 4001 "http://:80"', 'MOVED "a" 4001 "http://a b:80"',
    'MOVED "a" 4001 "http://a\\\\b:80"', 'MOVED "a" 4001 "HTTP://a:80"', 'MOVED "a" 4001 " http://a:80"', 'MOVED "a" 4001 "http://a:80 "',
    // Only letters, digits, '.', '-' and ':' in a host; brackets around an IPv6 host and only around one.
    'MOVED "a@b" 4001 ""', 'MOVED "a_b" 4001 ""', 'MOVED "a" 4001 "http://a@b:80"', 'MOVED "a" 4001 "http://a?b:80"',
    'MOVED "a" 4001 "http://a#b:80"', 'MOVED "a" 4001 "http://::1:80"', 'MOVED "a" 4001 "http://[a]:80"',
  ]) {
    assert.equal(P.parseLine(bad), null, bad);
  }
});

test('MOVED: the page a browser goes to is built from the checked fields, never from network text as it came', () => {
  const moved = P.parseLine('MOVED "192.0.2.2" 4001 "http://192.0.2.2:8081"');
  assert.equal(P.movedPage(moved, '/', { room: 'K7PX' }, { hop: 1, name: 'Ana María & Bo#1' }),
    'http://192.0.2.2:8081/?room=K7PX#hop=1&name=Ana+Mar%C3%ADa+%26+Bo%231');
  assert.equal(P.movedPage(moved, '/host', {}, { hop: 2, room: 'k7px', key: 'ABCDEFGHJKMN' }),
    'http://192.0.2.2:8081/host#hop=2&room=k7px&key=ABCDEFGHJKMN');
  assert.equal(P.movedPage(moved, '/watch', { room: 'K7PX' }), 'http://192.0.2.2:8081/watch?room=K7PX');
  assert.equal(P.movedPage(P.parseLine('MOVED "::1" 4001 "http://[::1]:8081"'), '/', {}, { hop: 1 }), 'http://[::1]:8081/#hop=1');
  // No web port: nowhere to go in a browser; a page that is not ours; a MOVED a server did not send.
  assert.equal(P.movedPage(P.parseLine('MOVED "192.0.2.2" 4001 ""'), '/'), null);
  assert.equal(P.movedPage(moved, '/results.csv'), null);
  assert.equal(P.movedPage(moved, '//evil.example/'), null);
  assert.equal(P.movedPage(null, '/'), null);
  assert.equal(P.movedPage({ type: 'MOVED', host: 'a', port: 1, web: 'javascript:alert(1)//:1' }, '/'), null);
  assert.equal(P.movedPage({ type: 'ERROR', host: 'a', port: 1, web: 'http://a:1' }, '/'), null);
  // A server never sends a page to itself (§4): the page's own origin is nowhere to go.
  assert.equal(P.movedPage(moved, '/', { room: 'K7PX' }, { hop: 1 }, 'http://192.0.2.2:8081'), null);
  assert.equal(P.movedPage(moved, '/watch', { room: 'K7PX' }, {}, 'http://192.0.2.2:8080'), 'http://192.0.2.2:8081/watch?room=K7PX');
  // Not exactly an origin once a browser reads it (a user, a query, a fragment, a bad port): refused when read, and
  // refused again by movedPage should such a place reach it some other way.
  for (const web of ['http://ana@evil.example:80', 'http://a?b:80', 'http://a#b:80', 'http://a:b:80', 'http://a%:80']) {
    assert.equal(P.parseLine(`MOVED "a" 4001 "${web}"`), null, web);
    assert.equal(P.movedPage({ type: 'MOVED', host: 'a', port: 4001, web }, '/'), null, web);
  }
});

test('MOVED: what the next page reads after #: a hop count in range, and only the fields a page writes', () => {
  assert.deepEqual(P.readMoveFragment('#hop=1&name=Ana+Mar%C3%ADa&room=k7px'), { hops: 1, name: 'Ana María', room: 'k7px' });
  assert.deepEqual(P.readMoveFragment('hop=3&resume=K7PXABCD'), { hops: 3, resume: 'K7PXABCD' });
  assert.deepEqual(P.readMoveFragment('#hop=2&room=k7px&key=ABCDEFGHJKMN'), { hops: 2, room: 'k7px', key: 'ABCDEFGHJKMN' });
  assert.deepEqual(P.readMoveFragment('#hop=1&open=1&name=Ms+Ray'), { hops: 1, open: '1', name: 'Ms Ray' });
  for (const bad of ['', '#', '#hop=0', '#hop=4', '#hop=01', '#hop=1.5', '#hop=-1', '#name=Ana', '#hop=1&hop=2', '#hop=1&go=javascript:x',
    '#hop=99999999999999', `#hop=1&name=${'a'.repeat(600)}`, null, undefined]) {
    assert.equal(P.readMoveFragment(bad), null, String(bad));
  }
  assert.equal(P.MAX_MOVES, 3);
  assert.ok(P.isPort(1) && P.isPort(65535) && !P.isPort(0) && !P.isPort(65536) && !P.isPort(1.5) && !P.isPort('80'));
});

console.log(`protocol.js: ${passed} tests passed`);
