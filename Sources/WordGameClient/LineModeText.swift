import TextColumns
import WordGame
import WordGameProtocol

/// What line mode prints for each server message: plain sentences, one per
/// line, that a person can read and a script can match. They speak of what
/// to type here (y, n, r, q), never of protocol commands: the server's INFO
/// lines, written for `nc`, are replaced by the client's own. Pure.
public enum LineModeText {
    public static func lines(for message: ServerMessage, state: ClientState) -> [String] {
        switch message {
        case .you(.lobby) where state.endedWhileAway && state.final != nil:
            let final = state.final!
            return ["The game ended while your connection was down. Before the drop: \(final.correct) correct, "
                + "\(final.wrong) wrong.", nextGameHint(state, first: false)]
        case .you(.lobby) where state.final == nil:
            // A room that starts by itself with us (solo) needs no hint: the game is on its way.
            if let room = state.room, room.autoStart > 0, room.members >= room.autoStart { return [] }
            return [nextGameHint(state, first: true)]
        case .room(let room) where room.state != .playing:
            return ["Room \(room.name): \(room.members) player\(room.members == 1 ? "" : "s"), "
                + "host \(room.host.isEmpty ? "none" : room.host)."]
        case .game(let game):
            return ["Game on: \(game.pairs) pairs, \(seconds(game.roundMilliseconds)) s each, "
                + "\(ClientTexts.out(game.maxIncorrect)). Answer y (correct) or n (wrong)."]
        case .rules(let rules):
            return [ClientTexts.rules(rules)[0] + "."]
        case .languages(let from, let to):
            return ["Each pair: a word in \(from) and one in \(to). Is the \(to) word the right translation?"]
        case .round(let round):
            let how = state.me == .playing ? "(y / n within \(seconds(round.milliseconds)) s)" : "(you watch this one)"
            return ["Pair \(round.number) of \(round.pairs): \(round.english) = \(round.spanish) ?  \(how)"]
        case .reveal(let reveal):
            let truth = reveal.truth == .correct ? "correct" : "wrong (\(reveal.english) = \(reveal.translation))"
            return ["Pair \(reveal.number): \(reveal.english) = \(reveal.spanish) is \(truth)."]
        case .result(let result):
            let verdict = result.verdict == .right ? "Right" : result.verdict == .wrong ? "Wrong" : "Too slow"
            let rank = result.ranked > 1 ? ", rank \(result.rank) of \(result.ranked)" : ""
            return ["\(verdict). Correct attempts: \(result.correct), wrong attempts: \(result.wrong)\(rank)."]
        case .you(.out):
            return ["You are out after \(state.game?.maxIncorrect ?? 3) wrong attempts: you watch until the game ends."]
        case .you(.watching):
            return ["A game is on: you watch it, and play from the next one."]
        case .gameOver(let over):
            let rank = over.ranked > 1 ? (over.rank > 0 ? ", rank \(over.rank) of \(over.ranked)" : ", watched") : ""
            return ["Final score: \(over.correct) correct, \(over.wrong) wrong\(rank)."] + (state.pastGames.map(history) ?? [])
                + [nextGameHint(state, first: false)]
        case .score(let correct, let wrong, let rank, let ranked):
            let place = ranked > 1 ? ", rank \(rank) of \(ranked)" : ""
            return ["Your score in this game so far: \(correct) correct, \(wrong) wrong\(place)."]
        case .resumed(_, let room):
            return ["Reconnected: back in room \(room)."]
        case .starting(let ms):
            return ["The game starts in \(seconds(ms)) s."]
        case .bye(let text):
            return [text]
        case .notice(let event, let text):
            return [ClientTexts.notice(event, text, in: state)]
        case .error(let error):
            return ["! \(ClientTexts.error(error, in: state))"]
        default:
            return []
        }
    }

    /// What this client's player can type, for `?` and for a line it does not know.
    static let keys = ["Keys: y = the pair is correct, n = it is wrong,", "      r = start or play again, q = quit, ? = these keys."]

    /// The keys, and the seat's resume code when it outlives this client (`--resume` takes it back).
    static func keys(_ state: ClientState) -> [String] {
        guard state.showsResumeCode, let code = state.resumableSeat?.token.code else { return keys }
        return keys + ["Your resume code: \(code) (wordgame-client … --resume \(code) takes your seat back)."]
    }

    /// Why `y` or `n` (or `r`) did nothing, said in words; nil when nothing needs saying.
    static func whyNoAnswer(_ key: Character, state: ClientState, at now: Instant) -> String? {
        guard "yncw".contains(key) else {
            // r between games that does not start one: who does.
            let between = state.game == nil || state.final != nil
            guard key == "r", between else { return nil }
            if state.nextGameAsked || state.countdown.isRunning { return "The next game is about to start." }
            return nextGameHint(state, first: state.final == nil)
        }
        switch state.me {
        case .out: return "You are out of this game: you watch until it ends."
        case .watching: return "You joined during this game: you play from the next one."
        default: break
        }
        if let round = state.round, state.pressed != nil { return "You already answered pair \(round.number)." }
        if state.round != nil, state.isWithinReadingFloor(at: now) { return ClientTexts.tooSoon }
        return "No pair to answer now."
    }

    /// How the next game starts, for this player: the words they type here.
    static func nextGameHint(_ state: ClientState, first: Bool) -> String {
        let game = first ? "the game" : "another game"
        if state.isHost { return "Type r to start \(game), q to quit." }
        if let auto = state.room?.autoStart, auto > 0 {
            return "Type r when you are ready for \(game) (it starts with \(auto) ready), q to quit."
        }
        let host = state.room?.spokenHost ?? "the host"
        return "Waiting for \(host) to start \(game); q quits."
    }

    /// The solo player's record: "Best of 3 games: 12 correct, 1 wrong, 2026-11-20" and the last games.
    static func history(_ summary: SoloHistory.Summary) -> [String] {
        [bestLine(summary), recentLine(summary)]
            + (summary.problem.map { ["(\($0))"] } ?? [])
    }

    public static func bestLine(_ summary: SoloHistory.Summary) -> String {
        let best = summary.best
        if summary.bestIsLatest { return "A new best score, in \(summary.played) games of \(best.pairs) pairs!" }
        if summary.played == 1 { return "Your first game of \(best.pairs) pairs: your best scores start here." }
        return "Best of \(summary.played) games: \(best.correct) correct, \(best.wrong) wrong, \(best.date.prefix(10))"
    }

    /// "Best: 12✓ 1✗ of 3 games": the record in a narrow box.
    public static func shortBestLine(_ summary: SoloHistory.Summary) -> String {
        if summary.bestIsLatest { return "A new best score!" }
        return "Best: \(summary.best.correct)✓ \(summary.best.wrong)✗ of \(summary.played) games"
    }

    /// "Last games: 9✓ 3✗ · 7✓ 3✗", newest first, as many games as fit in `width` columns.
    public static func recentLine(_ summary: SoloHistory.Summary, width: Int = .max) -> String {
        var line = "Last games:"
        for game in summary.recent {
            let next = line + (line.hasSuffix(":") ? " " : " · ") + "\(game.correct)✓ \(game.wrong)✗"
            guard next.columnWidth <= width else { break }
            line = next
        }
        return line
    }

    static func seconds(_ milliseconds: Int) -> String {
        milliseconds % 1000 == 0 ? "\(milliseconds / 1000)" : String(Double(milliseconds) / 1000)
    }
}
