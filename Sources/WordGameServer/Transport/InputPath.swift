import WebCodec
import WordGame
import WordGamePOSIX
import WordGameProtocol

/// Reading and taking input, in bounded portions (Protocol.md §8):
/// - a connection's socket is read only once its last read is taken, so
///   what waits in the server is at most one read (64 KiB) per connection;
/// - each turn of the loop executes at most `linesPerTurn` of its lines, so
///   one client delays the others by about a millisecond at most;
/// - every line is paced by a token bucket, a line of a WebSocket message
///   holding many as much as a line over TCP, and lines wait while the
///   client has much output unread; lines that wait stay in the kernel's
///   socket buffer (EPOLLIN is off meanwhile), so the client is slowed,
///   never dropped;
/// - lines from an address on hold (wrong RESUME codes) wait, outside rooms;
/// - a connection that is closing has its input thrown away.
/// The server pulls what is admitted, one piece at a time (`next`), and
/// executes it: this path never calls up into the server. The event loop's alone.
final class InputPath {
    /// What a read brought.
    enum Read {
        /// Bytes, now in the connection's framing: serve it.
        case bytes
        /// Nothing to serve now (EAGAIN, or its last read is not taken yet).
        case nothing
        /// End of stream, a reset, or an error: the connection is gone.
        case lost
    }

    /// The next piece of a connection's input, admitted now.
    enum Next: Equatable {
        /// A line (or a problem with one), for its session to run.
        case line(LineFramer.Frame)
        /// Bytes the transport answers with itself (a WebSocket pong).
        case reply([UInt8])
        /// The peer ended the connection the transport's way (or broke its rules).
        case ended(farewell: [UInt8])
        /// The transport's session begins (a WebSocket handshake accepted).
        case opened(reply: [UInt8])
        /// A request for a page or a file (the web port).
        case request(HTTPRequestHead)
        /// A line ran past `maxDiscardedBytes` without ending.
        case runawayLine
    }

    private let epoll: Epoll
    private let affinity: ThreadAffinity
    let limits: ConnectionLimits
    /// Turns of the loop so far (a hold starts with the turn after the line that set it).
    private(set) var turn = 0
    /// Connections with input waiting for their turn.
    private var backlog: [Connection] = []
    /// Addresses whose lines outside a room wait until `until` (wrong RESUME
    /// codes), from the turn after `turn`; expired entries go at `forgetExpiredHolds`.
    private var addressHolds: [String: (until: Instant, turn: Int)] = [:]
    private let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)

    init(epoll: Epoll, affinity: ThreadAffinity, limits: ConnectionLimits) {
        self.epoll = epoll
        self.affinity = affinity
        self.limits = limits
    }

    deinit { readBuffer.deallocate() }

    /// A new turn of the loop: returns the connections with lines waiting,
    /// taken before the turn's events so that one read is not served twice in it.
    func beginTurn() -> [Connection] {
        affinity.check()
        turn += 1
        defer { backlog.removeAll(keepingCapacity: true) }
        for connection in backlog { connection.inBacklog = false }
        return backlog
    }

    /// Reads the socket if its last read is taken.
    func read(from connection: Connection, failed: Bool = false) -> Read {
        affinity.check()
        guard !hasInput(connection) else {
            // Lines wait their turn and EPOLLIN is off. An error or hang-up is
            // reported regardless, and again on every wait: the peer cannot
            // read any more, so its waiting lines go with it.
            return failed ? .lost : .nothing
        }
        let result: IOResult<Int>
        do { result = try Socket.receive(connection.socket, into: readBuffer) } catch { return .lost }
        guard case .done(let count) = result else { return .nothing }
        if count == 0 { return .lost }
        if connection.isClosing { return .nothing }  // its input no longer matters
        connection.framing.append(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]))
        connection.heard = true
        return .bytes
    }

    /// How many lines a connection may run when it is served: one serving a turn.
    var linesPerServing: Int { limits.linesPerTurn }

    /// The next piece of the connection's input that its budget admits now,
    /// taking a line from `budget`; nil when nothing more runs in this
    /// serving (the caller then parks it, `park`). Lines taken from the
    /// transport together (a unit holding several) wait in its session and
    /// are admitted one at a time.
    func next(from connection: Connection, budget: inout Int, at now: Instant) -> Next? {
        affinity.check()
        let framing = connection.framing
        while hasInput(connection) {
            if connection.isClosing {
                framing.discardInput()
                _ = connection.session?.takeWaitingLines()
                return nil
            }
            guard budget > 0, connection.session?.awaitsDirectory != true,
                  connection.output.pendingCount <= limits.pauseInputAboveQueuedBytes,
                  connection.heldInTurn != turn, heldUntil(connection).map({ now >= $0 }) ?? true
            else { return nil }
            // An open upload's LINEs run without a token (Protocol.md §8); every other line takes one.
            let session = connection.session
            if let session, session.hasWaitingLines {
                let unpaced = session.nextIsUploadLine
                guard unpaced || connection.pacing.hasToken(at: now), let frame = session.takeWaitingLine() else { return nil }
                return admit(frame, from: connection, paced: !unpaced, budget: &budget, at: now)
            }
            guard connection.pacing.hasToken(at: now) || session?.uploadOpen == true else { return nil }
            let unit = framing.next()
            if framing.discardedByteCount > limits.maxDiscardedBytes { return .runawayLine }
            switch unit {
            case .frames(let frames):
                // Lines only come once the transport's session has begun. The usual unit is one line:
                // it runs at once, and only the rest of a unit holding several waits in the session.
                guard let session, let first = frames.first else { continue }
                let unpaced = session.uploadOpen && Self.isUploadLine(first)
                guard unpaced || connection.pacing.hasToken(at: now) else {
                    session.queue(frames[...])  // a line taken to be looked at waits for its token in the session
                    return nil
                }
                session.queue(frames.dropFirst())
                return admit(first, from: connection, paced: !unpaced, budget: &budget, at: now)
            case .reply(let bytes): return .reply(bytes)
            case .end(let farewell): return .ended(farewell: farewell)
            case .opened(let reply): return .opened(reply: reply)
            case .request(let head): return .request(head)
            }
        }
        return nil
    }

    private func admit(_ frame: LineFramer.Frame, from connection: Connection, paced: Bool, budget: inout Int, at now: Instant) -> Next {
        if paced { _ = connection.pacing.take(at: now) }
        budget -= 1
        connection.lastLineAt = now
        return .line(frame)
    }

    private static func isUploadLine(_ frame: LineFramer.Frame) -> Bool {
        if case .line(let text) = frame { ClientCommand.isUploadLine(text) } else { false }
    }

    /// Whether lines wait for the connection: in its framing, or taken from
    /// it and not yet run (`Session.queue`).
    private func hasInput(_ connection: Connection) -> Bool {
        connection.framing.hasInput || connection.session?.hasWaitingLines == true
    }

    /// Reads the socket again once the input is gone; otherwise stops
    /// reading it and remembers to come back.
    func park(_ connection: Connection) {
        let waiting = hasInput(connection) && !connection.isClosed
        if waiting && !connection.inBacklog {
            connection.inBacklog = true
            backlog.append(connection)
        }
        setReadable(connection, !waiting && !connection.isClosing)
    }

    private func setReadable(_ connection: Connection, _ readable: Bool) {
        guard !connection.isClosed, readable != connection.wantsReadable else { return }
        connection.wantsReadable = readable
        try? epoll.modify(connection.socket, readable: readable, writable: connection.wantsWritable)
    }

    /// When a backlog connection can next execute a line: now if one can;
    /// otherwise its next token. One waiting only for its client to read
    /// output is woken by the flush that drains it.
    func nextWakeup(now: Instant) -> Instant? {
        var soonest: Instant?
        for connection in backlog where !connection.isClosed {
            // One waiting for the directory is served again when its answer comes (`Server.awaitDirectory`).
            if connection.output.pendingCount > limits.pauseInputAboveQueuedBytes || connection.session?.awaitsDirectory == true {
                continue
            }
            // An open upload's LINE waiting (or input not yet looked at) runs without a token: at once.
            let unpaced = connection.session.map { $0.hasWaitingLines ? $0.nextIsUploadLine : $0.uploadOpen } ?? false
            let next = max(unpaced ? now : connection.pacing.nextToken(after: now), heldUntil(connection) ?? now)
            soonest = min(soonest ?? next, next)
        }
        return soonest
    }

    // MARK: Holds

    /// Executes no line from a connection of `connection`'s address that is
    /// outside a room, for `milliseconds` (the lines wait in their sockets),
    /// new connections included; `connection` runs no more in this turn.
    func holdAddress(of connection: Connection, milliseconds: Int, at now: Instant) {
        affinity.check()
        connection.heldInTurn = turn
        addressHolds[connection.address] = (now.adding(milliseconds: milliseconds), turn)
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
              connection.session?.seat.inRoom != true else { return nil }
        return hold.until
    }

    func forgetExpiredHolds(at now: Instant) {
        if !addressHolds.isEmpty { addressHolds = addressHolds.filter { now < $0.value.until } }
    }
}
