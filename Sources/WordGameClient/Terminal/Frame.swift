/// One screenful: plain rows of exactly `columns` characters, plus style
/// spans. Tests read `rows`; the terminal gets `ansi(color:)`.
public struct Frame: Equatable, Sendable {
    public enum Style: Equatable, Sendable {
        case bold, reverse, dim, green, red, yellow, cyan

        var sgr: String {
            switch self {
            case .bold: return "1"
            case .reverse: return "7"
            case .dim: return "2"
            case .green: return "32"
            case .red: return "31"
            case .yellow: return "33"
            case .cyan: return "36"
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
    public private(set) var rows: [String]
    private var grid: [[Character]]
    private(set) var spans: [Span] = []

    public init(columns: Int, rows: Int) {
        self.columns = columns
        grid = Array(repeating: Array(repeating: " ", count: columns), count: rows)
        self.rows = Array(repeating: String(repeating: " ", count: columns), count: rows)
    }

    public var height: Int { grid.count }

    /// The frame for a window smaller than a screen needs: what it needs and how to leave.
    static func tooSmall(columns: Int, rows: Int, minimum: (columns: Int, rows: Int)) -> Frame {
        var frame = Frame(columns: max(1, columns), rows: max(1, rows))
        frame.centre("Window too small", row: rows / 2 - 1, .bold)
        frame.centre("need \(minimum.columns)×\(minimum.rows), have \(columns)×\(rows)", row: rows / 2)
        frame.centre("q quits", row: rows / 2 + 1)
        return frame
    }

    /// Writes `text` at (row, column), clipped to the frame.
    public mutating func put(_ text: String, row: Int, column: Int, _ styles: Style...) {
        guard grid.indices.contains(row), column < columns else { return }
        var written = 0
        for (offset, character) in text.enumerated() {
            let x = column + offset
            if x < 0 { continue }
            if x >= columns { break }
            grid[row][x] = character
            written += 1
        }
        rows[row] = String(grid[row])
        if !styles.isEmpty && written > 0 {
            spans.append(Span(row: row, column: max(0, column), length: written, styles: styles))
        }
    }

    /// `text` centred between `left` and `left + width`.
    public mutating func centre(_ text: String, row: Int, left: Int = 0, width: Int? = nil, _ styles: Style...) {
        let width = width ?? columns
        let fitted = ScreenText.fit(text, width)
        let column = left + (width - fitted.count) / 2
        put(fitted, row: row, column: column)
        if !styles.isEmpty { spans.append(Span(row: row, column: column, length: fitted.count, styles: styles)) }
    }

    /// `text` ending at the right edge (minus `margin`).
    public mutating func right(_ text: String, row: Int, margin: Int = 1, _ styles: Style...) {
        let fitted = ScreenText.fit(text, columns - margin)
        let column = columns - margin - fitted.count
        put(fitted, row: row, column: column)
        if !styles.isEmpty { spans.append(Span(row: row, column: column, length: fitted.count, styles: styles)) }
    }

    /// The frame as terminal output: cursor home, each row drawn and its
    /// remainder cleared, written by the caller in a single write.
    public func ansi(color: Bool) -> String {
        var out = "\u{1B}[H"
        for (index, row) in grid.enumerated() {
            out += styledRow(index, row, color: color)
            out += "\u{1B}[0m\u{1B}[K"
            if index < grid.count - 1 { out += "\r\n" }
        }
        return out
    }

    private func styledRow(_ index: Int, _ row: [Character], color: Bool) -> String {
        // The styles of each column: later spans add to earlier ones.
        var styles = Array(repeating: [Style](), count: row.count)
        for span in spans where span.row == index {
            let kept = span.styles.filter { color || !$0.isColour }
            for x in span.column..<min(row.count, span.column + span.length) { styles[x] += kept }
        }
        var out = ""
        var current: [Style] = []
        for (x, character) in row.enumerated() {
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
