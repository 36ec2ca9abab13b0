/// A histogram with fixed bounds, as Prometheus keeps one: a count for each
/// bucket, the sum and the count of what was observed. Observing is a short
/// walk over a dozen bounds and three additions: cheap enough for every
/// round's close. Not thread-safe: its owner's thread alone (the loop's).
struct Histogram {
    /// Upper bounds in nanoseconds, ascending; the `+Inf` bucket is implied.
    let boundsNanoseconds: [Int64]
    /// Observations in each bucket alone (not cumulative), the last for those above every bound.
    private(set) var buckets: [Int]
    private(set) var sumNanoseconds: Int64 = 0
    private(set) var count = 0

    init(boundsNanoseconds: [Int64]) {
        self.boundsNanoseconds = boundsNanoseconds
        buckets = Array(repeating: 0, count: boundsNanoseconds.count + 1)
    }

    mutating func observe(nanoseconds: Int64) {
        let value = max(0, nanoseconds)
        var index = 0
        while index < boundsNanoseconds.count, value > boundsNanoseconds[index] { index += 1 }
        buckets[index] += 1
        sumNanoseconds &+= value
        count += 1
    }

    /// The cumulative counts Prometheus' `le` buckets hold, one for each bound, then `+Inf`.
    var cumulative: [Int] {
        var running = 0
        return buckets.map { running += $0; return running }
    }

    /// A round's close: from a tenth of a millisecond (a room of 30) to a second (far past any room's).
    static let roundCloseBounds: [Int64] = [100_000, 250_000, 500_000, 1_000_000, 2_500_000, 5_000_000, 10_000_000,
                                            25_000_000, 50_000_000, 100_000_000, 250_000_000, 1_000_000_000]
    /// A request to Redis and its answer back on the loop: from half a millisecond to five seconds.
    static let directoryBounds: [Int64] = [500_000, 1_000_000, 2_500_000, 5_000_000, 10_000_000, 25_000_000, 50_000_000,
                                           100_000_000, 250_000_000, 1_000_000_000, 5_000_000_000]
}
