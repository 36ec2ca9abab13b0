import Dispatch
import Foundation
import WordGamePOSIX

/// Writes the lesson to its file off the event loop: the loop hands over a
/// `LessonState` (at most every `interval`, and only after a change), and a
/// queue of its own encodes it and replaces the file atomically. Only the
/// newest waits: a save still running when two more come writes the second
/// of them, never a backlog. A file that cannot be written costs one line
/// to the operator (and one when it can be again), never a game.
final class StateWriter: @unchecked Sendable {
    let file: StateFile
    /// Saves come at most this often: a crash loses at most the changes of the last second, which is never more
    /// than the pair being played (a pair lasts a second at least, but from the command line). More often cost a
    /// server of a hundred classes, a pair closing somewhere every few milliseconds, a save every time.
    static let interval = 1_000

    private let queue = DispatchQueue(label: "wordgame.state")
    private let lock = NSLock()
    /// The newest state not yet written (under `lock`).
    private var newest: LessonState?
    /// The last problem told to the operator (the queue's).
    private var lastProblem: String?
    /// Each room as last written, and its JSON (the queue's): a room that has not changed since is not encoded
    /// again. A server of a hundred classes saves after each pair of any of them; most rooms are as they were.
    private var written: [String: (room: SavedRoom, json: [UInt8])] = [:]
    private let warn: @Sendable (String) -> Void

    init(file: StateFile, warn: @escaping @Sendable (String) -> Void) {
        self.file = file
        self.warn = warn
    }

    /// Why the folder cannot hold the lesson, or nil when it can (it is made if needed).
    func problem() -> String? {
        do {
            try AtomicFile.makeDirectory(file.directory)
            try AtomicFile.checkWritable(file.directory)
        } catch {
            return error.description
        }
        return nil
    }

    /// Queues `state` to be written; returns at once.
    func save(_ state: LessonState) {
        lock.lock()
        let scheduled = newest != nil
        newest = state
        lock.unlock()
        if !scheduled { queue.async { [self] in writeNewest() } }
    }

    /// Writes `state` now, after any save queued before it (the server stopping).
    func saveAndWait(_ state: LessonState) {
        save(state)
        queue.sync {}
    }

    /// The file's JSON, each room's taken from `written` when the room is as it was.
    private func encode(_ state: LessonState) -> [UInt8] {
        var rooms: [[UInt8]] = []
        var kept: [String: (room: SavedRoom, json: [UInt8])] = [:]
        for room in state.rooms {
            let json = written[room.name].flatMap { $0.room == room ? $0.json : nil } ?? LessonJSON.encode(room)
            rooms.append(json)
            kept[room.name] = (room, json)
        }
        written = kept
        return LessonJSON.document(state, rooms: rooms)
    }

    private func writeNewest() {
        lock.lock()
        let state = newest
        newest = nil
        lock.unlock()
        guard let state else { return }
        let problem: String?
        do {
            try AtomicFile.write(bytes: encode(state), to: file.path, mode: 0o600)
            problem = nil
        } catch {
            problem = "\(error)"
        }
        guard problem != lastProblem else { return }
        warn(problem.map { "wordgame-server: the lesson cannot be kept in \(file.path) (\($0)); a restart would lose it" }
             ?? "wordgame-server: the lesson is kept in \(file.path) again")
        lastProblem = problem
    }
}
