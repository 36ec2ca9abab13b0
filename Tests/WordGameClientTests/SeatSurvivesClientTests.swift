import Foundation
import Glibc
import Testing
import WordGameTestSupport
import WordGame
import WordGameClient
import WordGamePOSIX
import WordGameServer

/// A seat survives its client: the client binary in line mode against the
/// real server on 127.0.0.1, its resume code kept in a temporary state folder.
@Suite struct SeatSurvivesClientTests {
    static let words = try! WordList(entries: (1...12).map { WordEntry(english: "e\($0)", spanish: "s\($0)") })

    func startServer() throws -> Server {
        let settings = GameSettings(words: Self.words, rules: Rules(roundMilliseconds: 4_000, pairCount: 5), seed: 3,
                                    resumeGraceMilliseconds: 20_000)
        let server = try Server(configuration: ServerConfiguration(bindAddress: "127.0.0.1", port: 0, game: settings))
        server.start()
        return server
    }

    /// A state folder of the test's own, and the seat file a client on `port` keeps in it for room main.
    func stateFolder(port: UInt16) -> (environment: [String: String], file: SeatFile) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wordgame-seat-\(UUID().uuidString)").path
        let environment = ["XDG_STATE_HOME": folder]
        return (environment, SeatFile.forSeat(host: "127.0.0.1", port: port, room: "main", environment: environment)!)
    }

    func savedCode(_ file: SeatFile) -> String? {
        if case .saved(let saved) = file.load() { return saved.code }
        return nil
    }

    func waitUntil(timeout: Double = 5, _ done: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !done() && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        return done()
    }

    @Test func runAgainAfterKillMinusNineItTakesTheSeatBack() async throws {
        try await onOwnThread {
            let server = try startServer()
            defer { server.stop(); server.waitUntilStopped() }
            let (environment, file) = stateFolder(port: server.port)
            let arguments = ["--host", "127.0.0.1", "--port", "\(server.port)", "--name", "Ana"]
            let first = try ClientProcess(arguments, environment: environment)
            try first.waitFor("Type r to start the game")
            #expect(waitUntil { savedCode(file) != nil }, "the code is kept on disk")
            var status = stat()
            #expect(stat(file.path, &status) == 0 && status.st_mode & 0o777 == 0o600, "only its owner may read it")
            first.type("r")
            try first.waitFor("Pair 1 of 5: ")
            first.answer("y")
            try first.waitFor("Pair 2 of 5: ")
            kill(first.process.processIdentifier, SIGKILL)
            first.process.waitUntilExit()

            let again = try ClientProcess(arguments, environment: environment)
            try again.waitFor("Reconnected: back in room main.")
            let score = try again.waitFor("Your score in this game so far:")
            #expect(score.hasPrefix("Your score in this game so far: "), "\(again.transcript)")
            try again.waitFor("Pair ")
            again.type("q")
            #expect(again.waitForExit() == 0)
            #expect(file.load() == .none, "quitting gives the seat up, and its file goes")
        }
    }

    /// A terminal window closed under the game (SIGHUP): nobody quit, so the seat is held and its file kept,
    /// and the same command in a new window takes it back. script(1) gives the client a terminal.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a terminal"))
    func aClosedTerminalKeepsTheSeat() async throws {
        try await onOwnThread {
            let server = try startServer()
            defer { server.stop(); server.waitUntilStopped() }
            let (environment, file) = stateFolder(port: server.port)
            let arguments = ["--host", "127.0.0.1", "--port", "\(server.port)", "--name", "Ana"]
            let folder = environment["XDG_STATE_HOME"]!
            let client = "XDG_STATE_HOME=\(folder) exec \(ClientProcess.binary.path) \(arguments.joined(separator: " "))"
            let run = try ProgramRun.run(URL(fileURLWithPath: "/usr/bin/script"),
                                         ["-qfec", "sh -c '(sleep 3; kill -HUP $$) & \(client)'", "/dev/null"], timeout: 20)
            #expect(run.stdout.contains("\u{1B}[?1049h"), "the client ran in the terminal: \(run.stdout.suffix(300).debugDescription)")
            #expect(savedCode(file) != nil, "the seat's file stays")
            let again = try ClientProcess(arguments, environment: environment)
            try again.waitFor("Reconnected: back in room main.")
            again.type("q")
            #expect(again.waitForExit() == 0)
        }
    }

    @Test func resumeTakesASeatBackByHandFromAnotherStateFolder() async throws {
        try await onOwnThread {
            let server = try startServer()
            defer { server.stop(); server.waitUntilStopped() }
            let (environment, file) = stateFolder(port: server.port)
            let first = try ClientProcess(["--host", "127.0.0.1", "--port", "\(server.port)", "--name", "Ana"], environment: environment)
            try first.waitFor("Type r to start the game")
            first.type("?")
            let help = try first.waitFor("Your resume code: ")
            #expect(waitUntil { savedCode(file) != nil })
            let code = try #require(savedCode(file))
            #expect(help.contains(code), "the keys say the code: \(help)")
            kill(first.process.processIdentifier, SIGKILL)
            first.process.waitUntilExit()

            // Another machine, or another account: no file there, the code typed by hand (in any case).
            let elsewhere = stateFolder(port: server.port)
            let again = try ClientProcess(["--host", "127.0.0.1", "--port", "\(server.port)", "--resume", code.lowercased()],
                                          environment: elsewhere.environment)
            try again.waitFor("Reconnected: back in room main.")
            #expect(waitUntil { savedCode(elsewhere.file) == code }, "kept there from now on")
            again.type("q")
            #expect(again.waitForExit() == 0)
        }
    }

    @Test func aCodeTheServerNoLongerHoldsFallsBackToJoiningInOneLine() async throws {
        try await onOwnThread {
            let server = try startServer()
            defer { server.stop(); server.waitUntilStopped() }
            let (environment, file) = stateFolder(port: server.port)
            try file.save(SeatFile.Saved(code: "K7PXABCD", name: "Ana", room: "main", graceSeconds: 60, pid: 1))
            let client = try ClientProcess(["--host", "127.0.0.1", "--port", "\(server.port)", "--name", "Ana"], environment: environment)
            let said = try client.waitFor("The server holds no seat")
            #expect(said == "The server holds no seat for resume code K7PXABCD any more "
                + "(the time to come back ran out, or the seat was given up); joining room main again.")
            try client.waitFor("Type r to start the game")
            #expect(waitUntil { savedCode(file).map { $0 != "K7PXABCD" } ?? false }, "the new seat's code replaces it")
            client.type("q")
            #expect(client.waitForExit() == 0)
        }
    }

    @Test(arguments: ["{\"code\": 12", "not json at all",
                      "{\"code\":\"K7PX\",\"name\":\"Ana\",\"room\":\"main\",\"graceSeconds\":60,\"pid\":1}"])
    func aCorruptSeatFileIsNamedOnceAndIgnored(contents: String) async throws {
        try await onOwnThread {
            let server = try startServer()
            defer { server.stop(); server.waitUntilStopped() }
            let (environment, file) = stateFolder(port: server.port)
            try AtomicFile.makeDirectory(AtomicFile.directory(of: file.path))
            try AtomicFile.write(contents, to: file.path)
            let client = try ClientProcess(["--host", "127.0.0.1", "--port", "\(server.port)", "--name", "Ana"], environment: environment)
            try client.waitFor("Type r to start the game")
            client.type("q")
            #expect(client.waitForExit() == 0)
            let errors = client.standardError.split(separator: "\n")
            #expect(errors == ["wordgame-client: ignoring the saved seat \(file.path) (not a saved seat); joining as usual."])
        }
    }
}
