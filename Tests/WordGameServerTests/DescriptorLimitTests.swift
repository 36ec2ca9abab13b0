import Foundation
import Glibc
import Testing
import WordGameProtocol
import WordGameTestSupport

/// The server under a low descriptor limit, in a child process of its own.
@Suite(.serialized) struct DescriptorLimitTests {
    /// Opens `count` connections, reads each one's greeting, then counts those told the server is full.
    func knock(_ port: UInt16, count: Int) throws -> (clients: [TestClient], full: Int) {
        var clients: [TestClient] = []
        for _ in 0..<count {
            let client = try TestClient(port: port)
            guard case .welcome = try client.next() else { throw TestFailure(description: "no greeting") }
            clients.append(client)
        }
        Thread.sleep(forTimeInterval: 0.3)
        let full = try clients.filter { try $0.staysQuiet(for: 0.01)?.hasPrefix("ERROR server-full") == true }.count
        return (clients, full)
    }

    @Test func maxConnectionsIsFittedToTheDescriptorLimitAndTheBannerSaysSo() async throws {
        try await onOwnThread {
            let server = try ServerChild([], shellPrefix: "ulimit -n 128")
            #expect(server.banner.contains("--max-connections lowered from 10000 to 96: the descriptor limit is 128"), "\(server.banner)")
            let (clients, full) = try knock(server.port, count: 110)
            #expect(full == 14, "\(full) of 110 told the server is full")
            withExtendedLifetime(clients) {}
        }
    }

    /// The limit lowered under a running server (as when other files take
    /// descriptors): accept fails with EMFILE, and the server neither spins
    /// nor floods its log, and tells the waiting peers why.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit"), "needs prlimit(1) from util-linux"))
    func runningOutOfDescriptorsNeitherSpinsNorFloodsTheLog() async throws {
        try await onOwnThread {
            let server = try ServerChild([], shellPrefix: "ulimit -n 256")
            let lower = try ProgramRun.run(URL(fileURLWithPath: "/usr/bin/prlimit"), ["--pid", "\(server.pid)", "--nofile=48:256"])
            guard lower.status == 0 else { Issue.record("prlimit failed: \(lower.stderr)"); return }
            let before = try server.cpuSeconds()
            let (clients, full) = try knock(server.port, count: 80)
            Thread.sleep(forTimeInterval: 1)
            let cpu = try server.cpuSeconds() - before
            // Descriptors 0–2, listener, epoll, wake pipe (2) and the spare leave about 40 for players.
            #expect(full >= 30, "\(full) of 80 told the server is full")
            #expect(cpu < 0.5, "the server used \(cpu) s of CPU in about 5 s")
            let log = server.stop()
            #expect(log.split(separator: "\n").count <= 2, "\(log.prefix(500))")
            #expect(log.contains("Too many open files"), "\(log.prefix(500))")
            withExtendedLifetime(clients) {}
            print("EMFILE: \(full) of 80 refused with a reason; server CPU \(String(format: "%.3f", cpu)) s; "
                  + "\(log.split(separator: "\n").count) log line(s)")
        }
    }
}
