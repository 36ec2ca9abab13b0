// One server line, split as Protocol.md §2 says: the keyword, then fields,
// bare tokens as they are and strings unquoted (\" \\ \u{HEX} undone). The
// bench has no package dependencies, so it reads the wire on its own.

struct SoakLine {
    let keyword: Substring
    let fields: [String]

    /// The first word only: most lines a bot gets (TOP, PROGRESS, ROOM…) need no more.
    static func keyword(of line: String) -> Substring { line.prefix { $0 != " " } }

    /// Nil when a string is not closed: a line the bot does not understand.
    init?(_ line: String) {
        keyword = Self.keyword(of: line)
        var fields: [String] = []
        var scalars: Substring.UnicodeScalarView = line.unicodeScalars.dropFirst(keyword.unicodeScalars.count)
        while let first = scalars.first {
            if first == " " { scalars.removeFirst(); continue }
            if first == "\"" {
                scalars.removeFirst()
                guard let text = Self.readString(&scalars) else { return nil }
                fields.append(text)
            } else {
                let word = scalars.prefix { $0 != " " }
                fields.append(String(Substring(word)))
                scalars.removeFirst(word.count)
            }
        }
        self.fields = fields
    }

    /// Reads up to the closing quote, which it consumes.
    private static func readString(_ scalars: inout Substring.UnicodeScalarView) -> String? {
        var text = String.UnicodeScalarView()
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\"": return String(text)
            case "\\":
                guard let next = scalars.popFirst() else { return nil }
                if next == "u" {
                    guard scalars.popFirst() == "{" else { return nil }
                    let hex = scalars.prefix { $0 != "}" }
                    scalars.removeFirst(hex.count)
                    guard scalars.popFirst() == "}", let value = UInt32(String(Substring(hex)), radix: 16),
                          let decoded = Unicode.Scalar(value) else { return nil }
                    text.append(decoded)
                } else {
                    text.append(next)
                }
            default: text.append(scalar)
            }
        }
        return nil
    }

    func int(_ index: Int) -> Int? { index < fields.count ? Int(fields[index]) : nil }
    func string(_ index: Int) -> String? { index < fields.count ? fields[index] : nil }
}
