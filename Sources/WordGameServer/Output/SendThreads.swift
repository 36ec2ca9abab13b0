import Dispatch
import Foundation

/// How a turn's writing is shared among threads. Sending is most of a big
/// room's cost: on a round's close every player gets a send, and the kernel's
/// work for it (TCP, and on loopback the peer's receiving too) runs in the
/// sending thread. So the loop decides everything on its own thread, then
/// hands the sends of a big turn to several threads, one part of the
/// connections each, and takes the outcomes back (`WritePath.flushTogether`).
public struct SendThreads: Sendable, Equatable {
    /// Threads that send at once in a big turn, the loop's own included (1: the loop alone).
    public var count: Int
    /// A turn shares its writing only with at least this many connections to
    /// write, and gives each thread at least this many: for fewer, waking a
    /// thread costs more than the sends it would take over.
    public var minimumPerThread: Int

    public init(count: Int = SendThreads.defaultCount, minimumPerThread: Int = 32) {
        self.count = count
        self.minimumPerThread = minimumPerThread
    }

    /// One per core, at most 8.
    public static var defaultCount: Int { min(8, max(1, ProcessInfo.processInfo.activeProcessorCount)) }
    public static let countRange = 1...64
}

extension WritePath {
    /// Sends to `connections` (none closing, none holding human lines), shared
    /// among threads when there are enough of them. Each thread runs `transmit`
    /// for its own part, so each connection is touched by one thread; the loop
    /// waits for all, then settles every outcome itself (rooms, closing).
    func flushTogether(_ connections: [Connection]) {
        let threads = min(sendThreads.count, connections.count / max(1, sendThreads.minimumPerThread))
        guard threads > 1 else {
            for connection in connections { settle(connection, transmit(connection)) }
            return
        }
        var outcomes = [Transmission](repeating: Transmission(), count: connections.count)
        outcomes.withUnsafeMutableBufferPointer { results in
            connections.withUnsafeBufferPointer { targets in
                // Each index is written by exactly one thread, and read after they all return.
                nonisolated(unsafe) let results = results, targets = targets
                DispatchQueue.concurrentPerform(iterations: threads) { part in
                    // Interleaved parts: every thread starts at the front of the list.
                    for index in stride(from: part, to: targets.count, by: threads) { results[index] = transmit(targets[index]) }
                }
            }
        }
        for (connection, outcome) in zip(connections, outcomes) { settle(connection, outcome) }
    }
}
