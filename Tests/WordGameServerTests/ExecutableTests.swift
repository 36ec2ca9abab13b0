import Foundation
import Glibc
import Testing
import WordGameTestSupport
import WordGameProtocol

/// The built `wordgame-server` binary, run as a person would run it.
@Suite struct ExecutableTests {
    /// The binary next to this test bundle (both are built by `swift test`).
    static let binary: URL = {
        let beside = Bundle.main.executableURL!.deletingLastPathComponent().appendingPathComponent("wordgame-server")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return TestServer.repositoryRoot.appendingPathComponent(".build/debug/wordgame-server")
    }()

    /// Runs the binary to its end (it must end within `timeout`).
    func run(_ arguments: [String], in directory: URL? = nil, timeout: Double = 20) throws -> ProgramRun {
        try ProgramRun.run(Self.binary, arguments, in: directory, timeout: timeout)
    }

    /// What an operator asks before and after an upgrade: one line, exit 0.
    @Test func versionSaysTheReleaseAndTheProtocol() async throws {
        try await onOwnThread {
            let result = try run(["--version"])
            #expect(result.status == 0)
            #expect(result.stdout.wholeMatch(of: #/wordgame-server \d+(\.\d+)+ \(protocol \d+\)\n/#) != nil, "\(result.stdout)")
            #expect(result.stdout.hasSuffix("(protocol \(protocolVersion))\n"))
            #expect(try run(["--help"]).stdout.contains("--version"))
        }
    }

    @Test func helpPrintsUsageAndExitsZero() async throws {
        try await onOwnThread {
            let result = try run(["--help"])
            #expect(result.status == 0)
            #expect(result.stdout.contains("USAGE: wordgame-server"))
            #expect(result.stdout.contains("--round-ms") && result.stdout.contains("--seed") && result.stdout.contains("--words"))
            for flag in ["--results", "--no-results", "--hosted-only", "--quiet", "--send-threads", "HOST",
                         "--directory redis://[USER@]HOST:PORT[/DB]", "--directory-password-file PATH", "WORDGAME_DIRECTORY_PASSWORD",
                         "--directory redis-sentinel://[USER@]HOST:PORT[,HOST:PORT...]/MASTER[/DB]", "--sentinel-password-file PATH",
                         "WORDGAME_SENTINEL_PASSWORD", "--drain-limit SECONDS", "SIGHUP"] {
                #expect(result.stdout.contains(flag), "\(flag)")
            }
        }
    }

    @Test(arguments: [["--port", "99999"], ["--bogus"], ["--pairs"], ["--round-ms", "fast"], ["stray"], ["--max-incorrect", "0"],
                      ["--send-threads", "0"], ["--metrics-from", "school"], ["--metrics-from", "10.0.0.0/33"],
                      ["--drain-limit", "-1"], ["--drain-limit", "86401"]])
    func badArgumentsGiveUsageAndANonZeroExit(arguments: [String]) async throws {
        try await onOwnThread {
            let result = try run(arguments)
            #expect(result.status == 64)
            #expect(result.stderr.hasPrefix("wordgame-server: "))
            #expect(result.stderr.contains("USAGE: wordgame-server"))
        }
    }

    @Test(arguments: [
        ("[{\"text_eng\": \"dog\"}]", "entry 1 has no \"text_spa\""),
        ("{oops", "not valid JSON"),
        ("[{\"text_eng\": \"dog\", \"text_spa\": \"perro\"}]", "too few distinct translations"),
    ])
    func aBadWordFileStopsTheServerWithOneLine(contents: String, problem: String) async throws {
        try await onOwnThread {
            let path = NSTemporaryDirectory() + "wordgame-bad-\(UUID().uuidString).json"
            try contents.write(toFile: path, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let result = try run(["--words", path, "--bind", "127.0.0.1", "--port", "0", "--web-port", "0"])
            #expect(result.status == 1)
            #expect(result.stdout.isEmpty, "it must not listen: \(result.stdout)")
            let lines = result.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(result.stderr)")
            #expect(result.stderr.contains(path) && result.stderr.contains(problem), "\(result.stderr)")
        }
    }

    @Test func aMissingWordFileIsNamed() async throws {
        try await onOwnThread {
            let result = try run(["--words", "/nonexistent/list.json", "--bind", "127.0.0.1", "--port", "0", "--web-port", "0"])
            #expect(result.status == 1)
            #expect(result.stderr == "wordgame-server: word list /nonexistent/list.json: cannot read the file: no such file\n")
        }
    }

    /// Started from another directory, it still finds Resources/words.json,
    /// keeps results in that directory, and SIGTERM tells players and exits 0.
    @Test func findsItsWordsFromAnywhereKeepsResultsAndStopsCleanlyOnSIGTERM() async throws {
        try await onOwnThread {
            let directory = NSTemporaryDirectory() + "wordgame-run-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let process = Process()
            process.executableURL = Self.binary
            process.arguments = ["--bind", "127.0.0.1", "--port", "0", "--web-port", "0", "--pairs", "1", "--round-ms", "2500"]
            process.currentDirectoryURL = URL(fileURLWithPath: directory)
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            defer { if process.isRunning { process.terminate() } }
            let banner = try ServerChild.read(out.fileHandleForReading, until: "Stop the server with Ctrl-C")
            #expect(banner.contains("Resources/words.json"), "\(banner)")
            #expect(banner.contains("Rules: 1 pair a game, 2.5 s a pair, out after 3 wrong attempts."),
                    "the pair's time as the pages say it, not 2500 ms: \(banner)")
            guard let range = banner.range(of: #"port (\d+)"#, options: .regularExpression),
                  let port = UInt16(banner[range].dropFirst(5)) else { Issue.record("no port in \(banner)"); return }
            #expect(banner.contains("nc 127.0.0.1 \(port)"))
            #expect(banner.contains("wordgame-client --host 127.0.0.1 --port \(port)"))
            // The source tree is still here, so `swift run` works in it, and the banner says where.
            let tree = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().path
            #expect(banner.contains("swift run wordgame-client --host 127.0.0.1 --port \(port)   (in \(tree))"), "\(banner)")
            #expect(banner.contains(#/Browsers: students open http://127\.0\.0\.1:\d+/ and the teacher http://127\.0\.0\.1:\d+/host/#),
                    "\(banner)")
            #expect(banner.contains("Results: kept in \(directory)/wordgame-results"), "\(banner)")
            #expect(banner.contains("Lesson: kept in \(directory)/wordgame-state/lesson-\(port).json across restarts; none to take up."),
                    "\(banner)")

            let client = try TestClient(port: port)
            _ = try client.next()
            try client.machineMode()
            try client.join(as: "Ana")
            client.send("START")
            _ = try client.waitForRound()
            client.send("ANSWER 1 y")
            _ = try client.waitForGameOver()
            kill(process.processIdentifier, SIGTERM)
            // By default the lesson is kept, beside the results: the server says it restarts, and ends nothing.
            _ = try client.waitFor { $0 == .restarting(graceSeconds: 60) }
            #expect(try client.next() == .bye("The server is restarting; your seat and score are kept."))
            try client.waitForClose()
            process.waitUntilExit()
            #expect(process.terminationReason == .exit)
            #expect(process.terminationStatus == 0)
            let rest = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(rest.contains(#/\n\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \S+:\d+ wordgame-server: stopped\n$/#),
                    "the last line, dated and naming the server by its address and port: \(rest)")
            let kept = try FileManager.default.contentsOfDirectory(atPath: directory + "/wordgame-results")
            #expect(kept.filter { $0.hasSuffix(".csv") }.count == 3 && kept.contains("history.jsonl"), "\(kept)")
            #expect(FileManager.default.fileExists(atPath: directory + "/wordgame-state/lesson-\(port).json"))
        }
    }

    @Test(.enabled(if: TestServer.hasBabbelWords, "needs ../shared/fixtures/babbel-words.json"))
    func loadsTheOriginalListUnmodified() async throws {
        try await onOwnThread {
            let before = try Data(contentsOf: URL(fileURLWithPath: TestServer.babbelWordsPath))
            let process = Process()
            process.executableURL = Self.binary
            process.arguments = ["--words", TestServer.babbelWordsPath, "--bind", "127.0.0.1", "--port", "0", "--web-port", "0",
                                 "--no-results", "--no-state"]
            let out = Pipe()
            process.standardOutput = out
            try process.run()
            defer { if process.isRunning { process.terminate() } }
            let banner = try ServerChild.read(out.fileHandleForReading, until: "Join from this machine")
            #expect(banner.contains("Words: 295 pairs from \(TestServer.babbelWordsPath)"), "\(banner)")
            process.interrupt()  // SIGINT, as Ctrl-C
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(try Data(contentsOf: URL(fileURLWithPath: TestServer.babbelWordsPath)) == before)
        }
    }
}
