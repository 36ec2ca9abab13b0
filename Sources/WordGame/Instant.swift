/// A point on a monotonic clock, in nanoseconds from an arbitrary origin.
///
/// The engine never reads a clock: every state change takes the time as an
/// argument, so tests pass made-up instants and never sleep.
public struct Instant: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public static func milliseconds(_ ms: Int64) -> Instant {
        Instant(nanoseconds: ms * 1_000_000)
    }

    public static let zero = Instant(nanoseconds: 0)

    /// Saturates at the ends of the clock instead of trapping: a duration can
    /// come from the network, and no number from there may crash a program.
    public func adding(milliseconds ms: Int) -> Instant {
        let (delta, overflowed) = Int64(ms).multipliedReportingOverflow(by: 1_000_000)
        if overflowed { return Instant(nanoseconds: ms < 0 ? .min : .max) }
        return adding(nanoseconds: delta)
    }

    /// Saturates like `adding(milliseconds:)`.
    public func adding(nanoseconds delta: Int64) -> Instant {
        let (sum, overflowed) = nanoseconds.addingReportingOverflow(delta)
        return overflowed ? Instant(nanoseconds: delta < 0 ? .min : .max) : Instant(nanoseconds: sum)
    }

    /// Whole milliseconds from `earlier` to `self`, rounded down (negative if `self` is earlier).
    public func milliseconds(since earlier: Instant) -> Int64 {
        (nanoseconds - earlier.nanoseconds) / 1_000_000
    }

    /// Whole seconds from `now` to this instant, rounded up ("5 s" until the
    /// last moment); 0 once it has passed. What countdowns on screen say.
    public func wholeSecondsLeft(at now: Instant) -> Int {
        let nanoseconds = self.nanoseconds - now.nanoseconds
        guard nanoseconds > 0 else { return 0 }
        return Int((nanoseconds + 999_999_999) / 1_000_000_000)
    }

    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    public var description: String { "\(Double(nanoseconds) / 1e9)s" }
}
