import WordGame
import WordGameProtocol

/// Reading and executing input, in bounded portions (Protocol.md §8):
/// - a connection's socket is read only once its last read is executed, so
///   what waits in the server is at most one read (64 KiB) per connection;
/// - each turn of the loop executes at most `linesPerTurn` of its lines, so
///   one client delays the others by about a millisecond at most;
/// - lines are paced by a token bucket, and wait while the client has much
///   output unread; lines that wait stay in the kernel's socket buffer
///   (EPOLLIN is off meanwhile), so the client is slowed, never dropped;
/// - a connection that is closing has its input thrown away.
extension Server {
    func read(from connection: Connection, failed: Bool = false, at now: Instant) {
        guard connection.input.isEmpty else {
            // Lines wait their turn and EPOLLIN is off. An error or hang-up is
            // reported regardless, and again on every wait: the peer cannot
            // read any more, so its waiting lines go with it.
            if failed { closeConnection(connection) }
            return
        }
        let result: IOResult<Int>
        do { result = try Socket.read(connection.fd, into: readBuffer) } catch {
            return closeConnection(connection)
        }
        guard case .done(let count) = result else { return }
        if count == 0 { return closeConnection(connection) }
        if connection.isClosing { return }  // its input no longer matters
        connection.input.append(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]))
        // An answer must not overtake the news that its pair has left: look first.
        if connection.output.awaitsTransmission { reportTransmitted(connection) }
        serve(connection, at: now)
    }

    /// Executes what the connection's budget allows now, and parks the rest.
    func serve(_ connection: Connection, at now: Instant) {
        var executed = 0
        while !connection.input.isEmpty {
            if connection.isClosing {
                connection.input.clear()
                break
            }
            guard executed < limits.linesPerTurn,
                  connection.output.pendingCount <= limits.pauseInputAboveQueuedBytes,
                  connection.pacing.hasToken(at: now),
                  connection.heldInTurn != turn, heldUntil(connection).map({ now >= $0 }) ?? true
            else { break }
            let frames = connection.framer.feed(connection.input.takeLine())
            if connection.framer.discardedByteCount > limits.maxDiscardedBytes {
                return endRunawayLine(connection, at: now)
            }
            for frame in frames {
                _ = connection.pacing.take(at: now)
                executed += 1
                connection.lastLineAt = now
                hub.received(frame, from: connection.id, at: now)
                if connection.isClosing { break }
            }
        }
        park(connection)
    }

    /// Reads the socket again once the input is gone; otherwise stops
    /// reading it and remembers to come back.
    private func park(_ connection: Connection) {
        let waiting = !connection.input.isEmpty && !connection.isClosed
        if waiting && !connection.inBacklog {
            connection.inBacklog = true
            backlog.append(connection)
        }
        setReadable(connection, !waiting && !connection.isClosing)
    }

    private func setReadable(_ connection: Connection, _ readable: Bool) {
        guard !connection.isClosed, readable != connection.wantsReadable else { return }
        connection.wantsReadable = readable
        try? epoll.modify(connection.fd, readable: readable, writable: connection.wantsWritable)
    }

    /// The connections with lines waiting, taken before a turn's events so
    /// that one read in the turn is not served twice in it.
    func takeBacklog() -> [Connection] {
        defer { backlog.removeAll(keepingCapacity: true) }
        for connection in backlog { connection.inBacklog = false }
        return backlog
    }

    /// Gives each connection that had lines waiting its turn.
    func serve(_ waiting: [Connection], at now: Instant) {
        for connection in waiting where !connection.isClosed && !connection.inBacklog {
            serve(connection, at: now)
        }
    }

    /// When a backlog connection can next execute a line: now if one can;
    /// otherwise its next token. One waiting only for its client to read
    /// output is woken by the flush that drains it.
    func backlogWakeup() -> Instant? {
        let now = Instant.now()
        var soonest: Instant?
        for connection in backlog where !connection.isClosed {
            if connection.output.pendingCount > limits.pauseInputAboveQueuedBytes { continue }
            let next = max(connection.pacing.nextToken(after: now), heldUntil(connection) ?? now)
            soonest = min(soonest ?? next, next)
        }
        return soonest
    }

    /// When the connection may run lines again, if its address is held.
    /// Only connections outside a room wait: the hold slows guessers (RESUME
    /// is only typed outside a room), never the classmates playing beside them.
    /// A hold starts with the next turn: when one ends, every waiting
    /// connection of the address runs a line in the same turn, so a
    /// classmate's right code is never starved by guessers served before it;
    /// a connection whose line set the hold runs no more in that turn.
    private func heldUntil(_ connection: Connection) -> Instant? {
        guard !addressHolds.isEmpty, let hold = addressHolds[connection.address], hold.turn != turn,
              !hub.isInARoom(connection.id) else { return nil }
        return hold.until
    }

    /// A line that never ends: told, and closed (it could be anything but a person typing).
    private func endRunawayLine(_ connection: Connection, at now: Instant) {
        let text = "A line of over \(limits.maxDiscardedBytes) bytes with no line end: closing the connection."
        sendOff(connection, [.error(ProtocolError(.lineTooLong, text)), .bye("Line too long.")], at: now)
        park(connection)
    }
}
