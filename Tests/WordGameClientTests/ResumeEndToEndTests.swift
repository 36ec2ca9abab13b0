import Foundation
import Glibc
import Testing
import WordGameTestSupport
import WordGamePOSIX
@testable import WordGameClient
import WordGame
import WordGameProtocol
import WordGameServer

/// The client binary against the real server, through a relay the test cuts
/// mid-game: it takes its seat back by itself, with its counters and the
/// open pair, and the room hears it drop and come back.
@Suite struct ResumeEndToEndTests {
    static let words = try! WordList(entries: (1...12).map { WordEntry(english: "e\($0)", spanish: "s\($0)") })

    /// Answers the pair in a "Pair n of m: english = spanish ?" line rightly.
    func answerRightly(_ line: String, _ client: ClientProcess) {
        let parts = line.drop { $0 != ":" }.dropFirst(2).prefix { $0 != "?" }.dropLast().components(separatedBy: " = ")
        client.answer(Self.words.isCorrect(english: parts[0], spanish: parts[1]) ? "y" : "n")
    }

    /// `frozen`: only the client's side of the connection ends; the server's stays open (it learns of the drop from the RESUME).
    @Test(arguments: [false, true])
    func aCutConnectionIsResumedWithTheCountersIntact(frozen: Bool) async throws {
        try await onOwnThread {
            let settings = GameSettings(words: Self.words, rules: Rules(roundMilliseconds: 2_500, pairCount: 5), seed: 3,
                                        resumeGraceMilliseconds: 5_000)
            let logged = Heard()
            let server = try Server(configuration: ServerConfiguration(bindAddress: "127.0.0.1", port: 0, game: settings,
                                                                       log: { logged.append($0) }, events: { logged.append($0) }))
            server.start()
            defer { server.stop(); server.waitUntilStopped() }
            // Bo hosts room main and never answers, so each round lasts its time and a pair stays open across the cut.
            let bo = try ServerConnection(host: "127.0.0.1", port: server.port)
            _ = try JoinRoom.join(bo, name: "Bo", room: "main", askAgain: nil)
            let relay = TCPProxy(to: server.port)
            defer { relay.finish() }
            let ana = try ClientProcess(["--host", "127.0.0.1", "--port", "\(relay.port)", "--name", "Ana"])
            try ana.waitFor("Waiting for Bo to start the game")
            bo.send(.start)
            answerRightly(try ana.waitFor("Pair 1 of 5: "), ana)
            #expect(try ana.waitFor("Right.") == "Right. Correct attempts: 1, wrong attempts: 0, rank 1 of 2.")
            try ana.waitFor("Pair 2 of 5: ")

            if frozen { relay.freeze() } else { relay.cut() }
            try ana.waitFor("Connection lost — reconnecting…")
            try ana.waitFor("Reconnected: back in room main.")
            if frozen { relay.closeFrozen() }  // the old connection's end reaches the server after the RESUME
            let score = try ana.waitFor("Your score")
            #expect(score == "Your score in this game so far: 1 correct, 0 wrong, rank 1 of 2.")
            // Pair 2 is still Ana's to answer, with the time she has left.
            let pair = try ana.waitFor("Pair 2 of 5: ")
            answerRightly(pair, ana)
            #expect(try ana.waitFor("Right.") == "Right. Correct attempts: 2, wrong attempts: 0, rank 1 of 2.")
            #expect(relay.connections == 2, "one drop, one resume: \(ana.transcript.suffix(12)) \(logged.all)")
            ana.type("q")
            #expect(ana.waitForExit() == 0)

            // The room was told: Ana dropped, then came back.
            var notices: [NoticeEvent] = []
            while let message = try? bo.next(timeout: 0.5) {
                if case .notice(let event, _) = message { notices.append(event) }
            }
            #expect(notices.contains(.back), "\(notices)")
            // A frozen connection is never seen to drop: the RESUME takes it over.
            #expect(notices.contains(.dropped) == !frozen, "\(notices)")
        }
    }

    /// The server stops with its lesson kept and starts again on its port: the client says so, waits for it, and takes
    /// its seat back by itself; the pair that was open comes again once everyone is back (Protocol.md §4).
    @Test func aRestartingServerIsWaitedForAndTheGameGoesOn() async throws {
        try await onOwnThread {
            let settings = GameSettings(words: Self.words, rules: Rules(roundMilliseconds: 30_000, pairCount: 3), seed: 3)
            let folder = NSTemporaryDirectory() + "wordgame-client-restart-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let port = RedisServerProcess.freePort()
            func serve() throws -> Server {
                let server = try Server(configuration: ServerConfiguration(bindAddress: "127.0.0.1", port: port, game: settings,
                                                                           stateDirectory: folder))
                server.start()
                return server
            }
            var server: Server? = try serve()
            let bo = try ServerConnection(host: "127.0.0.1", port: port)
            _ = try JoinRoom.join(bo, name: "Bo", room: "main", askAgain: nil)
            var boCode = ""
            while boCode.isEmpty { if case .token(let code, _) = try bo.next(timeout: 5) { boCode = code } }
            let ana = try ClientProcess(["--host", "127.0.0.1", "--port", "\(port)", "--name", "Ana"])
            try ana.waitFor("Waiting for Bo to start the game")
            bo.send(.start)
            answerRightly(try ana.waitFor("Pair 1 of 3: "), ana)
            try Self.answerWrongly(bo)
            try ana.waitFor("Pair 2 of 3: ")

            server?.stop()
            server?.waitUntilStopped()
            server = nil  // its listening socket closes with it: the port is free for the next
            try ana.waitFor("The server is restarting… your seat is kept")
            let again = try serve()
            defer { again.stop(); again.waitUntilStopped() }
            try ana.waitFor("Reconnected: back in room main.")
            #expect(try ana.waitFor("Your score") == "Your score in this game so far: 1 correct, 0 wrong, rank 1 of 2.")
            let bo2 = try ServerConnection(host: "127.0.0.1", port: port)
            bo2.send(.resume(code: boCode))
            answerRightly(try ana.waitFor("Pair 2 of 3: ", timeout: 30), ana)
            try Self.answerWrongly(bo2)
            #expect(try ana.waitFor("Right.") == "Right. Correct attempts: 2, wrong attempts: 0, rank 1 of 2.")
            ana.type("q")
            #expect(ana.waitForExit() == 0)
        }
    }

    /// Reads `connection` up to its next pair, and answers it wrongly: the ranks of the test's players are known.
    static func answerWrongly(_ connection: ServerConnection) throws {
        while true {
            guard case .round(let round) = try connection.next(timeout: 30) else { continue }
            let correct = words.isCorrect(english: round.english, spanish: round.spanish)
            return connection.send(.answer(round: round.number, correct ? .wrong : .correct))
        }
    }

    /// The loop's turns, in this test: read, give the messages to the state, settle; until `done`.
    /// `eachTurn` runs first in every turn (another player's moves).
    static func pump<Screen: TerminalScreen>(_ link: ServerLink, _ state: inout Screen, timeout: Double = 5, eachTurn: () -> Void = {},
                                             until done: (Screen) -> Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        while !done(state) && Date() < deadline {
            eachTurn()
            for message in link.read(at: .now()) { state.receive(message, at: .now()) }
            switch link.settle(seat: state.resumableSeat, at: .now()) {
            case .connected: state.reconnecting = nil
            case .reconnecting(let status): state.reconnecting = status
            case .lost(let why): Issue.record("lost: \(why)"); return
            }
            var entries = [link.pollEntry]
            Poll.wait(&entries, milliseconds: 20)
        }
    }

    @Test func theProjectorTakesItsHostSeatBack() async throws {
        try await onOwnThread {
            let server = try ClassServer.start(words: Self.words, rules: .original, seed: 1, firstPort: 0, bindAddress: "127.0.0.1",
                                               resultsDirectory: nil)
            defer { server.stop(); server.waitUntilStopped() }
            let relay = TCPProxy(to: server.port)
            defer { relay.finish() }
            let connection = try ServerConnection(host: "127.0.0.1", port: relay.port)
            guard case .hosted(let room, let key) = try PresentSession.open(connection, as: .host) else {
                Issue.record("no OK HOST")
                return
            }
            var state = PresentState()
            state.receive(.hosted(room: room, key: key), at: .now())
            let link = ServerLink(connection)
            Self.pump(link, &state) { $0.resumableSeat != nil && $0.me == .hosting }
            let firstCode = state.resumableSeat?.token.code
            #expect(firstCode?.count == 8)

            relay.cut()
            var sawBanner = false
            Self.pump(link, &state) { state in
                if state.reconnecting != nil { sawBanner = true }
                return sawBanner && state.reconnecting == nil && state.me == .hosting
            }
            #expect(sawBanner)
            #expect(relay.connections == 2)
            #expect(state.room == room && state.key == key && state.screen == .lobby)
            #expect(state.resumableSeat != nil)

            // The new connection is the host's: a student joining is seen on it.
            let student = try ServerConnection(host: "127.0.0.1", port: server.port)
            _ = try JoinRoom.join(student, name: "Bo", room: room.uppercased(), askAgain: nil)
            Self.pump(link, &state) { $0.roster == ["Bo"] }
            #expect(state.roster == ["Bo"])
        }
    }
}
