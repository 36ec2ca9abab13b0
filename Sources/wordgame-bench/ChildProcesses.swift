import Foundation
import WordGamePOSIX

/// The servers the bench has started and not yet stopped, so that `fail` can
/// stop them too: `exit` runs no `defer`, and a server left behind would hold
/// its port and memory on a machine others use.
enum ChildProcesses {
    private static let running = RunningSet()

    /// `pid` is to be stopped with `signal` if the bench fails before it stops it.
    static func started(_ pid: Int32, stopWith signal: Int32) { running.insert(pid, signal) }

    static func stopped(_ pid: Int32) { running.remove(pid) }

    /// Runs `process` with its output into `output`, to be stopped with
    /// `signal`, and returns what it printed up to a chunk holding `marker`
    /// (its banner, with the port in it). `what` names it when it cannot start.
    static func start(_ process: Process, output: Pipe, stopWith signal: Int32, readingUntil marker: String, what: String) -> String {
        process.standardOutput = output
        do { try process.run() } catch { fail("cannot start \(what): \(error)") }
        started(process.processIdentifier, stopWith: signal)
        var banner = ""
        while !banner.contains(marker) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { fail("\(what) exited: \(banner)") }
            banner += String(decoding: chunk, as: UTF8.self)
        }
        return banner
    }

    /// Signals every server still running; does not wait (the bench is exiting).
    static func stopAll() {
        for (pid, signal) in running.drain() { kill(pid, signal) }
    }

    /// Ctrl-C (or SIGTERM, SIGHUP) stops the servers, then the bench. Foundation's
    /// Process starts each child in a process group of its own, so the terminal's
    /// SIGINT reaches the bench alone, and without this the servers would outlive it.
    static func stopOnSignals() {
        for signo in [Signal.interrupt, Signal.terminate, Signal.hangUp] {
            signal(signo, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signo, queue: .global())
            source.setEventHandler {
                stopAll()
                exit(128 + signo)
            }
            source.resume()
            sources.keep(source)
        }
    }

    private static let sources = Kept()
}

/// Signal sources live as long as the process: a source let go stops reporting.
private final class Kept: @unchecked Sendable {
    // `sources` is guarded by `lock`.
    private let lock = NSLock()
    private var sources: [any DispatchSourceSignal] = []

    func keep(_ source: any DispatchSourceSignal) { lock.withLock { sources.append(source) } }
}

private final class RunningSet: @unchecked Sendable {
    // `children` and `draining` are guarded by `lock`: a signal's handler runs on a thread of its own.
    private let lock = NSLock()
    private var children: [Int32: Int32] = [:]
    private var draining = false

    /// A child started while the bench is exiting (the main thread races the handler) is stopped at once.
    func insert(_ pid: Int32, _ signal: Int32) {
        let exiting = lock.withLock {
            if !draining { children[pid] = signal }
            return draining
        }
        if exiting { kill(pid, signal) }
    }

    func remove(_ pid: Int32) { lock.withLock { _ = children.removeValue(forKey: pid) } }

    func drain() -> [Int32: Int32] {
        lock.withLock {
            draining = true
            defer { children = [:] }
            return children
        }
    }
}
