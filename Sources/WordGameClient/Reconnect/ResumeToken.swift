import WordGame

/// The latest `TOKEN`: the code that takes this seat back from a new
/// connection after a drop, and how long the server holds the seat.
public struct ResumeToken: Equatable, Sendable {
    public var code: String
    public var graceSeconds: Int

    public init(code: String, graceSeconds: Int) {
        self.code = code
        self.graceSeconds = graceSeconds
    }
}

/// A seat the server holds for us after a drop: the token, and the room it is in (for what the player is told).
public struct HeldSeat: Equatable, Sendable {
    public var token: ResumeToken
    public var room: String
    /// The server said it is restarting (`RESTARTING`) and keeps the seat: it is held once the server is back.
    public var restarting: Bool

    public init(token: ResumeToken, room: String, restarting: Bool = false) {
        self.token = token
        self.room = room
        self.restarting = restarting
    }

    /// How long after the drop the client goes on trying: the grace, and after a restart the time a server
    /// takes to come back too (the grace counts from when it answers again).
    public var triesForSeconds: Int { token.graceSeconds + (restarting ? Self.restartAllowanceSeconds : 0) }

    /// How long a restarting server may take to answer again before the client gives up.
    public static let restartAllowanceSeconds = 300
}

/// What a screen shows while the client takes its seat back.
public struct Reconnecting: Equatable, Sendable {
    /// The try under way, or the next one: 1, 2, …
    public var attempt: Int
    /// When the client gives up (the grace, counted from when the drop was noticed).
    public var deadline: Instant
    /// The server the tries go to once a `MOVED` said another server of the fleet holds the seat; nil: the same one.
    public var movedTo: ServerLocation?
    /// The server said it is restarting: the wait is its, not the network's.
    public var restarting: Bool

    public init(attempt: Int, deadline: Instant, movedTo: ServerLocation? = nil, restarting: Bool = false) {
        self.attempt = attempt
        self.deadline = deadline
        self.movedTo = movedTo
        self.restarting = restarting
    }

    /// Whole seconds left, rounded up: "52 s left" until the last moment.
    public func secondsLeft(at now: Instant) -> Int { deadline.wholeSecondsLeft(at: now) }

    /// "Connection lost — reconnecting… (attempt 3, 52 s left)", and where, when the seat is on another server now.
    public func banner(at now: Instant) -> String {
        let there = movedTo.map { " to \($0), where your seat is now" } ?? ""
        if restarting && movedTo == nil { return "The server is restarting… your seat is kept (attempt \(attempt))" }
        return "Connection lost — reconnecting\(there)… (attempt \(attempt), \(secondsLeft(at: now)) s left)"
    }
}
