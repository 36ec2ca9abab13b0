import Foundation
import WordGamePOSIX

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
    statusKiB("VmRSS", ofProcess: pid)
}

/// The most resident memory the process has had, in KiB (VmHWM, the high-water mark).
func peakResidentKiB(ofProcess pid: Int32) -> Double {
    statusKiB("VmHWM", ofProcess: pid)
}

private func statusKiB(_ field: String, ofProcess pid: Int32) -> Double {
    let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
    return Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
}

/// User + system CPU seconds in a /proc/PID/stat text (clock ticks of 10 ms), nil if it is not one.
/// Its fields 14 and 15 are counted from the last ")": the command's name before it may hold spaces.
func statCPUSeconds(_ stat: String, ticksPerSecond: Int) -> Double? {
    let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
    guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]), ticksPerSecond > 0 else { return nil }
    return (user + system) / Double(ticksPerSecond)
}

/// The bench's own user + system CPU seconds, all threads, as /proc/self/stat counts them.
func ownCPUSeconds() -> Double {
    statCPUSeconds(ProcessStatus.read("stat") ?? "", ticksPerSecond: ProcessStatus.clockTicksPerSecond) ?? 0
}
