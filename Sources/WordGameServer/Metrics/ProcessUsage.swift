import WordGamePOSIX

/// The process's CPU time and resident memory, read from `/proc/self` when
/// `/metrics` is read (Prometheus' `process_*` metrics). Two small reads of
/// files the kernel makes on the spot: no disk, a few microseconds.
struct ProcessUsage: Equatable {
    /// User and system time, in seconds.
    var cpuSeconds: Double
    var residentBytes: Int

    /// Nil where `/proc` is not mounted or says something unexpected.
    static func current() -> ProcessUsage? {
        guard let stat = ProcessStatus.read("stat"), let statm = ProcessStatus.read("statm") else { return nil }
        return parse(stat: stat, statm: statm, ticksPerSecond: ProcessStatus.clockTicksPerSecond, pageSize: ProcessStatus.pageSize)
    }

    /// `stat`'s fields 14 and 15 (utime, stime, in clock ticks) come after the
    /// command's name, in parentheses, which may itself hold spaces and `)`:
    /// counted from the last `)`. `statm`'s second field is resident pages.
    static func parse(stat: String, statm: String, ticksPerSecond: Int, pageSize: Int) -> ProcessUsage? {
        guard let close = stat.lastIndex(of: ")"), ticksPerSecond > 0 else { return nil }
        // After ")": state is field 3, so utime (14) and stime (15) are the 12th and 13th here.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        let pages = statm.split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]),
              pages.count > 1, let resident = Int(pages[1]) else { return nil }
        return ProcessUsage(cpuSeconds: Double(user + system) / Double(ticksPerSecond), residentBytes: resident * pageSize)
    }
}
