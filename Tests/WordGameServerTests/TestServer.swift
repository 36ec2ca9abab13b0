import Foundation
import WordGame
import WordListFiles
import WordGameProtocol
import WordGameServer

/// The real server, in this process, on 127.0.0.1 and a free port.
final class TestServer {
    let server: Server
    var port: UInt16 { server.port }
    /// The console lines the server wrote: events and problems (`ServerConfiguration.events` and `log`).
    var events: [String] { eventLines.lines }
    private let eventLines = Lines()

    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let defaultWords: WordList = try! WordList.load(path: repositoryRoot.appendingPathComponent("Resources/words.json").path)
    static let babbelWordsPath = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures/babbel-words.json").path
    static var hasBabbelWords: Bool { FileManager.default.fileExists(atPath: babbelWordsPath) }

    init(words: WordList = TestServer.defaultWords, rules: Rules = Rules(roundMilliseconds: 2_000), seed: UInt64? = 1,
         autoStart: Int = 0, countdownMilliseconds: Int = 0, startDelayMilliseconds: Int = 0, maxQueuedBytes: Int = 256 * 1024,
         maxConnections: Int = 10_000,
         limits: ConnectionLimits = ConnectionLimits(), resumeGraceMilliseconds: Int = GameSettings.defaultResumeGraceMilliseconds,
         hostedOnly: Bool = false, resultsDirectory: String? = nil,
         // Two threads share any turn that writes to two connections or more, so
         // every test of two players or more also tests the shared sending.
         sendThreads: SendThreads = SendThreads(count: 2, minimumPerThread: 1), fleet: FleetConfiguration? = nil) throws {
        let settings = GameSettings(words: words, rules: rules, seed: seed, autoStart: autoStart,
                                    countdownMilliseconds: countdownMilliseconds,
                                    // 0 by default: most tests start games and check what follows at once;
                                    // the start delay has its own tests.
                                    startDelayMilliseconds: startDelayMilliseconds, openRooms: !hostedOnly,
                                    resumeGraceMilliseconds: resumeGraceMilliseconds)
        var limits = limits
        limits.maxConnections = min(limits.maxConnections, maxConnections)
        let lines = eventLines
        server = try Server(configuration: ServerConfiguration(bindAddress: "127.0.0.1", port: 0, game: settings,
                                                               limits: limits, maxQueuedBytes: maxQueuedBytes,
                                                               log: { lines.append($0) }, events: { lines.append($0) },
                                                               resultsDirectory: resultsDirectory, sendThreads: sendThreads,
                                                               fleet: fleet))
        server.start()
    }

    deinit {
        server.stop()
        server.waitUntilStopped()
    }

    /// A client as programs are: `MODE MACHINE` first (before reading the
    /// greeting, as a program may), then the greeting and the reply are read.
    func client(_ label: String = "client") throws -> TestClient {
        let client = try TestClient(port: port, label: label)
        client.send("MODE MACHINE")
        guard case .welcome(protocolVersion, _) = try client.next() else {
            throw TestFailure(description: "\(label): no greeting of version \(protocolVersion)")
        }
        try client.expectMachineModeReply()
        return client
    }

    /// A client with a name, in `room`.
    func player(_ name: String, room: String? = nil) throws -> TestClient {
        let client = try self.client(name)
        try client.join(as: name, room: room)
        return client
    }

    /// A connection that typed HOST (after `NAME name`, if given): its room
    /// code and key, its lines read through `END ROSTER`.
    func teacher(name: String? = nil) throws -> (client: TestClient, room: String, key: String) {
        let client = try self.client("teacher")
        if let name { client.send("NAME \(name)"); _ = try client.next() }
        client.send("HOST")
        let (room, key) = try client.waitFor { if case .hosted(let room, let key) = $0 { (room, key) } else { nil } }
        _ = try client.waitFor { $0 == .end(.roster) }
        return (client, room, key)
    }

    /// Lines written from other threads, read from the test's.
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        func append(_ line: String) { lock.lock(); stored.append(line); lock.unlock() }
        var lines: [String] { lock.lock(); defer { lock.unlock() }; return stored }
    }
}
