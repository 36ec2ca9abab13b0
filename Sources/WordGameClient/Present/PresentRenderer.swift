import Foundation
import TextColumns
import WordGame
import WordGameProtocol

/// Draws the projector screen: a pure function from (state, window size, now)
/// to a frame, like `Renderer` for the game. It is read from the back of a
/// classroom, so it says little, in big or bold text, and turns its own pages.
///
/// Every screen shares a frame: the room and its state on row 0, a rule on
/// row 1, the latest event or the question being asked on the second-last row,
/// and the keys on the last. The host's key is never drawn: the screen is
/// projected, and the key is what takes the room back.
public enum PresentRenderer {
    public static let minimumColumns = 60
    public static let minimumRows = 20
    /// The leaderboard beside the falling word, when the window is wide enough.
    static let panelWidth = 28
    static let panelMinimumColumns = 76

    public static func frame(_ state: PresentState, columns: Int, rows: Int, now: Instant) -> Frame {
        guard columns >= minimumColumns, rows >= minimumRows else {
            return .tooSmall(columns: columns, rows: rows, minimum: (minimumColumns, minimumRows))
        }
        var frame = Frame(columns: columns, rows: rows)
        header(state, &frame)
        let body = Body(columns: columns, rows: rows)
        switch state.screen {
        case .connecting: frame.centre("Connecting…", row: rows / 2, .bold)
        case .lobby: if let open = state.settings { settings(open, &frame, body) } else { lobby(state, &frame, body) }
        case .playing: playing(state, &frame, body, now: now)
        case .gameOver: if let open = state.settings { settings(open, &frame, body) } else { gameOver(state, &frame, body) }
        case .closed: closed(state, &frame, body)
        }
        statusLine(state, &frame, now: now)
        frame.centre(fitting(keys(state, showingWords: showsWords(state, body)), columns), row: rows - 1, .dim)
        if state.showsHelp { help(state, &frame) }
        return frame
    }

    /// The rows between the header and the status line.
    struct Body {
        var top: Int
        /// The last row the body may use.
        var bottom: Int
        var width: Int
        var left = 0

        init(top: Int, bottom: Int, width: Int, left: Int = 0) {
            self.top = top
            self.bottom = bottom
            self.width = width
            self.left = left
        }

        /// The body of a window of that size: under the header, over the status line and the keys.
        init(columns: Int, rows: Int) { self.init(top: 2, bottom: rows - 3, width: columns) }
    }

    // MARK: Frame parts

    private static func header(_ state: PresentState, _ frame: inout Frame) {
        let room = state.room.map { " · room \(ScreenText.safe($0.uppercased()))" } ?? ""
        frame.put(" wordgame\(room)", row: 0, column: 0, .bold)
        var right: [String] = []
        if state.gamesPlayed > 0 && [.playing, .gameOver].contains(state.screen) { right.append("game \(state.gamesPlayed)") }
        if let round = state.round, state.screen == .playing { right.append("pair \(round.number) of \(round.pairs)") }
        let players = state.info?.members ?? state.roster.count
        if state.room != nil && state.screen != .closed { right.append("\(players) player\(players == 1 ? "" : "s")") }
        if state.screen != .closed { right.append(state.isHost ? "hosting" : "watching") }
        if state.locked {
            frame.right(right.joined(separator: " · ") + " · LOCKED", row: 0)
            frame.right("LOCKED", row: 0, .reverse, .red)
        } else {
            frame.right(right.joined(separator: " · "), row: 0, .dim)
        }
        frame.put(String(repeating: "─", count: frame.columns), row: 1, column: 0, .dim)
    }

    /// The question being asked, else the link being down, else a fresh error, else the latest room event.
    private static func statusLine(_ state: PresentState, _ frame: inout Frame, now: Instant) {
        let row = frame.height - 2
        if let prompt = state.prompt {
            frame.centre(question(prompt, state), row: row, .bold, .yellow)
        } else if let seconds = state.countdownSeconds(at: now) {
            let keys = state.isHost ? "   (S starts now · E calls it off)" : ""
            frame.centre("The game starts in \(seconds) s\(keys)", row: row, .bold, .yellow)
        } else if let reconnecting = state.reconnecting {
            frame.put(String(repeating: " ", count: frame.columns), row: row, column: 0, .reverse, .yellow)
            frame.centre(reconnecting.banner(at: now), row: row, .reverse, .yellow, .bold)
        } else if state.showsError(at: now), let error = state.error {
            frame.centre(ScreenText.safe(error), row: row, .red)
        } else if let notice = state.notice(at: now), state.screen != .closed {
            frame.centre(ScreenText.safe(notice), row: row, .cyan)
        }
    }

    static func question(_ prompt: PresentState.Prompt, _ state: PresentState) -> String {
        switch prompt {
        case .kick(let typed): return "Remove which player? \(ScreenText.safe(typed))_   (Enter removes, Esc cancels)"
        case .confirmStop where state.screen != .playing: return "Call off the game about to start? (y/n)"
        case .confirmStop: return "End this game now? Everyone goes to the ranking. (y/n)"
        case .confirmClose: return "Close the room? Everyone in it is sent away. (y/n)"
        case .confirmQuit: return "\(state.quitWarning) (y/n)"
        }
    }

    /// A line of keys that fits: the page keys go first, then the rules' key (its help says it), then the separators
    /// shrink, then the words and the remove key (the help lists every key).
    static func fitting(_ keys: String, _ width: Int) -> String {
        var line = keys
        if line.columnWidth > width { line = line.replacingOccurrences(of: " · ←→ pages", with: "") }
        if line.columnWidth > width { line = line.replacingOccurrences(of: " · R rules", with: "") }
        if line.columnWidth > width { line = line.replacingOccurrences(of: " · PgUp PgDn ±10", with: "") }
        if line.columnWidth > width { line = line.replacingOccurrences(of: " · ", with: "  ") }
        if line.columnWidth > width { line = line.replacingOccurrences(of: "S next game", with: "S next") }
        if line.columnWidth > width { line = line.replacingOccurrences(of: "  K remove", with: "") }  // `?` lists it
        return line
    }

    /// `showingWords`: the hardest pairs are on screen now, so W goes back to the podium (the names, in a lobby).
    static func keys(_ state: PresentState, showingWords: Bool = false) -> String {
        if state.reconnecting != nil { return "Q quit" }
        if state.screen == .closed { return state.key != nil ? "N new room · Q quit" : "Q quit" }
        // W shows the hardest pairs first, or the podium (the names, in a lobby) first again.
        let words = state.screen == .gameOver && !state.hardest.isEmpty || state.screen == .lobby && !state.hardest.isEmpty
            ? (showingWords ? "W \(state.screen == .lobby ? "names" : "podium") · " : "W words · ") : ""
        guard state.isHost else { return "\(words)←→ pages · ? help · Q quit" }
        let lock = "L \(state.locked ? "unlock" : "lock")"
        if state.settings != nil && [.lobby, .gameOver].contains(state.screen) { return settingsKeys }
        let missed = words.isEmpty ? "" : "M missed · "
        switch state.screen {
        case .connecting, .closed: return "Q quit"
        case .lobby: return "S start · \(missed)\(words)\(lock) · K remove · R rules · C close · ←→ pages · ? help · Q quit"
        case .playing: return "E end game · \(lock) · K remove · ? help · Q quit"
        case .gameOver: return "S next game · \(missed)\(words)\(lock) · K remove · R rules · C close · ←→ pages · Q quit"
        }
    }

    private static func help(_ state: PresentState, _ frame: inout Frame) {
        var lines = ["Keys"]
        if state.isHost {
            lines += ["S or Enter   start a game, or the next one",
                      "L            lock the room (nobody new) or unlock it",
                      "K            remove a player: type the name, then Enter",
                      "E            end the game now",
                      "R            the rules, between games: pairs, seconds, out, list",
                      "M            between games: a game of the words missed in the last one",
                      "C            close the room"]
        }
        lines += ["W            after a game: the hardest pairs first, or the podium",
                  "← →          turn the page (pages also turn by themselves)",
                  "Q            quit",
                  "",
                  "any key closes this help"]
        let width = min(frame.columns - 4, (lines.map(\.columnWidth).max() ?? 0) + 6)
        let top = max(2, (frame.height - lines.count - 2) / 2)
        let left = (frame.columns - width) / 2
        for row in top..<(top + lines.count + 2) { frame.put(String(repeating: " ", count: width), row: row, column: left, .reverse) }
        // The box's reverse video covers these rows, so the text needs no style of its own.
        for (offset, line) in lines.enumerated().dropFirst() {
            frame.put(ScreenText.fit(line, width - 6), row: top + 1 + offset, column: left + 3)
        }
        frame.centre(lines[0], row: top + 1, left: left, width: width, .bold)
    }

    private static func closed(_ state: PresentState, _ frame: inout Frame, _ body: Body) {
        let middle = (body.top + body.bottom) / 2
        frame.centre("The room \(ScreenText.safe(state.room?.uppercased() ?? "")) is closed.", row: middle - 1, .bold)
        if state.key != nil {
            frame.centre("Press N for a new room with a new code, or Q to quit.", row: middle + 1)
        } else if let goodbye = state.goodbye {
            frame.centre(ScreenText.safe(goodbye), row: middle + 1)
        }
    }
}
