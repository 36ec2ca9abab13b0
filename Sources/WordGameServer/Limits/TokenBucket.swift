import WordGame

/// A token bucket: `capacity` actions at once, then one every
/// `intervalMilliseconds`. Pure logic with the time passed in, so tests never sleep.
///
/// The server uses it two ways: to pace one connection's lines (the lines
/// past the budget wait in the socket, like IRC servers' "fake lag"), and to
/// bound wrong `RESUME` codes per address.
struct TokenBucket: Sendable {
    let capacity: Int
    let intervalMilliseconds: Int
    /// Milliseconds of refill banked; one token is `intervalMilliseconds` of it.
    private var credit: Int64
    private var refilledAt: Instant

    init(capacity: Int, intervalMilliseconds: Int, now: Instant) {
        precondition(capacity > 0 && intervalMilliseconds > 0)
        self.capacity = capacity
        self.intervalMilliseconds = intervalMilliseconds
        credit = Int64(capacity) * Int64(intervalMilliseconds)
        refilledAt = now
    }

    /// Takes one token if there is one.
    mutating func take(at now: Instant) -> Bool {
        refill(at: now)
        guard credit >= Int64(intervalMilliseconds) else { return false }
        credit -= Int64(intervalMilliseconds)
        return true
    }

    /// Whether a token is there now, without taking it.
    mutating func hasToken(at now: Instant) -> Bool {
        refill(at: now)
        return credit >= Int64(intervalMilliseconds)
    }

    /// Whether the bucket is full: nothing to remember about its owner.
    mutating func isFull(at now: Instant) -> Bool {
        refill(at: now)
        return credit == Int64(capacity) * Int64(intervalMilliseconds)
    }

    /// When the next whole token will be there (now if one is).
    func nextToken(after now: Instant) -> Instant {
        let missing = Int64(intervalMilliseconds) - credit
        guard missing > 0 else { return now }
        return max(now, refilledAt.adding(milliseconds: Int(missing)))
    }

    private mutating func refill(at now: Instant) {
        let elapsed = now.milliseconds(since: refilledAt)
        guard elapsed > 0 else { return }
        credit = min(Int64(capacity) * Int64(intervalMilliseconds), credit + elapsed)
        refilledAt = refilledAt.adding(milliseconds: Int(elapsed))
    }
}
