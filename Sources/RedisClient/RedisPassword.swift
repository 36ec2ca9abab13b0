/// The password the client logs in to Redis with (`AUTH`). It prints as
/// "(hidden)" however it is printed (`description`, `dump`, string
/// interpolation of a struct holding it), so a log line, an error or a
/// banner that names the client's options never shows it.
public struct RedisPassword: Equatable, Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The bytes sent in `AUTH`; only the connection's handshake reads them.
    let text: String

    /// Nil for an empty password (Redis has no such thing; an empty file is a mistake to report).
    public init?(_ text: String) {
        guard !text.isEmpty else { return nil }
        self.text = text
    }

    public var description: String { "(hidden)" }
    public var debugDescription: String { "(hidden)" }
    public var customMirror: Mirror { Mirror(self, children: []) }
}
