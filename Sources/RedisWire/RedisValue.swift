/// One RESP2 reply, as Redis sends it. Bulk strings are bytes (binary-safe);
/// simple strings and errors are text Redis writes itself.
public enum RedisValue: Equatable, Sendable {
    /// `+OK`: a status.
    case simple(String)
    /// `-ERR …`: the server refused this one command; the connection is fine.
    case error(String)
    /// `:42`.
    case integer(Int64)
    /// `$3 foo`, or `$-1` (nil): GET of a missing key, SET NX that did not set.
    case bulk([UInt8]?)
    /// `*2 …`, or `*-1` (nil). Elements may be arrays themselves, up to the depth limit.
    case array([RedisValue]?)

    /// A bulk string's bytes read as UTF-8 (nil for anything else or a null bulk).
    public var text: String? {
        if case .bulk(let bytes?) = self { return String(decoding: bytes, as: UTF8.self) }
        return nil
    }
}
