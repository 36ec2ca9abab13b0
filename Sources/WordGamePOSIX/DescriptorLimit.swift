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

    /// Sets the soft limit to `count` (tests: a process short of descriptors).
    /// Returns the limit it replaced, to put back.
    public static func setSoftLimit(_ count: Int) throws(Errno) -> Int {
        var limit = rlimit()
        try syscallBlocking("getrlimit") { getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) }
        let previous = Int(clamping: limit.rlim_cur)
        limit.rlim_cur = rlim_t(count)
        try syscallBlocking("setrlimit") { setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) }
        return previous
    }
}
