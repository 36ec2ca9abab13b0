import TextColumns

/// One screenful: rows of exactly `columns` terminal columns, plus style
/// spans in columns. Tests read `rows`; the terminal gets `ansi(color:)`.
///
/// Text is laid out in columns, one grapheme cluster at a time: 漢 and 🍎
/// take two cells (the second a continuation), an accent stays on its
/// letter, and 👨‍👩‍👧 is one cluster. Nothing is ever left half drawn:
/// writing over either half of a wide cluster blanks its other half, and a
/// wide cluster cut by an edge of the frame becomes a space.
public struct Frame: Equatable, Sendable {
    public enum Style: Equatable, Sendable {
        case bold, reverse, dim, green, red, yellow, cyan
        /// Bright white on black, whatever the terminal's own colours: a QR
        /// code drawn in it scans on a light theme as on a dark one.
        case paper

        var sgr: String {
            switch self {
            case .bold: return "1"
            case .reverse: return "7"
            case .dim: return "2"
            case .green: return "32"
            case .red: return "31"
            case .yellow: return "33"
            case .cyan: return "36"
            case .paper: return "97;40"
            }
        }

        var isColour: Bool { ![.bold, .reverse, .dim].contains(self) }
    }

    struct Span: Equatable, Sendable {
        var row: Int
        var column: Int
        var length: Int
        var styles: [Style]
    }

    public let columns: Int
    /// Each row's clusters, as a terminal draws them: exactly `columns`
    /// columns wide (`columnWidth`), which is not `count` once a row holds
    /// a wide or a combined character.
    /// The rows as text, for tests and for renderers that look at what is
    /// drawn: made when asked, so drawing 30 frames a second never builds them.
    public var rows: [String] { grid.map { String($0.compactMap(\.character)) } }
    private var grid: [[FrameCell]]
    private(set) var spans: [Span] = []

    public init(columns: Int, rows: Int) {
        self.columns = columns
        grid = Array(repeating: Array(repeating: .space, count: columns), count: rows)
    }

    public var height: Int { grid.count }

    /// The frame for a window smaller than a screen needs: what it needs and how to leave.
    static func tooSmall(columns: Int, rows: Int, minimum: (columns: Int, rows: Int)) -> Frame {
        var frame = Frame(columns: max(1, columns), rows: max(1, rows))
        frame.centre("Window too small", row: rows / 2 - 1, .bold)
        let sizes = "need \(minimum.columns)×\(minimum.rows), have \(columns)×\(rows)"
        frame.centre(sizes.columnWidth <= columns ? sizes : "\(columns)×\(rows) < \(minimum.columns)×\(minimum.rows)", row: rows / 2)
        frame.centre("q quits", row: rows / 2 + 1)
        return frame
    }

    /// How many columns from the left of `row` are still blank.
    func blankColumns(leftOf row: Int) -> Int {
        grid.indices.contains(row) ? grid[row].prefix { $0 == .space }.count : 0
    }

    /// Writes `text` from `column` on, clipped to the frame.
    public mutating func put(_ text: String, row: Int, column: Int, _ styles: Style...) {
        put(text, row: row, column: column, styles: styles)
    }

    /// `text` centred between `left` and `left + width` columns (cut if longer).
    public mutating func centre(_ text: String, row: Int, left: Int = 0, width: Int? = nil, _ styles: Style...) {
        let width = width ?? columns
        let fitted = ScreenText.fit(text, width)
        put(fitted, row: row, column: left + (width - fitted.columnWidth) / 2, styles: styles)
    }

    /// `text` ending at the right edge (minus `margin` columns).
    public mutating func right(_ text: String, row: Int, margin: Int = 1, _ styles: Style...) {
        let fitted = ScreenText.fit(text, columns - margin)
        put(fitted, row: row, column: columns - margin - fitted.columnWidth, styles: styles)
    }

    /// Writes `text` cluster by cluster from `column` on; the styles go on the columns written.
    mutating func put(_ text: String, row: Int, column: Int, styles: [Style]) {
        guard grid.indices.contains(row), column < columns else { return }
        var x = column
        var written: Range<Int>?
        for character in text {
            guard x < columns else { break }
            let width = character.columnWidth
            // Marks or invisible characters with nothing to sit on would join
            // whatever the cell beside them holds: they are left out.
            guard width > 0 else { continue }
            let start = x
            x += width
            guard x > 0 else { continue }
            if start >= 0 && x <= columns {
                place(character, width: width, row: row, column: start)
            } else {
                place(" ", width: 1, row: row, column: max(0, start))  // a wide cluster cut by an edge
            }
            written = (written?.lowerBound ?? max(0, start))..<min(columns, x)
        }
        if let written, !styles.isEmpty {
            spans.append(Span(row: row, column: written.lowerBound, length: written.count, styles: styles))
        }
    }

    /// One cluster into the grid at `column`, every cell left whole: the
    /// newest text wins over the half of a wide cluster it covers, and over
    /// a neighbour it would join (see `Character.joins`).
    private mutating func place(_ character: Character, width: Int, row: Int, column: Int) {
        // A cluster that joins even a space (it begins with a mark, or ends
        // in a prepended one) cannot stand in a cell of its own.
        if character.joins(" ") || Character(" ").joins(character) {
            place("\u{FFFD}", width: 1, row: row, column: column)
            if width == 2 { place(" ", width: 1, row: row, column: column + 1) }
            return
        }
        let end = column + width
        if column > 0 && grid[row][column] == .continuation { grid[row][column - 1] = .space }
        if end < columns && grid[row][end] == .continuation { grid[row][end] = .space }
        grid[row][column] = .cluster(character, width: width)
        if width == 2 { grid[row][column + 1] = .continuation }
        if column > 0 {
            let left = grid[row][column - 1] == .continuation ? column - 2 : column - 1
            if grid[row][left].character?.joins(character) == true { blank(row, left) }
        }
        if end < columns, let next = grid[row][end].character, character.joins(next) { blank(row, end) }
    }

    /// The cluster starting at `column` replaced by spaces.
    private mutating func blank(_ row: Int, _ column: Int) {
        for x in column..<(column + grid[row][column].width) { grid[row][x] = .space }
    }

    /// The frame as terminal output: cursor home, each row drawn and its
    /// remainder cleared, written by the caller in a single write.
    /// Each row starts at its own cursor position, not after the previous
    /// one: a row some terminal draws wider than measured cannot move the
    /// rows below it (the loop also turns off wrapping at the edge).
    public func ansi(color: Bool) -> String {
        var out = ""
        for (index, row) in grid.enumerated() {
            out += "\u{1B}[\(index + 1);1H"
            out += styledRow(index, row, color: color)
            // Every cell of the row is written, so nothing is left to erase: with
            // wrapping off the cursor stays on the last column, and an erase
            // there would take a last character with it. A row ending in a
            // blank still clears what a wider terminal holds beyond it.
            out += row.last == .space ? "\u{1B}[0m\u{1B}[K" : "\u{1B}[0m"
        }
        return out
    }

    private func styledRow(_ index: Int, _ row: [FrameCell], color: Bool) -> String {
        // The styles of each column: later spans add to earlier ones.
        var styles = Array(repeating: [Style](), count: row.count)
        for span in spans where span.row == index {
            let kept = span.styles.filter { color || !$0.isColour }
            for x in max(0, span.column)..<min(row.count, span.column + span.length) { styles[x] += kept }
        }
        var out = ""
        var current: [Style] = []
        // Each cluster once: after a wide one the terminal's cursor is already past its continuation.
        for (x, cell) in row.enumerated() {
            guard let character = cell.character else { continue }
            if styles[x] != current {
                out += "\u{1B}[0m"
                if !styles[x].isEmpty { out += "\u{1B}[" + styles[x].map(\.sgr).joined(separator: ";") + "m" }
                current = styles[x]
            }
            out.append(character)
        }
        return out
    }
}
