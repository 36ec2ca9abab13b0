/// One attempt at reading a reply from a buffer: nil when the buffer ends
/// first, a protocol error when the bytes cannot be a RESP2 reply within the limits.
struct ReplyReader {
    let bytes: [UInt8]
    var position: Int
    let limits: RedisWireLimits

    static let cr: UInt8 = 0x0D, lf: UInt8 = 0x0A

    mutating func value(depth: Int) throws(RedisProtocolError) -> RedisValue? {
        guard position < bytes.count else { return nil }
        let type = bytes[position]
        let lineStart = position + 1
        guard let lineEnd = try lineEnd(from: lineStart) else { return nil }
        let line = bytes[lineStart..<lineEnd]
        let afterLine = lineEnd + 2
        switch type {
        case UInt8(ascii: "+"):
            position = afterLine
            return .simple(String(decoding: line, as: UTF8.self))
        case UInt8(ascii: "-"):
            position = afterLine
            return .error(String(decoding: line, as: UTF8.self))
        case UInt8(ascii: ":"):
            guard let number = Self.integer(line) else { throw RedisProtocolError("integer reply is not a 64-bit integer") }
            position = afterLine
            return .integer(number)
        case UInt8(ascii: "$"):
            let length = try Self.length(line, kind: "bulk string", limit: limits.maxBulkBytes)
            guard let length else {
                position = afterLine
                return .bulk(nil)
            }
            // The limit keeps afterLine + length + 2 far from overflow.
            guard bytes.count >= afterLine + length + 2 else { return nil }
            guard bytes[afterLine + length] == Self.cr, bytes[afterLine + length + 1] == Self.lf else {
                throw RedisProtocolError("bulk string not followed by CRLF")
            }
            position = afterLine + length + 2
            return .bulk(Array(bytes[afterLine..<(afterLine + length)]))
        case UInt8(ascii: "*"):
            let count = try Self.length(line, kind: "array", limit: limits.maxArrayElements)
            guard let count else {
                position = afterLine
                return .array(nil)
            }
            guard depth < limits.maxDepth else { throw RedisProtocolError("arrays nested deeper than \(limits.maxDepth)") }
            position = afterLine
            var elements: [RedisValue] = []
            elements.reserveCapacity(count)
            for _ in 0..<count {
                guard let element = try value(depth: depth + 1) else { return nil }
                elements.append(element)
            }
            return .array(elements)
        default:
            throw RedisProtocolError("unknown reply type byte \(type)")
        }
    }

    /// Where the CR of the line starting at `from` is; nil if the buffer ends first.
    private func lineEnd(from: Int) throws(RedisProtocolError) -> Int? {
        let scanEnd = min(bytes.count, from + limits.maxLineBytes + 1)
        var index = from
        while index < scanEnd {
            if bytes[index] == Self.cr {
                guard index + 1 < bytes.count else { return nil }
                guard bytes[index + 1] == Self.lf else { throw RedisProtocolError("CR not followed by LF") }
                return index
            }
            if bytes[index] == Self.lf { throw RedisProtocolError("LF without CR") }
            index += 1
        }
        if scanEnd - from > limits.maxLineBytes { throw RedisProtocolError("line longer than \(limits.maxLineBytes) bytes") }
        return nil
    }

    /// A bulk string's or array's declared length: nil for -1 (null), refused below -1 or above `limit`.
    private static func length(_ line: ArraySlice<UInt8>, kind: String, limit: Int) throws(RedisProtocolError) -> Int? {
        guard let number = integer(line) else { throw RedisProtocolError("\(kind) length is not an integer") }
        if number == -1 { return nil }
        guard number >= 0 else { throw RedisProtocolError("\(kind) length \(number) is negative") }
        guard number <= Int64(limit) else { throw RedisProtocolError("\(kind) length \(number) is over the limit of \(limit)") }
        return Int(number)
    }

    /// An optional minus and 1 to 19 decimal digits, within Int64: nothing else (no plus, no spaces).
    static func integer(_ line: ArraySlice<UInt8>) -> Int64? {
        var digits = line[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 19 else { return nil }
        var magnitude: UInt64 = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            magnitude = magnitude * 10 + UInt64(byte - UInt8(ascii: "0"))  // 19 digits fit in UInt64
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { return nil }
        return Int64(magnitude)
    }
}
