import CSystem
import Glibc

/// A TCP peer's address (IPv4 or IPv6), as the kernel takes it: kept so a
/// reconnect goes to the same address without asking the resolver again.
public struct SocketAddress: Sendable, Equatable {
    let family: Int32
    /// The `sockaddr_in` or `sockaddr_in6` bytes.
    let bytes: [UInt8]

    /// A numeric address (no resolver): "127.0.0.1", "::1". Nil for anything else.
    public init?(numeric address: String, port: UInt16) {
        var v4 = sockaddr_in()
        if inet_pton(AF_INET, address, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = port.bigEndian
            family = AF_INET
            bytes = withUnsafeBytes(of: v4) { Array($0) }
            return
        }
        var v6 = sockaddr_in6()
        guard inet_pton(AF_INET6, address, &v6.sin6_addr) == 1 else { return nil }
        v6.sin6_family = sa_family_t(AF_INET6)
        v6.sin6_port = port.bigEndian
        family = AF_INET6
        bytes = withUnsafeBytes(of: v6) { Array($0) }
    }

    /// A numeric address's own bytes (no port): 4 for IPv4, 16 for IPv6; nil for anything else (`inet_pton`).
    public static func numericBytes(_ address: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, address, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }

    init(family: Int32, raw: UnsafeRawBufferPointer) {
        self.family = family
        bytes = Array(raw)
    }

    /// 127.0.0.1 and `port`: the only peer tests and benchmarks talk to.
    public static func loopback(port: UInt16) -> SocketAddress { SocketAddress(numeric: "127.0.0.1", port: port)! }

    /// The addresses a host name (or numeric address) has for TCP, in the
    /// resolver's order. The corresponding C function is `getaddrinfo`.
    public static func resolve(host: String, port: UInt16) throws(ResolveError) -> [SocketAddress] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_family = AF_UNSPEC
        var results: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &results)
        guard status == 0, let first = results else { throw ResolveError(host: host, reason: String(cString: gai_strerror(status))) }
        defer { freeaddrinfo(results) }
        var found: [SocketAddress] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            cursor = entry.pointee.ai_next
            guard let raw = entry.pointee.ai_addr else { continue }
            found.append(SocketAddress(family: entry.pointee.ai_family,
                                       raw: UnsafeRawBufferPointer(start: raw, count: Int(entry.pointee.ai_addrlen))))
        }
        return found
    }

    public struct ResolveError: Error, CustomStringConvertible {
        public var host: String
        public var reason: String
        public var description: String { "cannot find host \(host): \(reason)" }
    }

    func withSockaddr<T>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        bytes.withUnsafeBytes { raw in body(raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count)) }
    }

    /// Starts a non-blocking connect; the socket is writable once it is
    /// done, and `connectError` then says how it went. The corresponding C
    /// functions are `socket` and `connect`.
    public func startConnect() throws(Errno) -> FileDescriptor {
        let flags = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        let fd = try syscallBlocking("socket") { socket(family, flags, 0) }
        let status = withSockaddr { Glibc.connect(fd, $0, $1) }
        let code = errno
        if status == 0 || code == EINPROGRESS || code == EINTR { return FileDescriptor(rawValue: fd) }
        Glibc.close(fd)
        throw Errno("connect", code: code)
    }

    /// Connects within `milliseconds`, and returns the non-blocking socket.
    public func connect(timeoutMilliseconds: Int32) throws(Errno) -> FileDescriptor {
        let socket = try startConnect()
        guard Poll.waitUntilWritable(socket, milliseconds: timeoutMilliseconds) else {
            socket.close()
            throw Errno("connect", code: ETIMEDOUT)
        }
        let error = Self.connectError(socket)
        guard error == 0 else {
            socket.close()
            throw Errno("connect", code: error)
        }
        return socket
    }

    /// How a non-blocking connect ended: 0, or its error number. The
    /// corresponding C function is `getsockopt(SO_ERROR)`.
    public static func connectError(_ socket: FileDescriptor) -> Int32 {
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(socket.rawValue, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else { return errno }
        return error
    }
}
