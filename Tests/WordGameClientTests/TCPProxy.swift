import Foundation
import Glibc
import WordGameTestSupport

/// A TCP relay on 127.0.0.1, port 0, to a server on 127.0.0.1: each
/// connection accepted is relayed to a new one to the server, byte for byte,
/// until `cut` ends them all at once (the server and the client each see
/// their end close, with no BYE), or `freeze` ends only the client's side
/// and leaves the server's open and silent, as a Wi-Fi that drops would.
///
/// A descriptor is closed only by the thread that uses it, after it is taken
/// off the lists the test's thread reads: tests run in parallel in one
/// process, and a descriptor number closed too early may be another test's.
final class TCPProxy: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    /// Relayed connections (client side, server side), while their relay runs.
    private var pairs: [(client: Int32, server: Int32)] = []
    /// Server sides `freeze` left open, until `closeFrozen` or `finish`.
    private var frozen: Set<Int32> = []
    private var accepted = 0
    private var stopped = false
    /// While set, a connection accepted is closed at once: the network is down, and tries to reconnect fail.
    private var refusing = false

    init(to target: UInt16) {
        signal(SIGPIPE, SIG_IGN)
        (listener, port) = LoopbackSocket.bound()
        listen(listener, 8)
        Thread.detachNewThread { [self] in
            defer { close(listener) }
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
                lock.lock()
                let down = refusing
                lock.unlock()
                if down { close(client); continue }
                let server = Self.connect(to: target)
                guard server >= 0 else { close(client); continue }
                lock.lock()
                pairs.append((client, server))
                accepted += 1
                lock.unlock()
                Thread.detachNewThread { [self] in
                    Self.relay(client, server)
                    lock.lock()
                    pairs.removeAll { $0.client == client }
                    let keep = frozen.contains(server)
                    lock.unlock()
                    close(client)
                    if !keep { close(server) }
                }
            }
        }
    }

    /// Connections accepted so far.
    var connections: Int { lock.lock(); defer { lock.unlock() }; return accepted }

    /// Every relayed connection ends now, both sides; new ones are still relayed.
    func cut() {
        lock.lock()
        defer { lock.unlock() }
        for pair in pairs {
            shutdown(pair.client, Int32(SHUT_RDWR))
            shutdown(pair.server, Int32(SHUT_RDWR))
        }
    }

    /// The network goes down (`true`: every connection ends, and new ones close at once) or comes back (`false`).
    func setDown(_ down: Bool) {
        lock.lock()
        refusing = down
        lock.unlock()
        if down { cut() }
    }

    /// Every relayed connection's client side ends now; the server's stays open, and hears nothing more.
    func freeze() {
        lock.lock()
        defer { lock.unlock() }
        for pair in pairs {
            frozen.insert(pair.server)
            shutdown(pair.client, Int32(SHUT_RDWR))
        }
    }

    /// The server sides `freeze` left open close now: the server hears, late, that they ended.
    func closeFrozen() {
        waitUntil { closeEndedFrozen() }
    }

    func finish() {
        lock.lock()
        let done = stopped
        stopped = true
        if !done { shutdown(listener, Int32(SHUT_RDWR)) }  // the accepting thread then closes it
        lock.unlock()
        guard !done else { return }
        cut()
        waitUntil {
            closeEndedFrozen()
            lock.lock()
            defer { lock.unlock() }
            return pairs.isEmpty
        }
    }

    /// Closes the frozen server sides whose relay has ended (it leaves them to us); true if none is left.
    @discardableResult
    private func closeEndedFrozen() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        for server in frozen where !pairs.contains(where: { $0.server == server }) {
            close(server)
            frozen.remove(server)
        }
        return frozen.isEmpty
    }

    private func waitUntil(_ done: () -> Bool) {
        let deadline = Date().addingTimeInterval(2)
        while !done() && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
    }

    private static func connect(to port: UInt16) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if status != 0 { close(fd); return -1 }
        return fd
    }

    /// Copies both ways until either side ends.
    private static func relay(_ a: Int32, _ b: Int32) {
        var polls = [pollfd(fd: a, events: Int16(POLLIN), revents: 0), pollfd(fd: b, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while poll(&polls, 2, -1) > 0 {
            for (from, to) in [(0, 1), (1, 0)] where polls[from].revents != 0 {
                let n = buffer.withUnsafeMutableBytes { read(polls[from].fd, $0.baseAddress, $0.count) }
                guard n > 0 else { return }
                var sent = 0
                while sent < n {
                    let m = buffer[sent..<n].withUnsafeBytes { send(polls[to].fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                    guard m > 0 else { return }
                    sent += m
                }
            }
        }
    }
}
