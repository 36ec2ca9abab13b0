import Foundation
import Glibc
import Testing
import WordGameTestSupport

/// The client binary (in line mode) against a fake server that drops it
/// mid-game: it reconnects with `RESUME <code>`, picks the game up where the
/// server says it is, gives up when the seat is gone or the grace is over,
/// and quits at once on q meanwhile.
@Suite struct ResumeTests {
    /// Ana joins room main, a game is on, pair 1 goes right, pair 2 is open; then the connection drops.
    static func firstConnection(grace: Int) -> String {
        """
        WORDGAME 2 "hi"
        OK MODE MACHINE
        OK NAME "Ana"
        OK JOIN "main"
        TOKEN "K7PXABCD" \(grace)
        INFO "Your resume code is K7PXABCD. If your connection drops, type RESUME K7PXABCD."
        ROOM "main" PLAYING 2 "Bo" 0
        MEMBERS 2 "Bo" "Ana"
        YOU PLAYING
        INFO "The game is on."
        GAME 5 5000 3 2
        ROUND 1 5 "house" "casa" 5000
        REVEAL 1 "house" "casa" CORRECT "casa"
        RESULT 1 RIGHT 1 0 1 2
        ROUND 2 5 "dog" "gato" 5000

        """
    }

    /// Back in the game: pair 2 timed out meanwhile, pair 3 is open with 2.5 s left.
    static let resumed = """
        OK RESUME "Ana" "main"
        TOKEN "NEWCODE9" 3
        ROOM "main" PLAYING 2 "Bo" 0
        MEMBERS 2 "Bo" "Ana"
        YOU PLAYING
        INFO "The game is on."
        GAME 5 5000 3 2
        SCORE 1 1 2 2
        ROUND 3 5 "red" "rojo" 2500

        """

    func client(_ server: FakeServer) throws -> ClientProcess {
        try ClientProcess(["--host", "127.0.0.1", "--port", "\(server.port)", "--name", "Ana"])
    }

    @Test func aDroppedConnectionIsTakenBackWithTheCodeAndTheGameGoesOn() async throws {
        try await onOwnThread {
            let heard = Heard()
            let server = FakeServer(connections: 2) { fd, number, _ in
                if number == 0 {
                    _ = FakeServer.say(Self.firstConnection(grace: 3), to: fd)
                    return  // the socket closes: no BYE
                }
                var reader = LineReader(fd: fd)
                guard FakeServer.greet(fd, &reader), let line = try? reader.next(timeout: 5) else { return }
                heard.append(line)
                guard line == "RESUME K7PXABCD" else { return }
                _ = FakeServer.say(Self.resumed, to: fd)
                while let line = try? reader.next(timeout: 10) { heard.append(line) }
            }
            defer { server.finish() }
            let client = try client(server)
            try client.waitFor("Pair 2 of 5")
            #expect(try client.waitFor("Connection lost") == "Connection lost — reconnecting… (attempt 1, 3 s left)")
            try client.waitFor("Reconnected: back in room main.")
            #expect(heard.all.first == "RESUME K7PXABCD", "the code of the latest TOKEN, exactly")
            #expect(try client.waitFor("Your score") == "Your score in this game so far: 1 correct, 1 wrong, rank 2 of 2.")
            #expect(try client.waitFor("Pair 3 of 5") == "Pair 3 of 5: red = rojo ?  (y / n within 2.5 s)")
            client.answer("y")
            #expect(heard.waitFor("ANSWER") == "ANSWER 3 CORRECT", "the answer goes on the new connection")
            client.type("q")
            #expect(client.waitForExit() == 0)
            #expect(!client.transcript.contains { $0.contains("RESUME") }, "the client resumes by itself: no need to tell the player how")
        }
    }

    @Test func qQuitsAtOnceWhileReconnecting() async throws {
        try await onOwnThread {
            let server = FakeServer(connections: 2) { fd, number, _ in
                if number == 0 {
                    _ = FakeServer.say(Self.firstConnection(grace: 30), to: fd)
                    return
                }
                FakeServer.drain(fd)  // the new connection is taken, and never answered
            }
            defer { server.finish() }
            let client = try client(server)
            try client.waitFor("Connection lost")
            Thread.sleep(forTimeInterval: 0.3)  // the try is under way, waiting for a greeting
            client.type("y")
            #expect(try client.waitFor("Not connected") == "Not connected: reconnecting… (q quits)")
            let asked = Date()
            client.type("q")
            #expect(client.waitForExit(timeout: 5) == 0)
            // At once, not after the try under way gives up (its greeting is awaited for seconds): 2 s tells them apart.
            #expect(Date().timeIntervalSince(asked) < 2, "it quit \(Date().timeIntervalSince(asked)) s after q")
        }
    }

    @Test func aCodeTheServerNoLongerHoldsEndsTheSessionAtOnce() async throws {
        try await onOwnThread {
            let server = FakeServer(connections: 2) { fd, number, _ in
                if number == 0 {
                    _ = FakeServer.say(Self.firstConnection(grace: 30), to: fd)
                    return
                }
                var reader = LineReader(fd: fd)
                guard FakeServer.greet(fd, &reader) else { return }
                _ = try? reader.next(timeout: 5)
                _ = FakeServer.say("ERROR bad-code \"No seat is held for that code.\"\n", to: fd)
                FakeServer.drain(fd)
            }
            defer { server.finish() }
            let client = try client(server)
            try client.waitFor("Connection lost")
            let started = Date()
            #expect(try client.waitFor("The server no longer holds")
                == "The server no longer holds your seat in room main; run wordgame-client again to join.")
            #expect(client.waitForExit(timeout: 5) == 1)
            #expect(Date().timeIntervalSince(started) < 2, "no retrying after bad-code")
        }
    }

    @Test func aServerThatDoesNotComeBackIsGivenUpAfterTheGrace() async throws {
        try await onOwnThread {
            let heard = Heard()
            let server = FakeServer(connections: 1) { fd, _, server in
                _ = FakeServer.say(Self.firstConnection(grace: 2), to: fd)
                heard.append("\(Date().timeIntervalSinceReferenceDate)")  // the drop, give or take the close that follows
                server.refuseAfterThisConnection()  // then the server is gone: every connect is refused
            }
            defer { server.finish() }
            let client = try client(server)
            #expect(try client.waitFor("Your seat", timeout: 8)
                == "Your seat in room main was given up after 2 s; the server did not come back.")
            #expect(client.transcript.contains { $0.hasPrefix("Connection lost — reconnecting…") })
            #expect(client.waitForExit(timeout: 2) == 1)
            if let dropped = heard.all.first.flatMap(Double.init) {
                let took = Date().timeIntervalSinceReferenceDate - dropped
                #expect(took > 1.9 && took < 3.2, "gave up \(took) s after the drop")
            }
        }
    }

    @Test func slowDownWaitsAFewSecondsThenTriesAgain() async throws {
        try await onOwnThread {
            let heard = Heard()
            let server = FakeServer(connections: 3) { fd, number, _ in
                if number == 0 {
                    _ = FakeServer.say(Self.firstConnection(grace: 10), to: fd)
                    return
                }
                var reader = LineReader(fd: fd)
                guard FakeServer.greet(fd, &reader), let line = try? reader.next(timeout: 5) else { return }
                heard.append("\(number) \(line) \(LineReader.now())")
                if number == 1 {
                    _ = FakeServer.say("ERROR slow-down \"Too many wrong codes; wait a few seconds.\"\n", to: fd)
                    return
                }
                _ = FakeServer.say(Self.resumed, to: fd)
                FakeServer.drain(fd)
            }
            defer { server.finish() }
            let client = try client(server)
            try client.waitFor("Reconnected: back in room main.", timeout: 10)
            let tries = heard.all.map { $0.split(separator: " ") }
            #expect(tries.map { "\($0[0]) \($0[1]) \($0[2])" } == ["1 RESUME K7PXABCD", "2 RESUME K7PXABCD"])
            if tries.count == 2, let first = Double(tries[0][3]), let second = Double(tries[1][3]) {
                #expect(second - first >= 2.9 && second - first < 4.5, "the second try came \(second - first) s after the first")
            }
            client.type("q")
            #expect(client.waitForExit() == 0)
        }
    }

    @Test func aByeEndsTheSessionWithoutReconnecting() async throws {
        try await onOwnThread {
            let server = FakeServer(connections: 2) { fd, number, _ in
                guard number == 0 else { return }
                _ = FakeServer.say(Self.firstConnection(grace: 30) + "BYE \"The server is shutting down.\"\n", to: fd)
            }
            defer { server.finish() }
            let client = try client(server)
            try client.waitFor("The server is shutting down.")
            #expect(client.waitForExit(timeout: 3) == 1)
            #expect(!client.transcript.contains { $0.hasPrefix("Connection lost") })
        }
    }

    @Test func withoutATokenADropEndsTheSessionAsBefore() async throws {
        try await onOwnThread {
            let server = FakeServer { fd, _ in
                _ = FakeServer.say(Self.firstConnection(grace: 30).replacingOccurrences(of: "TOKEN \"K7PXABCD\" 30\n", with: ""), to: fd)
            }
            defer { server.finish() }
            let client = try client(server)
            try client.waitFor("The server closed the connection.")
            #expect(client.waitForExit(timeout: 3) == 1)
        }
    }
}
