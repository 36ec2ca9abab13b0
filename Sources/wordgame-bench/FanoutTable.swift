import Foundation

/// The fan-out comparison's final table: per size, each figure's median over
/// the runs, as aligned text and again as Markdown (for the README).
enum FanoutTable {
    struct Row {
        var players: Int
        var redis: [FanoutRun] = []
        var wordgame: [FanoutRun] = []
        /// The bare loop's runs (`FanoutBare`): the floor for wordgame's traffic.
        var bare: [FanoutRun] = []
    }

    /// A column: its two header lines, and its cell for a row.
    struct Column {
        var top: String
        var bottom: String
        var cell: (Row) -> String
    }

    static func median(_ runs: [FanoutRun], _ figure: KeyPath<FanoutRun, Double>) -> Double {
        percentile(runs.map { $0[keyPath: figure] }, 50)
    }

    /// "a / b" of the two servers' medians, scaled and rounded alike.
    static func both(_ row: Row, _ figure: KeyPath<FanoutRun, Double>, scale: Double, digits: Int) -> String {
        "\(format(median(row.redis, figure) * scale, digits)) / \(format(median(row.wordgame, figure) * scale, digits))"
    }

    static var columns: [Column] { [
        Column(top: "", bottom: "players") { String($0.players) },
        Column(top: "Redis ms", bottom: "p50 / max") {
            "\(format(median($0.redis, \.p50) * 1000, 1)) / \(format(median($0.redis, \.max) * 1000, 1))"
        },
        Column(top: "wordgame ms", bottom: "p50 / max") {
            "\(format(median($0.wordgame, \.p50) * 1000, 1)) / \(format(median($0.wordgame, \.max) * 1000, 1))"
        },
        Column(top: "ratio", bottom: "p50 / max") { row in
            let ratio = { (figure: KeyPath<FanoutRun, Double>) in format(median(row.wordgame, figure) / median(row.redis, figure), 2) }
            return "\(ratio(\.p50)) / \(ratio(\.max))"
        },
        Column(top: "first byte ms", bottom: "Redis / wordgame") { both($0, \.first, scale: 1000, digits: 1) },
        Column(top: "join s", bottom: "Redis / wordgame") { both($0, \.joinSeconds, scale: 1, digits: 2) },
        Column(top: "KiB per conn", bottom: "Redis / wordgame") { both($0, \.kibPerConnection, scale: 1, digits: 2) },
        Column(top: "wordgame CPU µs", bottom: "answer / player-round") {
            "\(format(median($0.wordgame, \.cpuPerAnswer) * 1e6, 2)) / \(format(median($0.wordgame, \.cpuPerPlayerRound) * 1e6, 2))"
        },
        Column(top: "bare loop CPU µs", bottom: "answer / player-round") {
            "\(format(median($0.bare, \.cpuPerAnswer) * 1e6, 2)) / \(format(median($0.bare, \.cpuPerPlayerRound) * 1e6, 2))"
        },
        Column(top: "Redis CPU µs", bottom: "PING / subscriber-message") {
            "\(format(median($0.redis, \.cpuPerAnswer) * 1e6, 2)) / \(format(median($0.redis, \.cpuPerPlayerRound) * 1e6, 2))"
        },
    ] }

    static func print(_ rows: [Row], pairs: Int) {
        let cells = rows.map { row in columns.map { $0.cell(row) } }
        let widths = columns.indices.map { i in ([columns[i].top, columns[i].bottom] + cells.map { $0[i] }).map(\.count).max()! }
        func aligned(_ texts: [String]) -> String {
            zip(texts, widths).map { String(repeating: " ", count: $1 - $0.count) + $0 }.joined(separator: "   ")
        }
        Swift.print("")
        Swift.print("Medians over \(pairs) run\(pairs == 1 ? "" : "s") of each server a size; "
                    + "ratio = wordgame / Redis (below 1: wordgame is faster)")
        Swift.print(aligned(columns.map(\.top)))
        Swift.print(aligned(columns.map(\.bottom)))
        for row in cells { Swift.print(aligned(row)) }
        Swift.print("")
        Swift.print("| " + columns.map { $0.top.isEmpty ? $0.bottom : "\($0.top) \($0.bottom)" }.joined(separator: " | ") + " |")
        Swift.print("|" + columns.map { _ in "---:|" }.joined())
        for row in cells { Swift.print("| " + row.joined(separator: " | ") + " |") }
    }
}
