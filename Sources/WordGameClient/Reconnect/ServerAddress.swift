import Glibc

/// The address a connection reached, kept so that a reconnect goes back to
/// the same server without looking its name up again (a lookup can block).
public struct ServerAddress: Sendable {
    let family: Int32
    let socketType: Int32
    let socketProtocol: Int32
    /// The `sockaddr`, as bytes.
    let bytes: [UInt8]

    init(_ entry: addrinfo) {
        family = entry.ai_family
        socketType = entry.ai_socktype
        socketProtocol = entry.ai_protocol
        bytes = Array(UnsafeRawBufferPointer(start: entry.ai_addr, count: Int(entry.ai_addrlen)))
    }

    /// Starts a connect that does not block: the socket is non-blocking, and
    /// its connect is done or under way (poll it for POLLOUT, then `connectError`).
    /// Returns nil, with `errno` set, when no socket could be made or the connect failed at once.
    func startConnect() -> Int32? {
        let fd = socket(family, socketType | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), socketProtocol)
        guard fd >= 0 else { return nil }
        let status = bytes.withUnsafeBytes { raw in
            connect(fd, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
        }
        if status == 0 || errno == EINPROGRESS || errno == EINTR { return fd }
        let failure = errno
        close(fd)
        errno = failure
        return nil
    }

    /// The outcome of a non-blocking connect once the socket polled writable: 0 when connected.
    static func connectError(_ fd: Int32) -> Int32 {
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else { return errno }
        return error
    }
}
