/// A key the game reacts to.
public enum Key: Equatable, Sendable {
    case character(Character)
    case left, right, up, down, pageUp, pageDown
    case enter, backspace, escape
    case interrupt  // Ctrl-C, which raw mode delivers as a byte
}

/// Turns terminal input bytes into keys. Pure: it keeps a half-read escape
/// sequence (or UTF-8 character) between calls, so input split anywhere
/// decodes the same as input read whole.
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    public init() {}

    /// True while an escape sequence has begun but not ended: a caller that
    /// sees no more input shortly after should call `flush()` (a lone ESC key).
    public var isWaiting: Bool { !pending.isEmpty }

    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [Key] where Bytes.Element == UInt8 {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        while let (key, length) = decodeFirst() {
            pending.removeFirst(length)
            if let key { keys.append(key) }
        }
        return keys
    }

    /// Gives up on a half-read sequence: a lone ESC is the Escape key.
    public mutating func flush() -> [Key] {
        defer { pending.removeAll() }
        return pending.first == 0x1B ? [.escape] : []
    }

    /// The first key in `pending` and how many bytes it took; nil if incomplete.
    /// A nil key with a length means bytes to skip (an unknown sequence).
    private func decodeFirst() -> (Key?, Int)? {
        guard let first = pending.first else { return nil }
        switch first {
        case 0x1B: return decodeEscape()
        case 0x03: return (.interrupt, 1)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x00..<0x20: return (nil, 1)
        default: return decodeUTF8()
        }
    }

    private func decodeEscape() -> (Key?, Int)? {
        guard pending.count >= 2 else { return nil }
        let introducer = pending[1]
        guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
            return (.escape, 1)  // ESC then an ordinary key
        }
        // CSI: parameters and intermediates (0x20-0x3F), then one final byte (0x40-0x7E).
        var index = 2
        while index < pending.count, (0x20...0x3F).contains(pending[index]) { index += 1 }
        guard index < pending.count else { return nil }
        let final = pending[index]
        let length = index + 1
        switch final {
        case UInt8(ascii: "A"): return (.up, length)
        case UInt8(ascii: "B"): return (.down, length)
        case UInt8(ascii: "C"): return (.right, length)
        case UInt8(ascii: "D"): return (.left, length)
        // ESC [ 5 ~ and ESC [ 6 ~: Page Up and Page Down.
        case UInt8(ascii: "~") where index == 3 && pending[2] == UInt8(ascii: "5"): return (.pageUp, length)
        case UInt8(ascii: "~") where index == 3 && pending[2] == UInt8(ascii: "6"): return (.pageDown, length)
        default: return (nil, length)
        }
    }

    private func decodeUTF8() -> (Key?, Int)? {
        let first = pending[0]
        let length = first < 0x80 ? 1 : first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
        guard pending.count >= length else { return nil }
        guard let text = String(validating: pending[0..<length], as: UTF8.self), let character = text.first else {
            return (nil, 1)
        }
        return (.character(character), length)
    }
}
