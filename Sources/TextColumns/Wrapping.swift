extension Columns {
    /// `text` in lines of at most `width` columns, broken at spaces. A word
    /// longer than a line is broken between clusters; `\n` always breaks.
    /// Runs of spaces become one, and a line break takes the place of the
    /// space it falls on: every other cluster is kept, in order. A cluster
    /// wider than the whole line (a 2-column one when `width` is 1) is kept
    /// on a line of its own rather than dropped.
    public static func wrap(_ text: String, _ width: Int) -> [String] {
        let width = max(1, width)
        // Split on scalars, not Characters: "\r\n" is one Character, and so is a space with
        // the combining accent after it, which would hide that space from a Character split.
        return text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph in
            wrapLine(paragraph, width)
        }
    }

    private static func wrapLine(_ paragraph: Substring.UnicodeScalarView, _ width: Int) -> [String] {
        var lines: [String] = []
        var line = "", lineWidth = 0
        for piece in paragraph.split(separator: " ") {
            var word = String(piece), wordWidth = word.columnWidth
            if !line.isEmpty && lineWidth + 1 + wordWidth <= width {
                line += " " + word
                lineWidth += 1 + wordWidth
                continue
            }
            if !line.isEmpty { lines.append(line) }
            while wordWidth > width {
                var head = prefix(word, width)
                if head.isEmpty, let first = word.first { head = String(first) }
                lines.append(head)
                word = String(word.dropFirst(head.count))
                wordWidth = word.columnWidth
            }
            line = word
            lineWidth = wordWidth
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
