import Glibc
import WordGame

extension Instant {
    /// Now, on the monotonic clock. The corresponding C function is `clock_gettime(CLOCK_MONOTONIC)`.
    /// Only the I/O layer reads the clock; the engine and rooms are handed instants.
    public static func now() -> Instant {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Instant(nanoseconds: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec))
    }
}
