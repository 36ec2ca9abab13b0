/// The client's time limits, in milliseconds, and the password it logs in with.
public struct RedisClientOptions: Sendable, Equatable {
    /// Sent with `AUTH` (after the URL's user, if any) on every new connection,
    /// before anything else; nil: no `AUTH`. Prints as "(hidden)".
    public var password: RedisPassword?
    /// Behind Sentinel: sent with `AUTH` to each sentinel before asking it (a sentinel's `requirepass`, its
    /// `default` user); nil: sentinels are asked without a login. Prints as "(hidden)".
    public var sentinelPassword: RedisPassword?
    /// How long a connect may take (each of a host's addresses gets this much).
    public var connectTimeoutMilliseconds: Int
    /// How long one call (one command, or one whole pipeline) may wait for its
    /// replies, sending included. Then `.timeout`, and the connection is closed:
    /// a late reply would otherwise be read as the next command's.
    public var replyTimeoutMilliseconds: Int
    /// The backoff between failed connects (see `ReconnectBackoff`).
    public var backoff: ReconnectBackoff

    public init(connectTimeoutMilliseconds: Int = 1_000, replyTimeoutMilliseconds: Int = 1_000,
                backoff: ReconnectBackoff = ReconnectBackoff(), password: RedisPassword? = nil,
                sentinelPassword: RedisPassword? = nil) {
        self.password = password
        self.sentinelPassword = sentinelPassword
        self.connectTimeoutMilliseconds = connectTimeoutMilliseconds
        self.replyTimeoutMilliseconds = replyTimeoutMilliseconds
        self.backoff = backoff
    }
}
