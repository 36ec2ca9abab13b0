/// Standard base64 (RFC 4648 §4, alphabet `A–Z a–z 0–9 + /`, `=` padding).
///
/// The encoder produces `Sec-WebSocket-Accept`; the strict decoder only checks
/// that `Sec-WebSocket-Key` is the base64 form of 16 bytes (RFC 6455 §4.1,
/// §4.2.1 item 5). Being strict is safe because every client generates the
/// key by encoding 16 random bytes, which always yields canonical base64.
public enum Base64 {
    private static let alphabet: [UInt8] = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let padding = UInt8(ascii: "=")

    /// Encodes `bytes` as padded standard base64.
    public static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
                | UInt32(bytes[index + 2])
            output.append(alphabet[Int(group >> 18 & 0x3F)])
            output.append(alphabet[Int(group >> 12 & 0x3F)])
            output.append(alphabet[Int(group >> 6 & 0x3F)])
            output.append(alphabet[Int(group & 0x3F)])
            index += 3
        }
        switch bytes.count - index {
        case 1:
            let group = UInt32(bytes[index]) << 16
            output.append(alphabet[Int(group >> 18 & 0x3F)])
            output.append(alphabet[Int(group >> 12 & 0x3F)])
            output.append(padding)
            output.append(padding)
        case 2:
            let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            output.append(alphabet[Int(group >> 18 & 0x3F)])
            output.append(alphabet[Int(group >> 12 & 0x3F)])
            output.append(alphabet[Int(group >> 6 & 0x3F)])
            output.append(padding)
        default:
            break
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes canonical, padded standard base64, or returns nil.
    ///
    /// Rejected: characters outside the alphabet (including whitespace and the
    /// URL-safe `-` `_`), a length that is not a multiple of 4, `=` anywhere but
    /// the last one or two positions, and non-zero bits hidden under the padding
    /// (RFC 4648 §3.5 lets a decoder reject those; a canonical encoder never
    /// sets them).
    public static func decodeStrict(_ text: String) -> [UInt8]? {
        let characters = Array(text.utf8)
        guard characters.count % 4 == 0 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(characters.count / 4 * 3)
        var groupStart = 0
        while groupStart < characters.count {
            let isLastGroup = groupStart + 4 == characters.count
            var paddingCount = 0
            var group: UInt32 = 0
            for offset in 0..<4 {
                let character = characters[groupStart + offset]
                if character == padding {
                    // Padding may only fill positions 2 and 3 of the last group.
                    guard isLastGroup, offset >= 2 else { return nil }
                    paddingCount += 1
                    group <<= 6
                    continue
                }
                guard paddingCount == 0, let sextet = sextetValue(character) else { return nil }
                group = group << 6 | UInt32(sextet)
            }
            switch paddingCount {
            case 0:
                output.append(UInt8(truncatingIfNeeded: group >> 16))
                output.append(UInt8(truncatingIfNeeded: group >> 8))
                output.append(UInt8(truncatingIfNeeded: group))
            case 1:
                guard group & 0xFF == 0 else { return nil }
                output.append(UInt8(truncatingIfNeeded: group >> 16))
                output.append(UInt8(truncatingIfNeeded: group >> 8))
            default:
                guard group & 0xFFFF == 0 else { return nil }
                output.append(UInt8(truncatingIfNeeded: group >> 16))
            }
            groupStart += 4
        }
        return output
    }

    private static func sextetValue(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): return 62
        case UInt8(ascii: "/"): return 63
        default: return nil
        }
    }
}
