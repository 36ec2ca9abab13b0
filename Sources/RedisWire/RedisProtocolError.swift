/// The reply stream broke the protocol or a limit: the connection cannot be
/// trusted past this point and is to be closed. `reason` says what for a log.
public struct RedisProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
    public var reason: String

    public init(_ reason: String) { self.reason = reason }

    public var description: String { "RESP protocol error: \(reason)" }
}
