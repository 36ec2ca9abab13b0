import CSystem

/// The socket options every player connection needs (Protocol.md §7).
extension Socket {
    /// Sets them on the listener: Linux copies them to each socket it
    /// accepts, which saves seven system calls a join (`Server` checks the
    /// first accepted socket, and tunes each one itself where the kernel did
    /// not copy them).
    /// - `TCP_NODELAY`: a line leaves when it is written, never held back
    ///   behind a peer's delayed ACK (Nagle's algorithm).
    /// - `TCP_NOTSENT_LOWAT` 1: the socket reports writable only once the
    ///   kernel has transmitted everything written to it, so EPOLLOUT tells the
    ///   loop when a pair has left, and the kernel holds back no more than one
    ///   write for a slow reader (the rest waits in our capped queue).
    /// Returns whether both took: without the second, the loop cannot wait
    /// for transmission and takes "handed to the kernel" as "left".
    public static func tuneForGame(_ socket: FileDescriptor) -> Bool {
        let noDelay = csystem_set_tcp_option(socket.rawValue, csystem_TCP_NODELAY, 1) == 0
        let lowWater = csystem_set_tcp_option(socket.rawValue, csystem_TCP_NOTSENT_LOWAT, 1) == 0
        detectDeadPeers(socket)
        return noDelay && lowWater
    }

    /// Whether an accepted socket has every option `tuneForGame` gave its listener.
    public static func hasGameOptions(_ socket: FileDescriptor) -> Bool {
        csystem_has_tcp_options(socket.rawValue, DeadPeers.idleSeconds, DeadPeers.probeSeconds, DeadPeers.probes,
                                DeadPeers.userTimeoutMs) == 1
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

    private static func detectDeadPeers(_ socket: FileDescriptor) {
        let fd = socket.rawValue
        _ = csystem_enable_keepalive(fd)
        _ = csystem_set_tcp_option(fd, csystem_TCP_KEEPIDLE, DeadPeers.idleSeconds)
        _ = csystem_set_tcp_option(fd, csystem_TCP_KEEPINTVL, DeadPeers.probeSeconds)
        _ = csystem_set_tcp_option(fd, csystem_TCP_KEEPCNT, DeadPeers.probes)
        _ = csystem_set_tcp_option(fd, csystem_TCP_USER_TIMEOUT, DeadPeers.userTimeoutMs)
    }
}
