import CSystem
import Glibc

/// Thin wrappers over the socket calls the server makes. Every descriptor
/// here is non-blocking and close-on-exec.
enum Socket {
    /// A listening TCP socket on `address:port` (port 0: any free port).
    /// The corresponding C functions are `socket`, `bind` and `listen`.
    static func listen(address: String, port: UInt16, backlog: Int32 = 4096) throws(Errno) -> Int32 {
        var storage = sockaddr_storage()
        let length: socklen_t
        let family: Int32
        if let v4 = ipv4(address, port: port) {
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: v4, as: sockaddr_in.self) }
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
            family = AF_INET
        } else if let v6 = ipv6(address, port: port) {
            withUnsafeMutableBytes(of: &storage) { $0.storeBytes(of: v6, as: sockaddr_in6.self) }
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
            family = AF_INET6
        } else {
            throw Errno("bind address \(address) is not an IPv4 or IPv6 address", code: EINVAL)
        }
        let fd = try syscallBlocking("socket") { socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0) }
        do {
            var one: Int32 = 1
            try syscallBlocking("setsockopt(SO_REUSEADDR)") { setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size)) }
            try syscallBlocking("bind \(address) port \(port)") {
                withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, length) } }
            }
            try syscallBlocking("listen") { Glibc.listen(fd, backlog) }
        } catch {
            close(fd)
            throw error
        }
        return fd
    }

    /// The port a socket is bound to. The corresponding C function is `getsockname`.
    static func localPort(_ fd: Int32) throws(Errno) -> UInt16 {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        try syscallBlocking("getsockname") {
            withUnsafeMutablePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        }
        return withUnsafeBytes(of: storage) { raw in
            let family = raw.load(as: sockaddr.self).sa_family
            let port = family == sa_family_t(AF_INET6) ? raw.load(as: sockaddr_in6.self).sin6_port : raw.load(as: sockaddr_in.self).sin_port
            return UInt16(bigEndian: port)
        }
    }

    /// Accepts one pending connection, non-blocking, with its peer's address as
    /// text ("?" if the kernel gives none it can format). The corresponding C
    /// functions are `accept4` and `inet_ntop`.
    static func accept(_ listener: Int32) throws(Errno) -> IOResult<(fd: Int32, address: String)> {
        var text = [CChar](repeating: 0, count: 64)
        let result = try syscall("accept4") {
            csystem_accept_with_address(listener, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), &text, UInt32(text.count))
        }
        guard case .done(let fd) = result else { return .wouldBlock }
        return .done((fd, text.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }))
    }

    /// Sets the options every player connection needs (Protocol.md §7) on the
    /// listener: Linux copies them to each socket it accepts, which saves
    /// seven system calls a join (`Server` checks the first accepted socket,
    /// and tunes each one itself where the kernel did not copy them).
    /// - `TCP_NODELAY`: a line leaves when it is written, never held back
    ///   behind a peer's delayed ACK (Nagle's algorithm).
    /// - `TCP_NOTSENT_LOWAT` 1: the socket reports writable only once the
    ///   kernel has transmitted everything written to it, so EPOLLOUT tells the
    ///   loop when a pair has left, and the kernel holds back no more than one
    ///   write for a slow reader (the rest waits in our capped queue).
    /// Returns whether both took: without the second, the loop cannot wait
    /// for transmission and takes "handed to the kernel" as "left".
    static func tuneForGame(_ fd: Int32) -> Bool {
        let noDelay = csystem_set_tcp_option(fd, csystem_TCP_NODELAY, 1) == 0
        let lowWater = csystem_set_tcp_option(fd, csystem_TCP_NOTSENT_LOWAT, 1) == 0
        detectDeadPeers(fd)
        return noDelay && lowWater
    }

    /// Whether an accepted socket has every option `tuneForGame` gave its listener.
    static func hasGameOptions(_ fd: Int32) -> Bool {
        csystem_has_tcp_options(fd, DeadPeers.idleSeconds, DeadPeers.probeSeconds, DeadPeers.probes, DeadPeers.userTimeoutMs) == 1
    }

    /// A player whose Wi-Fi vanished sends no FIN: without these, the server
    /// would hold their name for hours (Protocol.md §8).
    /// - Keepalive after 30 s of silence, a probe every 10 s, dead after 3
    ///   unanswered: an idle link is found dead in about a minute (Redis
    ///   probes after 300 s; a game needs to know sooner).
    /// - `TCP_USER_TIMEOUT` 30 s: a link with unacknowledged lines (a round
    ///   being sent) is dead after 30 s instead of the kernel's ~15 minutes of retries.
    /// Best effort: a kernel without them leaves the idle limit to find the dead.
    private enum DeadPeers {
        static let idleSeconds: Int32 = 30, probeSeconds: Int32 = 10, probes: Int32 = 3, userTimeoutMs: Int32 = 30_000
    }

    private static func detectDeadPeers(_ fd: Int32) {
        _ = csystem_enable_keepalive(fd)
        _ = csystem_set_tcp_option(fd, csystem_TCP_KEEPIDLE, DeadPeers.idleSeconds)
        _ = csystem_set_tcp_option(fd, csystem_TCP_KEEPINTVL, DeadPeers.probeSeconds)
        _ = csystem_set_tcp_option(fd, csystem_TCP_KEEPCNT, DeadPeers.probes)
        _ = csystem_set_tcp_option(fd, csystem_TCP_USER_TIMEOUT, DeadPeers.userTimeoutMs)
    }

    /// Reads what is there, up to the buffer's size; `.done(0)` is end of stream.
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> IOResult<Int> {
        try syscall("read") { Glibc.read(fd, buffer.baseAddress, buffer.count) }
    }

    /// Sends what the kernel takes now. MSG_NOSIGNAL: a gone peer is EPIPE, never SIGPIPE.
    static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(Errno) -> IOResult<Int> {
        try syscall("send") { Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
    }

    private static func ipv4(_ address: String, port: UInt16) -> sockaddr_in? {
        var v4 = sockaddr_in()
        guard inet_pton(AF_INET, address, &v4.sin_addr) == 1 else { return nil }
        v4.sin_family = sa_family_t(AF_INET)
        v4.sin_port = port.bigEndian
        return v4
    }

    private static func ipv6(_ address: String, port: UInt16) -> sockaddr_in6? {
        var v6 = sockaddr_in6()
        guard inet_pton(AF_INET6, address, &v6.sin6_addr) == 1 else { return nil }
        v6.sin6_family = sa_family_t(AF_INET6)
        v6.sin6_port = port.bigEndian
        return v6
    }
}
