import Foundation
import Testing
import WordGameTestSupport
import WordGame
import WordGameProtocol
@testable import WordGameServer

/// RESUME on real sockets: the transport gives a seat's lines to its new socket and closes the old one, and an address hold
/// delays lines in time.
@Suite struct ResumeOverTheWireTests {
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

    /// End to end: a frozen socket is cut off when a new one takes the seat, a
    /// reset one is replaced by the next, and each time the room's lines reach
    /// the socket that speaks for the seat now.
    @Test func aSeatTakenBackIsServedOnItsNewSocket() async throws {
        try await onOwnThread {
            let server = try TestServer(rules: Rules(roundMilliseconds: 5_000, pairCount: 3))
            let ana = try server.player("Ana")
            let bo = try server.player("Bo")
            let code = try #require(bo.token)
            // Bo's first socket never closed: a second one takes the seat, and the first is told and closed.
            let second = try server.client("Bo's second socket")
            second.send("RESUME \(code)")
            #expect(try second.next() == .resumed(name: "Bo", room: "main"))
            #expect(try bo.waitFor { if case .bye(let text) = $0 { text } else { nil } }.contains("taken over"))
            try bo.waitForClose()
            ana.send("START")
            #expect(try second.waitForRound().number == 1)
            second.send("ANSWER 1 y")
            #expect(try second.waitFor { if case .answerTaken = $0 { $0 } else { nil } } == .answerTaken(round: 1, .correct))
            // The second socket is reset: the seat is held, and a third takes it back.
            second.reset()
            _ = try ana.waitFor(TestClient.notice(.dropped))
            let third = try server.client("Bo's third socket")
            third.send("RESUME \(code)")
            #expect(try third.next() == .resumed(name: "Bo", room: "main"))
            ana.send("ANSWER 1 y")
            #expect(try third.waitForResult().number == 1)
            #expect(try third.waitForRound().number == 2)
            third.send("ANSWER 2 n")
            #expect(try third.waitFor { if case .answerTaken = $0 { $0 } else { nil } } == .answerTaken(round: 2, .wrong))
        }
    }

    /// The hold the hub asks for after too many wrong codes (ResumeFlowTests)
    /// delays, in time, the address's lines outside a room, for one hold: the
    /// guesser's and a classmate's new connection's, not a player's in a room.
    @Test func anAddressHoldDelaysLinesOutsideRoomsForOneHold() async throws {
        try await onOwnThread {
            // A hold of 3 s: the three bounds below sit a second or more from what they tell apart, which a loaded
            // machine's delays do not cross.
            let (server, ana, code) = try boDropped(resumeGuesses: 3, guessIntervalMilliseconds: 3_000)
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
            #expect(Date().timeIntervalSince(asked) < 1.5, "a player in a room waited for the guesser's hold")
            #expect(try guesser.next(timeout: 10) == .pong)
            #expect(Date().timeIntervalSince(asked) > 2.4, "the guesser's next line came back at once")
            guard case .welcome = try back.next() else { Issue.record("no greeting"); return }
            try back.expectMachineModeReply()
            #expect(try back.next(timeout: 10) == .resumed(name: "Bo", room: "main"))
            #expect(Date().timeIntervalSince(asked) < 5, "the classmate waited more than one hold")
        }
    }

    /// Guessers who keep codes queued on many connections cannot starve a classmate's
    /// right code: when a hold ends, every waiting connection runs one line.
    @Test func guessersOnManyConnectionsDoNotStarveARightCode() async throws {
        try await onOwnThread {
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
    }
}
