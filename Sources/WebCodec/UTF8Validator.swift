/// Incremental UTF-8 validator: feed bytes in any chunking, learn at the first
/// byte that can no longer begin or continue a well-formed sequence.
///
/// RFC 6455 §8.1 requires failing the connection on invalid UTF-8 in text
/// messages, and fragments may split a code point, so the validator carries
/// state between chunks. Failing at the first impossible byte (rather than at
/// the end of the message) is what the Autobahn 6.x "fail fast" cases check.
///
/// Well-formed sequences follow Unicode Table 3-7, which excludes overlong
/// forms, the surrogates U+D800–U+DFFF and anything above U+10FFFF:
///
///     00..7F
///     C2..DF  80..BF
///     E0      A0..BF  80..BF
///     E1..EC  80..BF  80..BF
///     ED      80..9F  80..BF
///     EE..EF  80..BF  80..BF
///     F0      90..BF  80..BF  80..BF
///     F1..F3  80..BF  80..BF  80..BF
///     F4      80..8F  80..BF  80..BF
public struct UTF8Validator: Sendable, Equatable {
    /// Continuation bytes still expected for the current code point.
    private(set) var pendingContinuations: UInt8 = 0
    /// Allowed range of the next continuation byte; narrower than 80..BF only
    /// right after E0, ED, F0 and F4.
    private(set) var nextLowerBound: UInt8 = 0x80
    private var nextUpperBound: UInt8 = 0xBF
    /// Sticky: once invalid, always invalid.
    public private(set) var hasFailed = false

    public init() {}

    /// True when every byte so far was valid and no code point is cut off.
    public var isAtCodePointBoundary: Bool { !hasFailed && pendingContinuations == 0 }

    /// Consumes one byte; returns false once the input is known to be invalid.
    @discardableResult
    public mutating func consume(_ byte: UInt8) -> Bool {
        if hasFailed { return false }
        if pendingContinuations > 0 {
            guard byte >= nextLowerBound && byte <= nextUpperBound else {
                hasFailed = true
                return false
            }
            pendingContinuations -= 1
            nextLowerBound = 0x80
            nextUpperBound = 0xBF
            return true
        }
        switch byte {
        case 0x00...0x7F:
            return true
        case 0xC2...0xDF:
            pendingContinuations = 1
        case 0xE0:
            pendingContinuations = 2
            nextLowerBound = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF:
            pendingContinuations = 2
        case 0xED:
            pendingContinuations = 2
            nextUpperBound = 0x9F
        case 0xF0:
            pendingContinuations = 3
            nextLowerBound = 0x90
        case 0xF1...0xF3:
            pendingContinuations = 3
        case 0xF4:
            pendingContinuations = 3
            nextUpperBound = 0x8F
        default:
            // 80..BF without a lead byte, C0/C1 (always overlong), F5..FF.
            hasFailed = true
            return false
        }
        return true
    }

    /// Consumes a chunk; returns false once the input is known to be invalid.
    @discardableResult
    public mutating func consume(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            // ASCII runs are the common case for game protocol lines.
            if pendingContinuations == 0 && bytes[index] < 0x80 {
                index += 1
                continue
            }
            if !consume(bytes[index]) { return false }
            index += 1
        }
        return !hasFailed
    }

    /// Consumes a chunk; returns false once the input is known to be invalid.
    @discardableResult
    public mutating func consume<Bytes: Sequence>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        for byte in bytes where !consume(byte) {
            return false
        }
        return !hasFailed
    }

    /// Whether `bytes` is, as a whole, well-formed UTF-8.
    public static func isValid<Bytes: Sequence>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        var validator = UTF8Validator()
        return validator.consume(bytes) && validator.isAtCodePointBoundary
    }
}
