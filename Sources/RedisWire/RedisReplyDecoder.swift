/// Replies from a byte stream, in order, however the stream is cut: bytes are
/// appended as they are read, and `next()` gives each reply once it is whole.
///
/// An incomplete reply is read again from its start when more bytes come.
/// That keeps the decoder a plain function of its buffer, so any split decodes
/// the same, and the limits bound the work: a reply is at most
/// `maxReplyBytes`, and a bulk string's payload is skipped by its length, not scanned.
///
/// After a protocol error the decoder stays failed: the stream is out of step.
public struct RedisReplyDecoder: Sendable {
    public let limits: RedisWireLimits
    private var buffer: [UInt8] = []
    /// Where the next reply starts in `buffer` (consumed bytes are dropped in bulk, not one reply at a time).
    private var start = 0
    private var failure: RedisProtocolError?

    public init(limits: RedisWireLimits = .default) {
        self.limits = limits
    }

    /// Bytes read and not yet given out as replies.
    public var bufferedBytes: Int { buffer.count - start }

    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffer.append(contentsOf: bytes)
    }

    /// The next whole reply, nil if more bytes are needed.
    public mutating func next() throws(RedisProtocolError) -> RedisValue? {
        if let failure { throw failure }
        do throws(RedisProtocolError) {
            var reader = ReplyReader(bytes: buffer, position: start, limits: limits)
            let tooLong = RedisProtocolError("reply longer than \(limits.maxReplyBytes) bytes")
            guard let value = try reader.value(depth: 0) else {
                if bufferedBytes > limits.maxReplyBytes { throw tooLong }
                return nil
            }
            if reader.position - start > limits.maxReplyBytes { throw tooLong }
            start = reader.position
            compact()
            return value
        } catch {
            failure = error
            throw error
        }
    }

    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 16)
            start = 0
        } else if start > 1 << 16 && start > buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
    }
}
