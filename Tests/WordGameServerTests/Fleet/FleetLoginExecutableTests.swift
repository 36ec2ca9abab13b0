import Foundation
import Testing
import WordGameTestSupport

/// The built `wordgame-server` given a directory that wants a login, as an
/// operator starts it: a wrong password, none, a missing password file, a
/// password on the command line. Each is one line on stderr, a non-zero exit,
/// nothing listening, and never the password.
@Suite(.serialized,
       .enabled(if: RedisServerProcess.binary != nil, "redis-server is not installed: the fleet's login tests are skipped"))
struct FleetLoginExecutableTests {
    static let common = ["--bind", "127.0.0.1", "--port", "0", "--no-web", "--no-results", "--no-state"]

    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> ProgramRun {
        try ProgramRun.run(ExecutableTests.binary, common + arguments, timeout: 20, environment: environment)
    }

    static func passwordFile(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "wordgame-pw-\(UUID().uuidString)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aWrongPasswordStopsTheServerWithTheInstallReadmesLine() async throws {
        try await onOwnThread {
            let (redis, aclFile) = try FleetLoginTests.readmeRedis()
            defer { try? FileManager.default.removeItem(atPath: aclFile) }
            let file = try Self.passwordFile("not-the-password-4e1\n")
            defer { try? FileManager.default.removeItem(atPath: file) }
            let url = "redis://wordgame@127.0.0.1:\(redis.port)"
            let result = try Self.run(["--directory", url, "--directory-password-file", file])
            #expect(result.status == 1)
            #expect(result.stdout.isEmpty, "it must not listen: \(result.stdout)")
            // The install README's line, its address this test's.
            let readme = try String(contentsOf: TestServer.repositoryRoot.appendingPathComponent("Resources/install/README.md"),
                                    encoding: .utf8)
            let documented = try #require(readme.split(separator: "\n").first { $0.hasPrefix("wordgame-server: the fleet's directory") })
            #expect(result.stderr == documented.replacingOccurrences(of: "redis://wordgame@10.0.0.5:6379", with: url) + "\n",
                    "\(result.stderr)")
            #expect(!result.stderr.contains("not-the-password-4e1"))
        }
    }

    @Test func theRightPasswordFromTheEnvironmentStartsTheServer() async throws {
        try await onOwnThread {
            let (redis, aclFile) = try FleetLoginTests.readmeRedis()
            defer { try? FileManager.default.removeItem(atPath: aclFile) }
            // It runs until the run's time limit stops it (SIGTERM); the banner came long before.
            let result = try ProgramRun.run(ExecutableTests.binary,
                                            Self.common + ["--directory", "redis://wordgame@127.0.0.1:\(redis.port)/4"],
                                            timeout: 5, environment: ["WORDGAME_DIRECTORY_PASSWORD": FleetLoginTests.fleetPassword])
            #expect(result.stdout.contains("Fleet: one of the servers whose directory is redis://wordgame@127.0.0.1:\(redis.port)/4"),
                    "\(result.stdout) \(result.stderr)")
            #expect(!result.stdout.contains(FleetLoginTests.fleetPassword) && !result.stderr.contains(FleetLoginTests.fleetPassword))
        }
    }

    @Test func noPasswordForARedisThatAsksForOneIsOneLine() async throws {
        try await onOwnThread {
            let redis = try RedisServerProcess(arguments: ["--requirepass", "pw-only-3c9"])
            let result = try Self.run(["--directory", "redis://127.0.0.1:\(redis.port)"])
            #expect(result.status == 1)
            #expect(result.stderr == "wordgame-server: the fleet's directory redis://127.0.0.1:\(redis.port) asks for a password "
                    + "(NOAUTH Authentication required.): put it in a file given with --directory-password-file, "
                    + "or in WORDGAME_DIRECTORY_PASSWORD\n", "\(result.stderr)")
            let file = try Self.passwordFile("pw-only-3c9\n")
            defer { try? FileManager.default.removeItem(atPath: file) }
            let right = try ProgramRun.run(ExecutableTests.binary, Self.common + ["--directory", "redis://127.0.0.1:\(redis.port)",
                                                                                 "--directory-password-file", file], timeout: 5)
            #expect(right.stdout.contains("Fleet: one of the servers"), "\(right.stderr)")
        }
    }

    /// A password file saved on Windows ends its line with CR LF: the line is the password, its end is not.
    @Test func aPasswordFileWithWindowsLineEndsStartsTheServer() async throws {
        try await onOwnThread {
            let redis = try RedisServerProcess(arguments: ["--requirepass", "crlf-pw-7d2"])
            let file = try Self.passwordFile("crlf-pw-7d2\r\n")
            defer { try? FileManager.default.removeItem(atPath: file) }
            let result = try ProgramRun.run(ExecutableTests.binary, Self.common + ["--directory", "redis://127.0.0.1:\(redis.port)",
                                                                                  "--directory-password-file", file], timeout: 5)
            #expect(result.stdout.contains("Fleet: one of the servers"), "\(result.stderr)")
            let twoLines = try Self.passwordFile("crlf-pw-7d2\r\nsecond\r\n")
            defer { try? FileManager.default.removeItem(atPath: twoLines) }
            let refused = try Self.run(["--directory", "redis://127.0.0.1:\(redis.port)", "--directory-password-file", twoLines])
            #expect(refused.stderr == "wordgame-server: the directory's password file \(twoLines) holds more than one line\n")
        }
    }

    @Test func aMissingOrEmptyPasswordFileIsNamed() async throws {
        try await onOwnThread {
            let missing = try Self.run(["--directory", "redis://wordgame@127.0.0.1:1", "--directory-password-file", "/nonexistent/pw"])
            #expect(missing.status == 1)
            #expect(missing.stderr == "wordgame-server: cannot read the directory's password file /nonexistent/pw: there is no such file\n")
            let empty = try Self.passwordFile("\n")
            defer { try? FileManager.default.removeItem(atPath: empty) }
            let result = try Self.run(["--directory", "redis://127.0.0.1:1", "--directory-password-file", empty])
            #expect(result.status == 1)
            #expect(result.stderr == "wordgame-server: the directory's password file \(empty) is empty\n")
            let none = try Self.run(["--directory", "redis://wordgame@127.0.0.1:1"], environment: ["WORDGAME_DIRECTORY_PASSWORD": ""])
            #expect(none.status == 1)
            #expect(none.stderr == "wordgame-server: WORDGAME_DIRECTORY_PASSWORD is set but empty\n")
        }
    }

    @Test func aPasswordOnTheCommandLineIsRefusedWithoutBeingRepeated() async throws {
        try await onOwnThread {
            let result = try Self.run(["--directory", "redis://wordgame:cmdline-pw-77@127.0.0.1:6379"])
            #expect(result.status == 64)
            #expect(result.stderr.hasPrefix("wordgame-server: --directory takes no password (the command line shows in ps)"))
            #expect(!result.stderr.contains("cmdline-pw-77"))
        }
    }
}
