/// Byte classes from the HTTP grammar (RFC 9110 §5.6, RFC 9112, RFC 3986),
/// shared by the request parser, the query decoder and the handshake.
enum HTTPSyntax {
    static let space = UInt8(ascii: " ")
    static let horizontalTab = UInt8(ascii: "\t")
    static let carriageReturn = UInt8(ascii: "\r")
    static let lineFeed = UInt8(ascii: "\n")
    static let colon = UInt8(ascii: ":")

    /// tchar (RFC 9110 §5.6.2): the characters of a token such as a method or
    /// a field name.
    static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"),
             UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
             UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    static func isToken<Bytes: Collection>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        !bytes.isEmpty && bytes.allSatisfy(isTokenCharacter)
    }

    /// Characters allowed in an origin-form request-target (RFC 9112 §3.2.1,
    /// RFC 3986 §3.3 and §3.4): pchar, "/", "?", with "%" for escapes.
    /// Everything else, notably space, controls, non-ASCII, `#`, `"`, `<`,
    /// `>`, `\`, `^`, `` ` ``, `{`, `|`, `}`, is refused.
    static func isRequestTargetCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),  // unreserved
             UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),  // sub-delims
             UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
             UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="),
             UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "/"), UInt8(ascii: "?"),
             UInt8(ascii: "%"):
            return true
        default:
            return false
        }
    }

    /// Bytes that may not appear in a field value: controls other than HTAB,
    /// and DEL (RFC 9110 §5.5; NUL in particular must never be passed on).
    static func isForbiddenInFieldValue(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != horizontalTab) || byte == 0x7F
    }

    static func isOptionalWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == horizontalTab
    }

    static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) ? byte + 0x20 : byte
    }

    /// Case-insensitive comparison for ASCII tokens such as field names.
    static func equalsIgnoringASCIICase(_ left: String, _ right: String) -> Bool {
        let leftBytes = left.utf8
        let rightBytes = right.utf8
        guard leftBytes.count == rightBytes.count else { return false }
        return zip(leftBytes, rightBytes).allSatisfy { asciiLowercased($0) == asciiLowercased($1) }
    }

    /// Removes leading and trailing SP / HTAB. Works on UTF-8 bytes so that a
    /// space followed by a combining mark is still recognised as a space.
    static func trimOptionalWhitespace(_ text: Substring) -> Substring {
        let bytes = text.utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, isOptionalWhitespace(bytes[start]) {
            start = bytes.index(after: start)
        }
        while end > start, isOptionalWhitespace(bytes[bytes.index(before: end)]) {
            end = bytes.index(before: end)
        }
        return Substring(bytes[start..<end])
    }

    /// Splits a comma-separated list (RFC 9110 §5.6.1) across all given field
    /// values, trimming whitespace and dropping empty elements, as recipients
    /// must accept `a, , b`. Splits on the comma byte, not on Characters.
    static func listElements(_ values: [String]) -> [Substring] {
        var elements: [Substring] = []
        for value in values {
            let bytes = value.utf8
            var elementStart = bytes.startIndex
            var index = bytes.startIndex
            while true {
                let atEnd = index == bytes.endIndex
                if atEnd || bytes[index] == UInt8(ascii: ",") {
                    let trimmed = trimOptionalWhitespace(Substring(bytes[elementStart..<index]))
                    if !trimmed.isEmpty { elements.append(trimmed) }
                    if atEnd { break }
                    elementStart = bytes.index(after: index)
                }
                index = bytes.index(after: index)
            }
        }
        return elements
    }
}
