/// What a reply may be before the decoder calls it a protocol error. The reply
/// stream is network input: without these, a broken or hostile peer could make
/// the decoder buffer without bound or recurse without end.
///
/// Redis allows 512 MiB bulk strings; the directory stores addresses, codes and
/// keys of tens of bytes, so the defaults are far smaller and still generous.
public struct RedisWireLimits: Sendable, Equatable {
    /// The longest bulk string's payload.
    public var maxBulkBytes: Int
    /// The most elements one array may declare.
    public var maxArrayElements: Int
    /// How many arrays may nest (a flat array is depth 1).
    public var maxDepth: Int
    /// The longest simple string, error or integer line, CRLF excluded.
    public var maxLineBytes: Int
    /// The most bytes one whole reply may take on the wire: bounds what is
    /// buffered while a reply is incomplete (1,024 elements of 1 MiB would not be).
    public var maxReplyBytes: Int

    public init(maxBulkBytes: Int = 1 << 20, maxArrayElements: Int = 1_024, maxDepth: Int = 8,
                maxLineBytes: Int = 4_096, maxReplyBytes: Int = 4 << 20) {
        self.maxBulkBytes = maxBulkBytes
        self.maxArrayElements = maxArrayElements
        self.maxDepth = maxDepth
        self.maxLineBytes = maxLineBytes
        self.maxReplyBytes = maxReplyBytes
    }

    /// 1 MiB bulk strings, 1,024 elements, depth 8, 4 KiB lines, 4 MiB a reply.
    public static let `default` = RedisWireLimits()
}
