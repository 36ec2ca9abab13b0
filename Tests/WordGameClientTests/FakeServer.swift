import Foundation
import Glibc
import WordGameTestSupport

/// A fake server on 127.0.0.1, port 0, that says what a test scripts: a
/// broken or hostile server, or one that drops a client and takes it back.
/// Connections are accepted one after another, each served on the server's
/// own thread by `serve` with its socket and its number (0, 1, …).
///
/// Only that thread closes the listener, once it is done with it: a
/// descriptor closed while another thread may still use it can be reused by
/// a parallel test's socket, and its connections taken by the wrong server.
final class FakeServer: @unchecked Sendable {
    let listener: Int32
    let port: UInt16
    private let lock = NSLock()
    private var stopped = false
    private var listening = true
    /// A socket bound to the port that never listens, once the server went away: connections are refused.
    private var holder: Int32 = -1
    private var refusesAfterThisConnection = false

    /// Serves one connection.
    convenience init(serve: @escaping @Sendable (Int32, FakeServer) -> Void) {
        self.init(connections: 1) { fd, _, server in serve(fd, server) }
    }

    /// Serves up to `connections` connections, in turn.
    init(connections: Int, serve: @escaping @Sendable (Int32, Int, FakeServer) -> Void) {
        signal(SIGPIPE, SIG_IGN)  // a client that is gone must not take the test process with it
        let (fd, boundPort) = LoopbackSocket.bound()
        listener = fd
        port = boundPort
        // Inherited by the accepted sockets, so that the port can be held again while one of them is closing.
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        listen(fd, 4)
        Thread.detachNewThread { [self] in
            defer { closeListener() }
            for number in 0..<connections {
                let peer = accept(fd, nil, nil)
                guard peer >= 0 else { return }
                serve(peer, number, self)
                close(peer)
                lock.lock()
                let refuses = refusesAfterThisConnection
                lock.unlock()
                if refuses {
                    closeListener()
                    holdPort()
                    return
                }
            }
        }
    }

    var isStopped: Bool { lock.lock(); defer { lock.unlock() }; return stopped }

    /// Stops accepting (the serving thread closes the listener when it is done) and lets the port go.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        if listening { shutdown(listener, Int32(SHUT_RDWR)) }  // wakes a waiting accept, which then fails
        if holder >= 0 { close(holder) }
        holder = -1
    }

    /// On the serving thread only.
    private func closeListener() {
        lock.lock()
        defer { lock.unlock() }
        guard listening else { return }
        listening = false
        close(listener)
    }

    /// Called while serving: once this connection is closed, the server goes away
    /// for good. The listener closes, and the port stays held by a socket that
    /// never listens, so every connect is refused and no other test's server
    /// can take the port meanwhile.
    func refuseAfterThisConnection() {
        lock.lock()
        refusesAfterThisConnection = true
        lock.unlock()
    }

    private func holdPort() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        // Should the port be taken meanwhile, connects are still refused: nothing listens there for this test.
        if bound == 0 { holder = fd } else { close(fd) }
    }

    /// What a server of protocol version 2 says first.
    static let greeting = "WORDGAME 2 \"hi\"\n"

    /// A version-2 server's opening: the greeting, then the client's first
    /// line, which must be `MODE MACHINE`, and its reply. False if the client
    /// said anything else first (or nothing): the fake then says no more.
    static func greet(_ fd: Int32, _ reader: inout LineReader) -> Bool {
        guard say(greeting, to: fd), let first = try? reader.next(timeout: 5), first == "MODE MACHINE" else { return false }
        return say("OK MODE MACHINE\n", to: fd)
    }

    static func say(_ text: String, to fd: Int32) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }

    /// Reads until the client closes its end (or `timeout` seconds pass).
    static func drain(_ fd: Int32, timeout: Double = 30) {
        var reader = LineReader(fd: fd)
        let deadline = Date().addingTimeInterval(timeout)
        while deadline.timeIntervalSinceNow > 0, (try? reader.next(timeout: deadline.timeIntervalSinceNow)) != nil {}
    }
}

/// Lines a fake server heard, shared between its thread and the test's.
final class Heard: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return lines }

    /// Waits up to `timeout` seconds for a line that starts with `prefix`.
    func waitFor(_ prefix: String, timeout: Double = 10) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if let line = all.first(where: { $0.hasPrefix(prefix) }) { return line }
            Thread.sleep(forTimeInterval: 0.01)
        } while Date() < deadline
        return nil
    }
}
