import Foundation
import WordGameResults

/// What other threads hand to the event loop: a request to stop, and news
/// from the results writer. Guarded by a lock; the sender then wakes the loop
/// through its pipe. The pipe only wakes: a full pipe may drop a byte, never
/// a letter.
final class LoopMail: @unchecked Sendable {
    private let lock = NSLock()
    private var stopRequested = false
    private var saved: [ResultsWriter.SaveOutcome] = []

    func requestStop() {
        lock.lock()
        stopRequested = true
        lock.unlock()
    }

    func post(_ outcome: ResultsWriter.SaveOutcome) {
        lock.lock()
        saved.append(outcome)
        lock.unlock()
    }

    /// What arrived since the last look.
    func take() -> (stop: Bool, saved: [ResultsWriter.SaveOutcome]) {
        lock.lock()
        defer {
            saved.removeAll()
            lock.unlock()
        }
        return (stopRequested, saved)
    }
}
