import WordGame

/// When to try to take the seat back after a drop, and when to stop: pure.
/// The caller passes the time and the jitter (a number in 0..<1), so tests
/// drive it with made-up instants.
///
/// The first try is at once; after a failed one the next waits 0.25 s, 0.5 s,
/// 1 s, 2 s, then 2–3 s each time, each wait stretched by up to a fifth at
/// random so that a class whose Wi-Fi came back at one moment does not knock
/// all at once. After `RESTARTING` no wait is longer than 0.5–1 s. `ERROR slow-down` waits 3–4 s. Nothing is tried after the
/// deadline: the grace the server gave, counted from when the drop was noticed.
public struct ReconnectSchedule: Equatable, Sendable {
    /// The waits after the first failures, in milliseconds; then `steadyMilliseconds`.
    public static let backoffMilliseconds = [250, 500, 1_000, 2_000]
    public static let steadyMilliseconds = 2_000
    /// After `RESTARTING` the steady wait is 0.5–1 s: the server is known to be coming back, a refused connect
    /// costs it nothing, and the seat should be back within a second of it answering.
    public static let restartingMilliseconds = 500
    public static let slowDownMilliseconds = 3_000

    public let droppedAt: Instant
    public let deadline: Instant
    /// Tries started so far.
    public private(set) var attempts = 0
    /// Tries that failed in a row (the backoff's step).
    public private(set) var failures = 0
    public private(set) var nextAttemptAt: Instant
    /// The server said `RESTARTING`: the steady wait is the short one.
    public let restarting: Bool

    public init(droppedAt: Instant, graceSeconds: Int, restarting: Bool = false) {
        self.droppedAt = droppedAt
        self.restarting = restarting
        let (grace, overflow) = graceSeconds.multipliedReportingOverflow(by: 1_000)
        deadline = droppedAt.adding(milliseconds: overflow ? .max : max(0, grace))
        nextAttemptAt = droppedAt
    }

    /// The wait after the `failures`-th failed try in a row (1-based); `jitter` in 0..<1.
    public static func wait(afterFailure failures: Int, slowDown: Bool, restarting: Bool = false, jitter: Double) -> Int {
        let jitter = min(max(jitter, 0), 0.999_999)
        if slowDown { return slowDownMilliseconds + Int(jitter * 1_000) }
        let steady = restarting ? restartingMilliseconds + Int(jitter * Double(restartingMilliseconds))
                                : steadyMilliseconds + Int(jitter * 1_000)
        if failures > backoffMilliseconds.count { return steady }
        let base = backoffMilliseconds[max(1, failures) - 1]
        return min(steady, base + Int(jitter * Double(base) / 5))
    }

    public func isOver(at now: Instant) -> Bool { now >= deadline }

    /// Whether a try is due now (never after the deadline).
    public func isDue(at now: Instant) -> Bool { now >= nextAttemptAt && !isOver(at: now) }

    public mutating func started() { attempts += 1 }

    /// A try failed at `now`: the next one waits its turn.
    public mutating func failed(at now: Instant, slowDown: Bool = false, jitter: Double) {
        failures += 1
        nextAttemptAt = now.adding(milliseconds: Self.wait(afterFailure: failures, slowDown: slowDown, restarting: restarting,
                                                           jitter: jitter))
    }

    /// Milliseconds until something is due (the next try, or the deadline), at least 0.
    public func millisecondsUntilDue(at now: Instant) -> Int64 {
        max(0, min(nextAttemptAt, deadline).milliseconds(since: now))
    }
}
