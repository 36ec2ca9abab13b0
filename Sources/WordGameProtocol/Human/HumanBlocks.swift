import TextColumns
import WordGame

/// Messages that come as several lines of one kind (HELP, TOP, ROSTER,
/// RANKING, and ROOM with MEMBERS), written as one block with a heading. Pure.
enum HumanBlocks {
    typealias F = HumanFormat

    /// Each command with what it does, wrapped to 80 columns under its own
    /// description (a person's `nc` window; programs read the machine lines).
    static func help(_ lines: [String]) -> [String] {
        ["Commands (type one, then Enter; any case):"] + lines.flatMap { wrapped("  " + $0, width: 80) }
    }

    /// `line` in rows of at most `width` columns; the rest hang under the text
    /// after the command column (two spaces or more), or under the line's indent.
    static func wrapped(_ line: String, width: Int) -> [String] {
        guard line.columnWidth > width else { return [line] }
        let indent = line.prefix { $0 == " " }.count
        let body = line.dropFirst(indent)
        // The first two spaces in a row, as a count of characters into `body`.
        let gap = zip(body, body.dropFirst()).enumerated().first { $0.element == (" ", " ") }?.offset
        let hang = gap.map { g in indent + g + body.dropFirst(g).prefix { $0 == " " }.count } ?? indent
        let head = String(line.prefix(hang))
        let rows = Columns.wrap(String(line.dropFirst(hang)), max(20, width - hang))
        return rows.enumerated().map { ($0.offset == 0 ? head : String(repeating: " ", count: hang)) + $0.element }
    }

    /// `TALLY`'s line comes before it, so the heading only names it.
    static func leaderboard(_ rows: [TopEntry]) -> [String] {
        ["Leaderboard:"] + table(rows.map { ($0.rank, $0.name, $0.correct, $0.wrong, $0.milliseconds, 0) })
    }

    /// The leaderboard after a pair, its first three on one line, or two when long names do not fit in 80
    /// columns (never a player cut in two): `Top: 1. Ana 2 ✓ 0 ✗ · 2. Bo 1 ✓ 1 ✗ · 3. Cy 1 ✓ 1 ✗`.
    static func podium(_ rows: [TopEntry]) -> [String] {
        let lead = "Top: ", indent = String(repeating: " ", count: lead.count), separator = " · "
        var lines: [String] = [], line = lead
        for row in rows.prefix(3) {
            let item = "\(row.rank). \(row.name) \(row.correct) ✓ \(row.wrong) ✗"
            if line != lead, (line + separator + item).columnWidth > 80 {
                lines.append(line)
                line = indent + item
            } else {
                line += (line == lead || line == indent ? "" : separator) + item
            }
        }
        return lines + [line]
    }

    /// The pairs of the game so far, for a player coming back: `  ✓ 1. library = biblioteca`.
    static func played(_ pairs: [PlayedPair]) -> [String] {
        ["Your pairs so far:"] + pairs.map { pair in
            let how: (mark: String, note: String)
            switch pair.outcome {
            case .right: how = ("✓", "")
            case .wrong: how = ("✗", "")
            case .timeout: how = ("✗", " (time ran out)")
            case .away: how = ("–", " (missed while you were away: neither right nor wrong)")
            case .out: how = ("·", " (you were out: you watched it)")
            }
            return "  \(how.mark) \(pair.reveal.number). \(HumanSentences.truth(pair.reveal))\(how.note)"
        }
    }

    static func ranking(_ rows: [RankingEntry]) -> [String] {
        ["Final ranking:"] + table(rows.map { ($0.rank, $0.name, $0.correct, $0.wrong, $0.milliseconds, $0.outAt) })
    }

    /// `  1. Ana      3 right, 1 wrong · 7.7 s`, names padded so the scores line up on a
    /// terminal: measured in columns, so `山田` takes four, as it is drawn.
    private static func table(_ rows: [(rank: Int, name: String, correct: Int, wrong: Int, ms: Int64, outAt: Int)]) -> [String] {
        let rankWidth = rows.map { "\($0.rank)".count }.max() ?? 1
        let nameWidth = rows.map(\.name.columnWidth).max() ?? 0
        return rows.map { row in
            let rank = String(repeating: " ", count: rankWidth - "\(row.rank)".count) + "\(row.rank)."
            let out = row.outAt > 0 ? " · out after pair \(row.outAt)" : ""
            return "  \(rank) \(F.padded(row.name, to: nameWidth))   "
                + "\(F.score(correct: row.correct, wrong: row.wrong)) · \(F.seconds(row.ms, tenths: true))\(out)"
        }
    }

    /// The last game's pairs, hardest first: `   1. Pair 3, ear ≠ casa (ear = oreja): 0 right, 1 wrong, 1 out of time.`
    static func hardest(_ rows: [HardestPair]) -> [String] {
        guard !rows.isEmpty else { return ["No pair of the last game was played to its end."] }
        let rankWidth = rows.map { "\($0.rank)".count }.max() ?? 1
        return ["The pairs of the last game, hardest first:"] + rows.map { row in
            let rank = String(repeating: " ", count: rankWidth - "\(row.rank)".count) + "\(row.rank)."
            let timeouts = row.timeout > 0 ? ", \(row.timeout) out of time" : ""
            return "  \(rank) Pair \(row.reveal.number), \(HumanSentences.truth(row.reveal)): "
                + "\(row.right) right, \(row.wrong) wrong\(timeouts)."
        }
    }

    static func roster(_ names: [String]) -> [String] {
        guard !names.isEmpty else { return ["Nobody plays in the room yet."] }
        return ["Players in the room (\(names.count)):"] + F.wrapped(names)
    }

    /// The word lists a host may choose, one a line, for `RULES LIST <name>`.
    static func wordLists(_ lists: [(name: String, words: Int)]) -> [String] {
        let width = lists.map(\.name.count).max() ?? 0
        return ["Word lists (the host picks one with RULES):"]
            + lists.map { "  \(F.padded($0.name, to: width))  \(F.count($0.words, "word"))" }
    }

    /// Every list with its languages: `  animals  12 pairs · English → French · saved by a host`.
    static func lists(_ lists: [ListInfo]) -> [String] {
        let width = lists.map(\.name.count).max() ?? 0
        return ["Word lists (a host picks one with RULES):"] + lists.map { list in
            "  \(F.padded(list.name, to: width))  \(F.count(list.pairs, "pair")) · \(list.from) → \(list.to)"
                + (list.kind == .saved ? " · saved by a host" : "")
        }
    }

    /// The lines of an upload not read, each with its number and why; `counted`: all of them, when more were not named.
    static func skipped(_ lines: [SkippedLine], of counted: Int?) -> [String] {
        let more = (counted ?? lines.count) - lines.count
        return ["Lines not read:"] + lines.map { "  line \($0.line) (\($0.why.sentence)): \($0.text)" }
            + (more > 0 ? ["  and \(F.count(more, "line")) more"] : [])
    }

    /// `Room main has 2 players: Ana and Bo. Ana is the host.`, from ROOM and
    /// the MEMBERS line that always follows it.
    static func room(_ room: RoomInfo, spokenName name: String, members: (total: Int, names: [String])?) -> String {
        let total = members?.total ?? room.members
        let names = members?.names ?? []
        var text = total == 0 ? "Room \(name) has no players yet."
                 : names.isEmpty ? "Room \(name) has \(F.count(total, "player"))."
                 : "Room \(name) has \(F.count(total, "player")): \(F.list(names, more: total - names.count))."
        // A hosted room's teacher without a name is called Host: "Host is the host" says nothing.
        if !room.host.isEmpty && room.host != "Host" { text += " \(room.host) is the host." }
        switch room.state {
        case .lobby: break
        case .starting: text += " A game starts soon."
        case .playing: text += " A game is on."
        }
        return text
    }
}
