import WebCodec

/// SplitMix64: a tiny seeded generator so every "random" test is repeatable.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    mutating func bytes(count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &self) }
    }
}

/// Cuts `bytes` into consecutive chunks of random lengths (possibly empty).
func randomChunks(_ bytes: [UInt8], maxChunk: Int, using generator: inout SeededGenerator) -> [ArraySlice<UInt8>] {
    var chunks: [ArraySlice<UInt8>] = []
    var start = 0
    while start < bytes.count {
        let length = Int.random(in: 0...maxChunk, using: &generator)
        let end = min(bytes.count, start + length)
        chunks.append(bytes[start..<end])
        start = end
    }
    return chunks
}

/// Builds a client→server frame: masked unless `masked` is false, minimal
/// length encoding unless `lengthEncoding` forces 16 or 64 bits.
func clientFrame(
    opcode: UInt8,
    payload: [UInt8],
    fin: Bool = true,
    rsv: UInt8 = 0,
    masked: Bool = true,
    maskingKey: [UInt8] = [0x37, 0xFA, 0x21, 0x3D],
    lengthEncoding: Int? = nil
) -> [UInt8] {
    var frame: [UInt8] = [(fin ? 0x80 : 0) | (rsv << 4) | opcode]
    let maskBit: UInt8 = masked ? 0x80 : 0
    let encoding = lengthEncoding ?? (payload.count < 126 ? 7 : payload.count <= 0xFFFF ? 16 : 64)
    switch encoding {
    case 7:
        frame.append(maskBit | UInt8(payload.count))
    case 16:
        frame.append(maskBit | 126)
        frame.append(UInt8(payload.count >> 8))
        frame.append(UInt8(payload.count & 0xFF))
    default:
        frame.append(maskBit | 127)
        for shift in stride(from: 56, through: 0, by: -8) {
            frame.append(UInt8(truncatingIfNeeded: UInt64(payload.count) >> UInt64(shift)))
        }
    }
    if masked {
        frame.append(contentsOf: maskingKey)
        for (index, byte) in payload.enumerated() {
            frame.append(byte ^ maskingKey[index % 4])
        }
    } else {
        frame.append(contentsOf: payload)
    }
    return frame
}

/// Feeds `bytes` to a fresh decoder in one call.
func decodeAll(_ bytes: [UInt8], maxMessageBytes: Int = WebSocketFrameDecoder.defaultMaxMessageBytes) -> [WebSocketEvent] {
    var decoder = WebSocketFrameDecoder(maxMessageBytes: maxMessageBytes)
    return decoder.feed(bytes)
}

/// Feeds `bytes` to a fresh decoder one byte at a time.
func decodeByteByByte(_ bytes: [UInt8], maxMessageBytes: Int = WebSocketFrameDecoder.defaultMaxMessageBytes) -> [WebSocketEvent] {
    var decoder = WebSocketFrameDecoder(maxMessageBytes: maxMessageBytes)
    var events: [WebSocketEvent] = []
    for byte in bytes {
        events += decoder.feed([byte])
    }
    return events
}

/// Feeds `request` to a fresh HTTP parser in one call.
func parseRequest(_ request: String) -> HTTPParseResult {
    var parser = HTTPRequestParser()
    return parser.feed(Array(request.utf8))
}

extension HTTPParseResult {
    var head: HTTPRequestHead? {
        if case .complete(let head, _) = self { return head }
        return nil
    }

    var status: HTTPStatus? {
        if case .invalid(let status, _) = self { return status }
        return nil
    }
}
