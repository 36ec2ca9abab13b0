import Foundation

// Another process's CPU time and memory, from /proc, the same way for both
// servers of the fan-out comparison.

/// CPU seconds of all the process's threads, to the nanosecond: the sum of
/// each thread's schedstat. /proc/PID/stat counts 10 ms ticks, too coarse for
/// a 1,000-player fan-out of a few milliseconds; a thread that has exited is
/// not counted here, but both servers do this work on long-lived threads.
func cpuSeconds(ofProcess pid: Int32) -> Double {
    let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
    var nanoseconds = 0.0
    for task in tasks {
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8)) ?? ""
        nanoseconds += Double(stat.split(separator: " ").first ?? "0") ?? 0
    }
    return nanoseconds / 1e9
}

/// Resident memory in KiB (VmRSS).
func residentKiB(ofProcess pid: Int32) -> Double {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
}
