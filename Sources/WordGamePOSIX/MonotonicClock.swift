import Glibc
import WordGame

extension Instant {
    /// Now, on the monotonic clock. The corresponding C function is `clock_gettime(CLOCK_MONOTONIC)`.
    /// Only the I/O layer reads the clock; the engine and rooms are handed instants.
    @inline(__always)
    public static func now() -> Instant {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Instant(nanoseconds: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec))
    }
}

/// Seconds on the monotonic clock, as a `Double` (the bench's stopwatch).
public enum MonotonicClock {
    public static func seconds() -> Double {
        Double(Instant.now().nanoseconds) / 1e9
    }
}

/// The calendar's time: for dates written into files and console stamps,
/// never for timing rules. The corresponding C function is `clock_gettime(CLOCK_REALTIME)`.
public enum WallClock {
    public static func secondsSince1970() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }
}
