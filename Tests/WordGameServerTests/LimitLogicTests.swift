import Testing
import WordGame
@testable import WordGameServer

/// The pure parts of the limits: the token bucket and the queue of held seats.
@Suite struct LimitLogicTests {
    func t(_ ms: Int64) -> Instant { .milliseconds(ms) }

    /// `#expect` cannot call a mutating method itself.
    func take(_ bucket: inout TokenBucket, at ms: Int64) -> Bool { bucket.take(at: t(ms)) }
    func has(_ bucket: inout TokenBucket, at ms: Int64) -> Bool { bucket.hasToken(at: t(ms)) }

    @Test func aBucketGivesItsBurstThenOneTokenPerInterval() {
        var bucket = TokenBucket(capacity: 3, intervalMilliseconds: 50, now: t(0))
        for _ in 0..<3 { #expect(take(&bucket, at: 0)) }
        #expect(!take(&bucket, at: 0))
        #expect(bucket.nextToken(after: t(0)) == t(50))
        #expect(!take(&bucket, at: 49))
        #expect(take(&bucket, at: 50))
        #expect(!has(&bucket, at: 60))
        // A long rest refills to the capacity, not beyond.
        let full = bucket.isFull(at: t(10_000))
        #expect(full)
        for _ in 0..<3 { #expect(take(&bucket, at: 10_000)) }
        #expect(!take(&bucket, at: 10_000))
    }

    @Test func refillsKeepFractionsOfAnInterval() {
        var bucket = TokenBucket(capacity: 1, intervalMilliseconds: 6_000, now: t(0))
        #expect(take(&bucket, at: 0))
        // Asked every second, the token still comes at 6 s, not later.
        for second in 1...5 { #expect(!has(&bucket, at: Int64(second) * 1_000)) }
        #expect(has(&bucket, at: 6_000))
    }

    @Test func heldSeatsExpireInOrder() {
        var seats = HeldSeats()
        #expect(seats.nextExpiry == nil)
        seats.hold(7, since: t(0), until: t(60_000))
        seats.hold(9, since: t(10), until: t(60_010))
        #expect(seats.nextExpiry == t(60_000))
        #expect(seats.popExpired(at: t(59_999)) == nil)
        #expect(seats.popExpired(at: t(60_010))?.0 == 7)
        #expect(seats.popExpired(at: t(60_010))?.0 == 9)
        #expect(seats.popExpired(at: t(99_000)) == nil && seats.nextExpiry == nil)
        // Compaction keeps the order over many holds.
        for id in 0..<3_000 { seats.hold(PlayerID(id), since: t(Int64(id)), until: t(Int64(id) + 1)) }
        var popped: [PlayerID] = []
        while let (id, _) = seats.popExpired(at: t(10_000)) { popped.append(id) }
        #expect(popped == (0..<3_000).map { PlayerID($0) })
    }
}
