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

    public init(token: ResumeToken, room: String) {
        self.token = token
        self.room = room
    }
}

/// What a screen shows while the client takes its seat back.
public struct Reconnecting: Equatable, Sendable {
    /// The try under way, or the next one: 1, 2, …
    public var attempt: Int
    /// When the client gives up (the grace, counted from when the drop was noticed).
    public var deadline: Instant
    /// The server the tries go to once a `MOVED` said another server of the fleet holds the seat; nil: the same one.
    public var movedTo: ServerLocation?

    public init(attempt: Int, deadline: Instant, movedTo: ServerLocation? = nil) {
        self.attempt = attempt
        self.deadline = deadline
        self.movedTo = movedTo
    }

    /// Whole seconds left, rounded up: "52 s left" until the last moment.
    public func secondsLeft(at now: Instant) -> Int { deadline.wholeSecondsLeft(at: now) }

    /// "Connection lost — reconnecting… (attempt 3, 52 s left)", and where, when the seat is on another server now.
    public func banner(at now: Instant) -> String {
        let there = movedTo.map { " to \($0), where your seat is now" } ?? ""
        return "Connection lost — reconnecting\(there)… (attempt \(attempt), \(secondsLeft(at: now)) s left)"
    }
}
