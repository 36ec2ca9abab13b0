import Foundation
import Glibc
import Testing
import WordGameTestSupport

/// A fake server on 127.0.0.1 that says what a broken or hostile one might:
/// the client must neither trap nor stop listening to its player.
@Suite struct HostileServerTests {
    static let opening = "WORDGAME 2 \"hi\"\nOK MODE MACHINE\nOK NAME \"Ana\"\nOK JOIN \"main\"\n"
        + "ROOM \"main\" LOBBY 1 \"Ana\" 0\nYOU LOBBY\nINFO \"wait\"\n"

    @Test func hugeAndSignedNumbersAreSkippedNotTrapped() async throws {
        try await onOwnThread {
            let server = FakeServer { fd, _ in
                _ = FakeServer.say(Self.opening + "STARTING 10000000000000\nSTARTING -5\nSTARTING 999999999999\n"
                    + "NOTICE joined \"still here\"\n", to: fd)
                var bytes = [UInt8](repeating: 0, count: 256)
                while recv(fd, &bytes, bytes.count, 0) > 0 {}  // until the client goes
            }
            defer { server.finish() }
            let client = try ClientProcess(["--host", "127.0.0.1", "--port", "\(server.port)", "--name", "Ana"])
            try client.waitFor("still here")
            // Only the 12-digit countdown was read; the 14-digit and the signed ones were skipped.
            #expect(client.transcript.filter { $0.hasPrefix("The game starts in") } == ["The game starts in 999999999.999 s."])
            client.type("q")
            #expect(client.waitForExit() == 0)
        }
    }

    /// A server of version 1 would send this client sentences it cannot read (or, as here, be one it
    /// does not know): the client says which versions differ, in one line, and exits.
    @Test func aServerOfAnotherVersionIsNamedAndLeft() async throws {
        try await onOwnThread {
            let server = FakeServer { fd, _ in
                guard FakeServer.say("WORDGAME 1 \"Welcome\"\nERROR unknown-command \"MODE is not a command.\"\n", to: fd) else { return }
                FakeServer.drain(fd, timeout: 10)
            }
            defer { server.finish() }
            let client = try ClientProcess(["--host", "127.0.0.1", "--port", "\(server.port)", "--name", "Ana"])
            #expect(client.waitForExit() == 1)
            #expect(client.standardError == "wordgame-client: the server speaks protocol 1; this client speaks 2\n")
        }
    }

    @Test func aServerThatFloodsInsteadOfAnsweringJoinIsGivenUp() async throws {
        try await onOwnThread {
            let server = FakeServer { fd, server in
                guard FakeServer.say(FakeServer.greeting, to: fd) else { return }
                let flood = String(repeating: "INFO \"not an answer\"\n", count: 2_000)
                while !server.isStopped, FakeServer.say(flood, to: fd) {}
            }
            defer { server.finish() }
            let started = Date()
            let client = try ClientProcess(["--host", "127.0.0.1", "--port", "\(server.port)", "--name", "Ana"])
            #expect(client.waitForExit(timeout: 25) == 1)
            #expect(Date().timeIntervalSince(started) < 20)  // the client gives a server 15 s (MoveFollower.replySeconds)
        }
    }

    @Test func aFloodOfLinesNeverStopsTheClientFromQuitting() async throws {
        try await onOwnThread {
            let server = FakeServer { fd, server in
                guard FakeServer.say(Self.opening, to: fd) else { return }
                let flood = String(repeating: "NOTICE joined \"flood flood flood flood flood flood flood flood\"\n", count: 2_000)
                while !server.isStopped, FakeServer.say(flood, to: fd) {}
            }
            defer { server.finish() }
            let client = try ClientProcess(["--host", "127.0.0.1", "--port", "\(server.port)", "--name", "Ana"])
            try client.waitFor("flood")
            let asked = Date()
            client.type("q")
            // Line mode prints every line: keep reading, or its stdout fills and it waits on us.
            while Date().timeIntervalSince(asked) < 10, try client.nextLine(timeout: 10) != nil {}
            #expect(client.waitForExit(timeout: 1) == 0)
            #expect(Date().timeIntervalSince(asked) < 3, "it quit \(Date().timeIntervalSince(asked)) s after q")
        }
    }
}

/// A crash gives the terminal back: the screen is left and the cursor shown
/// before the process dies, so the player's shell is usable.
@Suite struct CrashTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a terminal"))
    func aCrashLeavesTheAlternateScreen() async throws {
        try await onOwnThread {
            // script(1) gives the client a terminal; the shell becomes the client, which gets SIGSEGV 3 s in.
            let command = "(sleep 3; kill -SEGV $$) & exec \(ClientProcess.binary.path) --pairs 50 --round-ms 10000"
            let run = try ProgramRun.run(URL(fileURLWithPath: "/usr/bin/script"), ["-qfec", "sh -c '\(command)'", "/dev/null"], timeout: 20)
            #expect(run.status == 128 + SIGSEGV)
            let entered = run.stdout.range(of: "\u{1B}[?1049h"), left = run.stdout.range(of: "\u{1B}[?1049l", options: .backwards)
            #expect(entered != nil && left != nil)
            // Nothing is drawn after the restore. script(1) or the shell may still add a plain
            // "Segmentation fault" line of its own (it does when run without a terminal on stdin, as in CI).
            let after = left.map { String(run.stdout[$0.upperBound...]) } ?? ""
            #expect(run.stdout.contains("\u{1B}[?25h\u{1B}[?7h\u{1B}[?1049l"),
                    "the cursor is shown, wrapping back on and the screen left together")
            #expect(!after.contains("\u{1B}"), "the restore is the last thing the client wrote: \(after.debugDescription)")
        }
    }
}
