import WordGame

/// Keeps a connection known to be alive, both ways. Pure.
///
/// - The server's silence: a Wi-Fi that dropped sends no reset, and TCP may
///   take many minutes to say so. While the client holds a seat it could take
///   back, after 5 s without a byte from the server it sends `PING` (any
///   server answers `PONG`); if still nothing has come 12 s after the last
///   byte, the connection is taken for dropped, and the client takes its seat
///   back on a new one (the server replaces the old one if it still had it).
/// - Our own silence: the server closes a connection that sends no line for
///   15 minutes, so a player who only watches sends `PING` after a minute
///   without a line.
public struct Liveness: Equatable, Sendable {
    public enum Action: Equatable, Sendable { case none, ping, dead }

    public let pingAfterMilliseconds: Int64
    public let deadAfterMilliseconds: Int64
    public let keepAliveMilliseconds: Int64
    /// When the last PING for the server's silence went, so that one silence sends one PING.
    private var pingedAt: Instant?

    public init(pingAfterMilliseconds: Int64 = 5_000, deadAfterMilliseconds: Int64 = 12_000, keepAliveMilliseconds: Int64 = 60_000) {
        self.pingAfterMilliseconds = pingAfterMilliseconds
        self.deadAfterMilliseconds = deadAfterMilliseconds
        self.keepAliveMilliseconds = keepAliveMilliseconds
    }

    /// The same thresholds, a new connection.
    func restarted() -> Liveness {
        Liveness(pingAfterMilliseconds: pingAfterMilliseconds, deadAfterMilliseconds: deadAfterMilliseconds,
                 keepAliveMilliseconds: keepAliveMilliseconds)
    }

    /// `lastHeard`: the last byte from the server; `lastSent`: our last line.
    /// `watchesServer`: whether the server's silence counts (a seat could be taken back).
    public mutating func check(lastHeard: Instant, lastSent: Instant, watchesServer: Bool, at now: Instant) -> Action {
        if watchesServer {
            let silence = now.milliseconds(since: lastHeard)
            if silence >= deadAfterMilliseconds { return .dead }
            if silence >= pingAfterMilliseconds && pingedAt.map({ $0 < lastHeard }) ?? true {
                pingedAt = now
                return .ping
            }
        }
        return now.milliseconds(since: lastSent) >= keepAliveMilliseconds ? .ping : .none
    }
}
