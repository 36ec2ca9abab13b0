import Foundation

/// Runs a test's body that waits on real time (sockets, timers, child
/// processes) on a thread of its own. The test runner has as many threads
/// as the machine has cores; a body that blocks on one of them keeps every
/// other test waiting too. On its own thread it blocks only itself, and the
/// runner goes on with other tests meanwhile. The body runs exactly as it
/// would have, in the same task (so `#expect` still knows its test): only
/// the thread differs.
///
/// At most `RealTimeTurns.sideBySide` such bodies run at once: they start
/// servers, clients and child processes, and the tests that measure
/// milliseconds must still find a core free when they need one.
public func onOwnThread<T>(_ body: () throws -> T) async rethrows -> T {
    try await withTaskExecutorPreference(OwnThreadExecutor.shared) {
        RealTimeTurns.shared.enter()
        defer { RealTimeTurns.shared.leave() }
        return try body()
    }
}

/// Runs a body on a thread of its own, as `onOwnThread` does, but outside
/// its turns: for a body that takes a scarcer turn of its own first (a
/// browser's), which bounds what it runs. Waiting for it inside a real-time
/// turn, it would keep the other real-time tests from theirs.
public func onOwnThreadOutsideTurns<T>(_ body: () throws -> T) async rethrows -> T {
    try await withTaskExecutorPreference(OwnThreadExecutor.shared) { try body() }
}

/// Runs a test's body that computes for seconds (a fuzzer, a debug build's
/// encoder, a child process that computes) on a thread of its own, at most
/// one a core at once. The runner starts every test from its threads, one a
/// core: a body computing there for seconds keeps every test behind it from
/// starting, the browser cases and the real-time tests included.
public func onComputeThread<T>(_ body: () throws -> T) async rethrows -> T {
    try await withTaskExecutorPreference(OwnThreadExecutor.shared) {
        ComputeTurns.shared.wait()
        defer { ComputeTurns.shared.signal() }
        return try body()
    }
}

/// One turn a core for `onComputeThread`: more would only share the cores.
enum ComputeTurns {
    static let shared = DispatchSemaphore(value: ProcessInfo.processInfo.activeProcessorCount)
}

/// An executor that starts a thread for each job it is given: for bodies
/// that block, and for long computations kept off the runner's threads.
final class OwnThreadExecutor: TaskExecutor, @unchecked Sendable {
    static let shared = OwnThreadExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        let thread = Thread { job.runSynchronously(on: executor) }
        thread.stackSize = 4 << 20
        thread.start()
    }
}

/// Turns for the real-time bodies: a few at once, first come first served.
final class RealTimeTurns: @unchecked Sendable {
    static let shared = RealTimeTurns()
    /// Bodies that run side by side. They mostly wait (on sockets, on
    /// timers); what they compute in bursts is what the limit bounds.
    static let sideBySide = 8
    // `running` is guarded by `condition`.
    private let condition = NSCondition()
    private var running = 0

    func enter() {
        condition.lock()
        while running >= Self.sideBySide { condition.wait() }
        running += 1
        condition.unlock()
    }

    func leave() {
        condition.lock()
        running -= 1
        condition.signal()
        condition.unlock()
    }
}
