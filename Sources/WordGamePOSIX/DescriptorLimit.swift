import Glibc

/// How many descriptors the process may have open (`ulimit -n`).
/// The corresponding C functions are `getrlimit` and `setrlimit` (RLIMIT_NOFILE).
public enum DescriptorLimit {
    /// Raises the soft limit to the hard one; returns the limit now in force
    /// (nil if it cannot be read).
    @discardableResult
    public static func raiseToHardLimit() -> Int? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) != 0 { _ = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) }
        }
        return Int(clamping: limit.rlim_cur)
    }

    /// The limit in force now (the soft one), without changing it; nil if it cannot be read.
    public static func current() -> Int? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        return Int(clamping: limit.rlim_cur)
    }
}
