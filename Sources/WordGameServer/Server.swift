import Dispatch
import Foundation
import Glibc
import WordGameResults
import WordGame
import WordGameProtocol

/// The wordgame server: one thread running a level-triggered epoll loop over
/// non-blocking sockets. Rooms and the hub hold the logic; this file moves bytes.
///
/// All state is owned by the loop thread, except `wake` (a pipe any thread or
/// a signal handler may write to), `mail` (locked) and `finished` (a semaphore).
public final class Server: @unchecked Sendable {
    public let port: UInt16
    private let configuration: ServerConfiguration
    private let listener: Int32
    private let epoll: Epoll
    private let wake: WakePipe
    private let mail = LoopMail()
    /// Where finished games are written; nil when results are not kept.
    public let results: ResultsWriter?
    private let finished = DispatchSemaphore(value: 0)
    private var hub: Hub!
    private var connections: [Int32: Connection] = [:]
    private var byID: [ConnectionID: Connection] = [:]
    private var dirty: [Connection] = []
    /// Descriptors closed during a batch of events are released after it, so
    /// a new connection cannot take a number that a later event still names.
    private var closedDuringBatch: [Int32] = []
    private var nextID = 1
    private var stopReason: String?
    /// Set once every connection has been sent BYE: nothing is queued after it.
    private var saidGoodbye = false
    private var readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)

    /// Binds and listens at once, so the port is known (and taken) when this returns.
    public init(configuration: ServerConfiguration) throws(Errno) {
        self.configuration = configuration
        signal(SIGPIPE, SIG_IGN)
        Self.raiseDescriptorLimit()
        listener = try Socket.listen(address: configuration.bindAddress, port: configuration.port)
        do {
            port = try Socket.localPort(listener)
            epoll = try Epoll()
            wake = try WakePipe()
            try epoll.add(listener)
            try epoll.add(wake.readFD)
        } catch {
            close(listener)
            throw error
        }
        let events = configuration.events, log = configuration.log
        let mail = self.mail, wake = self.wake
        let results = configuration.resultsDirectory.map { directory in
            ResultsWriter(directory: directory, log: { events($0) }, warn: { log("wordgame-server: \($0)") }, saved: { outcome in
                mail.post(outcome)
                wake.wake()
            })
        }
        self.results = results
        var tags = 0
        let environment = RoomEnvironment(
            outbox: self,
            nextTag: { tags += 1; return tags },
            wallClock: { Date().timeIntervalSince1970 },
            log: { events($0) },
            gameEnded: { record in results?.save(record) })
        var system = SystemRandomNumberGenerator()
        hub = Hub(settings: configuration.game, environment: environment, maxLineBytes: configuration.maxLineBytes,
                  random: { system.next() })
    }

    deinit {
        close(listener)
        readBuffer.deallocate()
    }

    /// Runs the loop on the calling thread until `stop()` or a forwarded signal.
    public func run() {
        defer { finished.signal() }
        while stopReason == nil {
            let events: [Epoll.Event]
            do {
                events = try epoll.wait(timeoutMilliseconds: timeout(until: hub.nextWakeup))
            } catch {
                configuration.log("wordgame-server: \(error); stopping")
                stopReason = "The server stopped after an internal error."
                break
            }
            for event in events { handle(event) }
            hub.tick(at: .now())
            flushDirty()
            releaseClosedDescriptors()
        }
        sayGoodbye(stopReason ?? "The server is shutting down.")
    }

    /// Runs the loop on a thread of its own (the in-process server of tests and solo play).
    public func start() {
        let thread = Thread { [self] in run() }
        thread.name = "wordgame-server"
        thread.start()
    }

    /// Asks the loop to stop; safe from any thread. Players are told why.
    public func stop() {
        mail.requestStop()
        wake.wake()
    }

    /// Blocks until `run()` has returned.
    public func waitUntilStopped() {
        finished.wait()
        finished.signal()
    }

    /// Makes SIGINT and SIGTERM stop the server cleanly instead of killing it.
    public func stopOnTerminationSignals() throws(Errno) {
        try wake.forwardSignal(SIGINT)
        try wake.forwardSignal(SIGTERM)
    }

    // MARK: Events

    private func handle(_ event: Epoll.Event) {
        if event.fd == listener { return acceptAll() }
        if event.fd == wake.readFD {
            // Signal handlers write their number; other threads write 0 and leave their news in `mail`.
            let signalled = wake.drain().contains { $0 != 0 }
            let letters = mail.take()
            if signalled { stopReason = "The server is shutting down (signal)." } else if letters.stop { stopReason = "The server is shutting down." }
            for outcome in letters.saved { hub.resultsSaved(outcome) }
            return
        }
        guard let connection = connections[event.fd] else { return }
        if event.readable || event.failed { read(from: connection) }
        if event.writable, connections[event.fd] === connection { flush(connection) }
    }

    private func acceptAll() {
        while true {
            let fd: Int32
            do {
                guard case .done(let accepted) = try Socket.accept(listener) else { return }
                fd = accepted
            } catch {
                // EMFILE and friends: the listener stays readable; try again on the next turn.
                configuration.log("wordgame-server: \(error)")
                return
            }
            if connections.count >= configuration.maxConnections {
                refuse(fd)
                continue
            }
            let connection = Connection(id: nextID, fd: fd, maxLineBytes: configuration.maxLineBytes,
                                        tracksTransmission: Socket.tuneForGame(fd))
            nextID += 1
            do { try epoll.add(fd) } catch {
                close(fd)
                continue
            }
            connections[fd] = connection
            byID[connection.id] = connection
            hub.connected(connection.id)
        }
    }

    /// Every connection hears the greeting first, even one that is turned away.
    private func refuse(_ fd: Int32) {
        let lines = [hub.greeting,
                     ServerMessage.error(ProtocolError(.serverFull, "The server is full (\(configuration.maxConnections) players); try again later.")),
                     .bye("Server full.")]
        let bytes = Array(lines.map { $0.line + "\n" }.joined().utf8)
        bytes.withUnsafeBytes { _ = try? Socket.send(fd, $0) }
        close(fd)
    }

    private func read(from connection: Connection) {
        let result: IOResult<Int>
        do { result = try Socket.read(connection.fd, into: readBuffer) } catch {
            return closeConnection(connection)
        }
        guard case .done(let count) = result else { return }
        if count == 0 { return closeConnection(connection) }
        let frames = connection.framer.feed(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]))
        // An answer must not overtake the news that its pair has left: look first.
        if connection.output.awaitsTransmission { reportTransmitted(connection) }
        let now = Instant.now()
        for frame in frames {
            guard !connection.isClosed, !connection.closeWhenFlushed else { break }
            hub.received(frame, from: connection.id, at: now)
        }
    }

    // MARK: Output

    private func flushDirty() {
        while !dirty.isEmpty {
            let batch = dirty
            dirty.removeAll(keepingCapacity: true)
            for connection in batch {
                connection.isDirty = false
                guard !connection.isClosed else { continue }
                if connection.overflowed {
                    configuration.log("wordgame-server: dropped connection \(connection.id): it stopped reading (\(connection.output.pendingCount) bytes queued)")
                    closeConnection(connection)
                } else {
                    flush(connection)
                }
            }
        }
    }

    /// Hands queued bytes to the kernel in one send, and reports tracked
    /// lines that have left. Asks for EPOLLOUT only while bytes are left, or
    /// while a tracked line waits in the kernel (then EPOLLOUT means it left).
    private func flush(_ connection: Connection) {
        do {
            try connection.output.drain { bytes throws(Errno) in
                guard case .done(let sent) = try Socket.send(connection.fd, bytes) else { return nil }
                return sent
            }
        } catch {
            return closeConnection(connection)  // EPIPE, ECONNRESET: the peer is gone
        }
        if connection.output.awaitsTransmission { reportTransmitted(connection) }
        if connection.output.isEmpty && connection.closeWhenFlushed { return closeConnection(connection) }
        let wantsWritable = !connection.output.isEmpty || connection.output.awaitsTransmission
        if wantsWritable != connection.wantsWritable {
            connection.wantsWritable = wantsWritable
            try? epoll.modify(connection.fd, writable: wantsWritable)
        }
    }

    /// Reports the tracked lines the kernel has transmitted, with the
    /// connection's round trip: together they start a player's clock
    /// (Protocol.md §7). Without the figures, handed over counts as left.
    private func reportTransmitted(_ connection: Connection) {
        let timing = TCPTiming.read(connection.fd)
        let notSent = connection.tracksTransmission ? timing?.notSentBytes ?? 0 : 0
        let transmitted = connection.output.sentTotal - notSent
        let tags = connection.output.takeMarks(transmittedThrough: transmitted)
        guard !tags.isEmpty else { return }
        let delivery = Delivery(at: .now(), roundTripNanoseconds: timing?.roundTripNanoseconds)
        for tag in tags { hub.delivered(connection.id, tag: tag, delivery) }
    }

    private func enqueue(_ bytes: [UInt8], tag: Int? = nil, for connection: Connection) {
        guard !connection.isClosed, !connection.overflowed, !saidGoodbye else { return }
        if let tag { connection.output.append(bytes, tag: tag) } else { connection.output.append(bytes) }
        if connection.output.pendingCount > configuration.maxQueuedBytes { connection.overflowed = true }
        markDirty(connection)
    }

    private func markDirty(_ connection: Connection) {
        guard !connection.isDirty else { return }
        connection.isDirty = true
        dirty.append(connection)
    }

    private func closeConnection(_ connection: Connection) {
        guard !connection.isClosed else { return }
        connection.isClosed = true
        connections[connection.fd] = nil
        byID[connection.id] = nil
        closedDuringBatch.append(connection.fd)
        hub.disconnected(connection.id, at: .now())
    }

    private func releaseClosedDescriptors() {
        for fd in closedDuringBatch { close(fd) }
        closedDuringBatch.removeAll(keepingCapacity: true)
    }

    /// Tells everyone the server is stopping and gives their sockets up to a
    /// second to take it; results still being written are waited for.
    private func sayGoodbye(_ reason: String) {
        defer { results?.waitUntilIdle() }
        hub.shutdown(reason: reason)
        // BYE is the last line: those who go while the sockets drain (each
        // closes once its BYE is out) are not news any more.
        saidGoodbye = true
        flushDirty()
        let deadline = Instant.now().adding(milliseconds: 1_000)
        while !connections.isEmpty, Instant.now() < deadline {
            guard let events = try? epoll.wait(timeoutMilliseconds: 50) else { break }
            for event in events where event.fd != listener && event.fd != wake.readFD {
                guard let connection = connections[event.fd] else { continue }
                if event.failed { closeConnection(connection) } else if event.writable { flush(connection) }
            }
        }
        for connection in Array(connections.values) { closeConnection(connection) }
        releaseClosedDescriptors()
    }

    private func timeout(until wakeup: Instant?) -> Int32 {
        guard let wakeup else { return -1 }
        let nanoseconds = wakeup.nanoseconds - Instant.now().nanoseconds
        if nanoseconds <= 0 { return 0 }
        return Int32(min(60_000, (nanoseconds + 999_999) / 1_000_000))
    }

    /// Thousands of players need thousands of descriptors: take the hard limit.
    private static func raiseDescriptorLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = limit.rlim_max
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}

extension Server: Outbox {
    func send(_ message: ServerMessage, to connection: ConnectionID) {
        guard let target = byID[connection] else { return }
        enqueue(Self.encode([message]), for: target)
    }

    func send<C: Collection>(_ messages: [ServerMessage], to connections: C) where C.Element == ConnectionID {
        guard !messages.isEmpty, !connections.isEmpty else { return }
        let bytes = Self.encode(messages)
        for id in connections {
            if let target = byID[id] { enqueue(bytes, for: target) }
        }
    }

    func sendTracked<C: Collection>(_ message: ServerMessage, tag: Int, to connections: C) where C.Element == ConnectionID {
        let bytes = Self.encode([message])
        for id in connections {
            if let target = byID[id] { enqueue(bytes, tag: tag, for: target) }
        }
    }

    func closeAfterFlush(_ connection: ConnectionID) {
        guard let target = byID[connection] else { return }
        target.closeWhenFlushed = true
        markDirty(target)
    }

    private static func encode(_ messages: [ServerMessage]) -> [UInt8] {
        var bytes: [UInt8] = []
        for message in messages {
            bytes.append(contentsOf: message.line.utf8)
            bytes.append(0x0A)
        }
        return bytes
    }
}
