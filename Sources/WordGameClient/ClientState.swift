import WordGame
import WordGameProtocol

extension RoundInfo {
    /// How far this pair has fallen, received at `start` with its `milliseconds` left of a pair of `total`: 0 at
    /// the top, 1 when its time is up. A pair that arrives half over (after a drop) starts half fallen: the
    /// word says how little time is left.
    func fall(since start: Instant, at now: Instant, of total: Int) -> Double {
        let whole = Double(max(1, total, milliseconds))
        let elapsed = Double(now.nanoseconds - start.nanoseconds) / 1e6 + whole - Double(milliseconds)
        return min(1, max(0, elapsed / whole))
    }
}

/// One pair of the game as the player lived it, for the end dialog.
public struct PairRecord: Equatable, Sendable {
    public var reveal: Reveal
    /// Nil when the player was out or watching for this pair.
    public var verdict: Verdict?
}

/// Everything the client knows, changed only by events: server messages, keys
/// and time. Pure: it never touches the terminal or the network; it returns
/// the commands to send, and the renderer draws it.
public struct ClientState: Sendable {
    public enum Screen: Equatable, Sendable { case lobby, playing, gameOver, outside }

    public var name: String
    public var room: RoomInfo?
    public var memberNames: [String] = []
    public var memberTotal = 0
    public var me: PlayerState = .outside
    public var game: GameInfo?
    /// The room's rules for its next game (`RULES`), shown in the lobby.
    public var rules: RoomRules?
    /// The languages of the room's list (`LANGUAGES`, before every `RULES`): the word that stays, the one that falls.
    public var languages = GameLanguages.original
    /// The pair falling now, and when it reached us (the start of its fall).
    public var round: RoundInfo?
    public var roundReceivedAt: Instant?
    /// The button pressed for the current pair, and when: the word stops there.
    public var pressed: Answer?
    public var pressedAt: Instant?
    public var correct = 0
    public var wrong = 0
    public var rank = 0
    public var ranked = 0
    public var top: [TopEntry] = []
    /// The blocks of lines still arriving (a board, the game so far): whole at their `END`.
    var blocks = BlockReader()
    public var answered: (count: Int, of: Int)?
    /// The last revealed pair, shown briefly while the next one falls.
    public var lastReveal: PairRecord?
    public var lastRevealAt: Instant?
    public var history: [PairRecord] = []
    public var final: GameOver?
    /// The pair after which we were out of the game on (3 wrong attempts), for the screen to say so.
    public var outAfterPair: Int?
    /// The first row of the end dialog's list of pairs on screen (↑/↓ and page keys move it).
    public var reviewOffset = 0
    /// The host pressed R in the end dialog: the next game is asked for and the dialog stays until it begins.
    public var nextGameAsked = false
    /// A question over the screen, answered by the next key.
    public var overlay: Overlay?
    /// The terminal's size, for keys that scroll to stop at the end (set by the loop).
    public var window = (columns: 80, rows: 24)
    /// The solo player's best and last games, set when a solo game ends.
    public var pastGames: SoloHistory.Summary?
    /// The count to the next game, while one runs.
    public var countdown = NextGameCountdown()
    /// The last ERROR or NOTICE text from the server, until the next pair.
    /// (INFO lines are written for people at nc, "type START"; the screen says
    /// the same its own way, so it does not show them.)
    public var notice: String?
    public var hasQuit = false
    public var goodbye: String?
    /// The room we were sent out of (removed by its host, or closed), and why.
    public var leftRoom: (name: String, why: String?)?
    /// The NOTICE that sends us out, kept until the YOU OUTSIDE that follows it.
    var sentOutBecause: String?
    /// The latest TOKEN: what takes our seat back if the connection drops.
    public var token: ResumeToken?
    /// The server said `RESTARTING`: its `BYE` is a drop, and the seat is taken back once it answers again.
    public var serverRestarting = false
    /// Set by the loop while the connection is down and it takes the seat back.
    public var reconnecting: Reconnecting?
    /// The seat outlives this client (a server elsewhere, not the solo one in this process):
    /// the keys' help shows its resume code, for the player to write down.
    public var showsResumeCode = false
    /// The game as this client saw it before `OK RESUME`, until `SCORE` says whether it goes on (`ClientStateResume.swift`).
    var carried: CarriedGame?
    /// The end dialog is of a game that ended while the connection was down: its score is what this
    /// client knew before the drop, not the server's (`showGameEndedWhileAway`).
    public internal(set) var endedWhileAway = false
    /// After a RESUME with nothing carried (a new process taking the seat back): the first pair this
    /// client can know; the ones before it were played before it came (`takeCarriedGameBack`).
    var seenFromPair: Int?

    public static let feedbackMilliseconds = 1_500

    /// A move of the end dialog's list of pairs.
    public enum Scroll: Equatable, Sendable { case pairUp, pairDown, pageUp, pageDown }

    /// What covers the screen until a key is pressed.
    public enum Overlay: Equatable, Sendable {
        /// `q` in the middle of a game: a second `q` quits, any other key plays on.
        case confirmQuit
        /// `?` or `h`: the keys of this screen.
        case keys
    }

    public init(name: String) { self.name = name }

    public var screen: Screen {
        if leftRoom != nil { return .outside }
        if final != nil { return .gameOver }
        return game != nil ? .playing : .lobby
    }

    public var isHost: Bool { room?.host == name }

    /// The seat the server would hold for us after a drop: in a room, with a token.
    public var resumableSeat: HeldSeat? {
        guard let token, let room, me != .outside, leftRoom == nil else { return nil }
        return HeldSeat(token: token, room: room.name, restarting: serverRestarting)
    }

    /// Whether R after a game does anything: the host starts the next one, and
    /// in a room that starts by itself anyone's START says "ready".
    public var canStartNext: Bool { isHost || (room?.autoStart ?? 0) > 0 }

    /// More than one player: the side panel is worth its room.
    public var isMultiplayer: Bool { (room?.members ?? 1) > 1 || ranked > 1 }

    /// How far the current pair has fallen: 0 at the top, 1 at the deadline.
    /// Once answered, the word stops where it was.
    public func fall(at now: Instant) -> Double {
        guard let round, let start = roundReceivedAt else { return 0 }
        return round.fall(since: start, at: pressedAt.map { min($0, now) } ?? now, of: game?.roundMilliseconds ?? round.milliseconds)
    }

    /// Whole seconds left in a countdown to the next game, rounded up; nil when none runs.
    public func countdownSeconds(at now: Instant) -> Int? { countdown.seconds(at: now) }

    /// Answered, in a room where the others may still think: the screen says we wait for them.
    public var waitsForOthers: Bool { round != nil && pressed != nil && ((room?.members ?? 1) > 1 || ranked > 1) }

    /// How many players still think about the open pair, once PROGRESS (or our own answer) says.
    public var othersStillThinking: Int? { answered.map { max(0, $0.of - $0.count) } }

    public mutating func resized(columns: Int, rows: Int) { window = (columns, rows) }

    /// Whether the window is big enough to draw the game (and so to ask a question on it).
    var windowFits: Bool { window.columns >= Renderer.minimumColumns && window.rows >= Renderer.minimumRows }

    /// What is left on the normal screen when the client ends: the last score.
    public var farewell: String? {
        if let final {
            if final.rank == 0 { return final.ranked > 0 ? "You watched the last game (\(final.ranked) played)." : nil }
            let place = final.ranked > 1 ? ", rank \(final.rank) of \(final.ranked)" : ""
            return "Last game: \(final.correct) correct, \(final.wrong) wrong\(place)."
        }
        guard let game, me == .playing || me == .out else { return nil }
        // Who ended it: the player (q), or the server (its BYE: shutting down, the seat taken over), or the network.
        let ended = hasQuit ? "You left during" : goodbye != nil ? "The server ended the session during" : "The connection ended during"
        guard let pair = history.last?.reveal.number else { return "\(ended) pair 1 of \(game.pairs)." }
        let place = ranked > 1 ? ", rank \(rank) of \(ranked)" : ""
        return "\(ended) the game after pair \(pair) of \(game.pairs): \(correct) correct, \(wrong) wrong\(place)."
    }

    public func showsFeedback(at now: Instant) -> Bool {
        guard let at = lastRevealAt else { return false }
        return now < at.adding(milliseconds: Self.feedbackMilliseconds)
    }

    /// Whether the screen changes with time alone (a word falls, feedback fades, a countdown runs).
    public func isAnimating(at now: Instant) -> Bool {
        (round != nil && pressed == nil) || showsFeedback(at: now) || countdownSeconds(at: now) != nil || reconnecting != nil
    }

    // MARK: Events

    public mutating func receive(_ message: ServerMessage, at now: Instant) {
        switch message {
        case .notice, .you: break
        default: sentOutBecause = nil  // the reason is only for the YOU OUTSIDE that comes right after it
        }
        if let block = blocks.take(message) { return take(block) }
        switch message {
        case .room(let info):
            room = info
            countdown.room(is: info.state)
        case .members(let total, let names):
            memberTotal = total
            memberNames = names
        case .you(let state):
            if state == .outside && me != .outside { leftRoom = (room?.name ?? "", sentOutBecause) }
            if state == .out && me != .out { outAfterPair = history.last?.reveal.number ?? 0 }
            if state == .lobby && carried != nil { showGameEndedWhileAway() }
            me = state
        case .starting(let ms): countdown.start(milliseconds: ms, at: now)
        case .game(let info): beginGame(info)
        case .round(let info):
            carried = nil  // SCORE, which takes it back, comes before the open pair
            notice = nil
            round = info
            roundReceivedAt = now
            pressed = nil
            pressedAt = nil
            answered = nil
        case .progress(let number, let count, let of):
            if round?.number == number { answered = (count, of) }
        case .reveal(let reveal):
            carried = nil
            if seenFromPair == Self.fromTheNextReveal { seenFromPair = reveal.number }
            round = nil
            let record = PairRecord(reveal: reveal, verdict: nil)
            history.append(record)
            lastReveal = record
            lastRevealAt = now
        case .result(let result):
            correct = result.correct
            wrong = result.wrong
            rank = result.rank
            ranked = result.ranked
            if history.last?.reveal.number == result.number {
                history[history.count - 1].verdict = result.verdict
                lastReveal = history.last
            }
        // Back in a game after a drop: GAME came first (counters at 0), then our counters so far.
        case .score(let correct, let wrong, let rank, let ranked):
            self.correct = correct
            self.wrong = wrong
            self.rank = rank
            self.ranked = ranked
            takeCarriedGameBack()
        case .gameOver(let over):
            carried = nil
            final = over
            round = nil
            reviewOffset = 0
            nextGameAsked = false
        case .error(let error): notice = ClientTexts.error(error, in: self)
        // What the host did, and who came and went: "Bo was removed by the host".
        case .notice(let event, let text):
            let said = ClientTexts.notice(event, text, in: self)
            notice = said
            // To the one removed, or to all when the room closes: why YOU OUTSIDE follows.
            if event == .removed || event == .closed { sentOutBecause = said }
        // A server that keeps the lesson across its restart says so first: its BYE is a drop to come back from.
        case .restarting: serverRestarting = true
        case .bye(let text): if !serverRestarting { goodbye = text }
        case .token(let code, let grace): token = ResumeToken(code: code, graceSeconds: grace)
        case .resumed(let name, _):
            // The seat is back. The lines that follow rebuild the room: ROOM, MEMBERS, YOU,
            // and if a game is on GAME, SCORE and the open pair (a game that ended meanwhile is gone).
            self.name = name
            serverRestarting = false
            carried = final == nil ? game.map {
                CarriedGame(game: $0, history: history, outAfterPair: outAfterPair, correct: correct, wrong: wrong)
            } : nil
            beginGame(nil)
            notice = nil
            leftRoom = nil
        case .rules(let told):
            // New rules after a game, while the end dialog is up: said, not only drawn in a lobby nobody sees yet.
            if let old = rules, old != told, game == nil || final != nil { notice = ClientTexts.newRules(told) }
            rules = told
        // A block's lines: `blocks` keeps them for their END, above.
        case .languages(let from, let to): languages = GameLanguages(from: from, to: to)
        case .help, .top, .played, .roster, .ranking, .wordList, .hardest, .list, .skipped, .end: break
        case .uploaded, .listKey, .done: break
        case .info, .welcome, .nameSet, .joined, .left, .answerTaken, .pong: break
        case .hosted, .watchingRoom, .lockSet, .kicked, .stopped, .closed, .arrived, .departed, .waiting,
             .tally, .web, .saved, .games, .rulesSet, .practising: break
        // A reply to JOIN or RESUME, which are sent (and their MOVED followed) before the game's loop: `JoinRoom`.
        case .moved: break
        }
    }

    /// A block, whole: the leaderboard; the game so far, as the server judged it (after `SCORE`, on coming back:
    /// the end dialog then lists every pair, those before the drop and those missed while away, whatever this
    /// client kept).
    mutating func take(_ block: BlockReader.Block) {
        switch block {
        case .top(let entries): top = entries
        case .played(let pairs):
            history = pairs.map { PairRecord(reveal: $0.reveal, verdict: $0.outcome.verdict) }
            seenFromPair = nil
            if me == .out { outAfterPair = outAfterPairPlayed }
        // The hardest pairs go to a room's observers: the game's own screen has its end dialog.
        case .help, .roster, .ranking, .wordLists, .hardest, .lists, .skipped: break
        }
    }

    /// Time passing: feedback fades and a finished countdown is dropped. (The fall
    /// itself needs no state: it is a function of the time, see `fall(at:)`.)
    public mutating func tick(at now: Instant) {
        if lastRevealAt != nil && !showsFeedback(at: now) { lastRevealAt = nil }
        countdown.tick(at: now)
    }

    mutating func beginGame(_ info: GameInfo?) {
        game = info
        final = nil
        round = nil
        pressed = nil
        pressedAt = nil
        outAfterPair = nil
        endedWhileAway = false
        seenFromPair = nil
        reviewOffset = 0
        nextGameAsked = false
        correct = 0
        wrong = 0
        rank = 0
        ranked = 0
        top = []
        blocks.reset()
        history = []
        lastReveal = nil
        lastRevealAt = nil
        answered = nil
        countdown.stop()
    }
}
