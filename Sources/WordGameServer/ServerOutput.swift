import WordGame
import WordGameProtocol

/// Writing: queued lines go out once per turn, tracked lines report when
/// they left the kernel, and a connection that stops reading is dropped.
/// A turn with many connections to write shares them among threads
/// (`ServerSendThreads.swift`).
extension Server {
    func flushDirty() {
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
            let shared = configuration.sendThreads.count > 1 && batch.count >= 2 * configuration.sendThreads.minimumPerThread
            var together: [Connection] = []
            for connection in batch {
                connection.isDirty = false
                guard !connection.isClosed else { continue }
                if connection.overflowed {
                    configuration.log("wordgame-server: dropped connection \(connection.id): it stopped reading (\(connection.output.pendingCount) bytes queued)")
                    closeConnection(connection)
                } else if shared && connection.heldHuman == nil && !connection.closeWhenFlushed {
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
        if connection.heldHuman != nil {
            // Held human lines go with this send: nothing more comes to them in this turn.
            releaseHeld(connection, atPause: true)
            // Past the cap now: the turn's flush drops the connection, and says so.
            if connection.overflowed { return markDirty(connection) }
        }
        settle(connection, transmit(connection))
    }

    /// What sending to one connection found, for the loop thread to act on.
    struct Transmission {
        var failed = false
        /// Tracked lines that have left, and when.
        var left: (tags: [Int], delivery: Delivery)?
    }

    /// The part of a flush that touches only `connection` and the kernel, so
    /// that threads may run it for different connections at once: one send,
    /// the tracked lines that left, and EPOLLOUT asked for only while bytes
    /// are left or a tracked line waits in the kernel (then EPOLLOUT means it left).
    func transmit(_ connection: Connection) -> Transmission {
        do {
            try connection.output.drain { bytes throws(Errno) in
                guard case .done(let sent) = try Socket.send(connection.fd, bytes) else { return nil }
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
            try? epoll.modify(connection.fd, readable: connection.wantsReadable, writable: wantsWritable)
        }
        return result
    }

    /// The part of a flush that belongs to the loop thread: the rooms hear of
    /// tracked lines that left, and a connection that failed or said its BYE closes.
    func settle(_ connection: Connection, _ transmission: Transmission) {
        if transmission.failed { return closeConnection(connection) }
        if let left = transmission.left { report(left, for: connection) }
        if connection.output.isEmpty && connection.closeWhenFlushed { closeConnection(connection) }
    }

    /// Reports the tracked lines the kernel has transmitted, with the
    /// connection's round trip: together they start a player's clock
    /// (Protocol.md §7).
    func reportTransmitted(_ connection: Connection) {
        if let left = transmittedLines(connection) { report(left, for: connection) }
    }

    private func report(_ left: (tags: [Int], delivery: Delivery), for connection: Connection) {
        for tag in left.tags { hub.delivered(connection.id, tag: tag, left.delivery) }
    }

    /// Takes off the marks of tracked lines the kernel has transmitted; nil if
    /// none has. Without the kernel's figures, handed over counts as left.
    /// Touches only `connection` (see `transmit`).
    private func transmittedLines(_ connection: Connection) -> (tags: [Int], delivery: Delivery)? {
        let timing = TCPTiming.read(connection.fd)
        let notSent = connection.tracksTransmission ? timing?.notSentBytes ?? 0 : 0
        let transmitted = connection.output.sentTotal - notSent
        let tags = connection.output.takeMarks(transmittedThrough: transmitted)
        guard !tags.isEmpty else { return nil }
        return (tags, Delivery(at: .now(), roundTripNanoseconds: timing?.roundTripNanoseconds))
    }

    /// Nothing is queued after a connection's BYE, nor past its cap.
    /// `flushing`: the caller sends it now, so it need not wait for the turn's flush.
    /// `broadcast`: the same bytes go to many connections in this turn, so
    /// what follows them may be joined to them once for all (`BroadcastJoins`).
    func enqueue(_ bytes: [UInt8], tag: Int? = nil, for connection: Connection, flushing: Bool = false, broadcast: Bool = false) {
        guard !connection.isClosing, !saidGoodbye else { return }
        connection.output.append(shared: bytes, tag: tag, join: broadcast ? broadcastJoins.join : nil)
        queued(on: connection, flushing: flushing)
    }

    /// Queues what `write` appends, written straight into the connection's queue.
    func enqueue(tag: Int?, for connection: Connection, flushing: Bool = false, writing write: (inout [UInt8]) -> Void) {
        guard !connection.isClosing, !saidGoodbye else { return }
        connection.output.append(tag: tag, writing: write)
        queued(on: connection, flushing: flushing)
    }

    private func queued(on connection: Connection, flushing: Bool) {
        if connection.output.pendingCount > configuration.maxQueuedBytes { connection.overflowed = true }
        if !flushing { markDirty(connection) }
    }

    func markDirty(_ connection: Connection) {
        guard !connection.isDirty else { return }
        connection.isDirty = true
        dirty.append(connection)
    }
}

/// Each send is encoded once per mode present among its targets: the
/// machine lines when a target is in machine mode, the human lines
/// (`HumanOutput.swift`) when one is in human mode, each shared by all.
extension Server: Outbox {
    func send(_ message: ServerMessage, to connection: ConnectionID) {
        guard let target = byID[connection] else { return }
        if target.mode == .machine { enqueue(Self.encode([message]), for: target) } else { deliver(humanBatchReused(message), to: target) }
    }

    func send<C: Collection>(_ messages: [ServerMessage], to connections: C) where C.Element == ConnectionID {
        guard !messages.isEmpty, !connections.isEmpty else { return }
        var machine: [UInt8]?
        var human: HumanBatch?
        for id in connections {
            guard let target = byID[id] else { continue }
            if target.mode == .machine {
                if machine == nil { machine = Self.encode(messages) }
                enqueue(machine!, for: target, broadcast: connections.count > 1)
            } else {
                if human == nil { human = humanBatch(messages) }
                deliver(human!, to: target)
            }
        }
    }

    /// The human lines of one message, written once while the same message
    /// comes again: every connection's greeting is the same.
    private func humanBatchReused(_ message: ServerMessage) -> HumanBatch {
        if let last = lastHumanBatch, last.message == message { return last.batch }
        let batch = humanBatch([message])
        lastHumanBatch = (message, batch)
        return batch
    }

    /// Only players get a tracked ROUND, so its human line says how to answer.
    func sendTracked<C: Collection>(_ message: ServerMessage, tag: Int, to connections: C) where C.Element == ConnectionID {
        var machine: [UInt8]?
        var human: HumanBatch?
        for id in connections {
            guard let target = byID[id] else { continue }
            if target.mode == .machine {
                if machine == nil { machine = Self.encode([message]) }
                enqueue(machine!, tag: tag, for: target, broadcast: connections.count > 1)
            } else {
                if human == nil { human = humanBatch([message], answering: true) }
                deliver(human!, tag: tag, to: target)
            }
        }
    }

    /// What was held back goes first, in the mode it was written for.
    func setMode(_ mode: LineMode, for connection: ConnectionID) {
        guard let target = byID[connection] else { return }
        releaseHeld(target, atPause: false)
        target.mode = mode
        enqueue(Array((mode.confirmation + "\n").utf8), for: target)
    }

    func closeAfterFlush(_ connection: ConnectionID) {
        guard let target = byID[connection], !target.closeWhenFlushed else { return }
        target.closeWhenFlushed = true
        markDirty(target)
    }

    /// `RESUME`: the connection `newcomer` takes on the held seat's ID, so
    /// rooms and games go on addressing it as before. A connection still
    /// holding that ID (frozen, not yet found dead) keeps its socket under a
    /// fresh ID nobody knows, so its last lines and its closing reach no room.
    func adopt(_ held: ConnectionID, by newcomer: ConnectionID) {
        if let previous = byID[held] {
            previous.id = nextID
            nextID += 1
            byID[previous.id] = previous
        }
        guard let connection = byID.removeValue(forKey: newcomer) else {
            byID[held] = nil
            return
        }
        connection.id = held
        byID[held] = connection
    }

    func holdInput(fromAddressOf connection: ConnectionID, milliseconds: Int) {
        guard let held = byID[connection] else { return }
        held.heldInTurn = turn
        addressHolds[held.address] = (Instant.now().adding(milliseconds: milliseconds), turn)
    }

    static func encode(_ messages: [ServerMessage]) -> [UInt8] {
        var bytes: [UInt8] = []
        for message in messages { message.encodeLine(into: &bytes) }
        return bytes
    }
}
