import Testing
@testable import WordGameServer

/// A broadcast's bytes go into an empty queue by reference; whatever is
/// written after them is the connection's own, and the broadcast stays as
/// every other connection reads it.
@Suite struct OutputQueueTests {
    /// Drains `queue` into an array, `limit` bytes a send at most.
    func drained(_ queue: inout OutputQueue, limit: Int = .max) -> [UInt8] {
        var out: [UInt8] = []
        try? queue.drain { bytes in
            let taken = min(limit, bytes.count)
            out += bytes.prefix(taken)
            return taken
        }
        return out
    }

    @Test func writingAfterASharedAppendLeavesTheBroadcastUntouched() {
        let broadcast: [UInt8] = Array("PROGRESS 1 2 3\n".utf8)
        var first = OutputQueue(), second = OutputQueue()
        first.append(shared: broadcast, tag: nil)
        second.append(shared: broadcast, tag: nil)
        first.append(tag: 7) { $0 += Array("OK ANSWER 1 y\n".utf8) }
        #expect(first.pendingCount == broadcast.count + 14)
        #expect(drained(&first, limit: 5) == broadcast + Array("OK ANSWER 1 y\n".utf8))
        #expect(first.takeMarks(transmittedThrough: first.sentTotal) == [7])
        #expect(drained(&second) == broadcast)
        #expect(broadcast == Array("PROGRESS 1 2 3\n".utf8))
    }

    @Test func bytesWrittenAfterAPartlySentBroadcastFollowItsRest() {
        let broadcast: [UInt8] = Array("TOP 1 Ana 3 0 1200\n".utf8)
        var queue = OutputQueue()
        queue.append(shared: broadcast, tag: nil)
        var sent: [UInt8] = []
        var sends = 0
        try? queue.drain { bytes in  // the kernel takes 4 bytes, then would block
            sends += 1
            guard sends == 1 else { return nil }
            sent += bytes.prefix(4)
            return 4
        }
        queue.append(tag: nil) { $0 += Array("ROUND\n".utf8) }
        #expect(sent + drained(&queue) == broadcast + Array("ROUND\n".utf8))
        #expect(broadcast == Array("TOP 1 Ana 3 0 1200\n".utf8))
    }

    @Test func aSharedAppendAfterOwnBytesIsCopiedBehindThem() {
        let broadcast: [UInt8] = Array("ROOM\n".utf8)
        var queue = OutputQueue()
        queue.append(tag: nil) { $0 += Array("OK\n".utf8) }
        queue.append(shared: broadcast, tag: 3)
        queue.append(shared: broadcast, tag: nil)
        #expect(drained(&queue) == Array("OK\nROOM\nROOM\n".utf8))
        #expect(queue.takeMarks(transmittedThrough: 8) == [3])
        #expect(queue.isEmpty)
        // Empty again: the next broadcast goes in by reference, and out whole.
        queue.append(shared: broadcast, tag: nil)
        #expect(drained(&queue) == broadcast)
    }

    @Test func broadcastsQueuedBackToBackAreJoinedOnceForEveryone() {
        let game = Array("GAME 15 5000 3 100\nYOU PLAYING\n".utf8), notice = Array("NOTICE started\n".utf8)
        let round = Array("ROUND 1 15 \"dog\" \"perro\" 5000\n".utf8)
        let joins = BroadcastJoins()
        var queues = [OutputQueue](repeating: OutputQueue(), count: 100)
        for index in queues.indices {
            queues[index].append(shared: game, tag: nil, join: joins.join)
            queues[index].append(shared: notice, tag: nil, join: joins.join)
            queues[index].append(shared: round, tag: 9, join: joins.join)
        }
        #expect(joins.count == 2)  // game+notice, then that+round: once, not once a queue
        for index in queues.indices {
            #expect(drained(&queues[index]) == game + notice + round)
            #expect(queues[index].takeMarks(transmittedThrough: queues[index].sentTotal) == [9])
        }
        #expect(game == Array("GAME 15 5000 3 100\nYOU PLAYING\n".utf8))

        // A queue whose broadcast has begun to leave copies what follows behind its rest.
        var begun = OutputQueue()
        begun.append(shared: game, tag: nil, join: joins.join)
        var first: [UInt8] = []
        var sends = 0
        try? begun.drain { bytes in
            sends += 1
            guard sends == 1 else { return nil }
            first += bytes.prefix(3)
            return 3
        }
        begun.append(shared: round, tag: nil, join: joins.join)
        #expect(first + drained(&begun) == game + round)
        // Nor is a line for one connection joined to a broadcast: the join would serve only it.
        var single = OutputQueue()
        single.append(shared: notice, tag: nil)
        single.append(shared: round, tag: nil, join: joins.join)
        #expect(drained(&single) == notice + round)
        #expect(joins.count == 2)
        // Nor past a few KiB: a queue whose reader stopped grows in a buffer of its own.
        let big = [UInt8](repeating: 0x41, count: OutputQueue.joinLimit)
        var stuck = OutputQueue()
        stuck.append(shared: big, tag: nil, join: joins.join)
        stuck.append(shared: notice, tag: nil, join: joins.join)
        #expect(joins.count == 2)
        #expect(drained(&stuck) == big + notice)
    }
}
