import TextColumns
import WordGame

/// What covers the screen until the next key: the keys of this screen (`?`),
/// or "quit?" after a `q` in the middle of a game. The game goes on under it,
/// so during a game the box ends above the rows that say how it goes (the
/// last pair's truth, a notice, the buttons and the keys' line): the player
/// reads them, and answers, with the box open.
extension Renderer {
    /// `above`: during a game, the last row the box may take. `within`: the columns left of the
    /// leaderboard panel, where the box is centred when it fits, so the panel stays whole beside it.
    static func overlay(_ overlay: ClientState.Overlay, _ state: ClientState, _ frame: inout Frame, above: Int? = nil,
                        within: Int? = nil) {
        let place: BoxPlace = above.map(BoxPlace.endingAt) ?? .middle
        switch overlay {
        case .confirmQuit:
            box(["Quit this game? q again quits,", "any other key plays on."], title: nil, place: place, within: within, &frame)
        case .keys:
            box(keys(for: state, short: above != nil), title: "Keys", place: place, within: within, &frame)
        }
    }

    enum BoxPlace { case middle, endingAt(Int) }

    /// The keys that do something on the current screen, in two columns.
    /// `short`: the few that fit under a falling word.
    static func keys(for state: ClientState, short: Bool = false) -> [String] {
        var rows: [(String, String)] = []
        let code = state.showsResumeCode ? state.resumableSeat?.token.code : nil
        switch state.screen {
        case .playing where state.me == .playing && short:
            let resume = code.map { ["resume code \($0)"] } ?? []
            return ["y → c  correct · n ← w  wrong", "q quit (asks) · Ctrl-C at once"] + resume
                + ["any key closes it; y / n answer too"]
        case .playing where state.me == .playing:
            rows = [("y  →  c", "the pair is correct"), ("n  ←  w", "the pair is wrong"), ("q", "quit (asks first)")]
        case .playing:
            rows = [("q", "quit")]
        case .gameOver:
            if state.canStartNext { rows.append(("r", state.isHost ? "restart: play again" : "ready for another game")) }
            rows += [("↑ ↓  k j", "scroll the pairs"), ("PgUp PgDn", "a page"), ("q", "quit")]
        case .lobby:
            if state.isHost || (state.room?.autoStart ?? 0) > 0 { rows.append(("s  Enter", state.isHost ? "start the game" : "ready")) }
            rows.append(("q", "quit"))
        case .outside:
            rows = [("q", "quit")]
        }
        if !short { rows.append(("Ctrl-C", "quit at once")) }
        let keyWidth = rows.map { $0.0.columnWidth }.max() ?? 0
        // Written down, it takes the seat back from another terminal or after a crash (--resume).
        let resume = code.map { ["", "Your resume code: \($0)", "(wordgame-client … --resume \($0))"] } ?? []
        return rows.map { $0.0 + String(repeating: " ", count: keyWidth - $0.0.columnWidth + 2) + $0.1 }
            + resume + ["", "any key closes this"]
    }

    /// `lines` in a box over what is there: in the middle of the frame, or on its last rows.
    static func box(_ lines: [String], title: String?, place: BoxPlace, within: Int? = nil, _ frame: inout Frame) {
        let inner = min(frame.columns - 4, max(title.map(\.columnWidth) ?? 0, lines.map(\.columnWidth).max() ?? 0))
        let width = inner + 4
        let span = within.map { width <= $0 ? $0 : frame.columns } ?? frame.columns
        let left = (span - width) / 2
        let height: Int, top: Int
        switch place {
        case .middle:
            height = min(frame.height - 2, lines.count + 2)
            top = max(1, (frame.height - height) / 2)
        case .endingAt(let last):
            // Under the header's two rows, as tall as the lines need and the rows above `last` allow.
            height = max(2, min(last - 1, lines.count + 2))
            top = last - height + 1
        }
        let rule = String(repeating: "─", count: width - 2)
        frame.put("┌" + rule + "┐", row: top, column: left, .bold)
        if let title { frame.put(" \(title) ", row: top, column: left + 2, .bold) }
        for (index, line) in lines.prefix(height - 2).enumerated() {
            let row = top + 1 + index
            frame.put("│ " + String(repeating: " ", count: inner) + " │", row: row, column: left, .bold)
            frame.put(ScreenText.fit(line, inner), row: row, column: left + 2)
        }
        frame.put("└" + rule + "┘", row: top + height - 1, column: left, .bold)
    }
}
