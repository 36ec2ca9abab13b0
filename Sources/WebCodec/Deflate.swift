/// A DEFLATE encoder (RFC 1951), for the web port's files: each is
/// compressed once, when the server starts, so it is written for ratio and
/// plainness rather than speed. LZ77 over a 32 KiB window (hash chains, one
/// step of lazy matching), then one block with its own Huffman codes
/// (`HuffmanLengths`). Pure: bytes in, bytes out.
public enum Deflate {
    public static func compress(_ input: [UInt8]) -> [UInt8] {
        let tokens = LZ77.tokens(input)
        var writer = BitWriter()
        BlockWriter.write(tokens, final: true, to: &writer)
        writer.flush()
        return writer.bytes
    }
}

/// A literal byte or a match (`length` 3–258 bytes, `distance` 1–32,768 back).
struct LZ77Token: Equatable {
    var length: Int
    var value: Int  // the byte for a literal, the distance for a match

    static func literal(_ byte: UInt8) -> LZ77Token { LZ77Token(length: 0, value: Int(byte)) }
    static func match(length: Int, distance: Int) -> LZ77Token { LZ77Token(length: length, value: distance) }
    var isLiteral: Bool { length == 0 }
}

enum LZ77 {
    static let window = 32_768
    static let minimumMatch = 3
    static let maximumMatch = 258
    /// How many earlier places with the same three bytes are tried: plenty for files of tens of kilobytes.
    static let chainLimit = 512
    private static let hashBits = 15

    static func tokens(_ input: [UInt8]) -> [LZ77Token] {
        var tokens: [LZ77Token] = []
        tokens.reserveCapacity(input.count / 2)
        var head = [Int](repeating: -1, count: 1 << hashBits)
        var previous = [Int](repeating: -1, count: window)
        func hash(_ at: Int) -> Int {
            (Int(input[at]) << 10 ^ Int(input[at + 1]) << 5 ^ Int(input[at + 2])) & ((1 << hashBits) - 1)
        }
        func insert(_ at: Int) {
            guard at + minimumMatch <= input.count else { return }
            let h = hash(at)
            previous[at % window] = head[h]
            head[h] = at
        }
        /// The longest earlier match for the bytes at `at` (inserted already), as (length, distance).
        func longest(_ at: Int) -> (length: Int, distance: Int) {
            guard at + minimumMatch <= input.count else { return (0, 0) }
            var best = (length: 0, distance: 0)
            var candidate = previous[at % window]
            var tries = chainLimit
            let limit = min(maximumMatch, input.count - at)
            while candidate >= 0, at - candidate <= window, tries > 0 {
                tries -= 1
                if input[candidate + best.length] == input[at + best.length] {
                    var length = 0
                    while length < limit && input[candidate + length] == input[at + length] { length += 1 }
                    if length > best.length {
                        best = (length, at - candidate)
                        if length == limit { break }
                    }
                }
                let earlier = previous[candidate % window]
                guard earlier < candidate else { break }  // the slot was reused by a later place
                candidate = earlier
            }
            return best.length >= minimumMatch ? best : (0, 0)
        }
        var at = 0
        if input.count >= minimumMatch { insert(0) }
        var pending = longest(0)
        while at < input.count {
            let match = pending
            if match.length >= minimumMatch {
                // One step of lazy matching: a longer match one byte on is worth a literal first.
                insert(at + 1)
                let next = at + 1 < input.count ? longest(at + 1) : (length: 0, distance: 0)
                if next.length > match.length {
                    tokens.append(.literal(input[at]))
                    at += 1
                    pending = next
                    continue
                }
                tokens.append(.match(length: match.length, distance: match.distance))
                for place in (at + 2)..<(at + match.length) { insert(place) }
                at += match.length
                insert(at)
            } else {
                tokens.append(.literal(input[at]))
                at += 1
                insert(at)
            }
            pending = at < input.count ? longest(at) : (length: 0, distance: 0)
        }
        return tokens
    }
}

/// Bits, least significant first, into bytes (RFC 1951 §3.1.1).
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count = 0

    mutating func write(_ value: UInt32, bits: Int) {
        guard bits > 0 else { return }
        buffer |= UInt64(value & ((1 << UInt32(bits)) - 1)) << UInt64(count)
        count += bits
        while count >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count -= 8
        }
    }

    /// The last partial byte, its unused high bits zero.
    mutating func flush() {
        if count > 0 { bytes.append(UInt8(truncatingIfNeeded: buffer)) }
        buffer = 0
        count = 0
    }
}
