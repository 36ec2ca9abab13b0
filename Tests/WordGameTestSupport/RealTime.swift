import Foundation

/// Runs a test's body that waits on real time (sockets, timers, child
/// processes) on a thread of its own. The test runner has as many threads
/// as the machine has cores; a body that blocks on one of them keeps every
/// other test waiting too. On its own thread it blocks only itself, and the
/// runner goes on with other tests meanwhile. The body runs exactly as it
/// would have, in the same task (so `#expect` still knows its test): only
/// the thread differs.
public func onOwnThread<T>(_ body: () throws -> T) async rethrows -> T {
    try await withTaskExecutorPreference(OwnThreadExecutor.shared) { try body() }
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
