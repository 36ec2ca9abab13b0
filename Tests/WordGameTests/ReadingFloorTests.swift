import Testing
import WordGame

/// The reading floor scales with a short round (Protocol.md §7): a bare answer must be able to count in any game the flags allow.
@Suite struct ReadingFloorTests {
    static let pair = Pair(english: "dog", spanish: "perro", isCorrect: true, translation: "perro")

    func t(_ ms: Int) -> Instant { .milliseconds(Int64(ms)) }

    /// Pair 1 answered and closed, pair 2 opened and delivered at `opened` with a `rtt` ms round trip.
    func secondPairOpen(roundMilliseconds: Int, opened: Int, rtt: Int64) -> Match {
        var m = Match(pairs: [Self.pair, Self.pair], rules: Rules(roundMilliseconds: roundMilliseconds, pairCount: 2), players: [1])
        _ = m.openRound(at: t(0))
        m.delivered(to: 1, Delivery(at: t(0)))
        _ = m.answer(.correct, by: 1, at: t(10), namesRound: false)
        _ = m.closeRound(at: t(10))
        _ = m.openRound(at: t(opened))
        m.delivered(to: 1, Delivery(at: t(opened), roundTripNanoseconds: rtt * 1_000_000))
        return m
    }

    @Test func theFloorIs150msButAtMostAQuarterOfTheRound() {
        #expect(Rules(roundMilliseconds: 5_000).readingFloorMilliseconds == 150)
        #expect(Rules(roundMilliseconds: 600).readingFloorMilliseconds == 150)
        #expect(Rules(roundMilliseconds: 400).readingFloorMilliseconds == 100)
        #expect(Rules(roundMilliseconds: 100).readingFloorMilliseconds == 25)
        #expect(Rules(roundMilliseconds: Rules.roundMillisecondsRange.lowerBound).readingFloorMilliseconds == 12)
    }

    /// `--round-ms 100`: a bare key 60 ms after the pair reached the player is theirs; one 20 ms after is the previous pair's.
    @Test func aBareAnswerCountsInAShortRound() {
        var m = secondPairOpen(roundMilliseconds: 100, opened: 20, rtt: 10)
        #expect(m.deadline(for: 1) == t(20 + 100 + 10))
        #expect(m.answer(.wrong, by: 1, at: t(20 + 10 + 20), namesRound: false) == .meantForPreviousPair)
        #expect(m.answer(.wrong, by: 1, at: t(20 + 10 + 60), namesRound: false) == .taken)
        #expect(m.closeRound(at: t(90)).verdicts[1] == .wrong)
    }

    /// In every round time the flags allow, there is a moment a bare answer is taken: the floor ends before the deadline.
    @Test func everyAllowedRoundLeavesTimeForABareAnswer() {
        for round in [50, 51, 99, 100, 150, 199, 600, 5_000, 600_000] {
            let rules = Rules(roundMilliseconds: round)
            #expect(rules.problem == nil)
            var m = secondPairOpen(roundMilliseconds: round, opened: 20, rtt: 250)
            let readable = 20 + 250 + rules.readingFloorMilliseconds
            #expect(m.answer(.correct, by: 1, at: t(readable - 1), namesRound: false) == .meantForPreviousPair, "\(round) ms")
            #expect(m.answer(.correct, by: 1, at: t(readable), namesRound: false) == .taken, "\(round) ms")
            #expect(t(readable) < m.deadline(for: 1)!, "\(round) ms")
        }
    }
}
