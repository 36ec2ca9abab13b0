import Foundation
import WordGameFleet
import WordGameResults

/// What other threads hand to the event loop: a request to stop, news from
/// the results writer, files read for a browser, and the fleet directory's answers. Guarded by a lock; the
/// sender then wakes the loop through its pipe. The pipe only wakes: a full
/// pipe may drop a byte, never a letter.
final class LoopMail: @unchecked Sendable {
    /// A reply made off the loop, for a connection only the loop may touch.
    struct Reply: @unchecked Sendable {
        let connection: Connection
        let bytes: [UInt8]
    }

    private let lock = NSLock()
    private var stopRequested = false
    private var saved: [ResultsWriter.SaveOutcome] = []
    private var replies: [Reply] = []
    private var directory: [DirectoryEvent] = []
    private var listsStored: [ListStoreOutcome] = []

    private var drainRequested = false

    func requestDrain() {
        lock.lock()
        drainRequested = true
        lock.unlock()
    }

    /// Whether a drain was asked for since the last look.
    func takeDrainRequest() -> Bool {
        lock.lock()
        defer {
            drainRequested = false
            lock.unlock()
        }
        return drainRequested
    }

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

    func post(_ reply: Reply) {
        lock.lock()
        replies.append(reply)
        lock.unlock()
    }

    func post(_ event: DirectoryEvent) {
        lock.lock()
        directory.append(event)
        lock.unlock()
    }

    func post(_ outcome: ListStoreOutcome) {
        lock.lock()
        listsStored.append(outcome)
        lock.unlock()
    }

    /// The list store's answers since the last look.
    func takeListsStored() -> [ListStoreOutcome] {
        lock.lock()
        defer {
            listsStored.removeAll()
            lock.unlock()
        }
        return listsStored
    }

    /// What arrived since the last look.
    func take() -> (stop: Bool, saved: [ResultsWriter.SaveOutcome], replies: [Reply], directory: [DirectoryEvent]) {
        lock.lock()
        defer {
            saved.removeAll()
            replies.removeAll()
            directory.removeAll()
            lock.unlock()
        }
        return (stopRequested, saved, replies, directory)
    }
}
