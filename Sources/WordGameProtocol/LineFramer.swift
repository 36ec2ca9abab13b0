/// Splits a byte stream into lines, the way a person typing into `nc` expects.
///
/// - A line ends at LF, CR LF or a lone CR (a CR LF pair is one line end,
///   even when the LF arrives in a later read).
/// - Backspace (0x08) and DEL (0x7F), as typed in a raw terminal, erase the
///   previous character of the line being typed.
/// - A line longer than `maxLineBytes` is reported once, as soon as it is
///   too long, and the rest of it is discarded up to its end: memory stays
///   bounded whatever a peer sends.
/// - A line that is not UTF-8 is reported, not passed on.
/// - `discardedByteCount` says how much of a too-long line has been thrown
///   away, so the server can give up on a peer that never ends it.
///
/// No sockets here: feed it bytes, get lines. Tests feed it one byte at a time.
public struct LineFramer: Sendable {
    public enum Frame: Equatable, Sendable {
        case line(String)
        case tooLong
        case invalidUTF8
    }

    public static let defaultMaxLineBytes = 512

    public let maxLineBytes: Int
    private var pending: [UInt8] = []
    private var discarding = false
    /// Bytes thrown away from the too-long line being discarded.
    public private(set) var discardedByteCount = 0
    private var afterCR = false

    public init(maxLineBytes: Int = LineFramer.defaultMaxLineBytes) {
        self.maxLineBytes = maxLineBytes
    }

    /// Feeds bytes; returns the frames they complete, in order.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [Frame] where Bytes.Element == UInt8 {
        feedEachByte(bytes)
    }

    /// Feeds what the server reads a line at a time. A whole line (its end
    /// last, no other line end, nothing to erase) after a finished one, as
    /// programs and most people send, is made a string at once instead of
    /// byte by byte; anything else takes the general path.
    public mutating func feed(_ bytes: ArraySlice<UInt8>) -> [Frame] {
        if pending.isEmpty, !discarding, let end = bytes.last, end == 0x0A || end == 0x0D,
           !(afterCR && bytes.first == 0x0A) {
            let body = bytes.dropLast()
            if body.count <= maxLineBytes, !body.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0x08 || $0 == 0x7F }) {
                afterCR = end == 0x0D
                guard let text = String(validating: body, as: UTF8.self) else { return [.invalidUTF8] }
                return [.line(text)]
            }
        }
        return feedEachByte(bytes)
    }

    private mutating func feedEachByte<Bytes: Sequence>(_ bytes: Bytes) -> [Frame] where Bytes.Element == UInt8 {
        var frames: [Frame] = []
        for byte in bytes {
            let wasAfterCR = afterCR
            afterCR = false
            switch byte {
            case 0x0A where wasAfterCR:
                continue  // the LF of a CR LF pair
            case 0x0A, 0x0D:
                afterCR = byte == 0x0D
                if let frame = endLine() { frames.append(frame) }
            case 0x08, 0x7F:
                if !discarding { eraseLastCharacter() }
            default:
                guard !discarding else {
                    discardedByteCount += 1
                    continue
                }
                if pending.count == maxLineBytes {
                    discarding = true
                    pending.removeAll(keepingCapacity: true)
                    frames.append(.tooLong)
                } else {
                    pending.append(byte)
                }
            }
        }
        return frames
    }

    /// Bytes held for an unfinished line.
    public var bufferedByteCount: Int { pending.count }

    private mutating func endLine() -> Frame? {
        // Nothing is kept between lines: a server holds a framer for each of
        // thousands of connections, most of them idle.
        defer { pending = [] }
        if discarding {
            discarding = false
            discardedByteCount = 0
            return nil  // already reported when it became too long
        }
        guard let text = String(validating: pending, as: UTF8.self) else { return .invalidUTF8 }
        return .line(text)
    }

    /// Drops the last UTF-8 encoded character: its continuation bytes, then its lead byte.
    private mutating func eraseLastCharacter() {
        while let last = pending.last, last & 0xC0 == 0x80 { pending.removeLast() }
        if !pending.isEmpty { pending.removeLast() }
    }
}
