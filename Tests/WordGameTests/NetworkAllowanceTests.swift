import Testing
import WordGame

/// The network rules of Protocol.md §7, on injected instants and round trips.
@Suite struct NetworkAllowanceTests {
    static let pair = Pair(english: "dog", spanish: "perro", isCorrect: true, translation: "perro")

    func t(_ ms: Double) -> Instant { Instant(nanoseconds: Int64(ms * 1_000_000)) }
    func ns(_ ms: Double) -> Int64 { Int64(ms * 1_000_000) }

    /// A player `rtt` ms away who thinks for `think` ms: the line leaves at
    /// `sent`, reaches them half a round trip later, and their answer needs
    /// another half to come back.
    struct Player {
        var id: PlayerID
        var rtt: Double
        var think: Double
    }

    @Test func aNearAndAFarPlayerWhoThinkAlikeGetTheSameTime() {
        let near = Player(id: 1, rtt: 2, think: 1_234), far = Player(id: 2, rtt: 150, think: 1_234)
        var m = Match(pairs: [Self.pair], rules: .original, players: [1, 2])
        _ = m.openRound(at: t(0))
        for player in [near, far] { m.delivered(to: player.id, Delivery(at: t(3), roundTripNanoseconds: ns(player.rtt))) }
        for player in [near, far] {
            #expect(m.answer(.correct, by: player.id, at: t(3 + player.rtt / 2 + player.think + player.rtt / 2)) == .taken)
        }
        let times = m.closeRound(at: t(2_000)).times
        #expect(abs(times[1]! - times[2]!) < ns(1), "near \(times[1]!) ns, far \(times[2]!) ns")
        #expect(abs(times[1]! - ns(1_234)) < ns(1))
    }

    @Test func theDeadlineMovesOutByTheRoundTripUpToTheCap() {
        var m = Match(pairs: [Self.pair], rules: .original, players: [1, 2, 3])
        _ = m.openRound(at: t(0))
        m.delivered(to: 1, Delivery(at: t(0), roundTripNanoseconds: ns(80)))
        m.delivered(to: 2, Delivery(at: t(0), roundTripNanoseconds: ns(900)))  // capped at 250
        m.delivered(to: 3, Delivery(at: t(0), roundTripNanoseconds: nil))      // no figure: no credit
        #expect(m.deadline(for: 1) == t(5_080))
        #expect(m.deadline(for: 2) == t(5_250))
        #expect(m.deadline(for: 3) == t(5_000))
        #expect(m.roundDeadline == t(5_250))
        // An answer sent 4.9 s after the pair reached a player 80 ms away arrives at 4,980 ms: in time.
        #expect(m.answer(.correct, by: 1, at: t(40 + 4_900 + 40)) == .taken)
        #expect(m.answer(.correct, by: 2, at: t(5_250)) == .taken)
        #expect(m.answer(.correct, by: 3, at: t(5_001)) == .late)
        let outcome = m.closeRound(at: t(5_250))
        #expect(outcome.times == [1: ns(4_900), 2: ns(5_000), 3: ns(5_000)])
        #expect(outcome.verdicts == [1: .right, 2: .right, 3: .timeout])
    }

    @Test func aLineThatLeavesLateStartsTheClockLateButNoLaterThanOneRoundTime() {
        var m = Match(pairs: [Self.pair], rules: .original, players: [1, 2])
        _ = m.openRound(at: t(0))
        // Player 1's socket held the line back 1.2 s (a slow reader): the clock starts when it left.
        m.delivered(to: 1, Delivery(at: t(1_200), roundTripNanoseconds: ns(1)))
        #expect(m.deadline(for: 1) == t(6_201))
        // Player 2's line left only after one round time: it counts as leaving then, with no credit.
        m.delivered(to: 2, Delivery(at: t(7_000), roundTripNanoseconds: ns(100)))
        #expect(m.deadline(for: 2) == t(10_000))
        #expect(m.roundDeadline == t(10_000))
    }

    @Test func aStalledReaderHoldsTheRoomAtMostTwoRoundTimes() {
        var m = Match(pairs: [Self.pair], rules: .original, players: [1, 2])
        _ = m.openRound(at: t(0))
        m.delivered(to: 1, Delivery(at: t(0), roundTripNanoseconds: ns(250)))
        _ = m.answer(.correct, by: 1, at: t(100))
        #expect(m.roundDeadline == t(10_000))
        #expect(!m.roundCanClose(at: t(9_999)))
        #expect(m.roundCanClose(at: t(10_000)))
        #expect(m.closeRound(at: t(10_000)).verdicts[2] == .timeout)
    }

    @Test func aBareAnswerFasterThanReadingIsForThePreviousPair() {
        var m = Match(pairs: [Self.pair, Self.pair], rules: .original, players: [1])
        _ = m.openRound(at: t(0))
        m.delivered(to: 1, Delivery(at: t(0), roundTripNanoseconds: ns(40)))
        #expect(m.answer(.correct, by: 1, at: t(5_030 - 5_000 + 10), namesRound: false) == .taken)  // pair 1: there is no previous pair
        _ = m.closeRound(at: t(5_030))
        _ = m.openRound(at: t(5_030))
        m.delivered(to: 1, Delivery(at: t(5_030), roundTripNanoseconds: ns(40)))
        // Sooner than the round trip (40 ms) plus the reading floor (150 ms): meant for pair 1.
        #expect(m.answer(.wrong, by: 1, at: t(5_030 + 189), namesRound: false) == .meantForPreviousPair)
        // Not counted: the pair is still open and still the player's to answer.
        #expect(m.round?.answeredCount == 0)
        // Naming the round shows the player saw it, however fast.
        #expect(m.answer(.correct, by: 1, at: t(5_030 + 100), namesRound: true) == .taken)
        #expect(m.closeRound(at: t(5_130)).verdicts[1] == .right)
    }

    /// A bare key that arrives while the pair still sits in the kernel was for the
    /// pair before, and leaves the player's clock alone: it starts at the delivery.
    @Test func aBareAnswerBeforeThePairLeftDoesNotStartTheClock() {
        var m = Match(pairs: [Self.pair, Self.pair], rules: .original, players: [1])
        _ = m.openRound(at: t(0))
        m.delivered(to: 1, Delivery(at: t(0)))
        _ = m.answer(.correct, by: 1, at: t(10))
        _ = m.closeRound(at: t(10))
        _ = m.openRound(at: t(2_000))
        #expect(m.answer(.wrong, by: 1, at: t(2_010), namesRound: false) == .meantForPreviousPair)
        m.delivered(to: 1, Delivery(at: t(2_500), roundTripNanoseconds: ns(100)))
        #expect(m.clock(for: 1)?.start == t(2_500) && m.clock(for: 1)?.creditNanoseconds == ns(100))
        #expect(m.deadline(for: 1) == t(7_600))
    }

    @Test func aBareAnswerAfterTheFloorCounts() {
        var m = Match(pairs: [Self.pair, Self.pair], rules: .original, players: [1])
        _ = m.openRound(at: t(0))
        m.delivered(to: 1, Delivery(at: t(0)))
        _ = m.answer(.correct, by: 1, at: t(10), namesRound: false)
        _ = m.closeRound(at: t(10))
        _ = m.openRound(at: t(10))
        m.delivered(to: 1, Delivery(at: t(10), roundTripNanoseconds: ns(40)))
        #expect(m.answer(.correct, by: 1, at: t(10 + 190), namesRound: false) == .taken)
    }

    @Test func theCreditIsCappedAndNoFigureMeansNoCredit() {
        let allowance = NetworkAllowance.standard
        #expect(allowance.credit(forRoundTrip: nil) == 0)
        #expect(allowance.credit(forRoundTrip: 0) == 0)
        #expect(allowance.credit(forRoundTrip: -5) == 0)
        #expect(allowance.credit(forRoundTrip: ns(80)) == ns(80))
        #expect(allowance.credit(forRoundTrip: ns(10_000)) == ns(250))
    }
}
