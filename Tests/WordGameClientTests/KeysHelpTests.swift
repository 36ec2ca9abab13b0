import Testing
import WordGame
@testable import WordGameClient
import WordGameProtocol

/// The keys' help (`?`) in a solo game while the clock runs: an answer key
/// pressed with it open answers, and it never hides the last pair's truth,
/// a notice, the buttons or the keys' line. Pure.
@Suite struct KeysHelpTests {
    func t(_ ms: Int64) -> Instant { .milliseconds(ms) }

    static let rules = GameInfo(pairs: 5, roundMilliseconds: 5_000, maxIncorrect: 3, players: 1)

    func round(_ n: Int) -> RoundInfo { RoundInfo(number: n, pairs: 5, english: "dog", spanish: "perro", milliseconds: 5_000) }

    /// Ana alone, pair 1 open.
    func solo() -> ClientState {
        var state = ClientState(name: "Ana")
        state.receive(.room(RoomInfo(name: "main", state: .playing, members: 1, host: "Ana", autoStart: 1)), at: t(0))
        state.receive(.you(.playing), at: t(0))
        state.receive(.game(Self.rules), at: t(0))
        state.receive(.round(round(1)), at: t(0))
        return state
    }

    @Test(arguments: [Key.character("y"), .character("n"), .right, .left])
    func anAnswerKeyWithTheHelpOpenClosesItAndAnswers(key: Key) {
        var state = solo()
        #expect(state.press(.character("?"), at: t(100)).isEmpty && state.overlay == .keys)
        let sent = state.press(key, at: t(200))
        #expect(sent == [.answer(round: 1, ClientState.answer(for: key)!)], "the answer is not lost")
        #expect(state.overlay == nil && state.pressed != nil)
    }

    @Test func theHelpStaysAcrossPairsAndAnswersTheOpenOne() {
        var state = solo()
        _ = state.press(.character("?"), at: t(100))
        state.receive(.reveal(Reveal(number: 1, english: "dog", spanish: "perro", truth: .correct, translation: "perro")), at: t(5_000))
        state.receive(.result(RoundResult(number: 1, verdict: .timeout, correct: 0, wrong: 1, rank: 1, ranked: 1)), at: t(5_000))
        state.receive(.round(round(2)), at: t(5_000))
        #expect(state.overlay == .keys)
        #expect(state.press(.character("n"), at: t(5_500)) == [.answer(round: 2, .wrong)])
    }

    @Test func otherKeysOnlyCloseItAndQuitStillAsks() {
        var state = solo()
        _ = state.press(.character("?"), at: t(100))
        #expect(state.press(.character("x"), at: t(200)).isEmpty && state.overlay == nil && state.pressed == nil)
        _ = state.press(.character("?"), at: t(300))
        #expect(state.press(.character("q"), at: t(400)).isEmpty && !state.hasQuit, "q closes the help, it does not quit")
        // The quit question is not the help: y there plays on without answering, as it says.
        _ = state.press(.character("q"), at: t(500))
        #expect(state.overlay == .confirmQuit)
        #expect(state.press(.character("y"), at: t(600)).isEmpty && state.pressed == nil)
    }

    @Test(arguments: [(80, 24), (40, 12), (120, 40)])
    func theHelpNeverCoversTheFeedbackTheNoticeTheButtonsOrTheKeysLine(size: (columns: Int, rows: Int)) {
        var state = solo()
        state.receive(.reveal(Reveal(number: 1, english: "dog", spanish: "gato", truth: .wrong, translation: "perro")), at: t(5_000))
        state.receive(.result(RoundResult(number: 1, verdict: .right, correct: 1, wrong: 0, rank: 1, ranked: 1)), at: t(5_000))
        state.receive(.round(round(2)), at: t(5_000))
        state.receive(.error(ProtocolError(.tooSoon, "Too soon.")), at: t(5_010))
        let without = Renderer.frame(state, columns: size.columns, rows: size.rows, now: t(5_100)).rows
        _ = state.press(.character("?"), at: t(5_050))
        let with = Renderer.frame(state, columns: size.columns, rows: size.rows, now: t(5_100)).rows
        // The rows the game keeps at the bottom: from the feedback ("✓ Right! …") down.
        guard let feedback = without.firstIndex(where: { $0.contains("Right!") }) else {
            Issue.record("no feedback drawn: \(without.joined(separator: "\n"))")
            return
        }
        #expect(Array(with[feedback...]) == Array(without[feedback...]), "\(with.joined(separator: "\n"))")
        #expect(with[..<feedback].contains { $0.contains("correct") && $0.contains("wrong") }, "the help is there, above")
        #expect(with[..<feedback].contains { $0.contains("┘") }, "\(with.joined(separator: "\n"))")
    }

    /// In a room, the leaderboard panel beside the pair stays whole with the help open: the box is
    /// centred over the pair's side when it fits there, never over half the panel's words.
    @Test func inARoomTheHelpLeavesTheLeaderboardWhole() {
        var state = ClientState(name: "Ana")
        state.receive(.room(RoomInfo(name: "main", state: .playing, members: 2, host: "Bo", autoStart: 0)), at: t(0))
        state.receive(.members(total: 2, names: ["Bo", "Ana"]), at: t(0))
        state.receive(.you(.playing), at: t(0))
        state.receive(.game(GameInfo(pairs: 5, roundMilliseconds: 5_000, maxIncorrect: 3, players: 2)), at: t(0))
        state.receive(.round(round(1)), at: t(0))
        let without = Renderer.frame(state, columns: 80, rows: 24, now: t(100)).rows
        _ = state.press(.character("?"), at: t(50))
        let with = Renderer.frame(state, columns: 80, rows: 24, now: t(100)).rows
        #expect(with.contains { $0.contains("┌─ Keys") }, "\(with.joined(separator: "\n"))")
        guard let bar = without.first(where: { $0.contains("Leaderboard") }).flatMap({ Array($0).firstIndex(of: "│") }) else {
            Issue.record("no panel: \(without.joined(separator: "\n"))")
            return
        }
        // Columns from the panel's bar on (the rows here hold no wide characters: a Character is a column).
        let panel = { (row: String) in String(Array(row).dropFirst(bar)) }
        #expect(with.map(panel) == without.map(panel), "\(with.joined(separator: "\n"))")
    }
}
