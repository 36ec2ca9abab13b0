import WordGame

/// Wrong RESUME codes, counted per address (Protocol.md §8): each address has
/// an allowance (a token bucket), and past it a wrong code slows that
/// address's connections outside a room. At most `maxAddresses` addresses
/// are remembered; when all are in use, those whose buckets have refilled
/// are forgotten, and a new address that still finds no room is treated as
/// past its allowance.
struct WrongCodes {
    let limits: ConnectionLimits
    private var buckets: [String: TokenBucket] = [:]

    init(limits: ConnectionLimits) { self.limits = limits }

    /// Books a wrong code against `address`; false once its allowance is spent.
    mutating func book(from address: String, at now: Instant) -> Bool {
        guard buckets[address] != nil || buckets.count < limits.resumeGuessAddresses || forgetRefilled(at: now) else { return false }
        var bucket = buckets[address]
            ?? TokenBucket(capacity: limits.resumeGuesses, intervalMilliseconds: limits.resumeGuessIntervalMilliseconds, now: now)
        let allowed = bucket.take(at: now)
        buckets[address] = bucket
        return allowed
    }

    /// Drops the addresses whose buckets have refilled; true if room was made.
    private mutating func forgetRefilled(at now: Instant) -> Bool {
        buckets = buckets.filter { _, bucket in
            var bucket = bucket
            return !bucket.isFull(at: now)
        }
        return buckets.count < limits.resumeGuessAddresses
    }
}
