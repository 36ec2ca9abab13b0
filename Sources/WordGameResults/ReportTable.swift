import TextColumns

/// One titled table of the report, printed as aligned text for a terminal
/// and written as CSV for a spreadsheet, from the same rows so they agree.
public struct ReportTable: Equatable, Sendable {
    public struct Column: Equatable, Sendable {
        /// Shown above the text column.
        public var title: String
        /// The CSV header: snake_case, as in the server's own CSV files.
        public var csvName: String
        /// Numbers are right-aligned so their digits line up.
        public var alignRight: Bool

        public init(title: String, csvName: String, alignRight: Bool) {
            self.title = title
            self.csvName = csvName
            self.alignRight = alignRight
        }
    }

    public var title: String
    public var columns: [Column]
    public var rows: [[CSV.Cell]]

    public init(title: String, columns: [Column], rows: [[CSV.Cell]]) {
        self.title = title
        self.columns = columns
        self.rows = rows
    }

    /// The title, the header and the rows, columns two spaces apart, no
    /// trailing spaces. Widths are terminal columns (`TextColumns`), so `Zoë`
    /// is three wide however its accent is encoded, and `山田` four, as drawn.
    public var text: String {
        let cells = rows.map { $0.map(Self.shown) }
        let widths = columns.indices.map { column in
            cells.reduce(columns[column].title.columnWidth) { max($0, $1[column].columnWidth) }
        }
        func line(_ fields: [String]) -> String {
            let padded = fields.indices.map { column -> String in
                let padding = String(repeating: " ", count: widths[column] - fields[column].columnWidth)
                return columns[column].alignRight ? padding + fields[column] : fields[column] + padding
            }
            var text = padded.joined(separator: "  ")
            while text.last == " " { text.removeLast() }
            return text
        }
        var lines = [title, line(columns.map(\.title))]
        lines += cells.isEmpty ? ["(none)"] : cells.map(line)
        return lines.joined(separator: "\n") + "\n"
    }

    /// RFC 4180 with a byte-order mark (`CSV.file`); names are defused there, not here.
    public var csv: String { CSV.file(header: columns.map(\.csvName), rows: rows) }

    /// A missing figure is `-` on screen and an empty cell in a spreadsheet.
    static func shown(_ cell: CSV.Cell) -> String {
        switch cell {
        case .text(let text): text
        case .number(let number): String(number)
        case .empty: "-"
        }
    }
}

extension Report {
    public var playersTable: ReportTable {
        ReportTable(title: "Players", columns: [
            .init(title: "player", csvName: "player", alignRight: false),
            .init(title: "games", csvName: "games", alignRight: true),
            .init(title: "accuracy %", csvName: "accuracy_percent", alignRight: true),
            .init(title: "mean ms", csvName: "mean_ms", alignRight: true),
            .init(title: "best rank", csvName: "best_rank", alignRight: true),
            .init(title: "correct", csvName: "correct", alignRight: true),
        ], rows: players.map { player in
            [.text(player.name), .number(Int64(player.games)), player.accuracyText.map(CSV.Cell.text) ?? .empty,
             player.meanMilliseconds.map(CSV.Cell.number) ?? .empty, player.bestRank.map { .number(Int64($0)) } ?? .empty,
             .number(Int64(player.correct))]
        })
    }

    /// The `top` most-missed words; nil `top` for all of them (the CSV file).
    public func missedTable(top: Int? = nil) -> ReportTable {
        ReportTable(title: "Most-missed English words" + (top.map { " (top \($0))" } ?? ""), columns: [
            .init(title: "english", csvName: "english", alignRight: false),
            .init(title: "missed", csvName: "missed", alignRight: true),
            .init(title: "answers", csvName: "answers", alignRight: true),
        ], rows: missed.prefix(top ?? missed.count).map { [.text($0.english), .number(Int64($0.missed)), .number(Int64($0.answers))] })
    }

    /// The `top` wrong Spanish words most players took for correct; nil `top` for all.
    public func fooledTable(top: Int? = nil) -> ReportTable {
        ReportTable(title: "Wrong Spanish words taken for correct" + (top.map { " (top \($0))" } ?? ""), columns: [
            .init(title: "spanish shown", csvName: "spanish_shown", alignRight: false),
            .init(title: "english", csvName: "english", alignRight: false),
            .init(title: "players fooled", csvName: "players_fooled", alignRight: true),
        ], rows: fooled.prefix(top ?? fooled.count).map { [.text($0.spanish), .text($0.english), .number(Int64($0.players))] })
    }

    /// `3 games, 2 players, 2026-11-23 to 2026-11-24, from DIR/history.jsonl`; `3 games (1 stopped early), …`.
    public func summaryLine(source: String) -> String {
        let first = firstStarted.map(Self.datePart), last = lastEnded.map(Self.datePart)
        let dates = switch (first, last) {
        case let (first?, last?) where first != last: "\(first) to \(last), "
        case let (first?, _): "on \(first), "
        default: ""
        }
        let early = stoppedEarly > 0 ? " (\(stoppedEarly) stopped early)" : ""
        let people = "\(players.count) player\(players.count == 1 ? "" : "s")"
        return "\(games) game\(games == 1 ? "" : "s")\(early), \(people), \(dates)from \(source)"
    }

    /// The summary line and the four tables, a blank line apart.
    public func text(source: String, top: Int) -> String {
        [summaryLine(source: source) + "\n", playersTable.text, missedTable(top: top).text, fooledTable(top: top).text,
         hardestTable(top: top).text].joined(separator: "\n")
    }

    /// `2026-11-23T10:15:02+01:00` → `2026-11-23`: the server's own local date.
    static func datePart(_ stamp: String) -> String {
        String(stamp.prefix { $0 != "T" })
    }
}
