import Testing
@testable import WordGameClient
import WordGame
import WordGameProtocol

/// The end dialog after the client took its seat back mid-game: it lists
/// every pair (those seen before the drop, those missed while reconnecting,
/// those after), and says the player was out when they were. Pure.
@Suite struct ResumeReviewTests {
    func t(_ ms: Int64) -> Instant { .milliseconds(ms) }

    static let rules = GameInfo(pairs: 6, roundMilliseconds: 1_000, maxIncorrect: 3, players: 2)
    static let main = RoomInfo(name: "main", state: .playing, members: 2, host: "Bo", autoStart: 0)

    func pair(_ n: Int) -> (RoundInfo, Reveal) {
        (RoundInfo(number: n, pairs: 6, english: "e\(n)", spanish: "s\(n)", milliseconds: 1_000),
         Reveal(number: n, english: "e\(n)", spanish: "s\(n)", truth: .correct, translation: "s\(n)"))
    }

    /// Ana answers pair 1 rightly and pair 2 wrongly, then her connection drops while pair 3 is open.
    func beforeTheDrop() -> ClientState {
        var state = ClientState(name: "Ana")
        for message: ServerMessage in [.joined(room: "main"), .token(code: "K7PXABCD", graceSeconds: 60), .room(Self.main),
                                       .you(.playing), .game(Self.rules)] {
            state.receive(message, at: t(0))
        }
        for (n, verdict) in [(1, Verdict.right), (2, .wrong)] {
            let (round, reveal) = pair(n)
            state.receive(.round(round), at: t(0))
            state.receive(.reveal(reveal), at: t(0))
            state.receive(.result(RoundResult(number: n, verdict: verdict, correct: 1, wrong: n - 1, rank: 1, ranked: 2)), at: t(0))
        }
        state.receive(.round(pair(3).0), at: t(0))
        return state
    }

    /// Back while pair 5 is open: pairs 3 and 4 timed out meanwhile, so she is out; then the game ends.
    func resumedOutThenGameOver(_ state: inout ClientState) {
        let lines: [ServerMessage] = [
            .resumed(name: "Ana", room: "main"), .token(code: "K7PXABCD", graceSeconds: 60), .room(Self.main),
            .members(total: 2, names: ["Bo", "Ana"]), .you(.out), .info("Welcome back."), .game(Self.rules),
            .score(correct: 1, wrong: 3, rank: 2, ranked: 2), .round(pair(5).0), .reveal(pair(5).1), .round(pair(6).0),
            .reveal(pair(6).1), .gameOver(GameOver(rank: 2, ranked: 2, correct: 1, wrong: 3, milliseconds: 9_000)),
            .you(.lobby),
        ]
        for message in lines { state.receive(message, at: t(9_000)) }
    }

    @Test func theEndDialogListsThePairsFromBeforeTheDropAndSaysThePlayerWasOut() {
        var state = beforeTheDrop()
        resumedOutThenGameOver(&state)
        #expect(state.reviewEntries.map(\.number) == [1, 2, 3, 4, 5, 6])
        #expect(state.reviewEntries.map { $0.record?.verdict } == [.right, .wrong, nil, nil, nil, nil])
        let frame = Renderer.frame(state, columns: 80, rows: 24, now: t(9_000))
        let text = frame.rows.joined(separator: "\n")
        #expect(text.contains("Final score: 1 correct, 3 wrong"))
        #expect(text.contains("Out after 3 wrong attempts"), "\(text)")
        let wide = Renderer.frame(state, columns: 110, rows: 24, now: t(9_000)).rows.joined(separator: "\n")
        #expect(wide.contains("Out after 3 wrong attempts (while reconnecting)"), "\(wide)")
        #expect(!text.contains("pairs played"))
        #expect(text.contains("✓ e1 = s1") && text.contains("✗ e2 = s2"), "\(text)")
        #expect(text.contains("pair 3: missed while reconnecting") && text.contains("pair 4: missed while reconnecting"))
        #expect(text.contains("· e6 = s6"))
    }

    /// The game ended while the connection was down: RESUME puts her in the lobby with no score of it.
    /// The end dialog comes back with the pairs she saw and her counters then, and says why.
    @Test func aGameThatEndedWhileAwayComesBackAsItsEndDialog() {
        var state = beforeTheDrop()
        let lobby = RoomInfo(name: "main", state: .lobby, members: 2, host: "Bo", autoStart: 0)
        for message: ServerMessage in [.resumed(name: "Ana", room: "main"), .token(code: "K7PXABCD", graceSeconds: 60),
                                       .room(lobby), .members(total: 2, names: ["Bo", "Ana"]), .you(.lobby), .info("Welcome back.")] {
            state.receive(message, at: t(9_000))
        }
        #expect(state.screen == .gameOver && state.endedWhileAway)
        #expect(state.reviewEntries.map(\.number) == [1, 2])
        let text = Renderer.frame(state, columns: 80, rows: 24, now: t(9_000)).rows.joined(separator: "\n")
        #expect(text.contains("The game ended while your connection was down"), "\(text)")
        #expect(text.contains("Before the drop: 1 correct, 1 wrong"), "\(text)")
        #expect(text.contains("✓ e1 = s1") && text.contains("✗ e2 = s2"), "\(text)")
        let said = LineModeText.lines(for: .you(.lobby), state: state)
        #expect(said.first == "The game ended while your connection was down. Before the drop: 1 correct, 1 wrong.", "\(said)")
        // The next game starts afresh.
        state.receive(.game(Self.rules), at: t(10_000))
        #expect(!state.endedWhileAway && state.history.isEmpty)
    }

    /// A new process took the seat back (the client was killed and run again) during pair 3: it never saw
    /// pairs 1 and 2, and does not claim they were missed while reconnecting.
    @Test func aRestartedClientSaysTheEarlierPairsWerePlayedBeforeIt() {
        var state = ClientState(name: "Ana")
        let lines: [ServerMessage] = [
            .resumed(name: "Ana", room: "main"), .token(code: "K7PXABCD", graceSeconds: 60), .room(Self.main),
            .members(total: 2, names: ["Bo", "Ana"]), .you(.playing), .game(Self.rules),
            .score(correct: 2, wrong: 0, rank: 1, ranked: 2), .round(pair(3).0), .reveal(pair(3).1),
            .result(RoundResult(number: 3, verdict: .right, correct: 3, wrong: 0, rank: 1, ranked: 2)),
            .gameOver(GameOver(rank: 1, ranked: 2, correct: 3, wrong: 0, milliseconds: 3_000)),
        ]
        for message in lines { state.receive(message, at: t(5_000)) }
        #expect(state.reviewEntries.map(\.beforeThisClient) == [true, true, false])
        let text = Renderer.frame(state, columns: 100, rows: 24, now: t(5_000)).rows.joined(separator: "\n")
        #expect(text.contains("pair 1: played before this window took the seat back"), "\(text)")
        #expect(!text.contains("missed while reconnecting"), "\(text)")
    }

    @Test func aPlayerAlreadyOutBeforeTheDropKeepsThePairTheyWentOutAt() {
        var state = beforeTheDrop()
        state.receive(.reveal(pair(3).1), at: t(1_000))
        state.receive(.result(RoundResult(number: 3, verdict: .timeout, correct: 1, wrong: 2, rank: 2, ranked: 2)), at: t(1_000))
        state.receive(.round(pair(4).0), at: t(1_000))
        state.receive(.reveal(pair(4).1), at: t(2_000))
        state.receive(.result(RoundResult(number: 4, verdict: .wrong, correct: 1, wrong: 3, rank: 2, ranked: 2)), at: t(2_000))
        state.receive(.you(.out), at: t(2_000))
        resumedOutThenGameOver(&state)
        let text = Renderer.frame(state, columns: 80, rows: 24, now: t(9_000)).rows.joined(separator: "\n")
        #expect(text.contains("Out after 3 wrong attempts, at pair 4"), "\(text)")
        #expect(state.reviewEntries.allSatisfy { $0.record != nil })
    }

    @Test func aNewGameAfterTheDropDoesNotTakeTheOldPairs() {
        var state = beforeTheDrop()
        // The old game ended while away and a new one with the same rules is on: its counters cannot hold the old verdicts.
        for message: ServerMessage in [.resumed(name: "Ana", room: "main"), .room(Self.main), .you(.playing), .game(Self.rules),
                                       .score(correct: 0, wrong: 1, rank: 2, ranked: 2)] {
            state.receive(message, at: t(9_000))
        }
        #expect(state.history.isEmpty && state.outAfterPair == nil)
    }
}
