import WordGame

/// A word list as a server keeps it: the list, and, for one a host saved over
/// the wire, when and under which key. Our own file format holds both:
///
///     {"wordgame_list": 1, "from": "English", "to": "French", "saved": "2026-03-02T09:41:07Z",
///      "key": "K7PXABCDEFGH", "pairs": [["the cat", "le chat"], …]}
///
/// A file without `"saved"` is the operator's (never written by the server),
/// as is every file of the original format, `[{"text_eng", "text_spa"}]`.
public struct StoredWordList: Sendable {
    public var list: WordList
    /// Nil for the operator's list (`SERVER`); when and with which key a host saved it (`SAVED`).
    public var saved: Saved?

    public struct Saved: Equatable, Sendable {
        /// When it was saved, as ISO 8601 in UTC (`2026-03-02T09:41:07Z`).
        public var date: String
        /// What replaces or deletes it over the wire (`LISTKEY`).
        public var key: String

        public init(date: String, key: String) {
            self.date = date
            self.key = key
        }
    }

    public init(list: WordList, saved: Saved? = nil) {
        self.list = list
        self.saved = saved
    }

    /// The version of our format this code reads and writes.
    public static let formatVersion = 1

    /// The file's bytes in our format: one pair a line, so a person can read it (and `diff` two).
    public var fileBytes: [UInt8] {
        var out = "{\"wordgame_list\": \(Self.formatVersion), \"from\": \(Self.json(list.from)), \"to\": \(Self.json(list.to))"
        if let saved { out += ", \"saved\": \(Self.json(saved.date)), \"key\": \(Self.json(saved.key))" }
        out += ",\n \"pairs\": ["
        for (index, entry) in list.entries.enumerated() {
            out += (index == 0 ? "\n  " : ",\n  ") + "[\(Self.json(entry.english)), \(Self.json(entry.spanish))]"
        }
        out += "\n ]}\n"
        return Array(out.utf8)
    }

    /// A JSON string (RFC 8259): quotes, backslashes and control characters escaped, everything else as it is.
    static func json(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

extension StoredWordList.Saved {
    /// `2026-03-02T09:41:07Z`: a moment as ISO 8601 in UTC, to the second (Howard Hinnant's days-to-civil).
    public static func isoDate(secondsSince1970 seconds: Double) -> String {
        let whole = Int(seconds.rounded(.down))
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let secondOfDay = whole - days * 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(secondOfDay / 3_600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))Z"
    }
}
