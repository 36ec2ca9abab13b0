import Dispatch
import WordGamePOSIX
import WordListFiles

/// The server's `ListStore`: each list a file of the lists folder, written
/// whole (`AtomicFile`, mode 0600: it holds the list's key) or deleted on a serial queue of its own, in
/// the order asked; each outcome is posted back to the loop (`answer`).
final class ListWriter: ListStore, @unchecked Sendable {
    let folder: String
    private let queue = DispatchQueue(label: "wordgame.lists")
    private let answer: @Sendable (ListStoreOutcome) -> Void

    init(folder: String, answer: @escaping @Sendable (ListStoreOutcome) -> Void) {
        self.folder = folder
        self.answer = answer
    }

    func write(_ bytes: [UInt8], name: String, ticket: Int) {
        let folder = self.folder, answer = self.answer
        queue.async {
            do throws(AtomicFile.Failure) {
                try AtomicFile.makeDirectory(folder)
                // 0600, as the lesson: the file holds the list's key, which only its teacher may have.
                try AtomicFile.write(bytes: bytes, to: WordListFolder.path(of: name, in: folder), mode: 0o600)
                answer(ListStoreOutcome(ticket: ticket, problem: nil))
            } catch {
                answer(ListStoreOutcome(ticket: ticket, problem: error.description))
            }
        }
    }

    func remove(name: String, ticket: Int) {
        let path = WordListFolder.path(of: name, in: folder), answer = self.answer
        queue.async {
            do throws(AtomicFile.Failure) {
                try AtomicFile.remove(path)
                answer(ListStoreOutcome(ticket: ticket, problem: nil))
            } catch {
                answer(ListStoreOutcome(ticket: ticket, problem: error.description))
            }
        }
    }

    /// Blocks until every request asked so far is done (a server stopping, a test).
    func waitUntilIdle() { queue.sync {} }
}
