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

        /// The first line shown for a wanted offset: never past the last full page.
        func clamped(_ offset: Int) -> Int { max(0, min(offset, lines.count - listRows)) }
    }

    static func reviewLayout(_ state: ClientState, width: Int, height: Int) -> ReviewLayout {
        let boxWidth = min(width - 2, 64)
        let inner = boxWidth - 4
        // Each pair wraps onto as many rows as it needs; ↑/↓ move a row.
        var lines: [(text: String, mark: (String, Frame.Style)?)] = []
        for record in state.history {
            let mark = Self.mark(record.verdict)
            let reveal = record.reveal
            let answer = reveal.truth == .correct ? "correct" : "wrong → \(ScreenText.safe(reveal.translation))"
            let text = "\(mark.0) \(ScreenText.safe(reveal.english)) = \(ScreenText.safe(reveal.spanish)): \(answer)"
            for (index, line) in Columns.wrap(text, inner - 2).enumerated() {
                lines.append(index == 0 ? (line, mark) : ("  " + line, nil))
            }
        }
        // Rows: borders 2, title, score, status, keys; the solo record 2 and a gap.
        let fixed = 6 + (state.pastGames == nil ? 0 : 3)
        let available = height - 2  // the header's two rows stay
        let listRows = max(1, min(lines.count, available - fixed))
        return ReviewLayout(boxWidth: boxWidth, boxHeight: min(available, fixed + listRows), listRows: listRows, lines: lines)
    }

    static func mark(_ verdict: Verdict?) -> (String, Frame.Style) {
        switch verdict {
        case .right?: return ("✓", .green)
        case .wrong?: return ("✗", .red)
        case .timeout?: return ("⏱", .red)
        case nil: return ("·", .dim)
        }
    }

    /// The largest useful scroll offset of the end dialog at this size, for the keys to stop at.
    public static func reviewMaxOffset(_ state: ClientState, columns: Int, rows: Int) -> Int {
        let width = showsPanel(state, columns: columns) ? columns - panelWidth - 1 : columns
        let layout = reviewLayout(state, width: width, height: rows)
        return layout.clamped(Int.max)
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
        frame.centre(scoreLine(final, inner), row: top + 2, left: left + 2, width: inner, .yellow)
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
            let more = (offset > 0 ? "↑" : " ") + (last < layout.lines.count ? "↓" : " ")
            let unit = layout.lines.count == state.history.count ? "pairs" : "lines"
            let position = " \(more) \(unit) \(offset + 1)–\(last) of \(layout.lines.count) "
            frame.put(ScreenText.fit(position, boxWidth - 4), row: top + boxHeight - 1, column: left + 2, .dim)
        }
        if let past = state.pastGames {
            let row = top + 4 + layout.listRows + 1
            frame.centre(LineModeText.bestLine(past), row: row, left: left + 2, width: inner, past.bestIsLatest ? .yellow : .bold)
            let recent = past.problem ?? LineModeText.recentLine(past)
            frame.centre(recent, row: row + 1, left: left + 2, width: inner, .dim)
        }
        frame.centre(nextLine(state, inner, now: now), row: top + boxHeight - 2, left: left, width: boxWidth, .bold)
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

    /// How the game ended for this player: out, watched, or played to the end.
    static func statusLine(_ state: ClientState, _ final: GameOver, _ width: Int) -> String {
        if final.rank == 0 {
            return fitting(["You joined during it: you play from the next game", "You play from the next game"], width)
        }
        if let pair = state.outAfterPair {
            let limit = state.game?.maxIncorrect ?? 3
            return fitting(["Out after \(limit) wrong attempts, at pair \(pair)", "Out at pair \(pair) (\(limit) wrong)"], width)
        }
        let played = state.history.count
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
