import Foundation
import Glibc
import Testing
import WordGameProtocol
import WordGameResults
import WordGameTestSupport

/// The built server stopped and started again on the same port with its lesson kept (`--state`), as a school's
/// restart or crash would: players at `nc` come back with `RESUME`, the teacher with `HOST <room> <key>`, and the
/// game goes on from the pair that was open (Protocol.md §4, "A server that restarts").
@Suite struct RestartOverTheWireTests {
    /// A folder of its own for the lesson and the results, removed after.
    final class Place {
        let path = NSTemporaryDirectory() + "wordgame-restart-\(UUID().uuidString)"
        var state: String { path + "/state" }
        var results: String { path + "/results" }
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        func lessonFile(port: UInt16) -> String { state + "/lesson-\(port).json" }

        /// The results' history, a game a line.
        func history() throws -> [GameSummary] {
            let text = (try? String(contentsOfFile: results + "/" + ResultsWriter.historyFile, encoding: .utf8)) ?? ""
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            return try text.split(separator: "\n").map { try decoder.decode(GameSummary.self, from: Data($0.utf8)) }
        }
    }

    /// Pairs of 30 s: no pair closes by itself while the test looks, however loaded the machine.
    static let game = ["--round-ms", "30000", "--pairs", "3", "--start-delay", "0"]

    static func connect(_ port: UInt16, _ label: String) throws -> TestClient {
        let client = try TestClient(port: port, label: label)
        _ = try client.nextLine()
        try client.machineMode()
        return client
    }

    /// Waits (generously) until the lesson file says `text`: the save after a change is what a crash keeps.
    static func waitForSave(_ path: String, holding text: String) throws {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let saved = try? String(contentsOfFile: path, encoding: .utf8), saved.contains(text) { return }
            usleep(50_000)
        }
        throw TestFailure(description: "\(path) never held \(text)")
    }

    /// The teacher hosts; Ana and Bo play pair 1 (Ana right, Bo wrong); pair 2 is open and Ana has answered it.
    static func lessonAtPairTwo(port: UInt16) throws -> (host: TestClient, room: String, key: String, ana: TestClient, bo: TestClient) {
        let host = try connect(port, "host")
        host.send("NAME Ms Lee")
        host.send("HOST")
        // A fleet's new directory settles for a TTL before it takes a new room (FleetRestartTests): generous.
        let (room, key) = try host.waitFor(timeout: 30) { if case .hosted(let room, let key) = $0 { (room, key) } else { nil } }
        let ana = try connect(port, "ana"), bo = try connect(port, "bo")
        try ana.join(as: "Ana", room: room)
        try bo.join(as: "Bo", room: room)
        host.send("START")
        for (client, rightly) in [(ana, true), (bo, false)] {
            let pair = try client.waitForRound(timeout: 20)
            client.send(BotAnswer.line(for: pair, rightly: rightly, words: TestServer.defaultWords))
        }
        _ = try ana.waitForResult(timeout: 20)
        let second = try ana.waitForRound(timeout: 20)
        #expect(second.number == 2)
        ana.send(BotAnswer.line(for: second, rightly: false, words: TestServer.defaultWords))
        _ = try ana.waitFor { if case .answerTaken = $0 { true } else { false } }
        return (host, room, key, ana, bo)
    }

    /// Everyone comes back to the server started again; the pair played again and the one after, to the end.
    static func comeBackAndFinish(port: UInt16, room: String, key: String, codes: [String]) throws -> [GameOver] {
        let host = try connect(port, "host again")
        host.send("HOST \(room) \(key)")
        _ = try host.waitFor { $0 == .you(.hosting) }
        let players = try codes.enumerated().map { index, code in
            let client = try connect(port, "player \(index) again")
            client.send("RESUME \(code)")
            _ = try client.waitFor { if case .resumed = $0 { true } else { false } }
            return client
        }
        // Pair 2 again (everyone right), then pair 3 (everyone right).
        for number in [2, 3] {
            for client in players {
                let pair = try client.waitForRound(timeout: 30)
                #expect(pair.number == number)
                client.send(BotAnswer.line(for: pair, rightly: true, words: TestServer.defaultWords))
            }
        }
        return try players.map { try $0.waitForGameOver(timeout: 30) }
    }

    @Test func aKilledServerStartedAgainTakesTheGameUpAtTheOpenPairWithExactScores() async throws {
        try await onOwnThread {
            let place = try Place()
            let port = RedisServerProcess.freePort()
            let first = try ServerChild(Self.game, port: port, state: place.state, results: place.results)
            let (_, room, key, ana, bo) = try Self.lessonAtPairTwo(port: port)
            let codes = [ana.token!, bo.token!]
            try Self.waitForSave(place.lessonFile(port: port), holding: "\"roundsPlayed\":1")
            first.kill()

            let second = try ServerChild(Self.game, port: port, state: place.state, results: place.results)
            #expect(second.banner.contains("restored 1 room, 3 seats and 1 game on from \(place.lessonFile(port: port))"))
            let over = try Self.comeBackAndFinish(port: port, room: room, key: key, codes: codes)
            // Pair 1 as before the crash; pair 2 played again (Ana's answer before the crash not kept); pair 3.
            #expect(over.map { [$0.correct, $0.wrong] } == [[3, 0], [2, 1]])
            _ = second.stop()
            let games = try place.history()
            #expect(games.count == 1, "one game, not two")
            #expect(games.first?.pairs.count == 3 && games.first?.stoppedEarly == false)
        }
    }

    @Test func aStoppedServerSaysItRestartsThenTakesEveryoneBack() async throws {
        try await onOwnThread {
            let place = try Place()
            let port = RedisServerProcess.freePort()
            let first = try ServerChild(Self.game, port: port, state: place.state, results: place.results)
            let (host, room, key, ana, bo) = try Self.lessonAtPairTwo(port: port)
            let codes = [ana.token!, bo.token!]
            _ = first.stop()
            for client in [host, ana, bo] {
                let restarting = try client.waitFor { if case .restarting(let grace) = $0 { grace } else { nil } }
                #expect(restarting == 60)
                let bye = try client.next()
                #expect(bye == .bye("The server is restarting; your seat and score are kept."))
            }
            #expect(try place.history().isEmpty, "nothing ended: no game was written")

            let second = try ServerChild(Self.game, port: port, state: place.state, results: place.results)
            let over = try Self.comeBackAndFinish(port: port, room: room, key: key, codes: codes)
            #expect(over.map { [$0.correct, $0.wrong] } == [[3, 0], [2, 1]])
            _ = second.stop()
            #expect(try place.history().count == 1)
        }
    }

    @Test func aFileItCannotReadIsNamedKeptAsideAndTheServerStartsEmpty() async throws {
        try await onOwnThread {
            let place = try Place()
            let port = RedisServerProcess.freePort()
            try FileManager.default.createDirectory(atPath: place.state, withIntermediateDirectories: true)
            try Data("{\"format\":1,\"rooms\":[{\"name\":".utf8).write(to: URL(fileURLWithPath: place.lessonFile(port: port)))
            let server = try ServerChild([], port: port, state: place.state)
            #expect(server.banner.contains("Lesson: \(place.lessonFile(port: port)) could not be read (not valid JSON)"))
            let player = try Self.connect(port, "ana")
            try player.join(as: "Ana", room: "main")
            let errors = server.stop()
            #expect(errors.contains("cannot read the lesson in \(place.lessonFile(port: port)): not valid JSON; it is kept as "))
            let kept = try FileManager.default.contentsOfDirectory(atPath: place.state).filter { $0.contains(".unreadable-") }
            #expect(kept.count == 1)
            #expect(try String(contentsOfFile: place.state + "/" + kept[0], encoding: .utf8) == "{\"format\":1,\"rooms\":[{\"name\":")
        }
    }

    @Test func aLessonTooOldToTakeUpIsRecordedAsStoppedEarly() async throws {
        try await onOwnThread {
            let place = try Place()
            let port = RedisServerProcess.freePort()
            let first = try ServerChild(Self.game, port: port, state: place.state, results: place.results)
            let lesson = try Self.lessonAtPairTwo(port: port)
            let file = place.lessonFile(port: port)
            try Self.waitForSave(file, holding: "\"roundsPlayed\":1")
            first.kill()
            withExtendedLifetime(lesson) {}  // connected until the crash: a drop before it could close pair 2
            // Saved two hours ago: the server was down all that time.
            var saved = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as! [String: Any]
            saved["savedAt"] = Date().timeIntervalSince1970 - 7_200
            try JSONSerialization.data(withJSONObject: saved).write(to: URL(fileURLWithPath: file))

            let second = try ServerChild(Self.game, port: port, state: place.state, results: place.results)
            #expect(second.banner.contains("was saved 120 minutes ago, too long to take up; 1 game on then recorded as stopped early"))
            _ = second.stop()
            let games = try place.history()
            #expect(games.count == 1 && games.first?.stoppedEarly == true && games.first?.pairs.count == 1)
        }
    }
}
