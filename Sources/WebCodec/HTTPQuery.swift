/// One decoded `name=value` pair from a query string.
public struct HTTPQueryItem: Sendable, Equatable {
    public let name: String
    public let value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// Why a query string was refused.
public enum HTTPQueryError: Error, Sendable, Equatable {
    /// `%` not followed by two hex digits (RFC 3986 §2.1).
    case badPercentEscape
    /// The decoded bytes are not UTF-8.
    case notUTF8
    /// A decoded control character (U+0000–U+001F, U+007F) — never wanted in
    /// a room or player name, and a classic log-injection vector.
    case controlCharacter
    /// More than `HTTPRequestLimits.maxQueryItems` items.
    case tooManyItems
    /// A decoded name or value longer than `HTTPRequestLimits.maxQueryComponentBytes`.
    case componentTooLong
}

/// Decoding of `application/x-www-form-urlencoded`-style query strings, the
/// form browsers produce for `URLSearchParams` and HTML forms: items separated
/// by `&`, `name=value` (a missing `=` means an empty value), `+` is a space,
/// `%XX` is a byte, and the bytes are UTF-8. Unlike the WHATWG parser, which
/// passes bad escapes through literally, this one rejects them, so that two
/// components never disagree about what a name means.
enum HTTPQuery {
    static func decodeItems(_ query: Substring) throws(HTTPQueryError) -> [HTTPQueryItem] {
        var items: [HTTPQueryItem] = []
        let bytes = Array(query.utf8)
        var itemStart = 0
        while itemStart <= bytes.count {
            var itemEnd = itemStart
            while itemEnd < bytes.count && bytes[itemEnd] != UInt8(ascii: "&") {
                itemEnd += 1
            }
            if itemEnd > itemStart {
                guard items.count < HTTPRequestLimits.maxQueryItems else { throw .tooManyItems }
                let item = bytes[itemStart..<itemEnd]
                let equals = item.firstIndex(of: UInt8(ascii: "=")) ?? itemEnd
                let name = try decodeComponent(item[itemStart..<equals])
                let value = equals < itemEnd ? try decodeComponent(item[(equals + 1)..<itemEnd]) : ""
                items.append(HTTPQueryItem(name: name, value: value))
            }
            itemStart = itemEnd + 1
        }
        return items
    }

    private static func decodeComponent(_ encoded: ArraySlice<UInt8>) throws(HTTPQueryError) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(min(encoded.count, HTTPRequestLimits.maxQueryComponentBytes))
        var index = encoded.startIndex
        while index < encoded.endIndex {
            let byte = encoded[index]
            let decodedByte: UInt8
            if byte == UInt8(ascii: "%") {
                guard index + 2 < encoded.endIndex,
                      let high = hexValue(encoded[index + 1]),
                      let low = hexValue(encoded[index + 2])
                else { throw .badPercentEscape }
                decodedByte = high << 4 | low
                index += 3
            } else if byte == UInt8(ascii: "+") {
                decodedByte = UInt8(ascii: " ")
                index += 1
            } else {
                decodedByte = byte
                index += 1
            }
            guard decoded.count < HTTPRequestLimits.maxQueryComponentBytes else {
                throw .componentTooLong
            }
            guard !(decodedByte < 0x20 || decodedByte == 0x7F) else { throw .controlCharacter }
            decoded.append(decodedByte)
        }
        guard UTF8Validator.isValid(decoded) else { throw .notUTF8 }
        return String(decoding: decoded, as: UTF8.self)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
