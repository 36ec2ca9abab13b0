import Dispatch
import Foundation
import Glibc
import WordGameResults
import WordGame
import WordGameProtocol

/// The wordgame server: one thread running a level-triggered epoll loop over
/// non-blocking sockets. Rooms and the hub hold the logic; this file and its
/// extensions move bytes: accepting (`ServerAccepting.swift`), reading and
/// pacing input (`ServerInput.swift`), writing (`ServerOutput.swift`), and
/// closing the silent (`ServerHousekeeping.swift`).
///
/// All state is owned by the loop thread, except `wake` (a pipe any thread or
/// a signal handler may write to), `mail` (locked) and `finished` (a semaphore).
public final class Server: @unchecked Sendable {
    public let port: UInt16
    let configuration: ServerConfiguration
    /// `configuration.limits`, with `maxConnections` fitted to the descriptor limit.
    public let limits: ConnectionLimits
    /// Why `maxConnections` was lowered at start, for the banner; nil if it was not.
    public let limitNote: String?
    let listener: Int32
    let epoll: Epoll
    private let wake: WakePipe
    private let mail = LoopMail()
    /// Where finished games are written; nil when results are not kept.
    public let results: ResultsWriter?
    private let finished = DispatchSemaphore(value: 0)
    var hub: Hub!
    var connections: [Int32: Connection] = [:]
    var byID: [ConnectionID: Connection] = [:]
    /// Open connections per peer address (`ConnectionLimits.maxPerAddress`).
    var perAddress: [String: Int] = [:]
    /// Addresses whose lines outside a room wait until `until` (wrong RESUME
    /// codes, `Hub.resume`), from the turn after `turn`; expired entries go at
    /// the next housekeeping.
    var addressHolds: [String: (until: Instant, turn: Int)] = [:]
    /// Turns of the loop so far.
    var turn = 0
    var dirty: [Connection] = []
    /// Broadcasts queued back to back this turn, joined once (`BroadcastJoins.swift`).
    let broadcastJoins = BroadcastJoins()
    /// The last single message written for people (`ServerOutput.swift`).
    var lastHumanBatch: (message: ServerMessage, batch: HumanBatch)?
    /// Connections a pair's close sent to during the turn (`SendStream`), for its flush to settle.
    var streamed: [SendStream.Outcome] = []
    /// Connections with input waiting for their turn (`ServerInput.swift`).
    var backlog: [Connection] = []
    /// Descriptors closed during a batch of events are released after it, so
    /// a new connection cannot take a number that a later event still names.
    var closedDuringBatch: [Int32] = []
    var nextID = 1
    private var stopReason: String?
    /// Set once every connection has been sent BYE: nothing is queued after it.
    var saidGoodbye = false
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    /// Out of descriptors (`ServerAccepting.swift`): the spare one, and when to try the listener again.
    var spareDescriptor: Int32 = -1
    var listenerPausedUntil: Instant?
    var descriptorShortage = DescriptorShortage()
    /// The listener has the game's socket options, for accepted sockets to
    /// inherit; whether they do is learned from the first (`ServerAccepting.swift`).
    let listenerTuned: Bool
    var acceptedSocketsInheritOptions: Bool?
    var nextHousekeeping = Instant.now()

    /// Binds and listens at once, so the port is known (and taken) when this returns.
    public init(configuration: ServerConfiguration) throws(Errno) {
        self.configuration = configuration
        signal(SIGPIPE, SIG_IGN)
        (limits, limitNote) = Self.fitToDescriptorLimit(configuration.limits)
        listener = try Socket.listen(address: configuration.bindAddress, port: configuration.port)
        listenerTuned = Socket.tuneForGame(listener)
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
        spareDescriptor = Self.openSpareDescriptor()
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
        let random = RandomPool()
        hub = Hub(settings: configuration.game, environment: environment, maxLineBytes: configuration.maxLineBytes,
                  limits: limits, random: random.next)
    }

    deinit {
        close(listener)
        if spareDescriptor >= 0 { close(spareDescriptor) }
        readBuffer.deallocate()
    }

    /// Runs the loop on the calling thread until `stop()` or a forwarded signal.
    public func run() {
        defer { finished.signal() }
        while stopReason == nil {
            turn += 1
            let events: [Epoll.Event]
            do {
                events = try epoll.wait(timeoutMilliseconds: timeout(until: nextWakeup()))
            } catch {
                configuration.log("wordgame-server: \(error); stopping")
                stopReason = "The server stopped after an internal error."
                break
            }
            let now = Instant.now()
            let waiting = takeBacklog()
            for event in events { handle(event, at: now) }
            serve(waiting, at: .now())
            hub.tick(at: .now())
            housekeeping(at: .now())
            resumeListening(at: .now())
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

    private func handle(_ event: Epoll.Event, at now: Instant) {
        if event.fd == listener { return acceptAll(at: now) }
        if event.fd == wake.readFD {
            // Signal handlers write their number; other threads write 0 and leave their news in `mail`.
            let signalled = wake.drain().contains { $0 != 0 }
            let letters = mail.take()
            if signalled { stopReason = "The server is shutting down (signal)." } else if letters.stop { stopReason = "The server is shutting down." }
            for outcome in letters.saved { hub.resultsSaved(outcome) }
            return
        }
        guard let connection = connections[event.fd] else { return }
        if event.readable || event.failed { read(from: connection, failed: event.failed, at: now) }
        if event.writable, connections[event.fd] === connection { flush(connection) }
    }

    /// The soonest of: the rooms' next deadline, a backlog connection's next
    /// line, the next housekeeping sweep, the listener's pause ending.
    private func nextWakeup() -> Instant? {
        var soonest = [hub.nextWakeup, backlogWakeup(), listenerPausedUntil].compactMap { $0 }.min()
        if !connections.isEmpty { soonest = min(soonest ?? nextHousekeeping, nextHousekeeping) }
        return soonest
    }

    func closeConnection(_ connection: Connection) {
        guard !connection.isClosed else { return }
        connection.isClosed = true
        connection.input.clear()
        connections[connection.fd] = nil
        if byID[connection.id] === connection { byID[connection.id] = nil }
        forgetAddress(of: connection)
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
}
