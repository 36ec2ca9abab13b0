/// Why a command gave no reply, or a refusing one.
public enum RedisError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No connection within the connect timeout, or no reply within the reply timeout.
    case timeout
    /// The connection broke (end of stream, reset) before the replies came.
    case disconnected
    /// No connection could be made: refused, unreachable, or the host has no
    /// address. Also given at once, without trying, while the backoff lasts.
    case refused
    /// The replies broke RESP2 or a limit of `RedisWireLimits`; the connection was closed.
    case `protocol`(String)
    /// A new connection's `AUTH` or `SELECT` was refused (a wrong password or
    /// user, a disabled user, a database number Redis does not have): Redis's
    /// own message, which never repeats the password. The connection was closed.
    case loginRefused(String)
    /// Redis answered `-ERR …` (or another error reply) to this command; the connection is fine.
    case server(String)
    /// Behind Sentinel: no master to send to. No sentinel answered, none knows the master's name, the Redis
    /// named is not a master (`ROLE`), or the connected one stopped being one (`-READONLY`, `-MASTERDOWN`:
    /// the connection was closed). The next call asks the sentinels again.
    case noMaster(String)
    /// Behind Sentinel: a sentinel refused the client (`NOAUTH`, `WRONGPASS`, `NOPERM`): its password,
    /// `RedisClientOptions.sentinelPassword`, is missing or wrong. Redis's own message, with the sentinel's address.
    case sentinelRefused(String)

    public var description: String {
        switch self {
        case .timeout: "Redis did not answer in time"
        case .disconnected: "the connection to Redis broke"
        case .refused: "cannot connect to Redis"
        case .protocol(let reason): "Redis's reply broke the protocol: \(reason)"
        case .loginRefused(let message): "Redis refused the login: \(message)"
        case .server(let message): "Redis refused the command: \(message)"
        case .noMaster(let reason): "Redis Sentinel gave no master to use: \(reason)"
        case .sentinelRefused(let message): "a sentinel refused this client: \(message)"
        }
    }
}
