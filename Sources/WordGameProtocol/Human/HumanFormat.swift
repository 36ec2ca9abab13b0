import TextColumns

/// The small pieces human lines are made of: times, places, counts, lists,
/// and the one escape they keep. Pure.
enum HumanFormat {
    /// "5 s", "4.2 s": whole seconds plainly, otherwise tenths, rounded down
    /// (a time left is never overstated). `tenths`: always one decimal, for
    /// answer times that line up in a table ("1.0 s" above "12.4 s").
    static func seconds<N: BinaryInteger>(_ milliseconds: N, tenths: Bool = false) -> String {
        let ms = Int64(milliseconds)
        if ms % 1_000 == 0 && !tenths { return "\(ms / 1_000) s" }
        return "\(ms / 1_000).\(ms % 1_000 / 100) s"
    }

    /// "1st", "2nd", "3rd", "4th", "11th", "21st".
    static func ordinal(_ n: Int) -> String {
        let suffix: String
        switch (n % 10, n % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(n)\(suffix)"
    }

    /// "1 player", "2 players".
    static func count(_ n: Int, _ thing: String) -> String { "\(n) \(thing)\(n == 1 ? "" : "s")" }

    /// "3 right, 1 wrong": the counters every score line shows.
    static func score(correct: Int, wrong: Int) -> String { "\(correct) right, \(wrong) wrong" }

    /// "Ana", "Ana and Bo", "Ana, Bo and Cy", and with `more` unnamed: "Ana, Bo and 18 more".
    static func list(_ names: [String], more: Int = 0) -> String {
        let items = more > 0 ? names + ["\(more) more"] : names
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " and " + last
    }

    /// Names joined by commas, in lines of at most `width` columns, each indented two spaces.
    static func wrapped(_ names: [String], width: Int = 78) -> [String] {
        var lines: [String] = []
        var current = ""
        for (index, name) in names.enumerated() {
            let item = name + (index == names.count - 1 ? "" : ",")
            if !current.isEmpty && current.columnWidth + 1 + item.columnWidth > width - 2 {
                lines.append("  " + current)
                current = item
            } else {
                current += (current.isEmpty ? "" : " ") + item
            }
        }
        if !current.isEmpty { lines.append("  " + current) }
        return lines
    }

    /// `text` followed by spaces up to `width` terminal columns (names in a table line up,
    /// wide East Asian letters and emoji included); never cut.
    static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.columnWidth))
    }

    /// The server never sends a raw control character, in either mode: a
    /// name or word holding one (ESC, a tab) shows it as `\u{1B}`, as a
    /// quoted string does on the wire. Nothing else is escaped: people read these.
    static func escapingControls(_ line: String) -> String {
        guard line.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }) else { return line }  // C1 controls start with 0xC2
        var out = ""
        out.unicodeScalars.reserveCapacity(line.unicodeScalars.count)
        for scalar in line.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
