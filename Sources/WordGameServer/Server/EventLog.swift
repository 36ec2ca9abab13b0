import Foundation
import WordGamePOSIX

/// The server's console: one line per event that matters (dated and named by the server, `ConsoleLine`),
/// written by a thread of its own so that a slow terminal never holds up the
/// event loop. What the loop hands over waits in a bounded queue; past
/// `limit` lines, lines are dropped and the count of them is written when the
/// console catches up.
public final class EventLog: @unchecked Sendable {
    // `pending`, `dropped` and `writes` are guarded by `condition`.
    private let condition = NSCondition()
    private var pending: [String] = []
    private var dropped = 0
    private var writes = 0
    private let limit: Int
    private let output: FileDescriptor

    public static let defaultLimit = 10_000
    /// How long a line may wait for others to be written with it: nobody
    /// reading a console sees 5 ms.
    static let gatherMicroseconds: UInt32 = 5_000

    public init(output: FileDescriptor = .standardOutput, limit: Int = EventLog.defaultLimit) {
        self.output = output
        self.limit = limit
        let thread = Thread { [self] in run() }
        thread.name = "wordgame-console"
        thread.start()
    }

    /// Queues a line; never blocks on the console. Only a line into an empty
    /// queue wakes the console's thread: 10,000 joins are not 10,000 wake-ups.
    public func write(_ text: String) {
        condition.lock()
        let idle = pending.isEmpty && dropped == 0
        if pending.count < limit { pending.append(text) } else { dropped += 1 }
        if idle { condition.broadcast() }  // broadcast: `flush` may be waiting too
        condition.unlock()
    }

    /// Writes made so far (tests: a burst is gathered).
    var writeCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return writes
    }

    /// Blocks until every queued line is written (tests, and before exit).
    public func flush() {
        condition.lock()
        while !pending.isEmpty { condition.wait() }
        condition.unlock()
    }

    private func run() {
        while true {
            condition.lock()
            while pending.isEmpty && dropped == 0 { condition.wait() }
            // Lines come in bursts (a class joining): gather a burst for a few
            // milliseconds and write it at once, rather than a write a line.
            condition.unlock()
            Thread.sleep(forTimeInterval: Double(Self.gatherMicroseconds) / 1e6)
            condition.lock()
            let batch = pending
            let lost = dropped
            condition.unlock()
            var text = ""
            for line in batch { text += line + "\n" }
            if lost > 0 {
                // In the form of every line: the date and the server's name of the last line written (a full queue has one).
                let head = batch.last.map { $0.split(separator: " ", maxSplits: 3).prefix(3).joined(separator: " ") + " " } ?? ""
                text += head + "wordgame-server: \(lost) console lines dropped (the console was too slow)\n"
            }
            try? output.writeAll(text.utf8)  // a console gone away loses its lines, never the server
            condition.lock()
            pending.removeFirst(batch.count)
            dropped -= lost
            writes += 1
            condition.broadcast()
            condition.unlock()
        }
    }
}
