import Testing
import WordGame

/// The match is driven with made-up instants: nothing here sleeps.
@Suite struct MatchTests {
    static let correctPair = Pair(english: "dog", spanish: "perro", isCorrect: true, translation: "perro")
    static let wrongPair = Pair(english: "cat", spanish: "perro", isCorrect: false, translation: "gato")

    func match(_ pairs: [Pair], players: [PlayerID] = [1], rules: Rules = .original) -> Match {
        Match(pairs: pairs, rules: rules, players: players)
    }

    func t(_ ms: Int64) -> Instant { .milliseconds(ms) }

    /// Opens a round at `ms`, hands it to every player at the same instant.
    func open(_ match: inout Match, at ms: Int64) {
        _ = match.openRound(at: t(ms))
        for player in match.scores.keys { match.delivered(to: player, Delivery(at: t(ms))) }
    }

    @Test func aSoloRoundClosesAsSoonAsThePlayerAnswers() {
        var m = match([Self.correctPair, Self.wrongPair])
        open(&m, at: 0)
        #expect(!m.roundCanClose(at: t(100)))
        #expect(m.answer(.correct, by: 1, at: t(1_200)) == .taken)
        #expect(m.roundCanClose(at: t(1_200)))
        let outcome = m.closeRound(at: t(1_200))
        #expect(outcome.verdicts == [1: .right])
        #expect(m.scores[1] == Score(correct: 1, incorrect: 0, answerNanoseconds: 1_200_000_000))
    }

    @Test func judgingComparesTheAnswerWithTheTruth() {
        var m = match([Self.correctPair, Self.wrongPair, Self.correctPair, Self.wrongPair], rules: Rules(maxIncorrect: 10))
        let answers: [(Answer, Verdict)] = [(.correct, .right), (.wrong, .right), (.wrong, .wrong), (.correct, .wrong)]
        for (index, (answer, verdict)) in answers.enumerated() {
            open(&m, at: Int64(index) * 10_000)
            _ = m.answer(answer, by: 1, at: t(Int64(index) * 10_000 + 1))
            #expect(m.closeRound(at: t(Int64(index) * 10_000 + 1)).verdicts[1] == verdict)
        }
        #expect(m.scores[1]?.correct == 2)
        #expect(m.scores[1]?.incorrect == 2)
    }

    @Test func noAnswerInTimeIsAnIncorrectAttempt() {
        var m = match([Self.correctPair, Self.wrongPair])
        open(&m, at: 0)
        #expect(m.roundDeadline == t(5_000))
        #expect(!m.roundCanClose(at: t(4_999)))
        #expect(m.roundCanClose(at: t(5_000)))
        #expect(m.closeRound(at: t(5_000)).verdicts[1] == .timeout)
        #expect(m.scores[1] == Score(correct: 0, incorrect: 1, answerNanoseconds: 5_000_000_000))
    }

    @Test func anAnswerAfterTheDeadlineCountsAsATimeout() {
        var m = match([Self.correctPair], players: [1, 2])
        _ = m.openRound(at: t(0))
        m.delivered(to: 1, Delivery(at: t(0)))
        m.delivered(to: 2, Delivery(at: t(300)))  // served later: player 2's time runs until 5300
        #expect(m.answer(.correct, by: 1, at: t(5_001)) == .late)
        #expect(m.answer(.correct, by: 2, at: t(5_001)) == .taken)
        #expect(m.answer(.wrong, by: 2, at: t(5_002)) == .alreadyAnswered)
        let outcome = m.closeRound(at: t(5_001))
        #expect(outcome.verdicts == [1: .timeout, 2: .right])
        #expect(m.scores[2]?.answerNanoseconds == 4_701_000_000)
    }

    @Test func eachPlayersTimeStartsWhenThePairReachesThem() {
        var m = match([Self.correctPair], players: [1, 2])
        _ = m.openRound(at: t(0))
        m.delivered(to: 1, Delivery(at: t(10)))
        #expect(m.roundDeadline == t(10_000))  // player 2 not served yet: at most two round times
        m.delivered(to: 2, Delivery(at: t(40)))
        #expect(m.deadline(for: 1) == t(5_010))
        #expect(m.deadline(for: 2) == t(5_040))
        #expect(m.roundDeadline == t(5_040))
    }

    @Test func aPlayerNeverServedCannotHoldTheRoomBack() {
        var m = match([Self.correctPair], players: [1, 2])
        _ = m.openRound(at: t(0))
        m.delivered(to: 1, Delivery(at: t(0)))
        _ = m.answer(.correct, by: 1, at: t(100))
        #expect(!m.roundCanClose(at: t(9_999)))
        #expect(m.roundCanClose(at: t(10_000)))
        #expect(m.closeRound(at: t(10_000)).verdicts[2] == .timeout)
    }

    @Test func aPlayerIsOutAfterThreeIncorrectAttemptsAndTheGameEndsWhenNobodyIsIn() {
        var m = match(Array(repeating: Self.correctPair, count: 15))
        for round in 0..<3 {
            #expect(!m.isOver)
            open(&m, at: Int64(round) * 10_000)
            _ = m.answer(.wrong, by: 1, at: t(Int64(round) * 10_000 + 1))
            let outcome = m.closeRound(at: t(Int64(round) * 10_000 + 1))
            #expect(outcome.eliminated == (round == 2 ? [1] : []))
        }
        #expect(m.scores[1]?.isOut == true)
        #expect(m.isOver)
        #expect(m.roundsPlayed == 3)
    }

    @Test func anOutPlayerWatchesWhileOthersPlayOn() {
        var m = match(Array(repeating: Self.correctPair, count: 15), players: [1, 2], rules: Rules(maxIncorrect: 1))
        open(&m, at: 0)
        _ = m.answer(.wrong, by: 1, at: t(1))
        _ = m.answer(.correct, by: 2, at: t(2))
        #expect(m.closeRound(at: t(2)).eliminated == [1])
        #expect(!m.isOver)
        open(&m, at: 10)
        #expect(m.answer(.correct, by: 1, at: t(11)) == .out)
        _ = m.answer(.correct, by: 2, at: t(12))
        #expect(m.roundCanClose(at: t(12)))  // the out player is not waited for
        #expect(m.closeRound(at: t(12)).verdicts == [2: .right])
    }

    @Test func theGameEndsAfterTheLastPair() {
        var m = match(Array(repeating: Self.correctPair, count: 15))
        for round in 0..<15 {
            #expect(!m.isOver)
            open(&m, at: Int64(round) * 10_000)
            _ = m.answer(.correct, by: 1, at: t(Int64(round) * 10_000 + 500))
            _ = m.closeRound(at: t(Int64(round) * 10_000 + 500))
        }
        #expect(m.isOver)
        #expect(m.scores[1] == Score(correct: 15, incorrect: 0, answerNanoseconds: 7_500_000_000))
    }

    @Test func aPlayerLeavingMidRoundNoLongerHoldsItOpen() {
        var m = match([Self.correctPair], players: [1, 2])
        open(&m, at: 0)
        _ = m.answer(.correct, by: 1, at: t(100))
        #expect(!m.roundCanClose(at: t(100)))
        m.remove(2)
        #expect(m.roundCanClose(at: t(100)))
        #expect(m.closeRound(at: t(100)).verdicts == [1: .right])
        #expect(m.ranking().map(\.player) == [1])
    }

    @Test func playersNotInTheMatchCannotAnswer() {
        var m = match([Self.correctPair])
        #expect(m.answer(.correct, by: 1, at: t(0)) == .noOpenRound)
        open(&m, at: 0)
        #expect(m.answer(.correct, by: 9, at: t(0)) == .notInMatch)
    }

    @Test func rankingOrdersByCorrectThenIncorrectThenTime() {
        let scores: [Score?] = [
            Score(correct: 5, incorrect: 2, answerNanoseconds: 100_000_000),
            Score(correct: 6, incorrect: 2, answerNanoseconds: 900_000_000),
            Score(correct: 5, incorrect: 1, answerNanoseconds: 900_000_000),
            Score(correct: 5, incorrect: 2, answerNanoseconds: 50_000_000),
            Score(correct: 5, incorrect: 2, answerNanoseconds: 100_000_000),
        ]
        let standings = rank(scores, players: [1, 2, 3, 4, 5])
        #expect(standings.map(\.player) == [2, 3, 4, 1, 5])
        #expect(standings.map(\.rank) == [1, 2, 3, 4, 4])
    }

    @Test func ranksCompareTimeAtTheMillisecondTheWireShows() {
        // 0.3 ms apart: TOP shows both as the same whole millisecond, so they share the rank.
        let scores: [Score?] = [
            Score(correct: 1, incorrect: 0, answerNanoseconds: 700_000),
            Score(correct: 1, incorrect: 0, answerNanoseconds: 400_000),
            Score(correct: 1, incorrect: 0, answerNanoseconds: 1_000_000),
        ]
        let standings = rank(scores, players: [1, 2, 3])
        #expect(standings.map(\.player) == [1, 2, 3])
        #expect(standings.map(\.rank) == [1, 1, 3])
        #expect(standings.map(\.score.answerMilliseconds) == [0, 0, 1])
    }
}
