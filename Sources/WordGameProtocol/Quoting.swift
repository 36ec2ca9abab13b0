/// The field syntax of server lines: bare tokens separated by one space, and
/// strings in double quotes. Inside quotes, `\"` is a quote, `\\` a backslash,
/// and `\u{HEX}` any control character, so a line never holds a raw control
/// byte and always ends at its LF.
public enum Quoting {
    public static func quote(_ text: String) -> String {
        var out = "\""
        out.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if scalar.properties.generalCategory == .control {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
        return out
    }

    public enum Token: Equatable, Sendable {
        case bare(String)
        case quoted(String)
    }

    public struct SyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Splits a line into tokens. Runs of spaces separate tokens.
    public static func tokenize(_ line: String) throws(SyntaxError) -> [Token] {
        var tokens: [Token] = []
        var scalars = line.unicodeScalars[...]
        while let first = scalars.first {
            if first == " " { scalars.removeFirst(); continue }
            if first == "\"" {
                scalars.removeFirst()
                tokens.append(.quoted(try readQuoted(&scalars)))
            } else {
                let end = scalars.firstIndex(of: " ") ?? scalars.endIndex
                let word = String(scalars[..<end])
                if word.contains("\"") { throw SyntaxError(description: "stray quote in \(word)") }
                tokens.append(.bare(word))
                scalars = scalars[end...]
            }
        }
        return tokens
    }

    /// Reads a quoted string's body after its opening quote, through its closing quote.
    private static func readQuoted(_ scalars: inout Substring.UnicodeScalarView) throws(SyntaxError) -> String {
        var text = String.UnicodeScalarView()
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\"":
                if let next = scalars.first, next != " " {
                    throw SyntaxError(description: "a closing quote must be followed by a space or the end of the line")
                }
                return String(text)
            case "\\":
                guard let escaped = scalars.popFirst() else { break }
                switch escaped {
                case "\"", "\\": text.append(escaped)
                case "u": text.append(try readUnicodeEscape(&scalars))
                default: throw SyntaxError(description: "unknown escape \\\(escaped)")
                }
            default:
                text.append(scalar)
            }
        }
        throw SyntaxError(description: "unterminated quoted string")
    }

    private static func readUnicodeEscape(_ scalars: inout Substring.UnicodeScalarView) throws(SyntaxError) -> Unicode.Scalar {
        guard scalars.popFirst() == "{", let close = scalars.firstIndex(of: "}") else {
            throw SyntaxError(description: "expected \\u{HEX}")
        }
        let hex = String(scalars[..<close])
        scalars = scalars[scalars.index(after: close)...]
        guard hex.count <= 6, let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
            throw SyntaxError(description: "bad escape \\u{\(hex)}")
        }
        return scalar
    }
}
