import TextColumns
import WordGame
import WordGameProtocol
import WordGameServer

/// What the projector screen knows: the room it hosts (or watches), who is
/// in, the pair on screen, who is still thinking, and the rankings. Changed
/// only by server messages, keys and time; `PresentRenderer` draws it.
public struct PresentState: Sendable {
    public enum Screen: Equatable, Sendable { case connecting, lobby, playing, gameOver, closed }

    /// A question the screen asks before a control that cannot be undone.
    public enum Prompt: Equatable, Sendable {
        /// Typing the name of the player to remove.
        case kick(String)
        case confirmStop
        case confirmClose
        case confirmQuit
    }

    /// Where students connect: this machine's network address and the port (set by the app).
    public var joinAddress: String?
    public var joinPort: UInt16 = 4000
    /// Where students join in a browser, the room's code filled in (the server's `WEB` line); nil: the server has no web port.
    public var browserAddress: String?
    /// Said when quitting, by whoever owns the room (e.g. the in-process server stops with the screen).
    /// The screen runs the server: quitting stops it, and its BYE tells everyone,
    /// so the host does not say QUIT first (that would tell the class "the host is away").
    public var ownsServer = false
    public var room: String?
    public var key: String?
    public var me: PlayerState = .outside
    public var info: RoomInfo?
    /// Members in join order.
    public var roster: [String] = []
    /// The blocks of lines still arriving (the roster, a board, the ranking, the word lists): whole at their `END`.
    var blocks = BlockReader()
    public var locked = false
    public var game: GameInfo?
    /// The room's rules for its next game (`RULES`), for the lobby and the host's settings.
    public var rules: RoomRules?
    /// The languages of the room's list (`LANGUAGES`, before every `RULES`).
    public var languages = GameLanguages.original
    /// The server's word lists, from its reply to `RULES` (`WORDLIST` lines), for the settings screen.
    public var wordLists: [(name: String, words: Int)] = []
    /// The host's settings screen, open between games (`R`); nil when closed.
    public var settings: PresentSettings?
    /// Games started while this screen watched, for the header: "game 2".
    public var gamesPlayed = 0
    public var round: RoundInfo?
    public var roundReceivedAt: Instant?
    public var progress: (answered: Int, playing: Int)?
    public var waiting: (count: Int, names: [String])?
    public var lastReveal: Reveal?
    public var lastTally: Tally?
    public var lastRevealAt: Instant?
    public var top: [TopEntry] = []
    public var ranking: [RankingEntry] = []
    /// The last game's pairs, hardest first (`HARDEST`): shown after the podium and the ranking.
    public var hardest: [HardestPair] = []
    /// `W`: the hardest pairs are shown first (on the game-over screen, before the podium; in the lobby,
    /// in place of the names), until `W` again goes back.
    public var wordsFirst = false
    /// The window's size, as the loop last told it (`resized`): which page `W` leaves depends on it.
    public var window = (columns: 80, rows: 24)
    public var gameOver = false
    /// The count to the next game: the start delay of the host's START, or auto-start's countdown.
    public var countdown = NextGameCountdown()
    /// The latest room event, and when it came.
    public var lastNotice: String?
    public var noticeAt: Instant?
    /// Where the last game's results went (or why they could not be kept).
    public var resultsNote: String?
    public var error: String?
    public var errorAt: Instant?
    /// Which page of names or ranking is shown: the renderer takes it modulo
    /// the page count, so it can only grow or shrink by one.
    public var page = 0
    /// When the page last turned: a projector nobody touches turns its own pages.
    public var pageTurnedAt: Instant?
    public var prompt: Prompt?
    public var showsHelp = false
    public var hasQuit = false
    public var goodbye: String?
    /// The latest TOKEN: what takes the host's seat back if the connection drops.
    public var token: ResumeToken?
    /// The server said `RESTARTING`: its `BYE` is a drop, and the seat is taken back once it answers again.
    public var serverRestarting = false
    /// Set by the loop while the connection is down and it takes the seat back.
    public var reconnecting: Reconnecting?
    /// Taken back after a drop, until the ROOM line that follows says whether a game is still on.
    var resumedAwaitingRoom = false

    public static let revealMilliseconds = 4_000
    public static let errorMilliseconds = 4_000
    public static let pageMilliseconds = 10_000
    /// A room event stays on screen this long: a stale "Bo left" would mislead the room.
    public static let noticeMilliseconds = 10_000

    public init() {}

    public var isHost: Bool { me == .hosting }

    /// The seat the server would hold after a drop: a room, with a token.
    public var resumableSeat: HeldSeat? {
        guard let token, let room, me != .outside else { return nil }
        return HeldSeat(token: token, room: room, restarting: serverRestarting)
    }

    /// What quitting means, asked before it is done.
    public var quitWarning: String {
        if ownsServer { return "Quit? This stops the server and sends every student away." }
        guard isHost else { return "Stop watching this room?" }
        return "Quit? The room waits \(GameSettings.defaultHostGraceMilliseconds / 60_000) minutes for you to take it back."
    }

    /// The exact lines a student types: the browser's address first (most
    /// students have only a browser), then `nc` and the client, said more
    /// tersely when the window is narrow (the client's line goes first): the
    /// code must never be cut off.
    public func joinLines(width: Int = .max) -> [String] {
        guard let address = joinAddress, let room else { return [] }
        let code = room.uppercased()
        let port = joinPort == 4000 ? "" : " --port \(joinPort)"
        let client = "wordgame-client --host \(address)\(port) --room \(code)"
        let nc = "nc \(address) \(joinPort)   then type   NAME yourname   and   JOIN \(code)"
        let full = (browserAddress.map { ["In a browser:  \($0)"] } ?? []) + [nc, "or  " + client]
        if full.allSatisfy({ $0.columnWidth <= width }) { return full }
        let browser = browserAddress.map { url in "Open  \(url)".columnWidth <= width ? "Open  \(url)" : url }
        let terseClient = client.columnWidth <= width || browserAddress == nil ? [client] : []
        return (browser.map { [$0] } ?? []) + ["nc \(address) \(joinPort) · NAME you · JOIN \(code)"] + terseClient
    }

    public var screen: Screen {
        if me == .outside && room != nil { return .closed }
        if room == nil { return .connecting }
        if gameOver { return .gameOver }
        return game != nil ? .playing : .lobby
    }

    /// How far the pair on screen has fallen: 0 at the top, 1 when its time is up.
    public func fall(at now: Instant) -> Double {
        guard let round, let start = roundReceivedAt else { return 0 }
        return round.fall(since: start, at: now, of: game?.roundMilliseconds ?? round.milliseconds)
    }

    public func showsReveal(at now: Instant) -> Bool {
        guard let at = lastRevealAt else { return false }
        return now < at.adding(milliseconds: Self.revealMilliseconds)
    }

    /// The latest room event, while it is news.
    public func notice(at now: Instant) -> String? {
        guard let at = noticeAt, now < at.adding(milliseconds: Self.noticeMilliseconds) else { return nil }
        return lastNotice
    }

    /// Whole seconds to the next game, rounded up; nil when no countdown runs.
    public func countdownSeconds(at now: Instant) -> Int? { countdown.seconds(at: now) }

    public func showsError(at now: Instant) -> Bool {
        guard error != nil, let at = errorAt else { return false }
        return now < at.adding(milliseconds: Self.errorMilliseconds)
    }

    public func isAnimating(at now: Instant) -> Bool {
        round != nil || showsReveal(at: now) || showsError(at: now) || reconnecting != nil || countdownSeconds(at: now) != nil
    }

    // MARK: Events

    public mutating func receive(_ message: ServerMessage, at now: Instant) {
        if let block = blocks.take(message) { return take(block) }
        switch message {
        case .hosted(let room, let key):
            if room != self.room { self = PresentState(keeping: self) }
            self.room = room
            self.key = key
        case .watchingRoom(let room): self.room = room
        case .room(let info):
            self.info = info
            countdown.room(is: info.state)
            if resumedAwaitingRoom {
                resumedAwaitingRoom = false
                // The game ended while the link was down: its podium was missed, its results are kept.
                if info.state != .playing && !gameOver { game = nil }
            }
        case .resumed(_, let room):
            serverRestarting = false
            if room != self.room { self = PresentState(keeping: self) }
            self.room = room
            // The host's lines follow and rebuild the room: ROOM, YOU, NOTICE locked, the roster, the open pair.
            round = nil
            progress = nil
            waiting = nil
            blocks.reset()
            locked = false
            resumedAwaitingRoom = true
        case .token(let code, let grace): token = ResumeToken(code: code, graceSeconds: grace)
        case .web(let url): browserAddress = url
        case .you(let state): me = state
        case .arrived(let name): roster.append(name)
        case .departed(let name, _): roster.removeAll { $0 == name }
        case .notice(let event, let text):
            if event == .locked { locked = true }
            if event == .unlocked { locked = false }
            lastNotice = text
            noticeAt = now
        case .lockSet(let locked): self.locked = locked
        case .game(let info): beginGame(info)
        case .starting(let milliseconds):
            countdown.start(milliseconds: milliseconds, at: now)
            settings = nil
        case .round(let info):
            round = info
            roundReceivedAt = now
            progress = nil
        case .progress(let number, let answered, let playing):
            if round?.number == number { progress = (answered, playing) }
        case .waiting(let count, let names): waiting = (count, names)
        case .reveal(let reveal):
            round = nil
            waiting = nil
            lastReveal = reveal
            lastTally = nil
            lastRevealAt = now
        case .tally(let tally): lastTally = tally
        case .gameOver:
            gameOver = true
            round = nil
            waiting = nil
            page = 0
            pageTurnedAt = now
        case .info(let text) where text.hasPrefix("The results of game"):
            resultsNote = Self.shortResultsNote(text)
        case .error(let problem) where settings?.applying == true:
            // The answer to the settings' RULES line: said on that screen, which stays open to fix it.
            settings?.applying = false
            settings?.problem = ClientTexts.withoutCommands(problem.text)
        case .error(let problem):
            error = ClientTexts.withoutCommands(problem.text)
            errorAt = now
        // A server that keeps the lesson across its restart says so first: its BYE is a drop to come back from.
        case .restarting: serverRestarting = true
        case .bye(let text): if !serverRestarting { goodbye = text }
        // A block's lines: `blocks` keeps them for their END, above.
        case .help, .roster, .top, .ranking, .wordList, .played, .hardest, .list, .skipped, .end: break
        case .languages(let from, let to): languages = GameLanguages(from: from, to: to)
        case .uploaded, .listKey, .done: break
        case .welcome, .nameSet, .joined, .left, .answerTaken, .members, .result,
             .info, .pong, .kicked, .stopped, .closed, .score, .saved, .practising:
            break
        case .rules(let told):
            // Changed after a game, while the podium or the ranking is up: the room event line says so.
            if let old = rules, old != told, screen != .playing {
                lastNotice = ClientTexts.newRules(told)
                noticeAt = now
            }
            rules = told
            settings?.receive(told)
        case .rulesSet: if settings?.applying == true { settings = nil }
        case .moved: break  // a reply to HOST or WATCH, followed before the screen's loop
        // On arrival (a projector taken back mid-lesson): the games before; the next GAME is one more.
        case .games(let before): gamesPlayed = before
        }
    }

    /// A block, whole: the roster on arrival, a board, the whole ranking, the server's word lists.
    private mutating func take(_ block: BlockReader.Block) {
        switch block {
        case .roster(let names): roster = names
        case .top(let entries): top = entries
        case .ranking(let entries): ranking = entries
        case .wordLists(let lists):
            wordLists = lists.map { ($0.name, $0.words) }
            settings?.lists = wordLists
        case .hardest(let pairs): hardest = pairs
        case .help, .played, .lists, .skipped: break
        }
    }

    private mutating func beginGame(_ info: GameInfo) {
        game = info
        settings = nil  // the rules cannot change during a game
        gamesPlayed += 1
        gameOver = false
        countdown.stop()
        round = nil
        progress = nil
        waiting = nil
        lastReveal = nil
        lastTally = nil
        lastRevealAt = nil
        top = []
        ranking = []
        hardest = []
        wordsFirst = false
        page = 0
        resultsNote = nil
    }

    public mutating func resized(columns: Int, rows: Int) { window = (columns, rows) }

    public mutating func tick(at now: Instant) {
        if let turned = pageTurnedAt {
            if now >= turned.adding(milliseconds: Self.pageMilliseconds) { turnPage(by: 1, at: now) }
        } else {
            pageTurnedAt = now
        }
        if lastRevealAt != nil && !showsReveal(at: now) { lastRevealAt = nil }
        countdown.tick(at: now)
        if errorAt != nil && !showsError(at: now) {
            error = nil
            errorAt = nil
        }
    }

    /// "The results of game 2 are saved: /long/path/…-players.csv (and …)." reads
    /// on a projector as "Results of game 2 saved: …-players.csv"; the folder
    /// is printed when the screen closes.
    static func shortResultsNote(_ text: String) -> String {
        guard let colon = text.range(of: " are saved: "), let end = text.range(of: " (and", range: colon.upperBound..<text.endIndex)
        else { return text }
        let file = text[colon.upperBound..<end.lowerBound].split(separator: "/").last.map(String.init) ?? ""
        let game = text[..<colon.lowerBound].dropFirst("The results".count)  // " of game 2"
        return "Results\(game) saved: \(file)"
    }

    // MARK: Keys

    /// A key press; returns the commands to send. Controls that cannot be
    /// undone ask first; removing a player asks for the name.
    public mutating func press(_ key: Key, at now: Instant) -> [ClientCommand] {
        if key == .interrupt { return quit() }
        // No connection to take a control while the seat is being taken back: only quitting (asked first) works.
        if reconnecting != nil && prompt != .confirmQuit {
            prompt = nil
            showsHelp = false
            settings = nil
            if key == .character("q") || key == .character("Q") { prompt = .confirmQuit }
            return []
        }
        if let prompt { return answer(prompt, key) }
        if settings != nil { return changeSettings(key) }
        if showsHelp {
            showsHelp = false
            return []
        }
        switch key {
        case .character("q"), .character("Q"): prompt = .confirmQuit
        case .character("?"), .character("h"), .character("H"): showsHelp = true
        case .left, .up: turnPage(by: -1, at: now)
        case .right, .down, .character(" "): turnPage(by: 1, at: now)
        case .character(let c) where (c == "n" || c == "N") && screen == .closed && self.key != nil:
            return [.host(reclaim: nil)]
        // The hardest pairs, or back from them to the podium (to the names, in a lobby that has them).
        case .character("w"), .character("W"):
            guard !hardest.isEmpty, screen == .gameOver || screen == .lobby else { return [] }
            wordsFirst = !PresentRenderer.showsWords(self, PresentRenderer.Body(columns: window.columns, rows: window.rows))
            page = 0
            pageTurnedAt = now
        default:
            guard isHost else { return [] }
            return hostControl(key)
        }
        return []
    }

    private mutating func turnPage(by step: Int, at now: Instant) {
        page += step
        pageTurnedAt = now
    }

    /// A fresh state for a new room, keeping what belongs to the screen, not the room.
    private init(keeping old: PresentState) {
        self.init()
        wordLists = old.wordLists
        joinAddress = old.joinAddress
        joinPort = old.joinPort
        ownsServer = old.ownsServer
    }

    private mutating func hostControl(_ key: Key) -> [ClientCommand] {
        switch key {
        case .enter, .character("s"), .character("S"):
            return screen == .playing ? [] : [.start]
        case .character("l"), .character("L"): return [locked ? .unlock : .lock]
        case .character("k"), .character("K"): prompt = .kick("")
        // E ends the game on, or calls off a start still counting down.
        case .character("e"), .character("E"): if screen == .playing || countdown.isRunning { prompt = .confirmStop }
        case .character("c"), .character("C"): prompt = .confirmClose
        case .character("r"), .character("R"): return openSettings()
        // Play the missed words: between games, as S (the server says so when nothing was missed).
        case .character("m"), .character("M"):
            return (screen == .lobby || screen == .gameOver) && !countdown.isRunning ? [.startMissed] : []
        default: break
        }
        return []
    }

    /// Between games only (the server refuses `RULES` during one or its countdown): the settings
    /// screen, and `RULES` to ask for the word lists and the rules as they are now.
    private mutating func openSettings() -> [ClientCommand] {
        guard screen == .lobby || screen == .gameOver, !countdown.isRunning, let rules else { return [] }
        settings = PresentSettings(rules, lists: wordLists)
        return [.rules(nil)]
    }

    private mutating func changeSettings(_ key: Key) -> [ClientCommand] {
        guard var open = settings else { return [] }
        // Waiting for the server's answer: only Esc (closing the screen; the answer still comes) does anything.
        if open.applying {
            if key == .escape { settings = nil }
            return []
        }
        var sent: [ClientCommand] = []
        switch key {
        case .escape:
            settings = nil
            return []
        case .up: open.move(by: -1)
        case .down: open.move(by: 1)
        case .left: open.change(by: -1)
        case .right: open.change(by: 1)
        case .pageDown: open.change(by: -10)
        case .pageUp: open.change(by: 10)
        case .enter:
            guard let change = open.change else {
                settings = nil  // nothing changed: nothing to send
                return []
            }
            open.applying = true
            open.problem = nil
            sent = [.rules(change)]
        default: break
        }
        settings = open
        return sent
    }

    private mutating func answer(_ asked: Prompt, _ key: Key) -> [ClientCommand] {
        if case .kick(let typed) = asked {
            switch key {
            case .escape: prompt = nil
            case .enter:
                prompt = nil
                let name = typed.trimmingCharacters(in: " ")
                return name.isEmpty ? [] : [.kick(name)]
            case .backspace: prompt = .kick(String(typed.dropLast()))
            // No name is wider than this: typing on past it could only miss.
            case .character(let c) where (typed + String(c)).columnWidth <= Names.nicknameMaxColumns: prompt = .kick(typed + String(c))
            default: break
            }
            return []
        }
        prompt = nil
        guard key == .character("y") || key == .character("Y") else { return [] }
        switch asked {
        case .confirmStop: return [.stop]
        case .confirmClose: return [.close]
        case .confirmQuit: return quit()
        case .kick: return []
        }
    }

    private mutating func quit() -> [ClientCommand] {
        hasQuit = true
        return ownsServer ? [] : [.quit]
    }
}
