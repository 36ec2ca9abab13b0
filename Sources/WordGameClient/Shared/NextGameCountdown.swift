import WordGame
import WordGameProtocol

/// The count to the next game, as the game's screen and the projector both
/// follow it: started by `STARTING` (the host's START with its delay, or a
/// room's auto-start), over when its time is up or when `ROOM` says the room
/// is no longer starting (everyone left, the host stopped it, the game began).
public struct NextGameCountdown: Equatable, Sendable {
    /// When the game starts; nil when no countdown runs.
    public private(set) var ends: Instant?

    public init() {}

    public var isRunning: Bool { ends != nil }

    mutating func start(milliseconds: Int, at now: Instant) { ends = now.adding(milliseconds: milliseconds) }

    mutating func stop() { ends = nil }

    /// `ROOM`: a room not starting has no countdown.
    mutating func room(is state: RoomState) {
        if state != .starting { ends = nil }
    }

    /// Whole seconds left, rounded up; nil when none runs or its time is up.
    public func seconds(at now: Instant) -> Int? {
        guard let ends, now < ends else { return nil }
        return ends.wholeSecondsLeft(at: now)
    }

    /// Time passing: a countdown whose time is up is over.
    mutating func tick(at now: Instant) {
        if let ends, now >= ends { self.ends = nil }
    }
}
