import WordGame
import WordGameProtocol

/// Draws the game: a pure function from (state, terminal size, now) to a frame.
///
/// Layout, after the original mockup: counters top right; the English word
/// fixed near the top; the Spanish word falling from the top of the field to
/// its bottom over exactly the time the server gave; Correct and Wrong buttons
/// at the bottom; in a room with others, a side panel with the leaderboard.
public enum Renderer {
    public static let minimumColumns = 40
    public static let minimumRows = 12
    static let panelWidth = 26

    public static func frame(_ state: ClientState, columns: Int, rows: Int, now: Instant) -> Frame {
        guard columns >= minimumColumns, rows >= minimumRows else {
            return .tooSmall(columns: columns, rows: rows, minimum: (minimumColumns, minimumRows))
        }
        var frame = Frame(columns: columns, rows: rows)
        header(state, &frame)
        let showsPanel = state.isMultiplayer && ![.lobby, .outside].contains(state.screen) && columns >= 70
        let mainWidth = showsPanel ? columns - panelWidth - 1 : columns
        switch state.screen {
        case .lobby: lobby(state, &frame, width: mainWidth, now: now)
        case .playing: playing(state, &frame, width: mainWidth, now: now)
        case .gameOver: gameOver(state, &frame, width: mainWidth)
        case .outside: outside(state, &frame, width: mainWidth)
        }
        if showsPanel { panel(state, &frame, left: mainWidth + 1) }
        if let reconnecting = state.reconnecting { banner(reconnecting.banner(at: now), &frame) }
        return frame
    }

    /// Row of the Spanish word for a fall fraction: the top of the field at 0, its bottom at 1.
    public static func fallRow(_ fall: Double, rows: Int) -> Int {
        let (top, bottom) = fieldRows(rows)
        return top + Int((fall * Double(bottom - top)).rounded())
    }

    static func fieldRows(_ rows: Int) -> (top: Int, bottom: Int) { (5, rows - 5) }

    // MARK: Parts

    /// A line across the screen, under the header, over whatever is there: the connection is down.
    private static func banner(_ text: String, _ frame: inout Frame) {
        frame.put(String(repeating: " ", count: frame.columns), row: 2, column: 0, .reverse, .yellow)
        frame.centre(ScreenText.fit(text, frame.columns - 2), row: 2, .reverse, .yellow, .bold)
    }

    private static func header(_ state: ClientState, _ frame: inout Frame) {
        let room = state.room.map { " · room \(ScreenText.safe($0.name))" } ?? ""
        frame.put(ScreenText.fit(" wordgame\(room) · \(ScreenText.safe(state.name))", frame.columns - 24), row: 0, column: 0, .bold)
        frame.right("Correct attempts: \(state.correct)", row: 0, .green)
        frame.right("Wrong attempts: \(state.wrong)", row: 1, .red)
    }

    private static func lobby(_ state: ClientState, _ frame: inout Frame, width: Int, now: Instant) {
        let total = max(state.memberTotal, state.room?.members ?? 0)
        frame.centre("Waiting in the lobby — \(total) player\(total == 1 ? "" : "s") in the room", row: 3, width: width, .bold)
        var row = 5
        for name in state.memberNames.prefix(max(0, frame.height - 10)) {
            let host = name == state.room?.host ? "  (host)" : ""
            let you = name == state.name ? "  ← you" : ""
            frame.centre(ScreenText.safe(name) + host + you, row: row, width: width)
            row += 1
        }
        if total > state.memberNames.count { frame.centre("… and \(total - state.memberNames.count) more", row: row, width: width, .dim) }
        let how: String
        if let ends = state.countdownEnds, now < ends {
            how = "Starting in \(max(1, (ends.nanoseconds - now.nanoseconds + 999_999_999) / 1_000_000_000)) s…"
        } else if state.isHost {
            how = "You are the host: press S or Enter to start"
        } else if let auto = state.room?.autoStart, auto > 0 {
            how = "The game starts when \(auto) players are ready — press S when you are"
        } else {
            how = "Waiting for \(ScreenText.safe(state.room?.host ?? "the host")) to start…"
        }
        frame.centre(how, row: frame.height - 4, width: width, .yellow)
        if let notice = state.notice { frame.centre(ScreenText.safe(notice), row: frame.height - 3, width: width, .dim) }
        frame.centre("q quit", row: frame.height - 1, width: width, .dim)
    }

    private static func playing(_ state: ClientState, _ frame: inout Frame, width: Int, now: Instant) {
        let height = frame.height
        if let game = state.game, let number = state.round?.number ?? state.lastReveal?.reveal.number {
            frame.put(" Pair \(number) of \(game.pairs)", row: 1, column: 0, .dim)
        }
        if let round = state.round {
            frame.centre(ScreenText.safe(round.english), row: 3, width: width, .bold, .cyan)
            let row = fallRow(state.fall(at: now), rows: height)
            frame.centre(ScreenText.safe(round.spanish), row: row, width: width, .bold, .yellow)
        }
        if state.showsFeedback(at: now), let record = state.lastReveal { feedback(record, &frame, width: width) }
        switch state.me {
        case .out:
            frame.centre("You are out — watching the others", row: height - 2, width: width, .dim)
            frame.centre("q quit", row: height - 1, width: width, .dim)
        case .watching:
            frame.centre("Watching — you play from the next game", row: height - 2, width: width, .dim)
            frame.centre("q quit", row: height - 1, width: width, .dim)
        default:
            buttons(state, &frame, width: width)
            // While reconnecting the buttons are dimmed: nothing could take an answer.
            let keys = state.reconnecting == nil ? "y / → correct    n / ← wrong    q quit" : "q quit"
            frame.centre(keys, row: height - 1, width: width, .dim)
        }
        if let notice = state.notice { frame.centre(ScreenText.safe(notice), row: height - 3, width: width, .dim) }
    }

    private static func feedback(_ record: PairRecord, _ frame: inout Frame, width: Int) {
        let reveal = record.reveal
        let pair = "\(ScreenText.safe(reveal.english)) = \(ScreenText.safe(reveal.spanish))"
        let truth = reveal.truth == .correct ? "\(pair) is correct" : "\(pair) is wrong: it is \(ScreenText.safe(reveal.translation))"
        let row = frame.height - 4
        switch record.verdict {
        case .right?: frame.centre("✓ Right! \(truth)", row: row, width: width, .green, .bold)
        case .wrong?: frame.centre("✗ Wrong. \(truth)", row: row, width: width, .red, .bold)
        case .timeout?: frame.centre("⏱ Too slow. \(truth)", row: row, width: width, .red, .bold)
        case nil: frame.centre(truth, row: row, width: width, .dim)
        }
    }

    private static func buttons(_ state: ClientState, _ frame: inout Frame, width: Int) {
        let correct = "[ ✓ Correct ]", wrong = "[ ✗ Wrong ]"
        let gap = 6
        let left = (width - correct.count - gap - wrong.count) / 2
        let row = frame.height - 2
        let enabled = state.round != nil && state.pressed == nil && state.reconnecting == nil
        func draw(_ text: String, at column: Int, answer: Answer, colour: Frame.Style) {
            if state.pressed == answer {
                frame.put(text, row: row, column: column, .reverse, .bold, colour)
            } else if enabled {
                frame.put(text, row: row, column: column, .bold, colour)
            } else {
                frame.put(text, row: row, column: column, .dim)
            }
        }
        draw(correct, at: left, answer: .correct, colour: .green)
        draw(wrong, at: left + correct.count + gap, answer: .wrong, colour: .red)
    }

    private static func gameOver(_ state: ClientState, _ frame: inout Frame, width: Int) {
        guard let final = state.final else { return }
        let boxWidth = min(width - 2, 60)
        let left = (width - boxWidth) / 2
        let pastRows = state.pastGames == nil ? 0 : 3
        let listRows = max(0, frame.height - 10 - pastRows)
        // When the pairs do not all fit, the last ones are listed and a line says how many are not.
        let hidden = listRows > 0 && state.history.count > listRows ? state.history.count - (listRows - 1) : 0
        let shown = Array(state.history.suffix(hidden > 0 ? listRows - 1 : listRows))
        let skip = hidden > 0 ? 1 : 0  // the row that says how many are not shown
        let boxHeight = shown.count + skip + 7 + pastRows
        let top = max(2, (frame.height - boxHeight) / 2)
        frame.put("┌" + String(repeating: "─", count: boxWidth - 2) + "┐", row: top, column: left)
        for row in (top + 1)..<(top + boxHeight - 1) {
            frame.put("│" + String(repeating: " ", count: boxWidth - 2) + "│", row: row, column: left)
        }
        frame.put("└" + String(repeating: "─", count: boxWidth - 2) + "┘", row: top + boxHeight - 1, column: left)
        let inner = boxWidth - 4
        frame.centre("Game over", row: top + 1, left: left, width: boxWidth, .bold)
        var score = "Final score: \(final.correct) correct, \(final.wrong) wrong"
        if final.ranked > 1 { score += final.rank > 0 ? " — rank \(final.rank) of \(final.ranked)" : " — you watched" }
        frame.centre(score, row: top + 2, left: left, width: boxWidth, .yellow)
        for (offset, record) in shown.enumerated() {
            let reveal = record.reveal
            let mark: String, style: Frame.Style
            switch record.verdict {
            case .right?: (mark, style) = ("✓", .green)
            case .wrong?: (mark, style) = ("✗", .red)
            case .timeout?: (mark, style) = ("⏱", .red)
            case nil: (mark, style) = ("·", .dim)
            }
            let answer = reveal.truth == .correct ? "correct" : "wrong → \(ScreenText.safe(reveal.translation))"
            let line = ScreenText.fit("\(mark) \(ScreenText.safe(reveal.english)) = \(ScreenText.safe(reveal.spanish)): \(answer)", inner)
            frame.put(line, row: top + 4 + skip + offset, column: left + 2)
            frame.put(mark, row: top + 4 + skip + offset, column: left + 2, style)
        }
        if hidden > 0 {
            frame.put(ScreenText.fit("… \(hidden) earlier pair\(hidden == 1 ? "" : "s") (a taller window shows them)", inner), row: top + 4, column: left + 2, .dim)
        }
        if let past = state.pastGames {
            let row = top + 4 + skip + shown.count + 1
            frame.centre(LineModeText.bestLine(past), row: row, left: left + 2, width: inner, past.bestIsLatest ? .yellow : .bold)
            let recent = past.problem ?? LineModeText.recentLine(past)
            frame.centre(recent, row: row + 1, left: left + 2, width: inner, .dim)
        }
        // Only a room's host starts its next game; the others wait for it.
        let keys = state.canStartNext ? "[R]estart    [Q]uit" : "The host starts the next game    [Q]uit"
        frame.centre(keys, row: top + boxHeight - 2, left: left, width: boxWidth, .bold)
    }

    /// Removed by the host, or the room closed: why, and that there is nothing left to do here.
    private static func outside(_ state: ClientState, _ frame: inout Frame, width: Int) {
        let middle = frame.height / 2
        let room = state.leftRoom.map { ScreenText.safe($0.name.uppercased()) } ?? ""
        frame.centre("You are no longer in room \(room).", row: middle - 2, width: width, .bold)
        if let why = state.leftRoom?.why { frame.centre(ScreenText.safe(why), row: middle, width: width) }
        frame.centre("Press Q to quit; run wordgame-client again to join a room.", row: middle + 2, width: width, .dim)
    }

    private static func panel(_ state: ClientState, _ frame: inout Frame, left: Int) {
        let width = panelWidth
        for row in 3..<(frame.height - 1) { frame.put("│", row: row, column: left - 1, .dim) }
        var row = 3
        frame.put("Leaderboard", row: row, column: left + 1, .bold)
        row += 1
        for entry in state.top.prefix(max(0, frame.height - 12)) {
            let mine = entry.name == state.name
            let line = ScreenText.fit("\(entry.rank). \(ScreenText.safe(entry.name))", width - 7)
            frame.put(line, row: row, column: left + 1, mine ? .bold : .dim)
            let counts = "\(entry.correct)/\(entry.wrong)"
            frame.put(counts, row: row, column: left + width - 1 - counts.count, mine ? .bold : .dim)
            row += 1
        }
        row += 1
        if state.ranked > 0 && state.rank > 0 {
            frame.put("Your rank: \(state.rank) of \(state.ranked)", row: row, column: left + 1, .yellow)
            row += 1
        }
        if let answered = state.answered, state.round != nil {
            frame.put("Answered: \(answered.count) of \(answered.of)", row: row, column: left + 1)
            row += 1
        }
        let you: String
        switch state.me {
        case .playing: you = "You: playing"
        case .out: you = "You: out (watching)"
        case .watching: you = "You: watching"
        case .lobby: you = "You: in the lobby"
        case .outside: you = "You: not in a room"
        case .hosting: you = "You: hosting"
        case .viewing: you = "You: watching"
        }
        frame.put(you, row: row, column: left + 1, .dim)
    }
}
