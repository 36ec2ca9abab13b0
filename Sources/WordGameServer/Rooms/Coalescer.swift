import WordGame

/// Sends a room-wide update at most once per interval: the first change goes
/// out at once, later ones in a burst are folded into one send when the
/// interval is over. This is what keeps 1,000 joins from costing 1,000 x 1,000 lines.
struct Coalescer {
    private(set) var due: Instant?
    private var lastSent: Instant?

    /// True if the update should go out now; otherwise it is scheduled (`due`).
    mutating func request(at now: Instant, interval milliseconds: Int) -> Bool {
        if due != nil { return false }
        if let last = lastSent, now < last.adding(milliseconds: milliseconds) {
            due = last.adding(milliseconds: milliseconds)
            return false
        }
        lastSent = now
        return true
    }

    /// True if a scheduled update is due now.
    mutating func fire(at now: Instant) -> Bool {
        guard let due, now >= due else { return false }
        self.due = nil
        lastSent = now
        return true
    }

    mutating func cancel() { due = nil }

    /// Longer intervals for bigger rooms: a broadcast costs one send per member.
    static func interval(members: Int) -> Int { 250 * max(1, members / 1_000) }

    /// PROGRESS to the members: once a second at most, or `interval` in rooms big enough for it to be longer.
    static func progressInterval(members: Int) -> Int { max(1_000, interval(members: members)) }
}
