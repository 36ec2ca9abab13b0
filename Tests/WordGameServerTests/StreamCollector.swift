import Foundation

/// Everything a child process writes to one of its pipes, read as it comes by a thread of its own, so that a test
/// can wait for a line while the process runs, and read the whole once it ends.
final class StreamCollector: @unchecked Sendable {
    private let condition = NSCondition()
    private var bytes = Data()
    private var ended = false

    init(_ handle: FileHandle) {
        let thread = Thread { [self] in
            while true {
                let chunk = handle.availableData  // blocks until something comes; empty at the end of the stream
                condition.lock()
                if chunk.isEmpty { ended = true } else { bytes.append(chunk) }
                condition.broadcast()
                condition.unlock()
                if chunk.isEmpty { return }
            }
        }
        thread.start()
    }

    /// What came so far.
    var text: String {
        condition.lock()
        defer { condition.unlock() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Waits until what came satisfies `done`, the stream ends, or `seconds` pass; returns what came.
    func wait(seconds: Double, until done: (String) -> Bool) -> String {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while true {
            let text = String(decoding: bytes, as: UTF8.self)
            if done(text) || ended || !condition.wait(until: deadline) { return String(decoding: bytes, as: UTF8.self) }
        }
    }

    /// Everything, once the stream has ended (the process exited), or what came within `seconds`.
    func whole(seconds: Double = 20) -> String { wait(seconds: seconds) { _ in false } }
}
