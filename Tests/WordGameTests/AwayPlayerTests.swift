import Testing
import WordGame

/// A player whose connection dropped keeps their place in the match, and the
/// rounds stop waiting for them until they are back. A pair that reached them
/// before the drop is theirs (unanswered, a timeout); a pair they never had is
/// missed (`Verdict.away`): no attempt, never nearer to being out, its whole
/// time booked. Made-up instants only.
@Suite struct AwayPlayerTests {
    let pairs = Array(repeating: MatchTests.correctPair, count: 4)
    func t(_ ms: Int64) -> Instant { .milliseconds(ms) }

    @Test func thePairOnTheScreenWhenTheLinkWentIsATimeout() {
        var m = Match(pairs: pairs, rules: .original, players: [1, 2])
        _ = m.openRound(at: t(0))
        m.delivered(to: 1, Delivery(at: t(0)))
        m.delivered(to: 2, Delivery(at: t(0)))
        m.playerAway(2)
        #expect(m.round?.waitingForAnswer == 1)
        _ = m.answer(.correct, by: 1, at: t(800))
        #expect(m.roundCanClose(at: t(800)))
        #expect(m.closeRound(at: t(800)).verdicts == [1: .right, 2: .timeout])
        #expect(m.scores[2]?.incorrect == 1 && m.scores[2]?.answerNanoseconds == 5_000_000_000)
    }

    @Test func whenEveryoneIsAwayThePairsPassAtTheirOwnPace() {
        var m = Match(pairs: pairs, rules: .original, players: [1, 2])
        _ = m.openRound(at: t(0))
        m.playerAway(1)
        m.playerAway(2)
        // Nobody is left to answer, yet the round is not over in an instant: a Wi-Fi
        // blip for the whole class costs them the pairs it lasts, not the game.
        #expect(!m.roundCanClose(at: t(10)))
        #expect(m.roundCanClose(at: t(5_000)))
        #expect(m.closeRound(at: t(5_000)).verdicts == [1: .away, 2: .away], "the pair never reached either of them")
    }

    @Test func aPairThatNeverReachedThemRunsFromWhenItOpened() {
        var m = Match(pairs: pairs, rules: .original, players: [1, 2])
        _ = m.openRound(at: t(1_000))
        m.playerAway(2)
        // Without it, an undelivered pair's clock would start one round time late.
        #expect(m.deadline(for: 2) == t(6_000))
        #expect(m.roundDeadline! <= t(11_000))
    }

    @Test func backInTimeTheyMayAnswerAndTheRoundWaitsForThemAgain() {
        var m = Match(pairs: pairs, rules: .original, players: [1, 2])
        _ = m.openRound(at: t(0))
        m.delivered(to: 1, Delivery(at: t(0)))
        m.playerAway(2)
        m.playerAway(2)  // twice changes nothing
        #expect(m.round?.waitingForAnswer == 1)
        m.playerBack(2, at: t(1_000))
        #expect(m.round?.waitingForAnswer == 2)
        #expect(m.canAnswer(2, at: t(4_000)))
        #expect(!m.canAnswer(2, at: t(5_001)))
        _ = m.answer(.correct, by: 1, at: t(100))
        #expect(!m.roundCanClose(at: t(100)))
        #expect(m.answer(.correct, by: 2, at: t(4_000)) == .taken)
        #expect(m.round?.waitingForAnswer == 0)
        #expect(m.closeRound(at: t(4_000)).verdicts == [1: .right, 2: .right])
    }

    @Test func leavingWhileAwayKeepsTheCountsRight() {
        var m = Match(pairs: pairs, rules: .original, players: [1, 2, 3])
        _ = m.openRound(at: t(0))
        for player: PlayerID in [1, 2, 3] { m.delivered(to: player, Delivery(at: t(0))) }
        m.playerAway(3)
        m.remove(3)
        #expect(m.round?.waitingForAnswer == 2 && m.playingCount == 2)
        _ = m.answer(.correct, by: 1, at: t(10))
        m.playerAway(2)
        #expect(m.roundCanClose(at: t(10)))
        // An answer given before the drop stands, and is not counted twice.
        var n = Match(pairs: pairs, rules: .original, players: [1, 2])
        _ = n.openRound(at: t(0))
        n.delivered(to: 1, Delivery(at: t(0)))
        n.delivered(to: 2, Delivery(at: t(0)))
        _ = n.answer(.correct, by: 2, at: t(10))
        n.playerAway(2)
        #expect(n.round?.waitingForAnswer == 1)
        n.playerBack(2, at: t(20))
        #expect(n.round?.waitingForAnswer == 1)
        #expect(n.unanswered() == [1])
    }

    /// A crash at pair 1 and a new browser 15 s later: three pairs missed, and with out after 3 wrong the
    /// student is still in, with nothing counted but the whole time of each pair.
    @Test func pairsThatPassWhileTheSeatIsEmptyAreMissedNotWrong() {
        var m = Match(pairs: Array(repeating: MatchTests.correctPair, count: 6), rules: .original, players: [1, 2])
        for pair in 0..<3 {
            let opened = Int64(pair) * 5_000
            _ = m.openRound(at: t(opened))
            m.delivered(to: 1, Delivery(at: t(opened)))
            m.playerAway(2)  // the room does this for every pair opened while they are away
            _ = m.answer(.correct, by: 1, at: t(opened + 500))
            #expect(m.closeRound(at: t(opened + 5_000)).verdicts == [1: .right, 2: .away])
        }
        #expect(m.scores[2] == Score(correct: 0, incorrect: 0, answerNanoseconds: 15_000_000_000, isOut: false))
        #expect(m.playingCount == 2, "three pairs away do not put a player out")
        #expect(m.ranking().map(\.player) == [1, 2])
    }

    /// Back in the middle of a pair that opened while they were away, with time left: it is theirs to answer,
    /// and unanswered it is a timeout like any other. Back after their own time for it: still missed.
    @Test func backWhileAPairIsOpenItCountsOnlyIfTheirTimeIsLeft() {
        var m = Match(pairs: pairs, rules: .original, players: [1, 2])
        _ = m.openRound(at: t(0))
        m.delivered(to: 1, Delivery(at: t(0)))
        m.playerAway(2)
        m.playerBack(2, at: t(2_000))
        #expect(m.canAnswer(2, at: t(2_000)))
        #expect(m.closeRound(at: t(5_000)).verdicts == [1: .timeout, 2: .timeout])

        var late = Match(pairs: pairs, rules: .original, players: [1, 2])
        _ = late.openRound(at: t(0))
        late.delivered(to: 1, Delivery(at: t(0)))
        late.playerAway(2)
        _ = late.answer(.correct, by: 1, at: t(100))
        late.playerBack(2, at: t(5_100))
        #expect(late.answer(.correct, by: 2, at: t(5_200)) == .late, "an answer after their own time is refused…")
        #expect(late.closeRound(at: t(10_000)).verdicts == [1: .right, 2: .away], "…and the pair stays missed")
        #expect(late.scores[2]?.incorrect == 0)
    }

    /// The pair had left for them, then the link went: they may have read it, so it is theirs.
    /// A drop before it left: they never had it.
    @Test func aDropAfterThePairLeftIsATimeoutAndBeforeItIsMissed() {
        var m = Match(pairs: pairs, rules: .original, players: [1, 2, 3])
        _ = m.openRound(at: t(0))
        m.delivered(to: 1, Delivery(at: t(0)))
        m.delivered(to: 2, Delivery(at: t(0)))
        m.playerAway(2)
        m.playerAway(3)
        _ = m.answer(.wrong, by: 1, at: t(100))
        #expect(m.closeRound(at: t(5_000)).verdicts == [1: .wrong, 2: .timeout, 3: .away])
    }
}
