import CSystem
import Glibc

/// Thin wrappers over the socket calls the server makes. Every descriptor
/// here is non-blocking and close-on-exec.
public enum Socket {
    /// A listening TCP socket on `address:port` (port 0: any free port).
    /// The corresponding C functions are `socket`, `bind` and `listen`.
    public static func listen(address: String, port: UInt16, backlog: Int32 = 4096) throws(Errno) -> FileDescriptor {
        guard let local = SocketAddress(numeric: address, port: port) else {
            throw Errno("bind address \(address) is not an IPv4 or IPv6 address", code: EINVAL)
        }
        let flags = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let fd = try syscallBlocking("socket") { socket(local.family, flags, 0) }
        do {
            var one: Int32 = 1
            try syscallBlocking("setsockopt(SO_REUSEADDR)") {
                setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            }
            try syscallBlocking("bind \(address) port \(port)") { local.withSockaddr { Glibc.bind(fd, $0, $1) } }
            try syscallBlocking("listen") { Glibc.listen(fd, backlog) }
        } catch {
            Glibc.close(fd)
            throw error
        }
        return FileDescriptor(rawValue: fd)
    }

    /// The port a socket is bound to. The corresponding C function is `getsockname`.
    public static func localPort(_ socket: FileDescriptor) throws(Errno) -> UInt16 {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        try syscallBlocking("getsockname") {
            withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket.rawValue, $0, &length) }
            }
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
    public static func accept(_ listener: FileDescriptor) throws(Errno) -> IOResult<(socket: FileDescriptor, address: String)> {
        var text = [CChar](repeating: 0, count: 64)
        let result = try syscall("accept4") {
            csystem_accept_with_address(listener.rawValue, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue),
                                        &text, UInt32(text.count))
        }
        guard case .done(let fd) = result else { return .wouldBlock }
        return .done((FileDescriptor(rawValue: fd), text.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }))
    }

    /// Sends what the kernel takes now. MSG_NOSIGNAL: a gone peer is EPIPE, never SIGPIPE.
    @inline(__always)
    public static func send(_ socket: FileDescriptor, _ bytes: UnsafeRawBufferPointer) throws(Errno) -> IOResult<Int> {
        try syscall("send") { Glibc.send(socket.rawValue, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Sends every byte, waiting (up to a second each time) while the socket is full.
    public static func sendAll(_ socket: FileDescriptor, _ bytes: [UInt8]) throws(Errno) {
        var offset = 0
        while offset < bytes.count {
            let result = try bytes[offset...].withUnsafeBytes { raw in Result { () throws(Errno) in try send(socket, raw) } }.get()
            switch result {
            case .done(let count): offset += count
            case .wouldBlock:
                guard Poll.waitUntilWritable(socket, milliseconds: 1_000) else { throw Errno("send", code: ETIMEDOUT) }
            }
        }
    }

    /// Reads what is there, up to the buffer's size; `.done(0)` is end of stream.
    @inline(__always)
    public static func receive(_ socket: FileDescriptor, into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> IOResult<Int> {
        try socket.read(into: buffer)
    }

    /// Stops both directions without closing: reads then see end of stream.
    /// The corresponding C function is `shutdown`.
    public static func shutdown(_ socket: FileDescriptor) {
        _ = Glibc.shutdown(socket.rawValue, Int32(SHUT_RDWR))
    }

    /// Sets the kernel's receive buffer (a client that falls behind, in tests and the bench).
    public static func setReceiveBuffer(_ socket: FileDescriptor, bytes: Int32) {
        var size = bytes
        setsockopt(socket.rawValue, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Makes the next `close` send a reset instead of a FIN (SO_LINGER 0).
    public static func resetOnClose(_ socket: FileDescriptor) {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(socket.rawValue, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
    }

    /// `TCP_NODELAY` alone (the bench's bare loop, which wants nothing else of `tuneForGame`).
    public static func setNoDelay(_ socket: FileDescriptor) {
        _ = csystem_set_tcp_option(socket.rawValue, csystem_TCP_NODELAY, 1)
    }
}
