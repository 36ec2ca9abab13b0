import Glibc

/// The error numbers a peer that went away leaves on its socket, by name
/// (the bench tells how a connection ended: "reset", "broken pipe").
extension Errno {
    /// The peer reset the connection (RST). The C constant is `ECONNRESET`.
    public static let connectionReset = ECONNRESET
    /// A write after the peer closed its end. The C constant is `EPIPE`.
    public static let brokenPipe = EPIPE
}
