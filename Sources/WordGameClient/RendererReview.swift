import TextColumns
import WordGame
import WordGameProtocol

/// The end dialog: the final score, how the game ended for the player, every
/// pair of the game (scrolled with ↑/↓ and the page keys when they do not
/// all fit), the solo player's record, and what happens next.
extension Renderer {
    /// The dialog's geometry for a main area of `width` × `height`: the box and
    /// the rows its list of pairs gets.
    struct ReviewLayout {
        var boxWidth: Int
        var boxHeight: Int
        var listRows: Int
        var lines: [(text: String, mark: (String, Frame.Style)?)]
        /// The first line of each pair: ↑/↓ move from pair to pair.
        var pairStarts: [Int]
        /// Whether the solo player's record (best and last games) has rows; a small window gives them to the list.
        var showsRecord: Bool

        /// The first line shown for a wanted offset: never past the last full page.
        func clamped(_ offset: Int) -> Int { max(0, min(offset, lines.count - listRows)) }

        /// Which pairs (1-based, first and last) have a line on screen from `offset`.
        func pairsShown(from offset: Int) -> ClosedRange<Int> {
            let end = min(lines.count, offset + listRows)
            let first = pairStarts.lastIndex { $0 <= offset } ?? 0
            let last = pairStarts.lastIndex { $0 < end } ?? first
            return (first + 1)...(last + 1)
        }
    }

    static func reviewLayout(_ state: ClientState, width: Int, height: Int) -> ReviewLayout {
        let boxWidth = min(width - 2, 64)
        let inner = boxWidth - 4
        // Each pair wraps onto as many rows as it needs; ↑/↓ move a row.
        var lines: [(text: String, mark: (String, Frame.Style)?)] = []
        var pairStarts: [Int] = []
        for entry in state.reviewEntries {
            pairStarts.append(lines.count)
            let mark = Self.mark(entry.record?.verdict)
            let text: String
            if let reveal = entry.record?.reveal {
                // Worded as the pages word it: "peace ≠ pájaro (peace = paz)"; a pair missed while away says so.
                let english = ScreenText.safe(reveal.english), shown = ScreenText.safe(reveal.spanish)
                let truth = reveal.truth == .correct ? "\(english) = \(shown)"
                    : "\(english) ≠ \(shown) (\(english) = \(ScreenText.safe(reveal.translation)))"
                text = "\(mark.0) \(truth)" + (entry.record?.verdict == .away ? ": missed while you were away" : "")
            } else if entry.beforeThisClient {
                // Played before this client took the seat back (a restart after a crash): it never saw the pair.
                text = "\(mark.0) pair \(entry.number): played before this window took the seat back"
            } else {
                // Revealed while the connection was down: its words never reached this client.
                text = "\(mark.0) pair \(entry.number): missed while reconnecting"
            }
            for (index, line) in Columns.wrap(text, inner - 2).enumerated() {
                lines.append(index == 0 ? (line, mark) : ("  " + line, nil))
            }
        }
        // Rows: borders 2, title, score, status, keys; the solo record 2 and a gap,
        // unless that would leave the list fewer than 4 rows.
        let available = height - 2  // the header's two rows stay
        let showsRecord = state.pastGames != nil && available - 9 >= min(4, lines.count)
        let fixed = 6 + (showsRecord ? 3 : 0)
        let listRows = max(1, min(lines.count, available - fixed))
        return ReviewLayout(boxWidth: boxWidth, boxHeight: min(available, fixed + listRows), listRows: listRows, lines: lines,
                            pairStarts: pairStarts, showsRecord: showsRecord)
    }

    static func mark(_ verdict: Verdict?) -> (String, Frame.Style) {
        switch verdict {
        case .right?: return ("✓", .green)
        case .wrong?: return ("✗", .red)
        case .timeout?: return ("⏱", .red)
        case .away?: return ("–", .dim)
        case nil: return ("·", .dim)
        }
    }

    /// The end dialog's layout for a window of this size.
    static func reviewLayout(_ state: ClientState, columns: Int, rows: Int) -> ReviewLayout {
        let width = showsPanel(state, columns: columns) ? columns - panelWidth - 1 : columns
        return reviewLayout(state, width: width, height: rows)
    }

    /// Where a scroll key takes the end dialog's list at this size: ↑/↓ a pair,
    /// the page keys a page, never past the first line or the last page.
    public static func reviewOffset(after step: ClientState.Scroll, from offset: Int, _ state: ClientState,
                                    columns: Int, rows: Int) -> Int {
        let layout = reviewLayout(state, columns: columns, rows: rows)
        let current = layout.clamped(offset)
        let moved: Int
        switch step {
        case .pairUp: moved = layout.pairStarts.last { $0 < current } ?? 0
        case .pairDown: moved = layout.pairStarts.first { $0 > current } ?? current
        case .pageUp: moved = current - max(1, layout.listRows - 1)
        case .pageDown: moved = current + max(1, layout.listRows - 1)
        }
        return layout.clamped(moved)
    }

    static func gameOver(_ state: ClientState, _ frame: inout Frame, width: Int, now: Instant) {
        guard let final = state.final else { return }
        let layout = reviewLayout(state, width: width, height: frame.height)
        let boxWidth = layout.boxWidth, boxHeight = layout.boxHeight
        let left = (width - boxWidth) / 2
        let top = 2 + max(0, (frame.height - 2 - boxHeight) / 2)
        let inner = boxWidth - 4
        frame.put("┌" + String(repeating: "─", count: boxWidth - 2) + "┐", row: top, column: left)
        for row in (top + 1)..<(top + boxHeight - 1) {
            frame.put("│" + String(repeating: " ", count: boxWidth - 2) + "│", row: row, column: left)
        }
        frame.put("└" + String(repeating: "─", count: boxWidth - 2) + "┘", row: top + boxHeight - 1, column: left)
        frame.centre("Game over", row: top + 1, left: left, width: boxWidth, .bold)
        let score = state.endedWhileAway ? awayLine(boxWidth - 2) : scoreLine(final, boxWidth - 2)
        frame.centre(score, row: top + 2, left: left + 1, width: boxWidth - 2, .yellow)
        frame.centre(statusLine(state, final, inner), row: top + 3, left: left + 2, width: inner, .dim)
        // The list, from the scroll offset; its position on the bottom border when it scrolls.
        let offset = layout.clamped(state.reviewOffset)
        for (index, line) in layout.lines.dropFirst(offset).prefix(layout.listRows).enumerated() {
            let row = top + 4 + index
            frame.put(ScreenText.fit(line.text, inner), row: row, column: left + 2)
            if let (mark, style) = line.mark { frame.put(mark, row: row, column: left + 2, style) }
        }
        if layout.lines.count > layout.listRows {
            let last = min(layout.lines.count, offset + layout.listRows)
            let more = (offset > 0 ? "↑" : "") + (last < layout.lines.count ? "↓" : "")
            let pairs = layout.pairsShown(from: offset)
            let shown = pairs.count == 1 ? "pair \(pairs.lowerBound)" : "pairs \(pairs.lowerBound)–\(pairs.upperBound)"
            let position = " \(more) \(shown) of \(layout.pairStarts.count) "
            frame.put(ScreenText.fit(position, boxWidth - 4), row: top + boxHeight - 1, column: left + 2, .dim)
        }
        if let past = state.pastGames, layout.showsRecord {
            let row = top + 4 + layout.listRows + 1
            let best = fitting([LineModeText.bestLine(past), LineModeText.shortBestLine(past)], inner)
            frame.centre(best, row: row, left: left + 2, width: inner, past.bestIsLatest ? .yellow : .bold)
            let recent = past.problem ?? LineModeText.recentLine(past, width: inner)
            frame.centre(recent, row: row + 1, left: left + 2, width: inner, .dim)
        }
        frame.centre(nextLine(state, inner, now: now), row: top + boxHeight - 2, left: left, width: boxWidth, .bold)
        // Who came and went while the dialog is up ("You are the host now…"), under it where there is room.
        if let notice = state.notice, top + boxHeight < frame.height {
            frame.centre(ScreenText.safe(notice), row: frame.height - 1, width: width, .dim)
        }
    }

    /// "Final score: 9 correct, 3 wrong — rank 2 of 5", shorter where the box is narrow.
    static func scoreLine(_ final: GameOver, _ width: Int) -> String {
        if final.rank == 0 { return fitting(["You watched this game", "You watched"], width) }
        let place = final.ranked > 1 ? " — rank \(final.rank) of \(final.ranked)" : ""
        let short = final.ranked > 1 ? " · \(final.rank) of \(final.ranked)" : ""
        return fitting(["Final score: \(final.correct) correct, \(final.wrong) wrong\(place)",
                        "\(final.correct) correct, \(final.wrong) wrong\(place)",
                        "\(final.correct)✓ \(final.wrong)✗\(short)"], width)
    }

    static func awayLine(_ width: Int) -> String {
        fitting(["The game ended while your connection was down", "The game ended while you were away", "Ended while away"], width)
    }

    /// How the game ended for this player: out, watched, or played to the end.
    static func statusLine(_ state: ClientState, _ final: GameOver, _ width: Int) -> String {
        if state.endedWhileAway {
            // The server sends a finished game's score only to those in it at its end: what this client knew.
            let out = final.wrong >= (state.game?.maxIncorrect ?? 3) ? " (out)" : ""
            return fitting(["Before the drop: \(final.correct) correct, \(final.wrong) wrong\(out)",
                            "Before: \(final.correct)✓ \(final.wrong)✗\(out)"], width)
        }
        if final.rank == 0 {
            return fitting(["You joined during it: you play from the next game", "You play from the next game"], width)
        }
        let limit = state.game?.maxIncorrect ?? 3
        // The wrong attempts say it even when this client did not see it happen (it was reconnecting).
        if state.outAfterPair != nil || (limit != Rules.neverOut && final.wrong >= limit) {
            guard let pair = state.outAfterPair, pair > 0 else {
                return fitting(["Out after \(limit) wrong attempts (while reconnecting)", "Out after \(limit) wrong attempts",
                                "Out (\(limit) wrong)"], width)
            }
            return fitting(["Out after \(limit) wrong attempts, at pair \(pair)", "Out at pair \(pair) (\(limit) wrong)"], width)
        }
        let played = state.reviewEntries.count
        return fitting(["All \(played) pair\(played == 1 ? "" : "s") played", "\(played) pairs played"], width)
    }

    /// What happens next: a countdown, the host's keys, or whom the others wait for.
    static func nextLine(_ state: ClientState, _ width: Int, now: Instant) -> String {
        if let seconds = state.countdownSeconds(at: now) { return "The next game starts in \(seconds) s…" }
        if state.nextGameAsked { return "Starting the next game…" }
        if state.canStartNext { return fitting(["[R]estart    [Q]uit    [?] keys", "[R]estart    [Q]uit"], width) }
        let host = ScreenText.safe(hostName(state))
        return fitting(["Waiting for \(host) to start the next game · [Q]uit", "Waiting for \(host) to start the next game",
                        "Waiting for \(host) · [Q]uit", "Waiting for the host · [Q]uit", "[Q]uit"], width)
    }
}
