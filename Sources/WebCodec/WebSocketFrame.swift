/// Frame opcodes (RFC 6455 §5.2, §11.8). Values 3–7 and 11–15 are reserved
/// and, with no extension negotiated, make the decoder fail with 1002.
public enum WebSocketOpcode: UInt8, Sendable {
    case continuation = 0x0
    case text = 0x1
    case binary = 0x2
    case close = 0x8
    case ping = 0x9
    case pong = 0xA

    /// Control frames have the high opcode bit set (RFC 6455 §5.5): they may
    /// arrive between the fragments of a message, are never fragmented, and
    /// carry at most 125 payload bytes.
    public var isControl: Bool { rawValue & 0x8 != 0 }
}

/// Wire-format facts shared by the decoder and the encoder (RFC 6455 §5.2):
///
///      0                   1                   2                   3
///     +-+-+-+-+-------+-+-------------+-------------------------------+
///     |F|R|R|R| opcode|M| Payload len |    Extended payload length    |
///     |I|S|S|S|  (4)  |A|     (7)     |             (16/64)           |
///     |N|V|V|V|       |S|             |   (if payload len==126/127)   |
///     | |1|2|3|       |K|             |                               |
///     +-+-+-+-+-------+-+-------------+ - - - - - - - - - - - - - - - +
///     |     Extended payload length continued, if payload len == 127  |
///     + - - - - - - - - - - - - - - - +-------------------------------+
///     |                               |Masking-key, if MASK set to 1  |
///     +-------------------------------+-------------------------------+
public enum WebSocketFrameFormat {
    static let finBit: UInt8 = 0x80
    static let reservedBits: UInt8 = 0x70
    static let opcodeBits: UInt8 = 0x0F
    static let maskBit: UInt8 = 0x80
    static let shortLengthBits: UInt8 = 0x7F
    /// A 7-bit length of 126 means a 16-bit length follows; 127, a 64-bit one.
    static let sixteenBitLengthMarker: UInt8 = 126
    static let sixtyFourBitLengthMarker: UInt8 = 127
    static let maskingKeyByteCount = 4

    /// Largest header: 2 fixed bytes, 8 length bytes, 4 masking-key bytes.
    public static let maxHeaderByteCount = 14
    /// Largest control-frame payload (RFC 6455 §5.5).
    public static let maxControlPayloadByteCount = 125

    /// Header length of an unmasked (server→client) frame carrying
    /// `payloadCount` bytes, using the minimal length encoding.
    public static func unmaskedHeaderByteCount(payloadCount: Int) -> Int {
        if payloadCount < Int(sixteenBitLengthMarker) { return 2 }
        if payloadCount <= Int(UInt16.max) { return 4 }
        return 10
    }
}
