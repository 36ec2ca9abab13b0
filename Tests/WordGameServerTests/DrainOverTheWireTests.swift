import Foundation
import Glibc
import Testing
import WordGameProtocol
import WordGameTestSupport

/// The built server drained with SIGHUP while a game plays (Protocol.md §4, "A server that drains";
/// Resources/install/README.md, "Draining"): `/healthz` says it drains, a new room is refused, the game
/// plays to its end, and then the server stops, its lesson kept, with the exit status the units restart on.
@Suite struct DrainOverTheWireTests {
    /// `GET path` on the web port: the status line and the body.
    static func get(_ port: UInt16, _ path: String) throws -> (status: String, body: [String]) {
        let browser = try TestClient(port: port, label: "monitor")
        browser.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r")
        let status = try #require(try browser.nextLine())
        while let line = try browser.nextLine(), line != "\r" {}  // the head, to its blank line
        var body: [String] = []
        while let line = try browser.nextLine() { body.append(line) }
        return (status, body)
    }

    /// A hosted room on the server, Ana in it, its game begun: its host, the room, Ana, and its first pair.
    static func gameUnderWay(on child: ServerChild) throws -> (host: TestClient, room: String, ana: TestClient, first: RoundInfo) {
        let host = try RestartOverTheWireTests.connect(child.port, "host")
        host.send("HOST")
        let room = try host.waitFor(timeout: 20) { if case .hosted(let room, _) = $0 { room } else { nil } }
        let ana = try RestartOverTheWireTests.connect(child.port, "ana")
        try ana.join(as: "Ana", room: room)
        host.send("START")
        let first = try ana.waitForRound(timeout: 20)
        return (host, room, ana, first)
    }

    @Test func aDrainLetsTheGameFinishThenStopsKeepingTheLesson() async throws {
        try await onOwnThread {
            let place = try RestartOverTheWireTests.Place()
            // Pairs of 30 s that close as soon as Ana answers: the test, not the clock, moves the game on.
            let child = try ServerChild(RestartOverTheWireTests.game, state: place.state, quiet: false)
            let webPort = try #require(child.webPort)
            #expect(try Self.get(webPort, "/healthz").body == ["ready"])
            let (host, room, ana, first) = try Self.gameUnderWay(on: child)

            kill(child.pid, SIGHUP)
            // The drain is under way once /healthz says so (generous: a loaded machine).
            var health = try Self.get(webPort, "/healthz")
            let deadline = Date().addingTimeInterval(20)
            while health.body.first?.contains("draining") != true, Date() < deadline {
                usleep(50_000)
                health = try Self.get(webPort, "/healthz")
            }
            #expect(health.status.hasPrefix("HTTP/1.1 503"), "\(health)")
            #expect(health.body == ["not ready: draining (no new rooms; it stops once the games on it are over)"])
            #expect(try Self.get(webPort, "/metrics").body.contains("wordgame_draining 1"))

            // A teacher arriving now gets no room, and is told why.
            let late = try RestartOverTheWireTests.connect(child.port, "late teacher")
            late.send("HOST")
            let refusal = try late.waitForError(timeout: 20)
            #expect(refusal.code == .draining)
            #expect(child.process.isRunning, "a game is on: the drain waits for it")

            // The game plays to its end: every pair, then GAMEOVER; the server stops only after it.
            var pair = first
            while true {
                ana.send(BotAnswer.line(for: pair, rightly: true, words: TestServer.defaultWords))
                let next = try ana.waitFor(timeout: 20) { message -> ServerMessage? in
                    switch message {
                    case .round, .gameOver: message
                    default: nil
                    }
                }
                guard case .round(let info) = next else { break }
                pair = info
            }
            #expect(pair.number == 3)
            // Then, as on SIGTERM with the lesson kept: RESTARTING and BYE to everyone, and the process ends with 75.
            _ = try ana.waitFor(timeout: 20) { if case .restarting = $0 { true } else { false } }
            _ = try ana.waitFor(timeout: 20) { if case .bye = $0 { true } else { false } }
            child.process.waitUntilExit()
            #expect(child.process.terminationStatus == 75)
            let (console, _) = child.stopReadingConsole()
            #expect(console.contains("wordgame-server: draining (SIGHUP): no new rooms; stopping once the games on it are over"))
            #expect(console.contains("wordgame-server: drained: the games on it are over"))
            // The lesson is kept: the room comes back with the server started again.
            let saved = try String(contentsOfFile: place.lessonFile(port: child.port), encoding: .utf8)
            #expect(saved.contains(room))
            withExtendedLifetime(host) {}  // the host stays connected all along, as a teacher at the projector
        }
    }

    /// `--drain-limit`: a game that outlasts the drain's time is not waited for. The server stops as on SIGTERM (the
    /// game kept in the lesson, to go on after the restart), with the exit status that has it started again.
    @Test func aDrainPastItsTimeLimitStopsWithTheGameKept() async throws {
        try await onOwnThread {
            let place = try RestartOverTheWireTests.Place()
            let child = try ServerChild(RestartOverTheWireTests.game + ["--drain-limit", "1"], state: place.state, quiet: false)
            #expect(try Self.get(try #require(child.webPort), "/metrics").body.contains("wordgame_draining 0"))
            let (host, room, ana, _) = try Self.gameUnderWay(on: child)

            // Nobody answers the pair of 30 s: the drain's one second runs out with the game on.
            kill(child.pid, SIGHUP)
            _ = try ana.waitFor(timeout: 20) { if case .restarting = $0 { true } else { false } }
            child.process.waitUntilExit()
            #expect(child.process.terminationStatus == 75)
            let (console, _) = child.stopReadingConsole()
            #expect(console.contains("or in 1 s at most"), "\(console)")
            #expect(console.contains("wordgame-server: drain's time limit (1 s) reached with a game still on: stopping as on SIGTERM"))
            let saved = try String(contentsOfFile: place.lessonFile(port: child.port), encoding: .utf8)
            #expect(saved.contains(room) && saved.contains("\"roundsPlayed\":0"), "the game on is kept, at its first pair")
            withExtendedLifetime(host) {}
        }
    }
}
