import Foundation
import Glibc
import RedisClient
import Testing
import WordGameFleet
import WordGameTestSupport
@testable import WordGameClient
import WordGame
import WordGameProtocol
import WordGameServer

/// The client and the projector against a real fleet: a redis-server and two
/// servers in this process on 127.0.0.1, A and B. A room is hosted on A; the
/// client is told to use B, and ends up in the room on A by itself.
@Suite(.enabled(if: RedisServerProcess.binary != nil, "redis-server is not installed: the fleet's end-to-end tests are skipped"))
struct FleetClientEndToEndTests {
    static let words = try! WordList(entries: (1...12).map { WordEntry(english: "e\($0)", spanish: "s\($0)") })

    /// Two servers sharing the directory in `redis`; a short TTL, so that a fresh directory settles in 1.5 s.
    final class Fleet {
        let redis: RedisServerProcess
        let a: Server, b: Server

        init() throws {
            redis = try RedisServerProcess()
            a = try Self.server("a", redis: redis)
            b = try Self.server("b", redis: redis)
        }

        deinit {
            for server in [a, b] {
                server.stop()
                server.waitUntilStopped()
            }
        }

        static func server(_ id: String, redis: RedisServerProcess) throws -> Server {
            let settings = GameSettings(words: FleetClientEndToEndTests.words, rules: Rules(roundMilliseconds: 4_000, pairCount: 5),
                                        seed: 3, resumeGraceMilliseconds: 20_000)
            let fleet = FleetConfiguration(directory: RedisURL(host: "127.0.0.1", port: redis.port), serverID: id,
                                           advertisedHost: "127.0.0.1",
                                           timings: FleetTimings(ttlMilliseconds: 1_500, refreshMilliseconds: 500))
            let server = try Server(configuration: ServerConfiguration(bindAddress: "127.0.0.1", port: 0, game: settings, fleet: fleet))
            server.start()
            return server
        }

        /// A room hosted on A, by a connection of its own (the first HOST waits while the fresh directory settles).
        func hostOnA() throws -> (connection: ServerConnection, room: String, key: String) {
            let connection = try ServerConnection(host: "127.0.0.1", port: a.port)
            guard case .hosted(let room, let key) = try PresentSession.open(connection, as: .host) else {
                throw ClientTestFailure(description: "no OK HOST from A")
            }
            return (connection, room, key)
        }
    }

    /// Messages on `connection` until one matches, within `timeout` seconds.
    func waitFor(_ connection: ServerConnection, timeout: Double = 10, _ wanted: (ServerMessage) -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0 {
            if wanted(try connection.next(timeout: deadline.timeIntervalSinceNow)) { return true }
        }
        return false
    }

    @Test func theClientJoinsARoomOnAnotherServerAndARunAgainResumesThere() async throws {
        try await onOwnThread {
            let fleet = try Fleet()
            let (host, room, _) = try fleet.hostOnA()
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wordgame-seat-\(UUID().uuidString)").path
            let environment = ["XDG_STATE_HOME": folder]
            let arguments = ["--host", "127.0.0.1", "--port", "\(fleet.b.port)", "--room", room, "--name", "Bo"]
            let client = try ClientProcess(arguments, environment: environment)
            #expect(try client.waitFor("Room ")
                == "Room \(room.uppercased()) is on another server: joining it at 127.0.0.1 port \(fleet.a.port)…")
            #expect(try waitFor(host) { $0 == .arrived("Bo") }, "the host on A sees Bo arrive")
            try client.waitFor("Waiting for ")

            // The seat file is named for the server typed, and says the seat is on A.
            let file = try #require(SeatFile.forSeat(host: "127.0.0.1", port: fleet.b.port, room: room, environment: environment))
            #expect(SeatSurvivesClientTests().waitUntil {
                if case .saved(let saved) = file.load() { return saved.server == ServerLocation(host: "127.0.0.1", port: fleet.a.port) }
                return false
            }, "\(file.load())")
            kill(client.process.processIdentifier, SIGKILL)
            client.process.waitUntilExit()

            let again = try ClientProcess(arguments, environment: environment)
            try again.waitFor("Reconnected: back in room \(room).")
            #expect(!again.transcript.contains { $0.contains("another server") }, "straight to A: \(again.transcript)")
            again.type("q")
            #expect(again.waitForExit() == 0)
        }
    }

    @Test(.enabled(if: TerminalClient.isAvailable, "needs script(1) for a terminal"))
    func theProjectorTakesARoomBackThroughAnotherServer() async throws {
        try await onOwnThread {
            let fleet = try Fleet()
            let (host, room, key) = try fleet.hostOnA()
            let projector = try TerminalClient(["--present", "--host", "127.0.0.1", "--port", "\(fleet.b.port)", "--room", room,
                                                "--key", key])
            let code = room.uppercased()
            #expect(projector.waitFor("Room \(code) is on another server: taking it back at 127.0.0.1 port \(fleet.a.port)…"))
            #expect(try waitFor(host) { if case .bye = $0 { return true }; return false }, "A gives the host's seat to the projector")
            #expect(projector.waitFor("nc 127.0.0.1 \(fleet.a.port)"), "students are shown A, where the room is")
            projector.type("q")
            projector.type("y")
            #expect(projector.waitFor("--host 127.0.0.1 --port \(fleet.a.port) --room \(room) --key \(key)"), "taken back on A next time")
            #expect(projector.waitForExit() == 0)
        }
    }
}
