import Foundation
import Testing
import WordGame
import WordGameProtocol
@testable import WordGameServer

/// A dropped player keeps their seat for the grace period and takes it back
/// with RESUME from a new connection (Protocol.md §4, RESUME).
@Suite struct ResumeTests {
    /// Ana hosts room main and Bo plays; the game is started and round 1 is open for both.
    func twoPlayersInAGame(_ server: TestServer) throws -> (ana: TestClient, bo: TestClient, round: RoundInfo) {
        let ana = try server.player("Ana")
        let bo = try server.player("Bo")
        ana.send("START")
        let round = try ana.waitForRound()
        _ = try bo.waitForRound()
        return (ana, bo, round)
    }

    func notice(_ event: NoticeEvent, on client: TestClient, timeout: Double = 5) throws -> String {
        try client.waitFor(timeout: timeout) { if case .notice(event, let text) = $0 { text } else { nil } }
    }

    @Test func joiningGivesACodeAndSaysWhatToDoWithIt() throws {
        let server = try TestServer()
        let ana = try server.client()
        ana.send("NAME Ana")
        ana.send("JOIN")
        #expect(try ana.waitFor { $0 == .joined(room: "main") } == .joined(room: "main"))
        // The code comes right after OK JOIN, then the plain words for nc users.
        guard case .token(let code, 60) = try ana.next() else { Issue.record("no TOKEN after OK JOIN"); return }
        #expect(code.count == Hub.tokenLength && code.allSatisfy { RoomCode.alphabet.contains($0) })
        guard case .info(let text) = try ana.next() else { Issue.record("no INFO after TOKEN"); return }
        #expect(text.contains("RESUME \(code)") && text.contains("60 s"))
    }

    @Test func aDroppedPlayerResumesMidRoundWithCountersAndTheOpenPair() throws {
        let server = try TestServer(rules: Rules(roundMilliseconds: 3_000, pairCount: 5))
        let (ana, bo, _) = try twoPlayersInAGame(server)
        let code = try #require(bo.token)
        bo.send("y")
        ana.send("y")
        let result = try bo.waitForResult()
        let round2 = try bo.waitForRound()
        bo.reset()  // a vanished peer, mid-round
        #expect(try notice(.dropped, on: ana) == "Bo dropped; 60 s to come back.")

        let back = try server.client("Bo again")
        back.send("RESUME \(code.lowercased())")  // codes are case-insensitive
        #expect(try back.next() == .resumed(name: "Bo", room: "main"))
        #expect(try back.next() == .token(code: code, graceSeconds: 60))
        let welcome = try back.waitFor { if case .info(let text) = $0, text.hasPrefix("Welcome back") { text } else { nil } }
        #expect(welcome.contains("still in the game"))
        let score = try back.waitFor { if case .score(let c, let w, let rank, let ranked) = $0 { (c, w, rank, ranked) } else { nil } }
        #expect(score.0 == result.correct && score.1 == result.wrong && score.3 == 2)
        // The open pair again, with Bo's own time left.
        let again = try back.waitForRound()
        #expect(again.number == round2.number && again.english == round2.english)
        #expect(again.milliseconds < 3_000 && again.milliseconds > 1_000)
        back.send("ANSWER \(again.number) y")
        #expect(try back.waitFor { $0 == .answerTaken(round: again.number, .correct) } == .answerTaken(round: again.number, .correct))
        #expect(try notice(.back, on: ana) == "Bo is back.")
    }

    @Test func aFrozenOldConnectionIsToldAndClosed() throws {
        let server = try TestServer()
        let ana = try server.player("Ana")
        let bo = try server.player("Bo")
        let code = try #require(bo.token)
        // Bo's old connection never closed (a laptop lid, a frozen process): the name is taken.
        let other = try server.client()
        other.send("NAME Bo")
        other.send("JOIN")
        #expect(try other.waitForError().code == .nameTaken)
        other.send("RESUME \(code)")
        #expect(try other.next() == .resumed(name: "Bo", room: "main"))
        let bye = try bo.waitFor { if case .bye(let text) = $0 { text } else { nil } }
        #expect(bye.contains("taken over by a new connection"))
        try bo.waitForClose()
        // The seat goes on, on the new connection.
        ana.send("START")
        _ = try other.waitForRound()
        other.send("STATUS")
        #expect(try other.waitFor { if case .you = $0 { true } else { false } } == .you(.playing))
    }

    @Test func theSeatIsGivenUpWhenTheGraceRunsOut() throws {
        let server = try TestServer(resumeGraceMilliseconds: 1_000)
        let ana = try server.player("Ana")
        let bo = try server.player("Bo")
        let code = try #require(bo.token)
        bo.reset()
        #expect(try notice(.dropped, on: ana) == "Bo dropped; 1 s to come back.")
        #expect(try notice(.left, on: ana, timeout: 4) == "Bo left.")
        let late = try server.client()
        late.send("RESUME \(code)")
        let refusal = try late.waitForError()
        #expect(refusal.code == .badCode && refusal.text.contains("given up after 1 s"))
        // The name is free again.
        try late.join(as: "Bo")
    }

    @Test func aWrongCodeIsAnErrorAndTheConnectionLivesOn() throws {
        let server = try TestServer()
        let client = try server.client()
        client.send("RESUME ZZZZZZZZ")
        #expect(try client.waitForError().code == .badCode)
        client.send("RESUME")
        #expect(try client.waitForError().code == .badArgument)
        client.send("PING")
        #expect(try client.next() == .pong)
    }

    /// Ana and Bo play in `main`; Bo's link is cut and Ana has heard so. Returns Bo's resume code.
    private func boDropped(resumeGuesses: Int, guessIntervalMilliseconds: Int) throws -> (TestServer, TestClient, String) {
        var limits = ConnectionLimits()
        limits.resumeGuesses = resumeGuesses
        limits.resumeGuessIntervalMilliseconds = guessIntervalMilliseconds
        let server = try TestServer(limits: limits)
        let ana = try server.player("Ana")
        let bo = try server.player("Bo")
        let code = try #require(bo.token)
        bo.reset()
        _ = try ana.waitFor { if case .notice(.dropped, _) = $0 { true } else { false } }
        return (server, ana, code)
    }

    @Test func wrongCodesAreSlowedPerAddressButARightOneStillWorks() throws {
        let (server, ana, code) = try boDropped(resumeGuesses: 3, guessIntervalMilliseconds: 1_000)
        let guesser = try server.client()
        for _ in 0..<3 {
            guesser.send("RESUME AAAAAAAA")
            #expect(try guesser.waitForError().code == .badCode)
        }
        // Past the address's allowance a wrong code is slow-down, and the address's lines
        // outside a room wait: the guesser's, and a new connection's too.
        guesser.send("RESUME AAAAAAAA")
        #expect(try guesser.waitForError().code == .slowDown)
        let asked = Date()
        guesser.send("PING")
        // From the same address (every test client is 127.0.0.1): a classmate's right code
        // waits out the hold, then works. It goes in one write with MODE MACHINE, as
        // wordgame-client sends them, so the two lines wait out one hold together.
        let back = try TestClient(port: server.port, label: "back")
        back.sendRaw(Array("MODE MACHINE\nRESUME \(code)\n".utf8))
        // Ana plays on meanwhile: a room's players are never held.
        ana.send("PING")
        #expect(try ana.next() == .pong)
        #expect(Date().timeIntervalSince(asked) < 0.5, "a player in a room waited for the guesser's hold")
        #expect(try guesser.next() == .pong)
        #expect(Date().timeIntervalSince(asked) > 0.8, "the guesser's next line came back at once")
        guard case .welcome = try back.next() else { Issue.record("no greeting"); return }
        try back.expectMachineModeReply()
        #expect(try back.next() == .resumed(name: "Bo", room: "main"))
        #expect(Date().timeIntervalSince(asked) < 1.5, "the classmate waited more than one hold")
    }

    /// Guessers who keep codes queued on many connections cannot starve a classmate's
    /// right code: when a hold ends, every waiting connection runs one line.
    @Test func guessersOnManyConnectionsDoNotStarveARightCode() throws {
        // Ana stays connected to the end, so the room and Bo's seat stay as they were.
        let (server, ana, code) = try boDropped(resumeGuesses: 1, guessIntervalMilliseconds: 400)
        defer { withExtendedLifetime(ana) {} }
        let guessers = try (0..<6).map { _ in try server.client("guesser") }
        for guesser in guessers { guesser.sendRaw(Array(String(repeating: "RESUME AAAAAAAA\n", count: 30).utf8)) }
        Thread.sleep(forTimeInterval: 0.1)
        let back = try TestClient(port: server.port, label: "back")
        let asked = Date()
        back.sendRaw(Array("MODE MACHINE\nRESUME \(code)\n".utf8))  // one write, as wordgame-client sends them
        guard case .welcome = try back.next() else { Issue.record("no greeting"); return }
        try back.expectMachineModeReply()
        #expect(try back.next(timeout: 3) == .resumed(name: "Bo", room: "main"))
        #expect(Date().timeIntervalSince(asked) < 1.5, "the right code waited \(Date().timeIntervalSince(asked)) s")
        // Each guesser got about one code checked per hold, not a burst of them.
        var checked = 0
        for guesser in guessers {
            while let line = try guesser.staysQuiet(for: 0.05) { if line.hasPrefix("ERROR") { checked += 1 } }
        }
        #expect(checked >= 6 && checked < 6 * 8, "\(checked) codes checked in about a second")
    }

    @Test func pairsPassedWhileAwayAreTimeoutsAndDoNotHoldTheRoom() throws {
        let server = try TestServer(rules: Rules(roundMilliseconds: 600, maxIncorrect: 4, pairCount: 4))
        let (ana, bo, first) = try twoPlayersInAGame(server)
        let code = try #require(bo.token)
        bo.reset()
        _ = try notice(.dropped, on: ana)
        // The rounds do not wait for Bo while he is away: each closes as soon as Ana answers.
        ana.send("ANSWER \(first.number) y")
        let second = try ana.waitForRound()
        let opened = Date()
        ana.send("ANSWER \(second.number) y")
        _ = try ana.waitForReveal()
        let held = Date().timeIntervalSince(opened)
        #expect(held < 0.3, "round 2 stayed open \(held) s for a player who was away")
        let boOnBoard = try ana.waitFor { if case .top(let entry) = $0, entry.name == "Bo" { entry } else { nil } }
        #expect(boOnBoard.correct == 0 && boOnBoard.wrong == 2, "Bo's missed pairs count as wrong")

        let back = try server.client()
        back.send("RESUME \(code)")
        let score = try back.waitFor { if case .score(let c, let w, _, _) = $0 { (c, w) } else { nil } }
        #expect(score.0 == 0 && score.1 >= 2)
    }

    @Test func aHostResumesTheirSeat() throws {
        let server = try TestServer()
        let host = try server.client("host")
        host.send("HOST")
        guard case .hosted(let room, _) = try host.next() else { Issue.record("no OK HOST"); return }
        guard case .token(let code, _) = try host.next() else { Issue.record("no TOKEN after OK HOST"); return }
        let ana = try server.player("Ana", room: room)
        host.reset()
        _ = try ana.waitFor { if case .notice(.host, let text) = $0 { text.contains("away") } else { false } }
        let back = try server.client("host again")
        back.send("RESUME \(code)")
        #expect(try back.next() == .resumed(name: "Host", room: room))
        #expect(try back.waitFor { if case .you = $0 { true } else { false } } == .you(.hosting))
        back.send("START")
        _ = try ana.waitForRound()
    }

    /// Held seats count like connections: joining and dropping in a loop cannot fill a room with ghosts.
    @Test func heldSeatsAreCappedPerAddress() throws {
        var limits = ConnectionLimits()
        limits.maxPerAddress = 2
        let server = try TestServer(limits: limits)
        let ana = try server.player("Ana")
        for name in ["Bo", "Cy"] {
            let player = try server.player(name)
            player.reset()
            #expect(try notice(.dropped, on: ana).hasPrefix("\(name) dropped"))
        }
        let dee = try server.player("Dee")
        dee.reset()
        // Two seats are held from this address already, its whole share: Dee's drop leaves at once.
        #expect(try notice(.left, on: ana) == "Dee left.")
    }

    @Test func quittingGivesTheSeatUpAtOnce() throws {
        let server = try TestServer()
        let ana = try server.player("Ana")
        let bo = try server.player("Bo")
        let code = try #require(bo.token)
        bo.send("QUIT")
        try bo.waitForClose()
        #expect(try notice(.left, on: ana) == "Bo left.")
        let again = try server.client()
        again.send("RESUME \(code)")
        #expect(try again.waitForError().code == .badCode)
    }
}
