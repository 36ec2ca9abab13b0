import Glibc

extension SocketAddress {
    /// `startConnect`, with the socket's receive buffer set to `bytes` before
    /// the connect. Set only afterwards, the size no longer bounds the window
    /// the SYN offered: a peer meant to hold back a server's output (the
    /// bench's flood, which never reads) sets it first. The corresponding C
    /// functions are `socket`, `setsockopt(SO_RCVBUF)` and `connect`.
    public func startConnect(receiveBufferBytes bytes: Int32) throws(Errno) -> FileDescriptor {
        let flags = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        let fd = FileDescriptor(rawValue: try syscallBlocking("socket") { socket(family, flags, 0) })
        Socket.setReceiveBuffer(fd, bytes: bytes)
        let status = withSockaddr { Glibc.connect(fd.rawValue, $0, $1) }
        let code = errno
        if status == 0 || code == EINPROGRESS || code == EINTR { return fd }
        fd.close()
        throw Errno("connect", code: code)
    }
}
