import Testing
import WordGame

/// The order of a game's pairs from the hardest (Protocol.md §5, HARDEST), and the words a game of the
/// missed words deals: from a game's record, as the server, the results and the report take them.
@Suite struct HardestPairsTests {
    static func pair(_ english: String, correct: Bool = false) -> Pair {
        Pair(english: english, spanish: correct ? "sí" : "no", isCorrect: correct, translation: "sí")
    }

    static func tally(_ number: Int, _ english: String, right: Int, wrong: Int, timeout: Int) -> PairTally {
        PairTally(number: number, pair: pair(english), right: right, wrong: wrong, timeout: timeout)
    }

    @Test func theRecordsVerdictsMakeEachPairsTallyAndAwayOrOutCountsInNone() {
        let pairs = [Self.pair("one"), Self.pair("two"), Self.pair("three")]
        var record = GameRecord(room: "main", number: 1, rules: .original, startedAt: 0, pairs: pairs, players: ["Ana", "Bo", "Cy", "Dee"])
        record.add(.init(verdicts: [.right, .wrong, .timeout, .away], milliseconds: [1, 2, 3, 4]))
        record.add(.init(verdicts: [.right, .right, nil, .wrong], milliseconds: [1, 2, 0, 4]))
        // The game ended before its third pair: only the pairs played have a tally.
        #expect(record.pairTallies == [Self.tally(1, "one", right: 1, wrong: 1, timeout: 1),
                                       Self.tally(2, "two", right: 2, wrong: 1, timeout: 0)])
    }

    @Test func theShareMissedFirstThenTimeoutsThenThePairsPlace() {
        let tallies = [
            Self.tally(1, "a", right: 3, wrong: 1, timeout: 0),  // 1 of 4
            Self.tally(2, "b", right: 1, wrong: 1, timeout: 1),  // 2 of 3
            Self.tally(3, "c", right: 1, wrong: 2, timeout: 0),  // 2 of 3, no timeout
            Self.tally(4, "d", right: 0, wrong: 0, timeout: 0),  // nobody played it: last
            Self.tally(5, "e", right: 2, wrong: 0, timeout: 2),  // 2 of 4
            Self.tally(6, "f", right: 4, wrong: 0, timeout: 0),  // nobody missed it
            Self.tally(7, "g", right: 1, wrong: 0, timeout: 2),  // 2 of 3, two timeouts
            Self.tally(8, "h", right: 6, wrong: 2, timeout: 0),  // 2 of 8 = 1 of 4, as a: a comes first
        ]
        #expect(HardestPairs.ranked(tallies).map(\.pair.english) == ["g", "b", "c", "e", "a", "h", "f", "d"])
    }

    @Test func theMissedWordsAreThoseSomeoneMissedOrNobodyPlayedHardestFirstEachOnce() {
        let ranked = HardestPairs.ranked([
            Self.tally(1, "cat", right: 2, wrong: 0, timeout: 0),
            Self.tally(2, "dog", right: 1, wrong: 1, timeout: 0),
            Self.tally(3, "sun", right: 0, wrong: 0, timeout: 0),
            Self.tally(4, "dog", right: 0, wrong: 2, timeout: 0),
            Self.tally(5, "sea", right: 0, wrong: 0, timeout: 2),
        ])
        #expect(HardestPairs.missedEnglish(ranked) == ["sea", "dog", "sun"])
        #expect(HardestPairs.missedEnglish(HardestPairs.ranked([Self.tally(1, "cat", right: 2, wrong: 0, timeout: 0)])).isEmpty)
        #expect(HardestPairs.missedEnglish([]).isEmpty)
    }
}
