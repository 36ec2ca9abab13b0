import WordGame
import WordGamePOSIX
import WordGameProtocol

/// One turn of the server's loop: the events that came (new connections,
/// input, sockets ready for more output, news from other threads), then
/// what is due (lines left from earlier turns, the rooms' deadlines,
/// housekeeping, the fleet's beat), then the turn's output. The server asks
/// each part and acts on its answer; none calls back up.
extension Server {
    func turn(_ events: [Epoll.Event], at now: Instant) {
        let waiting = input.beginTurn()
        for event in events {
            if loop.isWake(event) { woken(bySignals: loop.drainWake()) } else { handle(event, at: now) }
        }
        endTurn(serving: waiting)
    }

    /// The soonest of: the rooms' next deadline, a backlog connection's next
    /// line, the next housekeeping sweep, the listener's pause ending, the
    /// fleet's beat, a refused web connection's time limit.
    func nextWakeup() -> Instant? {
        hubDue = hub.nextWakeup
        let due = [hubDue, input.nextWakeup(now: .now()), listener.pausedUntil, webListener?.pausedUntil, fleet?.nextBeat,
                   lessonSaveDue, webListener?.refusals?.nextDeadline, drainDeadline, nextWatchdogPing]
        var soonest = due.compactMap { $0 }.min()
        if !table.isEmpty { soonest = min(soonest ?? nextHousekeeping, nextHousekeeping) }
        return soonest
    }

    private func handle(_ event: Epoll.Event, at now: Instant) {
        if event.id == listener.socket.rawValue { return acceptAll(on: listener, at: now) }
        if let webListener, event.id == webListener.socket.rawValue { return acceptAll(on: webListener, at: now) }
        guard let connection = table.connection(on: FileDescriptor(rawValue: event.id)) else {
            // Not a connection: perhaps one refused, waiting for its request.
            webListener?.refusals?.handle(FileDescriptor(rawValue: event.id))
            return
        }
        if event.readable || event.failed { readInput(from: connection, failed: event.failed, at: now) }
        if event.writable, table.connection(on: connection.socket) === connection { flush(connection) }
    }

    /// Accepts what waits and reads each new connection's first lines, so that
    /// the greeting and the replies leave in one send; between reads, what has
    /// come meanwhile is accepted (`Listener.readsBetweenAccepts`).
    private func acceptAll(on listener: Listener, at now: Instant) {
        var fresh: [Connection] = []
        var greeted = 0, served = 0
        listener.accept(into: &fresh, at: now)
        while served < fresh.count {
            for connection in fresh[greeted...] where connection.session != nil {
                hub.connected(connection.player, address: connection.address)
            }
            greeted = fresh.count
            let connection = fresh[served]
            served += 1
            if !connection.isClosed { readInput(from: connection, failed: false, at: now) }
            if served % Listener.readsBetweenAccepts == 0 { listener.accept(into: &fresh, at: now) }
        }
    }

    // MARK: Input

    /// Reads a connection; what came is served at once, after the news that
    /// its tracked lines left (an answer must not overtake its pair's departure).
    private func readInput(from connection: Connection, failed: Bool, at now: Instant) {
        switch input.read(from: connection, failed: failed) {
        case .nothing: return
        case .lost: return closeConnection(connection)
        case .bytes:
            if let report = writes.transmitted(connection) { delivered(report) }
            serve(connection, at: now)
        }
    }

    /// Executes what the connection's budget admits now; the rest waits its turn.
    func serve(_ connection: Connection, at now: Instant) {
        var budget = input.linesPerServing
        while let next = input.next(from: connection, budget: &budget, at: now) {
            execute(next, from: connection, at: now)
        }
        input.park(connection)
    }

    private func execute(_ next: InputPath.Next, from connection: Connection, at now: Instant) {
        switch next {
        case .line(let frame):
            guard let session = connection.session else { return }
            switch session.run(frame, as: connection.player, in: hub, at: now, maxLineBytes: configuration.maxLineBytes) {
            case .nothing: break
            case .lines(let lines): writes.enqueueLines(lines, for: connection)
            case .message(let message): writes.send(message, on: connection)
            }
        case .reply(let bytes):
            writes.enqueue(bytes, for: connection)
        case .ended(let farewell):
            if connection.session != nil { hub.disconnected(connection.player, at: now) }
            writes.enqueue(farewell, for: connection)
            writes.closeAfterFlush(connection)
            connection.framing.discardInput()
        case .opened(let reply):
            open(connection, reply: reply)
        case .request(let head):
            answer(head, on: connection)
        case .runawayLine:
            let text = TransportTexts.runawayLine(maxDiscardedBytes: limits.maxDiscardedBytes)
            sendOff(connection, [.error(ProtocolError(.lineTooLong, text)), .bye(TransportTexts.runawayLineBye)], at: now)
        }
    }

    // MARK: Output

    /// Writes what the turn queued, and acts on what writing found (which may
    /// queue more: a seat given up is news for its room).
    func flushOutput() {
        repeat {
            writes.flushDirty()
            takeWriteNews()
        } while writes.hasDirty
    }

    /// A socket has room again: what waits for it goes.
    func flush(_ connection: Connection) {
        writes.flush(connection)
        takeWriteNews()
    }

    private func takeWriteNews() {
        for event in writes.takeNews() {
            switch event {
            case .delivered(let report): delivered(report)
            case .mustClose(let connection, let queued):
                if let queued { configuration.log(TransportTexts.droppedSlowReader(connection.id, queuedBytes: queued)) }
                closeConnection(connection)
            }
        }
    }

    /// Tracked lines left: the seat's clock for its pair starts.
    private func delivered(_ report: DeliveryReport) {
        for tag in report.tags { hub.delivered(report.player, tag: tag, report.delivery) }
    }

    // MARK: Connections ending

    /// The connection is gone: its seat is the hub's to hold or give up.
    func closeConnection(_ connection: Connection) {
        guard !connection.isClosed else { return }
        connection.isClosed = true
        connection.framing.discardInput()
        counters.bytesSentByClosed += connection.output.sentTotal
        table.remove(connection)
        if connection.session != nil { hub.disconnected(connection.player, at: .now()) }
    }

    /// The server ends a connection on its own initiative: the hub lets go
    /// of it first (a member's seat is held), then `lines`, ending with BYE,
    /// are the last it gets; its unexecuted input is thrown away.
    func sendOff(_ connection: Connection, _ lines: [ServerMessage], at now: Instant) {
        hub.disconnected(connection.player, at: now)
        writes.send(lines, to: CollectionOfOne(connection.player))
        writes.closeAfterFlush(connection)
        connection.framing.discardInput()
    }

    // MARK: The rest of the turn

    /// Another thread or a signal woke the loop: its news is in the mail.
    private func woken(bySignals signals: Set<Int32>) {
        let letters = mail.take()
        // SIGHUP drains; SIGTERM and SIGINT stop at once (and end a drain under way).
        if mail.takeDrainRequest() || signals.contains(Signal.hangUp) { beginDrain(at: .now()) }
        if !signals.subtracting([Signal.hangUp]).isEmpty {
            stopReason = TransportTexts.shuttingDownOnSignal
        } else if letters.stop {
            stopReason = TransportTexts.shuttingDown
        }
        for outcome in letters.saved { hub.resultsSaved(outcome) }
        for event in letters.directory { fleet?.take(event, hub: hub, at: .now()) }
        for outcome in mail.takeListsStored() { hub.listStored(outcome) }
        for reply in letters.replies where !reply.connection.isClosed {
            writes.enqueue(reply.bytes, for: reply.connection)
            writes.closeAfterFlush(reply.connection)
        }
    }

    private func endTurn(serving waiting: [Connection]) {
        for connection in waiting where !connection.isClosed && !connection.inBacklog { serve(connection, at: .now()) }
        // Only when a room's deadline has come: whatever a turn's lines schedule is due a coalescing interval or a
        // pair later, never within the turn, so the deadline read before the wait is the soonest. Ticking every room
        // on every turn was a tenth of the server's time with hundreds of rooms (the district benchmark).
        if let due = hubDue, Instant.now() >= due { hub.tick(at: .now()) }
        housekeeping(at: .now())
        drainIfOver(at: .now())
        pingWatchdog(at: .now())
        if let fleet {
            fleet.flush()
            // Every room and seat is named only when a refresh is due, not each turn.
            if fleet.isDue(at: .now()) { fleet.beat(rooms: hub.roomsInDirectory, seats: hub.seatCodes, load: table.count, at: .now()) }
        }
        listener.resumeListening(at: .now())
        webListener?.resumeListening(at: .now())
        webListener?.refusals?.expire(at: .now())
        flushOutput()
        // After the turn's lines are out: taking the lesson's picture must not hold back a round's close.
        keepLesson(at: .now())
        table.releaseClosedDescriptors()
        webListener?.refusals?.releaseClosedDescriptors()
    }
}
