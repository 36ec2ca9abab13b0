import WordGame
import WordGamePOSIX
import WordGameProtocol

/// Writing: queued lines go out once per turn, tracked lines report when
/// they left the kernel, and a connection that stops reading is dropped.
/// What it learns is kept as `WriteEvent`s, in order, for the server to take
/// (`takeNews`) and act on: it knows what a closed connection means for its
/// seat, and the write path never calls up into it. The
/// messages rooms send come in through `Outbox` (`WritePathOutbox.swift`).
/// A turn with many connections to write shares them among threads
/// (`SendThreads.swift`). The event loop's alone, but for `transmit`, which
/// send threads run on connections the loop has handed them (hence
/// `@unchecked Sendable`: `SendStream` and `flushTogether` keep each
/// connection to one thread at a time).
final class WritePath: @unchecked Sendable {
    let table: ConnectionTable
    private let epoll: Epoll
    let affinity: ThreadAffinity
    /// A connection whose unsent output exceeds this has stopped reading: it is dropped.
    let maxQueuedBytes: Int
    let sendThreads: SendThreads
    /// For the sentences of human mode: whether JOIN makes rooms.
    let openRooms: Bool
    /// What the server has to act on, in order, since it last took it.
    private var news: [WriteEvent] = []
    private var dirty: [Connection] = []
    /// Broadcasts queued back to back this turn, joined once (`BroadcastJoins.swift`).
    let broadcastJoins = BroadcastJoins()
    /// The last single message written for people, reused while the same one comes again.
    var lastHumanBatch: (message: ServerMessage, batch: HumanBatch)?
    /// Connections a pair's close sent to during the turn (`SendStream`), for its flush to settle.
    var streamed: [SendStream.Outcome] = []
    /// Set once every connection has been sent BYE: nothing is queued after it.
    var saidGoodbye = false
    /// Where a reader's own line is written before its transport frames it (`OutputFraming.append`).
    var frameScratch: [UInt8] = []

    /// Each piece of output queued is counted here, for `/metrics`.
    let counters: ServerCounters

    init(table: ConnectionTable, epoll: Epoll, affinity: ThreadAffinity, maxQueuedBytes: Int, sendThreads: SendThreads, openRooms: Bool,
         counters: ServerCounters = ServerCounters()) {
        self.counters = counters
        self.table = table
        self.epoll = epoll
        self.affinity = affinity
        self.maxQueuedBytes = maxQueuedBytes
        self.sendThreads = sendThreads
        self.openRooms = openRooms
    }

    var hasDirty: Bool { !dirty.isEmpty }

    /// The news since the last call, in order: tracked lines that left, and connections that must close.
    func takeNews() -> [WriteEvent] {
        defer { news.removeAll(keepingCapacity: true) }
        return news
    }

    /// Sends what every connection written to this turn holds.
    func flushDirty() {
        affinity.check()
        let sent = streamed
        streamed.removeAll()
        for (connection, transmission) in sent where !connection.isClosed { settle(connection, transmission) }
        var flushed = sent.count
        defer {
            broadcastJoins.removeAll()
            if flushed >= HeapSweep.afterFlushing { HeapSweep.now() }
        }
        while !dirty.isEmpty {
            let batch = dirty
            flushed += batch.count
            dirty.removeAll(keepingCapacity: true)
            let shared = sendThreads.count > 1 && batch.count >= 2 * sendThreads.minimumPerThread
            var together: [Connection] = []
            for connection in batch {
                connection.isDirty = false
                guard !connection.isClosed else { continue }
                if connection.overflowed {
                    news.append(.mustClose(connection, overflowedWith: connection.output.pendingCount))
                } else if shared && connection.session?.human.isHolding != true && !connection.closeWhenFlushed {
                    together.append(connection)
                } else {
                    flush(connection)
                }
            }
            flushTogether(together)
        }
    }

    /// Hands queued bytes to the kernel in one send, and reports tracked
    /// lines that have left.
    func flush(_ connection: Connection) {
        affinity.check()
        if let held = connection.session?.human.releaseAtPause() {
            // Held human lines go with this send: nothing more comes to them in this turn.
            enqueueLines(held, for: connection, flushing: true)
            // Past the cap now: the turn's flush drops the connection, and says so.
            if connection.overflowed { return markDirty(connection) }
        }
        settle(connection, transmit(connection))
    }

    /// The part of a flush that touches only `connection` and the kernel, so
    /// that threads may run it for different connections at once: one send,
    /// the tracked lines that left, and EPOLLOUT asked for only while bytes
    /// are left or a tracked line waits in the kernel (then EPOLLOUT means it left).
    func transmit(_ connection: Connection) -> Transmission {
        do {
            try connection.output.drain { bytes throws(Errno) in
                guard case .done(let sent) = try Socket.send(connection.socket, bytes) else { return nil }
                return sent
            }
        } catch {
            return Transmission(failed: true)  // EPIPE, ECONNRESET: the peer is gone
        }
        var result = Transmission()
        if connection.output.awaitsTransmission { result.left = transmittedLines(connection) }
        if connection.output.isEmpty && connection.closeWhenFlushed { return result }  // `settle` closes it
        let wantsWritable = !connection.output.isEmpty || connection.output.awaitsTransmission
        if wantsWritable != connection.wantsWritable {
            connection.wantsWritable = wantsWritable
            try? epoll.modify(connection.socket, readable: connection.wantsReadable, writable: wantsWritable)
        }
        return result
    }

    /// The part of a flush that belongs to the loop thread: tracked lines that
    /// left are reported, and a connection that failed or said its BYE must close.
    func settle(_ connection: Connection, _ transmission: Transmission) {
        affinity.check()
        if transmission.failed { return news.append(.mustClose(connection, overflowedWith: nil)) }
        if let left = transmission.left {
            news.append(.delivered(DeliveryReport(player: connection.player, tags: left.tags, delivery: left.delivery)))
        }
        if connection.output.isEmpty && connection.closeWhenFlushed { news.append(.mustClose(connection, overflowedWith: nil)) }
    }

    /// The tracked lines the kernel has transmitted since the last report, if
    /// any (a reader's input arrived: an answer must not overtake the news
    /// that its pair has left).
    func transmitted(_ connection: Connection) -> DeliveryReport? {
        guard connection.output.awaitsTransmission, let left = transmittedLines(connection) else { return nil }
        return DeliveryReport(player: connection.player, tags: left.tags, delivery: left.delivery)
    }

    /// Takes off the marks of tracked lines the kernel has transmitted; nil if
    /// none has. Without the kernel's figures, handed over counts as left.
    /// Touches only `connection` (see `transmit`).
    private func transmittedLines(_ connection: Connection) -> (tags: [Int], delivery: Delivery)? {
        let timing = TCPTiming.read(connection.socket)
        let notSent = connection.tracksTransmission ? timing?.notSentBytes ?? 0 : 0
        let transmitted = connection.output.sentTotal - notSent
        let tags = connection.output.takeMarks(transmittedThrough: transmitted)
        guard !tags.isEmpty else { return nil }
        return (tags, Delivery(at: .now(), roundTripNanoseconds: timing?.roundTripNanoseconds))
    }

    // MARK: Queueing

    /// Nothing is queued after a connection's BYE, nor past its cap.
    /// `flushing`: the caller sends it now, so it need not wait for the turn's flush.
    /// `broadcast`: the same bytes go to many connections in this turn, so
    /// what follows them may be joined to them once for all (`BroadcastJoins`).
    func enqueue(_ bytes: [UInt8], tag: Int? = nil, for connection: Connection, flushing: Bool = false, broadcast: Bool = false) {
        affinity.check()
        guard !connection.isClosing, !saidGoodbye else { return }
        connection.output.append(shared: bytes, tag: tag, join: broadcast ? broadcastJoins.join : nil)
        queued(on: connection, flushing: flushing)
    }

    /// Queues lines (each ending in LF) as the connection's transport carries them (`OutputFraming`).
    func enqueueLines(_ lines: [UInt8], tag: Int? = nil, for connection: Connection, flushing: Bool = false) {
        enqueue(connection.outputFraming.wrap(lines), tag: tag, for: connection, flushing: flushing)
    }

    /// Queues what `write` appends, written straight into the connection's queue.
    func enqueue(tag: Int?, for connection: Connection, flushing: Bool = false, writing write: (inout [UInt8]) -> Void) {
        affinity.check()
        guard !connection.isClosing, !saidGoodbye else { return }
        connection.output.append(tag: tag, writing: write)
        queued(on: connection, flushing: flushing)
    }

    private func queued(on connection: Connection, flushing: Bool) {
        counters.messagesQueued += 1
        if connection.output.pendingCount > maxQueuedBytes { connection.overflowed = true }
        if !flushing { markDirty(connection) }
    }

    func markDirty(_ connection: Connection) {
        guard !connection.isDirty else { return }
        connection.isDirty = true
        dirty.append(connection)
    }

    /// Closes the connection once what is queued for it has been sent.
    func closeAfterFlush(_ connection: Connection) {
        guard !connection.closeWhenFlushed else { return }
        if let goodbye = connection.framing.goodbye() { enqueue(goodbye, for: connection) }
        connection.closeWhenFlushed = true
        markDirty(connection)
    }
}

/// What sending to one connection found, for the loop thread to act on.
struct Transmission {
    var failed = false
    /// Tracked lines that have left, and when.
    var left: (tags: [Int], delivery: Delivery)?
}
