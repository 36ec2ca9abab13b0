import Foundation
import Glibc
import Testing
import WordGameProtocol
import WordGameTestSupport
import WordGameServer

/// The limits of uploads over a real socket to the built server (Protocol.md §8): an open upload's
/// LINEs are not paced; past 1,200 lines the rest is discarded quietly and paced again; 10 MB sent as an
/// upload is refused and the connection lives on, slowed, never dropped; from a student, refused.
/// Times are checked only where a loaded machine cannot break them: a bound the paced lines cannot beat,
/// or one many times what the unpaced ones need.
@Suite struct ListLimitsOverTheWireTests {
    /// `count` LINEs of a list, numbered, each about `width` bytes.
    static func lines(_ count: Int, width: Int = 20, from start: Int = 1) -> [UInt8] {
        let pad = String(repeating: "x", count: max(0, width - 20))
        return Array((start..<start + count).map { "LINE w\($0)\(pad),m\($0)\n" }.joined().utf8)
    }

    /// A server with a lists folder of its own, and its teacher with an upload named `big` open.
    static func withUploadOpen(_ body: (ServerChild, TestClient) throws -> Void) throws {
        let folder = try ListsOverTheWireTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let server = try ServerChild(["--word-lists", folder])
        let host = try ListsOverTheWireTests.host(server.port)
        host.send("UPLOAD big English French")
        try host.expectLine("OK UPLOAD")
        try body(server, host)
    }

    @Test func fiveHundredLinesOfAnOpenUploadAreNotPaced() async throws {
        try await onOwnThread {
            try Self.withUploadOpen { server, host in
                let start = Date()
                host.sendRaw(Self.lines(500) + Array("CHECK\n".utf8))
                _ = try host.waitFor(timeout: 30) { $0 == .done(.check) }
                let seconds = Date().timeIntervalSince(start)
                // Paced, 501 lines cannot take less than the bucket allows (40 at once, then 20 a second: 23 s) however
                // fast the machine; unpaced, even a loaded one takes a fraction of that. Under it, they were not paced.
                let limits = ConnectionLimits()
                let pacedFloor = Double(501 - limits.burstLines) * Double(limits.lineIntervalMilliseconds) / 1_000
                #expect(seconds < pacedFloor, "500 LINEs took \(seconds) s, as long as pacing would make them")
                _ = server.stop()
            }
        }
    }

    @Test func pastItsLimitTheRestOfAnUploadIsDiscardedQuietlyAndPacedAgain() async throws {
        try await onOwnThread {
            try Self.withUploadOpen { server, host in
                let start = Date()
                host.sendRaw(Self.lines(1_300) + Array("CHECK\nPING\n".utf8))
                let tooBig = try #require(try host.nextLine(timeout: 30))
                #expect(tooBig.hasPrefix("ERROR upload-too-big "), "the 1,201st line: \(tooBig)")
                let check = try #require(try host.nextLine(timeout: 30))
                #expect(check.hasPrefix("ERROR upload-too-big "), "nothing for the 99 lines after it, then CHECK: \(check)")
                try host.expectLine("PONG", timeout: 30)
                // The 99 discarded LINEs, CHECK and PING were paced: 40 at once, the other 61 at 20 a second.
                let seconds = Date().timeIntervalSince(start)
                #expect(seconds >= 2.5, "\(seconds) s")
                _ = server.stop()
            }
        }
    }

    /// Writes `bytes` from a thread of its own (the server slows it, so the write blocks): how much went.
    final class Sender: @unchecked Sendable {
        private let lock = NSLock()
        private var sent = 0
        let done = DispatchSemaphore(value: 0)

        init(fd: Int32, bytes: [UInt8]) {
            Thread {
                var offset = 0
                while offset < bytes.count {
                    let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, min($0.count, 65_536), Int32(MSG_NOSIGNAL)) }
                    if n <= 0 { break }
                    offset += n
                    self.lock.withLock { self.sent = offset }
                }
                self.done.signal()
            }.start()
        }

        var bytesSent: Int { lock.withLock { sent } }
    }

    @Test func tenMegabytesSentAsAnUploadAreRefusedAndTheConnectionLivesSlowedNotDropped() async throws {
        try await onOwnThread {
            try Self.withUploadOpen { server, host in
                let tenMegabytes = Self.lines(20_500, width: 500)
                #expect(tenMegabytes.count > 10_000_000)
                let sender = Sender(fd: host.fd, bytes: tenMegabytes)
                #expect(try host.waitForError(timeout: 30).code == .uploadTooBig)
                // The rest is read a line at a time, paced: the server holds the socket's input, so the writer is held,
                // and nothing more is said to it; the connection is not closed.
                #expect(try host.staysQuiet(for: 2) == nil)
                #expect(sender.done.wait(timeout: .now()) == .timedOut, "the writer waits: \(sender.bytesSent) bytes went")
                #expect(sender.bytesSent < tenMegabytes.count)
                // Everyone else is served meanwhile.
                let other = try TestClient(port: server.port, label: "other")
                _ = try other.next()
                try other.machineMode()
                other.send("PING")
                try other.expectLine("PONG")
                host.reset()  // wakes the writer, then closes
                _ = sender.done.wait(timeout: .now() + 10)
                host.abort()

                // From a student, the same upload is refused at once, and each of its lines is told there is none open.
                let bo = try TestClient(port: server.port, label: "bo")
                _ = try bo.next()
                try bo.machineMode()
                try bo.join(as: "Bo")
                bo.send("UPLOAD big English French")
                let student = Sender(fd: bo.fd, bytes: tenMegabytes)
                #expect(try bo.waitForError().code == .notHost)
                #expect(try bo.waitForError().code == .noUpload)
                bo.reset()
                _ = student.done.wait(timeout: .now() + 10)
                bo.abort()
                other.send("PING")
                try other.expectLine("PONG")
                _ = server.stop()
                #expect(server.process.terminationStatus == 0)
            }
        }
    }

    /// A list's name is never a path: `/`, `..` and NUL are refused before anything is opened, and no file
    /// appears outside the lists folder (nor in it).
    @Test func namesThatArePathsAreRefusedAndNoFileIsMade() async throws {
        try await onOwnThread {
            let parent = try ListsOverTheWireTests.folder()
            defer { try? FileManager.default.removeItem(atPath: parent) }
            let folder = parent + "/lists"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let server = try ServerChild(["--word-lists", folder])
            let host = try ListsOverTheWireTests.host(server.port)
            for name in ["../escape", "a/b", "\"..\"", "\"\\u{0}x\"", "\"x\\u{0}\"", "/etc/passwd", "..", "\"a b\""] {
                host.send("UPLOAD \(name) English French")
                #expect(try host.waitForError().code == .badArgument, "UPLOAD \(name)")
                host.send("LINE a,b")
                #expect(try host.waitForError().code == .noUpload)
                host.send("DELETE \(name) K7PXABCDEFGH")
                #expect(try host.waitForError().code == .badArgument, "DELETE \(name)")
            }
            host.send("PING")
            try host.expectLine("PONG")
            _ = server.stop()
            #expect(try FileManager.default.contentsOfDirectory(atPath: parent) == ["lists"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        }
    }
}
