/// How the engine keeps the network out of a player's time (Protocol.md §7).
///
/// A player's time for a pair starts when the pair's line leaves the server
/// (`Delivery.at`). The line then takes half a round trip to reach them, and
/// their answer half a round trip to come back, so the server sees
/// `think time + round trip`. The engine credits the connection's measured
/// round trip, up to a cap: the deadline moves out by the credit, and the time
/// booked is `answer received - start - credit`. A slow link therefore costs a
/// player nothing up to the cap, and a peer that inflates its round trip (by
/// delaying its ACKs) gains at most the cap.
public struct NetworkAllowance: Equatable, Sendable, Codable {
    /// The most round-trip time credited to one player for one pair.
    public var maxCreditMilliseconds: Int
    /// The fastest a person can see and read a new pair: a bare answer (one that
    /// does not name its round) arriving sooner than the credit plus this after
    /// a pair reached the player was meant for the previous pair. A short round
    /// lowers it (`Rules.readingFloorMilliseconds`).
    public var readingFloorMilliseconds: Int

    public init(maxCreditMilliseconds: Int = 250, readingFloorMilliseconds: Int = 150) {
        self.maxCreditMilliseconds = maxCreditMilliseconds
        self.readingFloorMilliseconds = readingFloorMilliseconds
    }

    public static let standard = NetworkAllowance()

    /// The credit for a measured round trip; no figure means no credit.
    public func credit(forRoundTrip nanoseconds: Int64?) -> Int64 {
        guard let nanoseconds, nanoseconds > 0 else { return 0 }
        return min(nanoseconds, Int64(maxCreditMilliseconds) * 1_000_000)
    }
}

/// How a pair reached one player, as the server measured it.
public struct Delivery: Equatable, Sendable {
    /// When the line's last byte left the server: the kernel transmitted it.
    public var at: Instant
    /// The connection's round-trip time as the kernel measured it, in
    /// nanoseconds; nil when the kernel gave no figure.
    public var roundTripNanoseconds: Int64?

    public init(at: Instant, roundTripNanoseconds: Int64? = nil) {
        self.at = at
        self.roundTripNanoseconds = roundTripNanoseconds
    }
}
