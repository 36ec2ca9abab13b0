import Testing
import WordGame

/// "Everyone plays every pair" (`Rules.neverOut`): nobody is ever out, the game plays every pair,
/// and the ranking is the same as ever. Made-up instants: nothing sleeps.
@Suite struct NeverOutTests {
    static let pair = Pair(english: "dog", spanish: "perro", isCorrect: true, translation: "perro")

    func t(_ ms: Int64) -> Instant { .milliseconds(ms) }

    /// Plays `pairs` rounds in which player 1 always answers wrong and player 2 lets every pair time out.
    func play(_ rules: Rules, pairs: Int) -> Match {
        var m = Match(pairs: Array(repeating: Self.pair, count: pairs), rules: rules, players: [1, 2, 3])
        var at: Int64 = 0
        while !m.isOver {
            _ = m.openRound(at: t(at))
            for player: PlayerID in [1, 2, 3] { m.delivered(to: player, Delivery(at: t(at))) }
            _ = m.answer(.wrong, by: 1, at: t(at + 1_000))
            _ = m.answer(.correct, by: 3, at: t(at + 2_000))
            at += 5_000
            #expect(m.roundCanClose(at: t(at)))
            _ = m.closeRound(at: t(at))
        }
        return m
    }

    @Test func nobodyIsOutAndEveryPairIsPlayed() {
        let m = play(Rules(maxIncorrect: Rules.neverOut, pairCount: 12), pairs: 12)
        #expect(m.roundsPlayed == 12)
        #expect(m.playingCount == 3)
        #expect(m.scores[1] == Score(correct: 0, incorrect: 12, answerNanoseconds: 12_000_000_000))
        #expect(m.scores[2] == Score(correct: 0, incorrect: 12, answerNanoseconds: 60_000_000_000))
        #expect(m.scores.values.allSatisfy { !$0.isOut })
    }

    @Test func theOriginalRulesStillPutPlayersOutAfterThree() {
        let m = play(.original, pairs: 12)
        #expect(m.roundsPlayed == 12)  // player 3 is still in
        #expect(m.scores[1]?.isOut == true)
        #expect(m.scores[1]?.incorrect == 3)
        #expect(m.playingCount == 1)
    }

    @Test func theRankingIsUnchanged() {
        let ranking = play(Rules(maxIncorrect: Rules.neverOut), pairs: 4).ranking()
        #expect(ranking.map(\.player) == [3, 1, 2])
        #expect(ranking.map(\.rank) == [1, 2, 3])
    }

    @Test func anOutPlayerCannotAnswerButNeverOutKeepsTheAnswersComing() {
        var never = Match(pairs: Array(repeating: Self.pair, count: 5), rules: Rules(maxIncorrect: Rules.neverOut), players: [1])
        for index in 0..<5 {
            let at = Int64(index) * 10_000
            _ = never.openRound(at: t(at))
            never.delivered(to: 1, Delivery(at: t(at)))
            #expect(never.answer(.wrong, by: 1, at: t(at + 500)) == .taken)
            #expect(never.closeRound(at: t(at + 500)).eliminated.isEmpty)
        }
        #expect(never.isOver)
    }

    @Test func theRecordNamesNoPairAfterWhichAnyoneWasOut() {
        var record = GameRecord(room: "r", number: 1, rules: Rules(maxIncorrect: Rules.neverOut), wordList: "animals", startedAt: 0,
                                pairs: [Self.pair, Self.pair], players: ["Ana"])
        record.add(.init(verdicts: [.wrong], milliseconds: [10]))
        record.add(.init(verdicts: [.timeout], milliseconds: [5_000]))
        #expect(record.totals(slot: 0).outAt == nil)
        #expect(record.wordList == "animals")
        var out = GameRecord(room: "r", number: 1, rules: Rules(maxIncorrect: 1), startedAt: 0, pairs: [Self.pair, Self.pair],
                             players: ["Ana"])
        out.add(.init(verdicts: [.wrong], milliseconds: [10]))
        #expect(out.totals(slot: 0).outAt == 1)
        #expect(out.wordList == WordListName.standard)
    }

    @Test func neverIsAValidRuleAndHostRangesSitInsideTheFlagRanges() {
        #expect(Rules(maxIncorrect: Rules.neverOut).problem == nil)
        #expect(Rules(maxIncorrect: -1).problem != nil)
        #expect(Rules.pairCountRange.contains(Rules.hostPairCountRange.upperBound))
        #expect(Rules.roundMillisecondsRange.contains(Rules.hostRoundMillisecondsRange.lowerBound))
        #expect(Rules.maxIncorrectRange.contains(Rules.hostMaxIncorrectRange.upperBound))
    }

    @Test func listNamesArePlainAndShort() {
        #expect(WordListName.valid("Animals_2") == "animals_2")
        #expect(WordListName.valid("") == nil)
        #expect(WordListName.valid("../etc") == nil)
        #expect(WordListName.valid("a b") == nil)
        #expect(WordListName.valid("é") == nil)
        #expect(WordListName.valid(String(repeating: "a", count: 25)) == nil)
        #expect(WordListName.valid(String(repeating: "a", count: 24)) != nil)
    }
}
