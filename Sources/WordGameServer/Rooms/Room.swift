import WordGame
import WordGameProtocol

/// A room: who is in it (`Roster`), who runs it (`RoomHost`), the game on
/// (`GameSession`), and what it tells everyone (`RoomUpdates`). What a room
/// does is in extensions, one idea a file: members coming and going
/// (`RoomMembers.swift`), the host and viewers (`RoomObservers.swift`), the
/// game (`RoomGame.swift`, `RoomRoundClose.swift`), seats held after a drop
/// (`RoomAway.swift`), the host's controls (`RoomControls.swift`), time and
/// updates (`RoomTime.swift`); the sentences people read are in `Texts/`.
///
/// Roles:
/// - **members** play: they joined with `JOIN`, are ranked, and count toward
///   starting. In a room made with `JOIN`, the first member is also its host.
/// - the **host seat** of a room made with `HOST`: the teacher, who runs the
///   room without playing.
/// - **viewers** follow with `WATCH`, without playing.
///
/// The host of a hosted room and the viewers are the room's *observers*: they
/// also get the full roster, who is still thinking, and the whole ranking.
///
/// Pure logic: it maps (command, seat, instant) to messages in the outbox
/// and never sees a socket or reads a clock. Owned by the hub.
final class Room {
    let name: String
    let settings: GameSettings
    let environment: RoomEnvironment
    var outbox: Outbox { environment.outbox }
    // What `nextWakeup` reads marks it stale when changed (`RoomTime.swift`): the loop asks every room each turn.
    var roster = Roster() { didSet { wakeupStale = true } }
    var host: RoomHost { didSet { wakeupStale = true } }
    /// In its lobby, counting down, or playing a game.
    var phase = RoomPhase.lobby { didSet { wakeupStale = true } }
    var updates: RoomUpdates { didSet { wakeupStale = true } }
    /// `nextWakeup` as last worked out, and whether something it reads has changed since.
    var cachedWakeup: Instant?
    var wakeupStale = true
    var locked = false
    var gamesStarted = 0
    /// The players file of the last game saved (the answers file lies beside it).
    var savedResults: String?
    /// The rules of the room's next game: the server's until the host changes them (`RULES`, `RoomRules.swift`).
    var rules: Rules
    /// The name of the word list the next game is dealt from (`WordListName.standard` until the host picks another).
    var listName = WordListName.standard
    /// How the last game's pairs went, for its table of the hardest (`HARDEST`) and `START MISSED`; nil before the first.
    var lastGame: LastGame?
    /// A room of one made by `PRACTICE` (`RoomPractice.swift`): nobody can join or watch it, the fleet's
    /// directory never hears of it, and its games are not written to the results.
    let isPractice: Bool

    init(name: String, settings: GameSettings, environment: RoomEnvironment, hostSeat: RoomHost.Seat? = nil, practice: Bool = false) {
        self.name = name
        isPractice = practice
        self.settings = settings
        self.environment = environment
        rules = settings.rules
        host = hostSeat.map(RoomHost.seat) ?? .member(nil)
        updates = RoomUpdates(dropGraceSeconds: settings.resumeGraceMilliseconds / 1_000)
    }

    /// The teacher's seat of a room made with `HOST`; nil for a room made with `JOIN`.
    var seat: RoomHost.Seat? {
        get { if case .seat(let seat) = host { seat } else { nil } }
        set { if let newValue { host = .seat(newValue) } }
    }

    /// The hosting member of a room made with `JOIN`.
    var openHostID: PlayerID? {
        if case .member(let id) = host { id } else { nil }
    }

    var isHosted: Bool { seat != nil }
    /// The room's name as people read it: a hosted room's code in capitals, as the projector shows it.
    var spokenName: String { isHosted ? name.uppercased() : name }

    /// The connection that hosts now: the seat's, or the hosting member's.
    var hostID: PlayerID? { isHosted ? seat?.connection : openHostID }

    var hostName: String? { seat?.name ?? openHostID.flatMap { roster.members[$0]?.name } }

    /// Who gets the host's view: the host of a hosted room, and the viewers.
    var observers: [PlayerID] {
        guard let host = seat?.connection else { return roster.viewers }
        return [host] + roster.viewers
    }

    func isHost(_ id: PlayerID) -> Bool { hostID == id }

    func role(of id: PlayerID) -> PlayerState {
        if let member = roster.members[id] { return member.state }
        if seat?.connection == id { return .hosting }
        return roster.viewers.contains(id) ? .viewing : .outside
    }

    /// The game on; nil in the lobby and during a countdown.
    var game: GameSession? {
        if case .playing(let game) = phase { game } else { nil }
    }

    /// The countdown running; nil otherwise.
    var countdown: Countdown? {
        if case .countdown(let countdown) = phase { countdown } else { nil }
    }

    var state: RoomState {
        switch phase {
        case .lobby: .lobby
        case .countdown: .starting
        case .playing: .playing
        }
    }

    var info: RoomInfo {
        RoomInfo(name: name, state: state, members: roster.members.count, host: hostName ?? "", autoStart: autoStart)
    }

    /// A hosted room starts only when its host says so; a practice room, when its player does.
    var autoStart: Int { isHosted || isPractice ? 0 : settings.autoStart }

    /// `MEMBERS`: up to 12 names, the host first.
    var membersLine: ServerMessage { roster.membersLine(host: openHostID) }

    /// The name in the room that `name` clashes with (`Names.nicknameKey`:
    /// case and look-alikes), a member's or the host's of a hosted room
    /// (nobody may pass for the teacher); nil if it is free.
    func clash(with name: String) -> String? {
        if let id = roster.member(named: name) { return roster.members[id]?.name }
        guard let seat, Names.nicknameKey(seat.name) == Names.nicknameKey(name) else { return nil }
        return seat.name
    }

    /// Nobody in it, and (for a hosted room) its host away for `grace`: the hub forgets it.
    func isAbandoned(at now: Instant, grace milliseconds: Int) -> Bool {
        guard roster.isEmpty else { return false }
        guard let seat else { return true }
        guard seat.connection == nil, let since = seat.awaySince else { return false }
        return now >= since.adding(milliseconds: milliseconds)
    }

    /// Sends to everyone in the room: members, then observers.
    func broadcast(_ messages: [ServerMessage]) {
        outbox.send(messages, to: roster.members.keys)
        outbox.send(messages, to: observers)
    }

    func status(of id: PlayerID) {
        outbox.send([.room(info), membersLine, .you(role(of: id))], to: id)
    }
}
