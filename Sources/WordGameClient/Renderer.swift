import TextColumns
import WordGame
import WordGameProtocol

/// Draws the game: a pure function from (state, terminal size, now) to a frame.
///
/// Layout, after the original mockup: counters top right; the English word
/// fixed near the top; the Spanish word falling from the top of the field to
/// its bottom over exactly the time the server gave; Correct and Wrong buttons
/// at the bottom; in a room with others, a side panel with the leaderboard.
/// The game (`RendererPlaying.swift`), the end dialog (`RendererReview.swift`)
/// and what covers the screen (`RendererOverlay.swift`) are in their own files.
/// Every width is in terminal columns, never in characters.
public enum Renderer {
    public static let minimumColumns = 40
    public static let minimumRows = 12
    /// Room for the widest name the server takes (16 columns) beside a one-digit
    /// rank and its counts ("1. " + name + " 15✓ 3✗"); ranks from 10 cut a column.
    static let panelWidth = 28

    public static func frame(_ state: ClientState, columns: Int, rows: Int, now: Instant) -> Frame {
        guard columns >= minimumColumns, rows >= minimumRows else {
            return .tooSmall(columns: columns, rows: rows, minimum: (minimumColumns, minimumRows))
        }
        var frame = Frame(columns: columns, rows: rows)
        header(state, &frame)
        let mainWidth = showsPanel(state, columns: columns) ? columns - panelWidth - 1 : columns
        // Where a box over the game ends: above the rows the game keeps in sight (see `playing`).
        var boxBottom: Int?
        switch state.screen {
        case .lobby: lobby(state, &frame, width: mainWidth, now: now)
        case .playing: boxBottom = playing(state, &frame, width: mainWidth, now: now) - 1
        case .gameOver: gameOver(state, &frame, width: mainWidth, now: now)
        case .outside: outside(state, &frame, width: mainWidth)
        }
        if mainWidth < columns { panel(state, &frame, left: mainWidth + 1) }
        if let overlay = state.overlay { self.overlay(overlay, state, &frame, above: boxBottom, within: mainWidth) }
        if let reconnecting = state.reconnecting { banner(reconnecting.banner(at: now), &frame) }
        return frame
    }

    static func showsPanel(_ state: ClientState, columns: Int) -> Bool {
        state.isMultiplayer && ![.lobby, .outside].contains(state.screen) && columns >= 72
    }

    static func fieldRows(_ rows: Int) -> (top: Int, bottom: Int) { (5, rows - 5) }

    /// The first of `choices` that fits in `width` columns, else the last one cut to fit:
    /// wide windows get words, narrow ones abbreviations.
    static func fitting(_ choices: [String], _ width: Int) -> String {
        choices.first { $0.columnWidth <= width } ?? ScreenText.fit(choices.last ?? "", width)
    }

    // MARK: Parts

    /// A line across the screen, under the header, over whatever is there: the connection is down.
    private static func banner(_ text: String, _ frame: inout Frame) {
        frame.put(String(repeating: " ", count: frame.columns), row: 2, column: 0, .reverse, .yellow)
        frame.centre(ScreenText.fit(text, frame.columns - 2), row: 2, .reverse, .yellow, .bold)
    }

    /// The counters, named as in the original game where there is room; in a
    /// game, the wrong counter says when a player is out.
    private static func header(_ state: ClientState, _ frame: inout Frame) {
        let limit = state.game.map { " (\(ClientTexts.outLimit($0.maxIncorrect)))" } ?? ""
        let wide = frame.columns >= 64
        let correct = wide ? "Correct attempts: \(state.correct)" : "Correct: \(state.correct)"
        let wrong = (wide ? "Wrong attempts: \(state.wrong)" : "Wrong: \(state.wrong)") + limit
        let room = state.room.map { ScreenText.safe(ClientTexts.spoken($0.name)) }
        let name = ScreenText.safe(state.name)
        // A narrow window keeps the player's name whole and lets the rest go.
        let space = frame.columns - correct.columnWidth - 2
        let titles = (room.map { [" wordgame · room \($0) · \(name)", " room \($0) · \(name)"] } ?? [" wordgame · \(name)"])
            + [" \(name)"]
        frame.put(fitting(titles, space), row: 0, column: 0, .bold)
        frame.right(correct, row: 0, .green)
        frame.right(wrong, row: 1, .red)
    }

    private static func lobby(_ state: ClientState, _ frame: inout Frame, width: Int, now: Instant) {
        let total = max(state.memberTotal, state.room?.members ?? 0)
        let players = "\(total) player\(total == 1 ? "" : "s")"
        frame.centre(fitting(["Waiting in the lobby — \(players) in the room", "Lobby — \(players)"], width),
                     row: 3, width: width, .bold)
        if let rules = state.rules {
            frame.centre(fitting(ClientTexts.rules(rules, languages: state.languages), width), row: 4, width: width, .dim)
        }
        // The names down to the row above the instructions, the last of them
        // giving way to "… and 3 more" when they do not all fit.
        var row = 5
        let rows = frame.height - 4 - row
        let all = total > state.memberNames.count || state.memberNames.count > rows
        let shown = state.memberNames.prefix(all ? max(0, rows - 1) : rows)
        for name in shown {
            let host = name == state.room?.host ? "  (host)" : ""
            let you = name == state.name ? "  ← you" : ""
            frame.centre(ScreenText.safe(name) + host + you, row: row, width: width)
            row += 1
        }
        if all && total > shown.count { frame.centre("… and \(total - shown.count) more", row: row, width: width, .dim) }
        let how: [String]
        if let seconds = state.countdownSeconds(at: now) {
            how = ["The game starts in \(seconds) s…"]
        } else if state.isHost {
            how = ["You are the host: press S or Enter to start", "Press S to start"]
        } else if let auto = state.room?.autoStart, auto > 0 {
            how = ["The game starts when \(auto) players are ready — press S when you are", "Press S when ready (\(auto) needed)"]
        } else {
            let host = ScreenText.safe(hostName(state))
            how = ["Waiting for \(host) to start the game…", "Waiting for \(host)…", "Waiting for the host…"]
        }
        frame.centre(fitting(how, width), row: frame.height - 4, width: width, .yellow)
        if let notice = state.notice { frame.centre(ScreenText.safe(notice), row: frame.height - 3, width: width, .dim) }
        frame.centre(fitting(["? keys    q quit", "q quit"], width), row: frame.height - 1, width: width, .dim)
    }

    static func hostName(_ state: ClientState) -> String {
        state.room?.spokenHost ?? "the host"
    }

    /// Removed by the host, or the room closed: why, and that there is nothing left to do here.
    private static func outside(_ state: ClientState, _ frame: inout Frame, width: Int) {
        let middle = frame.height / 2
        let room = state.leftRoom.map { ScreenText.safe(ClientTexts.spoken($0.name)) } ?? ""
        frame.centre("You are no longer in room \(room).", row: middle - 2, width: width, .bold)
        if let why = state.leftRoom?.why { frame.centre(ScreenText.safe(why), row: middle, width: width) }
        frame.centre(fitting(["Press Q to quit; run wordgame-client again to join a room.", "Press Q to quit."], width),
                     row: middle + 2, width: width, .dim)
    }

    /// The leaderboard: rank, name, and each player's right (✓) and wrong (✗) counts, with a legend.
    private static func panel(_ state: ClientState, _ frame: inout Frame, left: Int) {
        let width = panelWidth
        for row in 3..<(frame.height - 1) { frame.put("│", row: row, column: left - 1, .dim) }
        var row = 3
        frame.put("Leaderboard", row: row, column: left + 1, .bold)
        frame.put("✓ right ✗ wrong", row: row + 1, column: left + 1, .dim)
        row += 2
        if state.top.isEmpty {
            frame.put("(after the first pair)", row: row, column: left + 1, .dim)
            row += 1
        }
        for entry in state.top.prefix(max(0, frame.height - 13)) {
            let mine = entry.name == state.name
            let counts = "\(entry.correct)✓ \(entry.wrong)✗"
            let countsWidth = counts.columnWidth
            let line = ScreenText.fit("\(entry.rank). \(ScreenText.safe(entry.name))", width - 3 - countsWidth)
            frame.put(line, row: row, column: left + 1, mine ? .bold : .dim)
            frame.put(counts, row: row, column: left + width - 1 - countsWidth, mine ? .bold : .dim)
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
        case .out: you = "You: out (\(state.game?.maxIncorrect ?? 3) wrong)"
        case .watching: you = "You: watching this game"
        case .lobby: you = "You: in the lobby"
        case .outside: you = "You: not in a room"
        case .hosting: you = "You: hosting"
        case .viewing: you = "You: watching"
        }
        frame.put(ScreenText.fit(you, width - 2), row: row, column: left + 1, .dim)
    }
}
