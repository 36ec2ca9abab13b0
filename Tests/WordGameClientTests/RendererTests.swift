import Testing
import TextColumns
import WordGame
import WordGameClient
import WordGameProtocol
import WordGameTestSupport

@Suite struct RendererTests {
    static let columns = 60, rows = 20

    func t(_ ms: Int64) -> Instant { .milliseconds(ms) }

    /// A solo player in round 3, the pair received at t = 0.
    func playing() -> ClientState {
        var state = ClientState(name: "Ana")
        state.receive(.room(RoomInfo(name: "main", state: .playing, members: 1, host: "Ana", autoStart: 1)), at: t(0))
        state.receive(.game(GameInfo(pairs: 15, roundMilliseconds: 5_000, maxIncorrect: 3, players: 1)), at: t(0))
        state.receive(.you(.playing), at: t(0))
        state.receive(.round(RoundInfo(number: 3, pairs: 15, english: "house", spanish: "casa", milliseconds: 5_000)), at: t(0))
        return state
    }

    func frame(_ state: ClientState, at ms: Int64, columns: Int = columns, rows: Int = rows) -> Frame {
        Renderer.frame(state, columns: columns, rows: rows, now: t(ms))
    }

    func row(of text: String, in frame: Frame) -> Int? {
        frame.rows.firstIndex { $0.contains(text) }
    }

    @Test func theSpanishWordFallsFromTopToBottomOverTheServersTime() {
        let state = playing()
        let (top, bottom) = (5, Self.rows - 5)
        #expect(row(of: "casa", in: frame(state, at: 0)) == top)
        #expect(row(of: "casa", in: frame(state, at: 2_500)) == (top + bottom) / 2)
        #expect(row(of: "casa", in: frame(state, at: 5_000)) == bottom)
        #expect(row(of: "casa", in: frame(state, at: 9_000)) == bottom)  // never past the bottom
        // The English word stays put.
        #expect(row(of: "house", in: frame(state, at: 0)) == row(of: "house", in: frame(state, at: 4_000)))
    }

    @Test func theFallFollowsTheRoundTimeNotAFixedFiveSeconds() {
        var state = playing()
        state.receive(.game(GameInfo(pairs: 15, roundMilliseconds: 2_000, maxIncorrect: 3, players: 1)), at: t(10_000))
        state.receive(.round(RoundInfo(number: 1, pairs: 15, english: "dog", spanish: "perro", milliseconds: 2_000)), at: t(10_000))
        #expect(row(of: "perro", in: frame(state, at: 11_000)) == (5 + Self.rows - 5) / 2)
        #expect(row(of: "perro", in: frame(state, at: 12_000)) == Self.rows - 5)
    }

    /// Back after a drop with 1 s of a 5 s pair left: the word is four fifths down, not at the top with all the time.
    @Test func aPairTakenBackLateFallsFromWhereItIs() {
        var state = playing()
        state.receive(.round(RoundInfo(number: 4, pairs: 15, english: "dog", spanish: "perro", milliseconds: 1_000)), at: t(10_000))
        let (top, bottom) = (5, Self.rows - 5)
        #expect(row(of: "perro", in: frame(state, at: 10_000)) == top + (bottom - top) * 4 / 5)
        #expect(row(of: "perro", in: frame(state, at: 11_000)) == bottom)
    }

    @Test func countersTopRightAndButtonsAtTheBottom() {
        var state = playing()
        state.receive(.result(RoundResult(number: 2, verdict: .right, correct: 7, wrong: 2, rank: 1, ranked: 1)), at: t(0))
        let f = frame(state, at: 100)
        #expect(f.rows[0].hasSuffix("Correct: 7 "))
        #expect(f.rows[1].hasSuffix("Wrong: 2 (out at 3) "), "a narrow window abbreviates, and says when a player is out")
        let wide = frame(state, at: 100, columns: 80, rows: 24)
        #expect(wide.rows[0].hasSuffix("Correct attempts: 7 ") && wide.rows[1].hasSuffix("Wrong attempts: 2 (out at 3) "))
        #expect(f.rows[Self.rows - 2].contains("[ ✓ Correct ]") && f.rows[Self.rows - 2].contains("[ ✗ Wrong ]"))
        #expect(!f.rows.joined().contains("5000") && !f.rows.joined().contains(" s left"), "no timer is shown")
    }

    @Test func aPressedButtonShowsItWasTaken() {
        var state = playing()
        #expect(state.press(.character("y"), at: t(400)) == [.answer(round: 3, .correct)])
        let f = frame(state, at: 500)
        #expect(f.ansi(color: false).contains("\u{1B}[1;7m[ ✓ Correct ]") || f.ansi(color: false).contains("\u{1B}[7;1m[ ✓ Correct ]"))
        #expect(state.press(.character("n"), at: t(600)) == [], "one answer per pair")
    }

    @Test func feedbackAfterTheRevealGivesTheRightTranslation() {
        var state = playing()
        state.receive(.reveal(Reveal(number: 3, english: "house", spanish: "casa", truth: .wrong, translation: "hogar")), at: t(1_000))
        state.receive(.result(RoundResult(number: 3, verdict: .wrong, correct: 0, wrong: 1, rank: 1, ranked: 1)), at: t(1_000))
        #expect(frame(state, at: 1_200).rows.contains { $0.contains("✗ Wrong. house = hogar, not casa.") })
        #expect(!frame(state, at: 3_000).rows.contains { $0.contains("✗ Wrong.") }, "feedback is brief")
    }

    @Test func ticksFadeFeedbackAndEndCountdowns() {
        var state = playing()
        state.receive(.reveal(Reveal(number: 3, english: "house", spanish: "casa", truth: .correct, translation: "casa")), at: t(1_000))
        state.receive(.starting(milliseconds: 3_000), at: t(1_000))
        state.tick(at: t(2_000))
        #expect(state.showsFeedback(at: t(2_000)) && state.countdown.isRunning)
        state.tick(at: t(4_000))
        #expect(state.lastRevealAt == nil && !state.countdown.isRunning)
        #expect(!state.isAnimating(at: t(4_000)), "nothing moves: the client can sleep")
    }

    @Test func wideWordsStayInsideTheWindow() {
        // 36 spaces, a word of 16 columns and 36 spaces used to make 88 columns of 80: the screen scrolled.
        var state = playing()
        state.receive(.round(RoundInfo(number: 4, pairs: 15, english: "family 👨\u{200D}👩\u{200D}👧",
                                       spanish: "漢字漢字漢字漢字", milliseconds: 5_000)), at: t(0))
        let shown = frame(state, at: 1_000, columns: 80, rows: 24)
        #expect(shown.rows.allSatisfy { $0.columnWidth == 80 }, "\(shown.rows.filter { $0.columnWidth != 80 })")
        #expect(shown.rows.contains { $0.contains("漢字漢字漢字漢字") })
        #expect(shown.ansi(color: true).contains("family 👨\u{200D}👩\u{200D}👧"), "the family is drawn, not 👨�👩�👧")
    }

    @Test func theEndDialogShowsScoreRankAndEveryPair() {
        var state = playing()
        state.receive(.reveal(Reveal(number: 3, english: "house", spanish: "casa", truth: .correct, translation: "casa")), at: t(0))
        state.receive(.result(RoundResult(number: 3, verdict: .right, correct: 1, wrong: 0, rank: 2, ranked: 5)), at: t(0))
        state.receive(.reveal(Reveal(number: 4, english: "peace", spanish: "pájaro", truth: .wrong, translation: "paz")), at: t(0))
        state.receive(.result(RoundResult(number: 4, verdict: .right, correct: 2, wrong: 0, rank: 2, ranked: 5)), at: t(0))
        state.receive(.gameOver(GameOver(rank: 2, ranked: 5, correct: 2, wrong: 0, milliseconds: 900)), at: t(0))
        let text = frame(state, at: 0, columns: 80, rows: 24).rows.joined(separator: "\n")
        #expect(text.contains("Game over"))
        #expect(text.contains("Final score: 2 correct, 0 wrong — rank 2 of 5"))
        #expect(text.contains("✓ house = casa"))
        #expect(text.contains("✓ peace ≠ pájaro (peace = paz)"), "worded as the pages and the game word it: \(text)")
        #expect(text.contains("[R]estart    [Q]uit"))
    }

    @Test func theSoloEndDialogShowsTheBestScoreAndTheLastGames() {
        var state = playing()
        state.receive(.gameOver(GameOver(rank: 1, ranked: 1, correct: 9, wrong: 3, milliseconds: 900)), at: t(0))
        let game = { (correct: Int, wrong: Int, date: String) in
            SoloHistory.Game(date: date, correct: correct, wrong: wrong, milliseconds: 1, pairs: 15, roundMilliseconds: 5_000,
                             maxIncorrect: 3)
        }
        let history = SoloHistory(games: [game(12, 1, "2026-11-20 18:02"), game(7, 3, "2026-11-21 09:00"), game(9, 3, "2026-11-23 10:00")])
        state.pastGames = history.summary(after: game(9, 3, "2026-11-23 10:00"))
        let text = frame(state, at: 0, columns: 80, rows: 24).rows.joined(separator: "\n")
        let best = text.split(separator: "\n").first { $0.contains("Best of 3 games: 12 correct, 1 wrong, 2026-11-20") }
        #expect(best?.filter { $0 == "│" }.count == 2, "inside the box")
        #expect(text.contains("Last games: 9✓ 3✗ · 7✓ 3✗ · 12✓ 1✗"))
        #expect(text.contains("[R]estart    [Q]uit"))
    }

    @Test func aStudentRemovedMidGameIsToldWhyAndTheGameLeavesTheScreen() {
        var state = playing()
        state.receive(.notice(.removed, "You were removed from room k7px by the host."), at: t(100))
        state.receive(.you(.outside), at: t(100))
        let text = frame(state, at: 200, columns: 80, rows: 24).rows.joined(separator: "\n")
        #expect(state.screen == .outside)
        #expect(text.contains("You are no longer in room main."))
        #expect(text.contains("You were removed from room main by the host."), "the client's words, not the server's")
        #expect(!text.contains("Correct ]") && !text.contains("casa"))
        #expect(state.press(.character("r"), at: t(0)).isEmpty && state.press(.character("y"), at: t(0)).isEmpty)
    }

    /// A solo game of 15 pairs over: every pair reachable by scrolling, at every size from 40×12 up.
    func fifteenPairsOver(columns: Int, rows: Int) -> ClientState {
        var state = playing()
        state.resized(columns: columns, rows: rows)
        for number in 1...15 {
            state.receive(.reveal(Reveal(number: number, english: "w\(number)", spanish: "s\(number)", truth: .correct,
                                         translation: "s\(number)")), at: t(0))
            state.receive(.result(RoundResult(number: number, verdict: .right, correct: number, wrong: 0, rank: 1, ranked: 1)), at: t(0))
        }
        state.receive(.gameOver(GameOver(rank: 1, ranked: 1, correct: 15, wrong: 0, milliseconds: 900)), at: t(0))
        return state
    }

    @Test(arguments: [(40, 12), (60, 15), (80, 24), (200, 60)])
    func theEndDialogReachesEveryPairByScrolling(size: (columns: Int, rows: Int)) async {
        await onComputeThread {
            var state = fifteenPairsOver(columns: size.columns, rows: size.rows)
            var seen = Set<Int>()
            for _ in 0..<40 {
                let f = frame(state, at: 0, columns: size.columns, rows: size.rows)
                for number in 1...15 where f.rows.contains(where: { $0.contains("w\(number) = s\(number)") }) { seen.insert(number) }
                #expect(f.rows.contains { $0.contains("Final score: 15 correct, 0 wrong") || $0.contains("15 correct, 0 wrong") })
                _ = state.press(.down, at: t(0))
            }
            #expect(seen == Set(1...15), "\(size)")
            // Back to the top with the page keys; never before the first pair.
            for _ in 0..<5 { _ = state.press(.pageUp, at: t(0)) }
            #expect(state.reviewOffset == 0)
            #expect(frame(state, at: 0, columns: size.columns, rows: size.rows).rows.contains { $0.contains("w1 = s1") })
        }
    }

    @Test func theEndDialogSaysWhereTheListIsAndStopsAtItsEnd() {
        var state = fifteenPairsOver(columns: 80, rows: 20)
        let f = frame(state, at: 0, columns: 80, rows: 20)
        #expect(f.rows.contains { $0.contains(" ↓ pairs 1–") && $0.contains("of 15") })
        for _ in 0..<100 { _ = state.press(.down, at: t(0)) }
        let end = state.reviewOffset
        _ = state.press(.pageDown, at: t(0))
        #expect(state.reviewOffset == end && end > 0, "the keys stop at the last page")
        #expect(frame(state, at: 0, columns: 80, rows: 20).rows.contains { $0.contains("↑ pairs") && $0.contains("–15 of 15") })
        _ = state.press(.up, at: t(0))
        #expect(state.reviewOffset == end - 1, "one ↑ after the end moves at once")
    }

    /// At 40×12 a solo game's long pairs wrap, and its record gives its rows to the list:
    /// ↓ moves a pair at a time, the page keys a page, and the edge names pairs, not lines.
    @Test func at40x12ScrollingGoesPairByPair() {
        var state = playing()
        state.resized(columns: 40, rows: 12)
        for number in 1...15 {
            let long = "to look forward to something \(number)"
            state.receive(.reveal(Reveal(number: number, english: long, spanish: "图书馆 \(number)", truth: .wrong,
                                         translation: "tener muchísimas ganas de algo \(number)")), at: t(0))
            state.receive(.result(RoundResult(number: number, verdict: .right, correct: number, wrong: 0, rank: 1, ranked: 1)), at: t(0))
        }
        state.receive(.gameOver(GameOver(rank: 1, ranked: 1, correct: 15, wrong: 0, milliseconds: 900)), at: t(0))
        let game = SoloHistory.Game(date: "2026-11-23 10:00", correct: 15, wrong: 0, milliseconds: 1, pairs: 15, roundMilliseconds: 5_000,
                                    maxIncorrect: 3)
        state.pastGames = SoloHistory(games: [game, game]).summary(after: game)
        var f = frame(state, at: 0, columns: 40, rows: 12)
        #expect(f.rows.filter { $0.contains("something") }.count >= 2, "more than one pair on screen: \(f.rows.joined(separator: "\n"))")
        #expect(!f.rows.contains { $0.contains("Best") }, "the record gives way to the list")
        var firsts: [Int] = []
        for _ in 0..<15 {
            f = frame(state, at: 0, columns: 40, rows: 12)
            if let edge = f.rows.first(where: { $0.contains(" of 15 ") }), let range = edge.range(of: "pair") {
                firsts.append(Int(edge[range.upperBound...].drop { !$0.isNumber }.prefix { $0.isNumber }) ?? 0)
            }
            _ = state.press(.down, at: t(0))
        }
        #expect(Array(firsts.prefix(5)) == [1, 2, 3, 4, 5], "\(firsts)")
        #expect(frame(state, at: 0, columns: 40, rows: 12).rows.contains { $0.contains("15 of 15") }, "the last pair reached")
    }

    @Test func theScoreLineStaysInsideTheBoxAt40x12() {
        let state = fifteenPairsOver(columns: 40, rows: 12)
        let f = frame(state, at: 0, columns: 40, rows: 12)
        let score = f.rows.first { $0.contains("15 correct") }
        #expect(score.map { $0.filter { $0 == "│" }.count == 2 } == true, "\(f.rows.joined(separator: "\n"))")
        #expect(f.rows.contains { $0.contains("Game over") } && f.rows.contains { $0.contains("[R]estart") })
    }

    @Test func onlyTheHostIsOfferedTheNextGame() {
        var state = ClientState(name: "Bo")
        state.receive(.room(RoomInfo(name: "k7px", state: .playing, members: 3, host: "Ms Lee", autoStart: 0)), at: t(0))
        state.receive(.gameOver(GameOver(rank: 2, ranked: 3, correct: 1, wrong: 3, milliseconds: 900)), at: t(0))
        let text = frame(state, at: 0, columns: 80, rows: 24).rows.joined(separator: "\n")
        #expect(text.contains("Waiting for Ms Lee to start the next game") && !text.contains("[R]estart"))
        #expect(state.press(.character("r"), at: t(0)).isEmpty && state.screen == .gameOver)  // R does not wipe the dialog for nothing
        // In a room that starts by itself, anyone's START says "ready".
        state.receive(.room(RoomInfo(name: "k7px", state: .lobby, members: 3, host: "Ms Lee", autoStart: 2)), at: t(0))
        #expect(frame(state, at: 0, columns: 80, rows: 24).rows.joined(separator: "\n").contains("[R]estart    [Q]uit"))
        #expect(state.press(.character("r"), at: t(0)) == [.start])
    }

    @Test func restartAsksForANewGameAndTheDialogStaysUntilItBegins() {
        var state = playing()
        state.receive(.result(RoundResult(number: 3, verdict: .wrong, correct: 4, wrong: 3, rank: 1, ranked: 1)), at: t(0))
        state.receive(.gameOver(GameOver(rank: 1, ranked: 1, correct: 4, wrong: 3, milliseconds: 900)), at: t(0))
        #expect(state.press(.character("r"), at: t(0)) == [.start])
        #expect(state.press(.character("r"), at: t(0)).isEmpty, "asked once")
        #expect(state.screen == .gameOver && frame(state, at: 0).rows.contains { $0.contains("Starting the next game…") })
        state.receive(.game(GameInfo(pairs: 15, roundMilliseconds: 5_000, maxIncorrect: 3, players: 1)), at: t(0))
        #expect(state.correct == 0 && state.wrong == 0 && state.history.isEmpty && state.final == nil)
        #expect(state.press(.character("q"), at: t(0)).isEmpty && state.overlay == .confirmQuit, "in a game, q asks first")
        #expect(state.press(.character("q"), at: t(0)) == [.quit])
        #expect(state.hasQuit)
    }

    @Test func theSidePanelShowsTheLeaderboardInARoom() {
        var state = playing()
        state.receive(.room(RoomInfo(name: "7b", state: .playing, members: 12, host: "Bo", autoStart: 0)), at: t(0))
        state.receive(.progress(round: 3, answered: 4, playing: 11), at: t(0))
        state.receive(.result(RoundResult(number: 2, verdict: .right, correct: 2, wrong: 0, rank: 3, ranked: 12)), at: t(0))
        for (rank, name) in ["Bo", "Cy", "Ana"].enumerated() {
            state.receive(.top(TopEntry(rank: rank + 1, name: name, correct: 2, wrong: rank, milliseconds: 100)), at: t(0))
        }
        #expect(state.top.isEmpty, "a board is shown once whole")
        state.receive(.end(.top), at: t(0))
        let text = frame(state, at: 0, columns: 100, rows: 24).rows.joined(separator: "\n")
        #expect(text.contains("Leaderboard") && text.contains("1. Bo") && text.contains("3. Ana"))
        #expect(text.contains("Your rank: 3 of 12"))
        #expect(text.contains("Answered: 4 of 11"))
        #expect(text.contains("You: playing"))
    }

    @Test func theLobbyShowsWhoIsInAndHowTheGameStarts() {
        var state = ClientState(name: "Cy")
        state.receive(.room(RoomInfo(name: "main", state: .lobby, members: 3, host: "Ana", autoStart: 0)), at: t(0))
        state.receive(.members(total: 3, names: ["Ana", "Bo", "Cy"]), at: t(0))
        var text = frame(state, at: 0).rows.joined(separator: "\n")
        #expect(text.contains("3 players") && text.contains("Ana  (host)") && text.contains("Cy  ← you"))
        #expect(text.contains("Waiting for Ana to start"))
        state.name = "Ana"
        text = frame(state, at: 0).rows.joined(separator: "\n")
        #expect(text.contains("You are the host: press S or Enter to start"))
    }

    /// A teacher who hosted without a name is `Host` in ROOM: the screen says "the host", as the server's sentences do.
    @Test func aHostWithoutANameIsTheHost() {
        var state = ClientState(name: "Bo")
        state.receive(.room(RoomInfo(name: "k7px", state: .lobby, members: 1, host: RoomInfo.unnamedHost, autoStart: 0)), at: t(0))
        state.receive(.members(total: 1, names: ["Bo"]), at: t(0))
        let text = frame(state, at: 0).rows.joined(separator: "\n")
        #expect(text.contains("Waiting for the host to start the game"), "\(text)")
        #expect(!text.contains("Waiting for Host"))
    }

    @Test func aTooSmallWindowSaysSo() {
        let text = frame(playing(), at: 0, columns: 30, rows: 8).rows.joined(separator: "\n")
        #expect(text.contains("Window too small"))
    }

    @Test func controlCharactersFromTheNetworkNeverReachTheScreen() {
        var state = playing()
        state.receive(.round(RoundInfo(number: 4, pairs: 15, english: "evil\u{1B}[2J", spanish: "x\u{07}\u{9B}31m",
                                       milliseconds: 5_000)), at: t(0))
        state.receive(.top(TopEntry(rank: 1, name: "a\u{1B}]0;pwned\u{07}", correct: 0, wrong: 0, milliseconds: 0)), at: t(0))
        let output = frame(state, at: 0).ansi(color: true)
        // The only ESC bytes are our own: CSI sequences for cursor, clearing and colours.
        let escapes = output.components(separatedBy: "\u{1B}").dropFirst()
        #expect(escapes.allSatisfy { $0.hasPrefix("[") }, "an escape from the network got through")
        #expect(!output.contains("\u{07}") && !output.contains("\u{9B}") && !output.contains("\u{1B}[2J"))
    }

    @Test func noColorKeepsBoldAndReverseButDropsColours() {
        let output = frame(playing(), at: 0).ansi(color: false)
        #expect(!output.contains(";32m") && !output.contains("[32m") && !output.contains(";31m"))
        #expect(output.contains("\u{1B}[1m"))
    }

    @Test func framesAreExactlyTheTerminalsSize() {
        let f = frame(playing(), at: 1_234, columns: 73, rows: 19)
        #expect(f.rows.count == 19)
        #expect(f.rows.allSatisfy { $0.count == 73 })
    }
}
