import Foundation

/// Runs a test's body that waits on real time (sockets, timers, child
/// processes) on a thread of its own. The test runner has as many threads
/// as the machine has cores; a body that blocks on one of them keeps every
/// other test waiting too. On its own thread it blocks only itself, and the
/// runner goes on with other tests meanwhile. The body runs exactly as it
/// would have, in the same task (so `#expect` still knows its test): only
/// the thread differs.
///
/// `alone`: the body measures time in milliseconds (answers sent 10 ms
/// before a deadline), so it waits until no other such body runs, and none
/// starts until it is done: on a loaded machine a thread can wake late.
public func onOwnThread<T>(alone: Bool = false, _ body: () throws -> T) async rethrows -> T {
    try await withTaskExecutorPreference(OwnThreadExecutor.shared) {
        RealTimeTurns.shared.enter(alone: alone)
        defer { RealTimeTurns.shared.leave(alone: alone) }
        return try body()
    }
}

/// An executor that starts a thread for each job it is given: for bodies
/// that block, never for work that computes.
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

/// Who runs now among the real-time bodies: any number together, or one
/// alone. A body that must run alone is let in once the others are out, and
/// keeps newcomers waiting meanwhile.
final class RealTimeTurns: @unchecked Sendable {
    static let shared = RealTimeTurns()
    // `running`, `aloneRunning` and `aloneWaiting` are guarded by `condition`.
    private let condition = NSCondition()
    private var running = 0
    private var aloneRunning = false
    private var aloneWaiting = 0

    func enter(alone: Bool) {
        condition.lock()
        defer { condition.unlock() }
        if alone {
            aloneWaiting += 1
            while running > 0 || aloneRunning { condition.wait() }
            aloneWaiting -= 1
            aloneRunning = true
        } else {
            while aloneRunning || aloneWaiting > 0 { condition.wait() }
            running += 1
        }
    }

    func leave(alone: Bool) {
        condition.lock()
        if alone { aloneRunning = false } else { running -= 1 }
        condition.broadcast()
        condition.unlock()
    }
}
