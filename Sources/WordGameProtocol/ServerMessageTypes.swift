import WordGame

/// The version in the greeting. Version 2: a connection starts in human mode,
/// and a program sends `MODE MACHINE` first (a reader of version 1 would get
/// sentences). A change that breaks a reader of version 2 makes it 3.
public let protocolVersion = 2

/// A player's own state, sent as `YOU <state>` whenever it changes.
public enum PlayerState: String, Sendable, CaseIterable {
    /// Connected, not in a room.
    case outside = "OUTSIDE"
    /// In a room, waiting for a game to start.
    case lobby = "LOBBY"
    /// In the current game, answering.
    case playing = "PLAYING"
    /// Out of the current game after too many incorrect attempts; watching.
    case out = "OUT"
    /// Joined while a game was on; watching until the next one.
    case watching = "WATCHING"
    /// Runs a room made with `HOST`, without playing.
    case hosting = "HOSTING"
    /// Follows a room with `WATCH`, without playing.
    case viewing = "VIEWING"
}

/// Why a member left a room (`DEPARTED`).
public enum Departure: String, Sendable, CaseIterable {
    /// `LEAVE` or `QUIT`.
    case left = "LEFT"
    /// The connection closed or failed without a goodbye.
    case dropped = "DROPPED"
    /// The host removed them (`KICK`).
    case removed = "REMOVED"
}

/// What a `NOTICE` announces to everyone in a room.
public enum NoticeEvent: String, Sendable, CaseIterable {
    case joined = "joined"
    case left = "left"
    /// A member's connection went; their seat is held for the resume grace.
    case dropped = "dropped"
    /// A member who dropped took their seat back with `RESUME`.
    case back = "back"
    case removed = "removed"
    /// The host changed, went away, or came back.
    case host = "host"
    case locked = "locked"
    case unlocked = "unlocked"
    case started = "started"
    /// The host ended the game early.
    case stopped = "stopped"
    case closed = "closed"
    /// The server restarted with the lesson kept: the game waits for its players, then plays the open pair again.
    case restarted = "restarted"
}

/// `TALLY <n> <right> <wrong> <timeout>`: how the players did on one pair.
public struct Tally: Equatable, Sendable {
    public var number: Int
    public var right: Int
    public var wrong: Int
    public var timeout: Int

    public init(number: Int, right: Int, wrong: Int, timeout: Int) {
        self.number = number
        self.right = right
        self.wrong = wrong
        self.timeout = timeout
    }
}

/// `RANKING <rank> <name> <correct> <wrong> <ms> <out-at>`: one row of a game's whole ranking.
public struct RankingEntry: Equatable, Sendable {
    public var rank: Int
    public var name: String
    public var correct: Int
    public var wrong: Int
    public var milliseconds: Int64
    /// The pair at which the player went out; 0 if they never did.
    public var outAt: Int

    public init(rank: Int, name: String, correct: Int, wrong: Int, milliseconds: Int64, outAt: Int) {
        self.rank = rank
        self.name = name
        self.correct = correct
        self.wrong = wrong
        self.milliseconds = milliseconds
        self.outAt = outAt
    }
}

/// What a room is doing.
public enum RoomState: String, Sendable, CaseIterable {
    case lobby = "LOBBY"
    /// Counting down to an automatic start.
    case starting = "STARTING"
    case playing = "PLAYING"
}

/// `ROOM <room> <state> <members> <host> <auto-start>`
public struct RoomInfo: Equatable, Sendable {
    public var name: String
    public var state: RoomState
    /// Everyone in the room: playing, out and watching.
    public var members: Int
    /// The host's name; empty when the room has no host; `unnamedHost` for a `HOST` without a `NAME`.
    public var host: String

    /// What `ROOM` calls a host who gave no name (Protocol.md §4, HOST): a person reads "the host".
    public static let unnamedHost = "Host"

    /// The host as a sentence names them: their name, or "the host" when they have none (or the room has no host).
    public var spokenHost: String { host.isEmpty || host == Self.unnamedHost ? "the host" : host }
    /// 0: the host starts games with START. N > 0: a game also starts by itself once N players wait.
    public var autoStart: Int

    public init(name: String, state: RoomState, members: Int, host: String, autoStart: Int) {
        self.name = name
        self.state = state
        self.members = members
        self.host = host
        self.autoStart = autoStart
    }
}

/// `GAME <pairs> <round-ms> <max-incorrect> <players>`
public struct GameInfo: Equatable, Sendable {
    public var pairs: Int
    public var roundMilliseconds: Int
    public var maxIncorrect: Int
    public var players: Int

    public init(pairs: Int, roundMilliseconds: Int, maxIncorrect: Int, players: Int) {
        self.pairs = pairs
        self.roundMilliseconds = roundMilliseconds
        self.maxIncorrect = maxIncorrect
        self.players = players
    }
}

/// `ROUND <n> <pairs> <english> <spanish> <ms>`
public struct RoundInfo: Equatable, Sendable {
    /// 1-based.
    public var number: Int
    public var pairs: Int
    public var english: String
    public var spanish: String
    /// Time allowed, counted from when this line reached the player.
    public var milliseconds: Int

    public init(number: Int, pairs: Int, english: String, spanish: String, milliseconds: Int) {
        self.number = number
        self.pairs = pairs
        self.english = english
        self.spanish = spanish
        self.milliseconds = milliseconds
    }
}

/// `REVEAL <n> <english> <spanish> <truth> <translation>`
public struct Reveal: Equatable, Sendable {
    public var number: Int
    public var english: String
    public var spanish: String
    /// Whether the shown Spanish word is a correct translation.
    public var truth: Answer
    /// A correct translation of the English word.
    public var translation: String

    public init(number: Int, english: String, spanish: String, truth: Answer, translation: String) {
        self.number = number
        self.english = english
        self.spanish = spanish
        self.truth = truth
        self.translation = translation
    }
}

/// How a player did on one pair of the game on, as `PLAYED` says it: a verdict
/// (`Verdict`, `AWAY` included), or `OUT` for a pair played after they were out.
public enum PairOutcome: String, Sendable, CaseIterable {
    case right = "RIGHT"
    case wrong = "WRONG"
    case timeout = "TIMEOUT"
    /// Missed while the seat was held empty: neither right nor wrong.
    case away = "AWAY"
    /// Out of the game by then: the player watched this pair.
    case out = "OUT"

    /// A verdict, or `out` for none (the player was not playing the pair).
    public init(_ verdict: Verdict?) {
        self = verdict.flatMap { PairOutcome(rawValue: $0.rawValue) } ?? .out
    }

    /// The verdict, nil for `out`.
    public var verdict: Verdict? { Verdict(rawValue: rawValue) }
}

/// `PLAYED <n> <english> <spanish> <truth> <translation> <outcome>`: one pair
/// of the game on, revealed, and how the player did on it, for a player coming
/// back (after `SCORE`): the fields of `REVEAL`, then `PairOutcome`.
public struct PlayedPair: Equatable, Sendable {
    public var reveal: Reveal
    public var outcome: PairOutcome

    public init(_ reveal: Reveal, _ outcome: PairOutcome) {
        self.reveal = reveal
        self.outcome = outcome
    }
}

/// `RESULT <n> <verdict> <correct> <wrong> <rank> <ranked>`
public struct RoundResult: Equatable, Sendable {
    public var number: Int
    public var verdict: Verdict
    /// Correct and wrong attempts so far in this game.
    public var correct: Int
    public var wrong: Int
    public var rank: Int
    /// How many players are ranked (everyone in the game, playing or out).
    public var ranked: Int

    public init(number: Int, verdict: Verdict, correct: Int, wrong: Int, rank: Int, ranked: Int) {
        self.number = number
        self.verdict = verdict
        self.correct = correct
        self.wrong = wrong
        self.rank = rank
        self.ranked = ranked
    }
}

/// `TOP <rank> <name> <correct> <wrong> <ms>`: one leaderboard row.
public struct TopEntry: Equatable, Sendable {
    public var rank: Int
    public var name: String
    public var correct: Int
    public var wrong: Int
    /// Total answer time, the last tie-breaker.
    public var milliseconds: Int64

    public init(rank: Int, name: String, correct: Int, wrong: Int, milliseconds: Int64) {
        self.rank = rank
        self.name = name
        self.correct = correct
        self.wrong = wrong
        self.milliseconds = milliseconds
    }
}

/// `GAMEOVER <rank> <ranked> <correct> <wrong> <ms>`: the game ended; this is your final score.
public struct GameOver: Equatable, Sendable {
    /// 0 for someone who watched this game.
    public var rank: Int
    public var ranked: Int
    public var correct: Int
    public var wrong: Int
    public var milliseconds: Int64

    public init(rank: Int, ranked: Int, correct: Int, wrong: Int, milliseconds: Int64) {
        self.rank = rank
        self.ranked = ranked
        self.correct = correct
        self.wrong = wrong
        self.milliseconds = milliseconds
    }
}
