import Testing
@testable import WordGameClient
import WordGame
import WordGameProtocol

/// What the game and the projector make of TOKEN, OK RESUME and the lines
/// that rebuild them, and what they show and take while reconnecting. Pure.
@Suite struct ResumeStateTests {
    func t(_ ms: Int64) -> Instant { .milliseconds(ms) }

    static let rules = GameInfo(pairs: 5, roundMilliseconds: 5_000, maxIncorrect: 3, players: 2)

    /// Ana in room main, playing pair 2 of 5 with 1 correct attempt, holding a token.
    func playing() -> ClientState {
        var state = ClientState(name: "Ana")
        state.receive(.joined(room: "main"), at: t(0))
        state.receive(.token(code: "K7PXABCD", graceSeconds: 60), at: t(0))
        state.receive(.room(RoomInfo(name: "main", state: .playing, members: 2, host: "Bo", autoStart: 0)), at: t(0))
        state.receive(.you(.playing), at: t(0))
        state.receive(.game(Self.rules), at: t(0))
        state.receive(.round(RoundInfo(number: 1, pairs: 5, english: "house", spanish: "casa", milliseconds: 5_000)), at: t(0))
        state.receive(.reveal(Reveal(number: 1, english: "house", spanish: "casa", truth: .correct, translation: "casa")), at: t(1_000))
        state.receive(.result(RoundResult(number: 1, verdict: .right, correct: 1, wrong: 0, rank: 1, ranked: 2)), at: t(1_000))
        state.receive(.round(RoundInfo(number: 2, pairs: 5, english: "dog", spanish: "gato", milliseconds: 5_000)), at: t(1_000))
        return state
    }

    /// What the server sends after `OK RESUME` into a game on: pair 4 open, 1500 ms left.
    func resumeLines(correct: Int, wrong: Int) -> [ServerMessage] {
        [.resumed(name: "Ana", room: "main"), .token(code: "NEWCODE9", graceSeconds: 60),
         .room(RoomInfo(name: "main", state: .playing, members: 2, host: "Bo", autoStart: 0)), .members(total: 2, names: ["Bo", "Ana"]),
         .you(.playing), .info("The game is on."), .game(Self.rules),
         .score(correct: correct, wrong: wrong, rank: 2, ranked: 2),
         .round(RoundInfo(number: 4, pairs: 5, english: "red", spanish: "rojo", milliseconds: 1_500))]
    }

    @Test func theLatestTokenIsTheOneKeptAndOnlyInARoom() {
        var state = playing()
        #expect(state.resumableSeat == HeldSeat(token: ResumeToken(code: "K7PXABCD", graceSeconds: 60), room: "main"))
        state.receive(.token(code: "ZZZZ9999", graceSeconds: 30), at: t(2_000))
        #expect(state.resumableSeat?.token == ResumeToken(code: "ZZZZ9999", graceSeconds: 30))
        state.receive(.you(.outside), at: t(3_000))
        #expect(state.resumableSeat == nil, "out of the room, a drop ends the session")
        #expect(ClientState(name: "Ana").resumableSeat == nil)
    }

    /// A server that keeps its lesson says RESTARTING before its BYE: the BYE is a drop to come back from, for longer.
    @Test func aRestartingServersGoodbyeIsADropAndTheSeatIsKeptForLonger() {
        var state = playing()
        state.receive(.restarting(graceSeconds: 60), at: t(2_000))
        state.receive(.bye("The server is restarting; your seat and score are kept."), at: t(2_000))
        #expect(state.goodbye == nil, "not the end of the session")
        let seat = state.resumableSeat
        #expect(seat == HeldSeat(token: ResumeToken(code: "K7PXABCD", graceSeconds: 60), room: "main", restarting: true))
        #expect(seat?.triesForSeconds == 60 + HeldSeat.restartAllowanceSeconds)
        let status = Reconnecting(attempt: 4, deadline: t(300_000), restarting: true)
        #expect(status.banner(at: t(10_000)) == "The server is restarting… your seat is kept (attempt 4)")
        for message in resumeLines(correct: 1, wrong: 0) { state.receive(message, at: t(20_000)) }
        #expect(state.resumableSeat?.restarting == false, "back: a later drop is an ordinary one")
        // The server's sentence is for nc: the screen's notice line says it short, from the pairs it knows.
        state.receive(.notice(.restarted, "The server restarted; seats and scores are as they were. Pair 2 is played again once "
                              + "everyone is back (in 17 s at most)."), at: t(20_000))
        #expect(state.notice == "Server restarted: pair 2 again once all are back.")
        // A BYE without RESTARTING before it ends the session, as always.
        var plain = playing()
        plain.receive(.bye("The server is shutting down."), at: t(2_000))
        #expect(plain.goodbye == "The server is shutting down.")
    }

    @Test func afterResumingTheCountersAndTheOpenPairAreTheServers() {
        var state = playing()
        for message in resumeLines(correct: 1, wrong: 2) { state.receive(message, at: t(20_000)) }
        #expect(state.screen == .playing && state.me == .playing)
        #expect((state.correct, state.wrong, state.rank, state.ranked) == (1, 2, 2, 2))
        #expect(state.round?.number == 4 && state.round?.spanish == "rojo")
        // The pair falls from where it is: 1.5 s of 5 s were left when it came back, so it starts 70% down.
        #expect(state.fall(at: t(20_000)) == 0.7)
        #expect(state.fall(at: t(20_750)) == 0.85)
        #expect(state.fall(at: t(21_500)) == 1)
        #expect(state.press(.character("y"), at: t(20_300)) == [.answer(round: 4, .correct)])
        #expect(state.resumableSeat?.token.code == "NEWCODE9")
        let frame = Renderer.frame(state, columns: 80, rows: 24, now: t(20_000))
        #expect(frame.rows[0].hasSuffix("Correct attempts: 1 ") && frame.rows[1].hasSuffix("Wrong attempts: 2 (out at 3) "))
        #expect(frame.rows.contains { $0.contains("rojo") })
    }

    /// The game ended meanwhile: the client is in the lobby, and shows that game's end dialog with what it
    /// knew (ResumeReviewTests), not a lobby as if nothing had happened; the open pair is gone.
    @Test func aGameThatEndedMeanwhileShowsItsEndDialog() {
        var state = playing()
        state.receive(.resumed(name: "Ana", room: "main"), at: t(30_000))
        state.receive(.room(RoomInfo(name: "main", state: .lobby, members: 2, host: "Bo", autoStart: 0)), at: t(30_000))
        state.receive(.you(.lobby), at: t(30_000))
        #expect(state.screen == .gameOver && state.endedWhileAway && state.me == .lobby)
        #expect(state.round == nil)
    }

    @Test func whileReconnectingOnlyQuittingWorksAndTheScreenSaysWhy() {
        var state = playing()
        state.reconnecting = Reconnecting(attempt: 3, deadline: t(60_000))
        #expect(state.press(.character("y"), at: t(0)).isEmpty)
        #expect(state.pressed == nil)
        #expect(state.isAnimating(at: t(8_000)))
        let frame = Renderer.frame(state, columns: 80, rows: 24, now: t(8_000))
        #expect(frame.rows.contains { $0.contains("Not sent: the connection is down.") }, "never lost silently: \(frame.rows)")
        #expect(frame.rows[2].contains("Connection lost — reconnecting… (attempt 3, 52 s left)"))
        #expect(frame.rows[0].contains("Correct attempts: 1"), "the counters stay on screen")
        #expect(frame.rows[23].trimmingCharacters(in: " ") == "q quit")
        #expect(state.press(.character("q"), at: t(0)) == [.quit])
        #expect(state.hasQuit)
    }

    @Test func lineModeSaysItIsBackAndTheScoreSoFar() {
        let state = ClientState(name: "Ana")
        #expect(LineModeText.lines(for: .resumed(name: "Ana", room: "main"), state: state) == ["Reconnected: back in room main."])
        #expect(LineModeText.lines(for: .score(correct: 2, wrong: 1, rank: 1, ranked: 3), state: state)
            == ["Your score in this game so far: 2 correct, 1 wrong, rank 1 of 3."])
        #expect(LineModeText.lines(for: .token(code: "K7PXABCD", graceSeconds: 60), state: state).isEmpty, "the code is not for people")
    }

    // MARK: The projector

    func hosting() -> PresentState {
        var state = PresentState()
        state.receive(.hosted(room: "k7px", key: "KEY"), at: t(0))
        state.receive(.token(code: "HOSTCODE", graceSeconds: 60), at: t(0))
        state.receive(.room(RoomInfo(name: "k7px", state: .playing, members: 2, host: "Host", autoStart: 0)), at: t(0))
        state.receive(.you(.hosting), at: t(0))
        state.receive(.roster("Bo"), at: t(0))
        state.receive(.roster("Cy"), at: t(0))
        state.receive(.end(.roster), at: t(0))
        state.receive(.game(Self.rules), at: t(0))
        state.receive(.round(RoundInfo(number: 1, pairs: 5, english: "house", spanish: "casa", milliseconds: 5_000)), at: t(0))
        return state
    }

    @Test func theProjectorHoldsItsSeatAndTakesItBack() {
        var state = hosting()
        #expect(state.resumableSeat == HeldSeat(token: ResumeToken(code: "HOSTCODE", graceSeconds: 60), room: "k7px"))
        state.receive(.resumed(name: "Host", room: "k7px"), at: t(9_000))
        state.receive(.token(code: "HOSTNEW2", graceSeconds: 60), at: t(9_000))
        state.receive(.room(RoomInfo(name: "k7px", state: .playing, members: 2, host: "Host", autoStart: 0)), at: t(9_000))
        state.receive(.you(.hosting), at: t(9_000))
        state.receive(.roster("Cy"), at: t(9_000))
        state.receive(.end(.roster), at: t(9_000))
        state.receive(.round(RoundInfo(number: 3, pairs: 5, english: "red", spanish: "rojo", milliseconds: 2_000)), at: t(9_000))
        #expect(state.key == "KEY" && state.room == "k7px")
        #expect(state.screen == .playing && state.round?.number == 3 && state.gamesPlayed == 1)
        #expect(state.roster == ["Cy"])
        #expect(state.resumableSeat?.token.code == "HOSTNEW2")
    }

    @Test func theProjectorBackAfterItsGameEndedShowsTheLobby() {
        var state = hosting()
        state.receive(.resumed(name: "Host", room: "k7px"), at: t(9_000))
        state.receive(.room(RoomInfo(name: "k7px", state: .lobby, members: 2, host: "Host", autoStart: 0)), at: t(9_000))
        state.receive(.you(.hosting), at: t(9_000))
        #expect(state.screen == .lobby)
    }

    @Test func theProjectorWhileReconnectingSaysSoAndOnlyQuits() {
        var state = hosting()
        state.reconnecting = Reconnecting(attempt: 1, deadline: t(60_000))
        #expect(state.press(.character("e"), at: t(0)).isEmpty && state.prompt == nil, "no control without a connection")
        let frame = PresentRenderer.frame(state, columns: 80, rows: 24, now: t(1_000))
        #expect(frame.rows[22].contains("Connection lost — reconnecting… (attempt 1, 59 s left)"))
        #expect(frame.rows[23].contains("Q quit"))
        #expect(state.press(.character("q"), at: t(0)).isEmpty && state.prompt == .confirmQuit)
        #expect(state.press(.character("y"), at: t(0)) == [.quit] && state.hasQuit)
    }
}
