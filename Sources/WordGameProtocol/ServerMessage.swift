import WordGame

/// MEMBERS lists at most this many names, so it never grows with the room.
public let membersListed = 12
/// WAITING names the players still thinking when there are at most this many.
public let waitingListed = 40

/// A line the server sends: a keyword, then fields. Strings are always quoted
/// (see `Quoting`), numbers and keywords are bare. Protocol.md documents each.
public enum ServerMessage: Equatable, Sendable {
    case welcome(version: Int, hint: String)
    case help(String)
    /// Closes a block of lines of one keyword (`END HELP`, `END TOP`): a
    /// reader knows the block is complete without waiting for what follows.
    case end(String)
    case nameSet(String)
    case joined(room: String)
    case left(room: String)
    /// `OK HOST <room> <key>`: the room is yours; the key takes it back from another connection.
    case hosted(room: String, key: String)
    /// `OK WATCH <room>`
    case watchingRoom(String)
    /// `OK LOCK` / `OK UNLOCK`
    case lockSet(Bool)
    /// `OK KICK <name>`
    case kicked(String)
    /// `OK STOP`
    case stopped
    /// `OK CLOSE <room>`
    case closed(room: String)
    case answerTaken(round: Int, Answer)
    case error(ProtocolError)
    case room(RoomInfo)
    /// Up to `membersListed` names (the host first) of the room's `total` members.
    case members(total: Int, names: [String])
    case you(PlayerState)
    case starting(milliseconds: Int)
    case game(GameInfo)
    case round(RoundInfo)
    case progress(round: Int, answered: Int, playing: Int)
    case reveal(Reveal)
    case result(RoundResult)
    case top(TopEntry)
    case gameOver(GameOver)
    case info(String)
    case pong
    case bye(String)
    /// A room event, for everyone in the room: a keyword for programs, a sentence for people.
    case notice(NoticeEvent, String)
    /// One member, in the roster block a host or viewer gets (ended by `END ROSTER`).
    case roster(String)
    /// A member joined (to the host and viewers).
    case arrived(String)
    /// A member left (to the host and viewers).
    case departed(String, Departure)
    /// The players still thinking about the open pair (to the host and viewers):
    /// their count, and their names when there are at most `waitingListed`.
    case waiting(count: Int, names: [String])
    case tally(Tally)
    /// One row of the whole ranking at a game's end (to the host and viewers; ended by `END RANKING`).
    case ranking(RankingEntry)
    /// `OK RESUME <name> <room>`: the seat held for a resume code is this connection's now.
    case resumed(name: String, room: String)
    /// `TOKEN <code> <grace-seconds>`: the code that takes this seat back from
    /// a new connection after a drop, and how long the seat is held.
    case token(code: String, graceSeconds: Int)
    /// `SCORE <correct> <wrong> <rank> <ranked>`: your counters in the game on,
    /// for a player coming back to it (the same fields as `RESULT`).
    case score(correct: Int, wrong: Int, rank: Int, ranked: Int)

    /// The line, without its LF.
    public var line: String {
        switch self {
        case .welcome(let version, let hint): return fields("WORDGAME", version, quoted(hint))
        case .help(let text): return fields("HELP", quoted(text))
        case .end(let keyword): return fields("END", keyword)
        case .nameSet(let name): return fields("OK", "NAME", quoted(name))
        case .joined(let room): return fields("OK", "JOIN", quoted(room))
        case .left(let room): return fields("OK", "LEAVE", quoted(room))
        case .hosted(let room, let key): return fields("OK", "HOST", quoted(room), quoted(key))
        case .watchingRoom(let room): return fields("OK", "WATCH", quoted(room))
        case .lockSet(let locked): return fields("OK", locked ? "LOCK" : "UNLOCK")
        case .kicked(let name): return fields("OK", "KICK", quoted(name))
        case .stopped: return fields("OK", "STOP")
        case .closed(let room): return fields("OK", "CLOSE", quoted(room))
        case .answerTaken(let round, let answer): return fields("OK", "ANSWER", round, answer.rawValue)
        case .error(let error): return fields("ERROR", error.code.rawValue, quoted(error.text))
        case .room(let r): return fields("ROOM", quoted(r.name), r.state.rawValue, r.members, quoted(r.host), r.autoStart)
        case .members(let total, let names): return fields([ "MEMBERS", total] + names.map(quoted))
        case .you(let state): return fields("YOU", state.rawValue)
        case .starting(let ms): return fields("STARTING", ms)
        case .game(let g): return fields("GAME", g.pairs, g.roundMilliseconds, g.maxIncorrect, g.players)
        case .round(let r): return fields("ROUND", r.number, r.pairs, quoted(r.english), quoted(r.spanish), r.milliseconds)
        case .progress(let round, let answered, let playing): return fields("PROGRESS", round, answered, playing)
        case .reveal(let r): return fields("REVEAL", r.number, quoted(r.english), quoted(r.spanish), r.truth.rawValue, quoted(r.translation))
        case .result(let r): return fields("RESULT", r.number, r.verdict.rawValue, r.correct, r.wrong, r.rank, r.ranked)
        case .top(let t): return fields("TOP", t.rank, quoted(t.name), t.correct, t.wrong, t.milliseconds)
        case .gameOver(let g): return fields("GAMEOVER", g.rank, g.ranked, g.correct, g.wrong, g.milliseconds)
        case .info(let text): return fields("INFO", quoted(text))
        case .pong: return "PONG"
        case .bye(let text): return fields("BYE", quoted(text))
        case .notice(let event, let text): return fields("NOTICE", event.rawValue, quoted(text))
        case .roster(let name): return fields("ROSTER", quoted(name))
        case .arrived(let name): return fields("ARRIVED", quoted(name))
        case .departed(let name, let why): return fields("DEPARTED", quoted(name), why.rawValue)
        case .waiting(let count, let names): return fields(["WAITING", count] + names.map(quoted))
        case .tally(let t): return fields("TALLY", t.number, t.right, t.wrong, t.timeout)
        case .ranking(let r): return fields("RANKING", r.rank, quoted(r.name), r.correct, r.wrong, r.milliseconds, r.outAt)
        case .resumed(let name, let room): return fields("OK", "RESUME", quoted(name), quoted(room))
        case .token(let code, let grace): return fields("TOKEN", quoted(code), grace)
        case .score(let correct, let wrong, let rank, let ranked): return fields("SCORE", correct, wrong, rank, ranked)
        }
    }

    private func fields(_ items: Any...) -> String { fields(items) }

    private func fields(_ items: [Any]) -> String {
        items.map { "\($0)" }.joined(separator: " ")
    }

    private func quoted(_ text: String) -> Quoted { Quoted(text: text) }
}

/// A string field, printed quoted.
private struct Quoted: CustomStringConvertible {
    var text: String
    var description: String { Quoting.quote(text) }
}
