/// Comma-separated values that Excel and LibreOffice open as they are:
/// RFC 4180 (fields quoted when they hold a comma, a quote or a line end;
/// quotes doubled; CR LF between records), UTF-8 with a byte-order mark so
/// that accents survive, and text cells defused against formula injection.
public enum CSV {
    public static let byteOrderMark = "\u{FEFF}"

    public enum Cell: Equatable, Sendable {
        /// Text someone chose (a name, a word): defused, then quoted as needed.
        case text(String)
        case number(Int64)
        case empty
    }

    /// A whole file: the byte-order mark, the header, the rows. Written into
    /// one string: a big game's file has a row per player per pair.
    public static func file(header: [String], rows: [[Cell]]) -> String {
        var out = byteOrderMark
        append(header.map(Cell.text), to: &out)
        for row in rows { append(row, to: &out) }
        return out
    }

    /// One record and its CR LF.
    public static func record(_ cells: [Cell]) -> String {
        var out = ""
        append(cells, to: &out)
        return out
    }

    static func append(_ cells: [Cell], to out: inout String) {
        for (index, cell) in cells.enumerated() {
            if index > 0 { out += "," }
            switch cell {
            case .number(let value): out += String(value)
            case .empty: break
            case .text(let text): out += quoted(defused(text))
            }
        }
        out += "\r\n"
    }

    /// A cell that starts with `=`, `+`, `-`, `@`, a tab or a CR is read as a
    /// formula by spreadsheets; a leading `'` keeps it text (OWASP, "CSV Injection").
    public static func defused(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return text }
        return "'" + text
    }

    static func quoted(_ text: String) -> String {
        // By byte and by scalar, not by character: a comma or a quote that a
        // combining mark follows is still one to a reader splitting fields.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0D || $0 == 0x0A }) else {
            return text
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            if scalar == "\"" { out.unicodeScalars.append(scalar) }
            out.unicodeScalars.append(scalar)
        }
        out += "\""
        return out
    }

    /// Parses RFC 4180 text back into records (the tests read every file written this way):
    /// a leading byte-order mark is skipped.
    public static func parse(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var inQuotes = false
        var scalars = text.unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var iterator = scalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func next() -> Unicode.Scalar? {
            if let scalar = pending { pending = nil; return scalar }
            return iterator.next()
        }
        while let scalar = next() {
            if inQuotes {
                if scalar == "\"" {
                    let following = next()
                    if following == "\"" { field.unicodeScalars.append("\"") } else { inQuotes = false; pending = following }
                } else {
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"": inQuotes = true
            case ",":
                record.append(field)
                field = ""
            case "\r":
                let following = next()
                if following != "\n" { pending = following }
                record.append(field)
                records.append(record)
                record = []
                field = ""
            case "\n":
                record.append(field)
                records.append(record)
                record = []
                field = ""
            default: field.unicodeScalars.append(scalar)
            }
        }
        if !field.isEmpty || !record.isEmpty {
            record.append(field)
            records.append(record)
        }
        return records
    }
}
