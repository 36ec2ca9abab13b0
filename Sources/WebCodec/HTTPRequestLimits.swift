/// Every size a client can grow in a request head, with the reply it earns.
///
/// The game needs only short GET requests (a page, a script, the WebSocket
/// upgrade), so the limits sit at the low end of what common servers enforce:
///
/// - nginx: `client_header_buffer_size 1k`, then `large_client_header_buffers
///   4 8k` — no single line (request line or header field) may exceed 8 KiB.
/// - llhttp (Node.js) and swift-nio's HTTP parser: 80 KiB for the whole head.
/// - uWebSockets: 4 KiB per header buffer by default.
///
/// A browser's WebSocket upgrade is typically 400–700 bytes; cookies for the
/// game's own origin are the only thing likely to push it much higher.
public enum HTTPRequestLimits {
    /// The whole head (request line, header lines, CRLFs, final empty line).
    /// Passing it yields 431 Request Header Fields Too Large (RFC 6585 §5).
    public static let maxHeadBytes = 8 * 1024

    /// The request line without its CRLF. Passing it yields 414 URI Too Long
    /// (RFC 9110 §15.5.15) rather than 431, because in practice only the
    /// request-target can make the line long, and 414 tells the client so.
    /// RFC 9112 §3 recommends supporting at least 8000 octets; the game's URLs
    /// are short and 2 KiB matches the historical browser URL-length floor.
    public static let maxRequestLineBytes = 2 * 1024

    /// Number of header field lines. Passing it yields 431. Browsers send
    /// about 10–20; Apache's `LimitRequestFields` default is 100.
    public static let maxHeaderFields = 64

    /// Number of `name=value` items in a query string. The game uses one or
    /// two (`room`, maybe a player name).
    public static let maxQueryItems = 32

    /// Length of one decoded query name or value in bytes; the request-line
    /// limit already bounds the whole query, this bounds what a caller may
    /// copy into game state.
    public static let maxQueryComponentBytes = 512
}
