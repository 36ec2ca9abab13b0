import Dispatch
import Foundation
import WordGame
import WordGamePOSIX
import WordGameFleet
import WordGameProtocol
import WordGameResults

/// The wordgame server: one event loop (`EventLoop`) over non-blocking
/// sockets, and the parts it drives, each one idea:
/// - `Listener`: accepting, and choosing each connection's framing (lines on
///   the game's port; pages and WebSocket on the web port, `ServerWeb.swift`);
/// - `ConnectionTable`: who is connected, by socket and by seat;
/// - `InputPath`: reading and pacing what connections send;
/// - `Session`: each connection's talk with the hub (its lines run, its mode);
/// - `WritePath`: what rooms send, encoded and written;
/// - `Hub`: the rooms, pure logic, which sees seats and messages, never sockets.
/// This class wires them and carries their news between them.
///
/// All state is the loop thread's (checked in debug builds), except `mail`
/// (locked, for other threads) and `finished` (a semaphore).
public final class Server: @unchecked Sendable {
    public let port: UInt16
    let configuration: ServerConfiguration
    /// `configuration.limits`, with `maxConnections` fitted to the descriptor limit.
    public let limits: ConnectionLimits
    /// Why `maxConnections` was lowered at start, for the banner; nil if it was not.
    public let limitNote: String?
    /// Where finished games are written; nil when results are not kept.
    public let results: ResultsWriter?
    let affinity = ThreadAffinity("the server's loop state")
    let loop: EventLoop
    let table: ConnectionTable
    let listener: Listener
    /// The web port's listener, and what answers its page requests; nil without a web port.
    let webListener: Listener?
    let webRouter: WebRouter?
    /// The web port (pages and the game over WebSocket), if there is one.
    public var webPort: UInt16? { webListener?.port }
    let input: InputPath
    let writes: WritePath
    /// The fleet's directory, when this server is one of several; nil on its own.
    let fleet: FleetLink?
    private(set) var hub: Hub!
    let mail = LoopMail()
    private let finished = DispatchSemaphore(value: 0)
    private var stopReason: String?
    private var nextHousekeeping = Instant.now()
    /// Connections with input left from earlier turns, taken as a turn begins.
    private var waiting: [Connection] = []

    /// Binds and listens at once, so the port is known (and taken) when this returns.
    public init(configuration: ServerConfiguration) throws(Errno) {
        self.configuration = configuration
        Signal.ignoreBrokenPipe()
        (limits, limitNote) = Listener.fitToDescriptorLimit(configuration.limits)
        loop = try EventLoop(affinity: affinity)
        table = ConnectionTable(affinity: affinity)
        let maxLineBytes = configuration.maxLineBytes, log = configuration.log
        listener = try Listener(address: configuration.bindAddress, port: configuration.port, epoll: loop.epoll, table: table,
                                affinity: affinity, limits: limits, log: { log($0) }, kind: .lines(maxLineBytes: maxLineBytes))
        port = listener.port
        if let web = configuration.web {
            let policy = WebFraming.Policy(maxLineBytes: maxLineBytes, isOriginAllowed: Self.originPolicy(allowing: web.allowedOrigins))
            let webListener = try Listener(address: configuration.bindAddress, port: web.port, epoll: loop.epoll, table: table,
                                           affinity: affinity, limits: limits, log: { log($0) }, kind: .web(policy))
            self.webListener = webListener
            webRouter = WebRouter(site: web.site, joinAddress: WebConfiguration.joinAddress(host: web.joinHost, port: webListener.port))
        } else {
            webListener = nil
            webRouter = nil
        }
        input = InputPath(epoll: loop.epoll, affinity: affinity, limits: limits)
        writes = WritePath(table: table, epoll: loop.epoll, affinity: affinity, maxQueuedBytes: configuration.maxQueuedBytes,
                           sendThreads: configuration.sendThreads, openRooms: configuration.game.openRooms)
        let events = configuration.events
        let mail = self.mail, wake = loop.wake
        let results = configuration.resultsDirectory.map { directory in
            ResultsWriter(directory: directory, log: { events($0) }, warn: { log("wordgame-server: \($0)") }, saved: { outcome in
                mail.post(outcome)
                wake.wake()
            })
        }
        self.results = results
        var tags = 0
        let random = RandomPool()
        let environment = RoomEnvironment(
            outbox: writes,
            nextTag: { tags += 1; return tags },
            random: random.next,
            wallClock: { WallClock.secondsSince1970() },
            log: { events($0) },
            gameEnded: { record in results?.save(record) },
            browserAddress: { [webRouter] room in webRouter?.joinAddress(room: room) })
        if let fleetConfiguration = configuration.fleet {
            let post: @Sendable (DirectoryEvent) -> Void = { event in
                mail.post(event)
                wake.wake()
            }
            // Dated, as the console's lines are: when the directory went and came back is what an operator asks.
            let time = ConsoleTime()
            guard let link = FleetLink(fleetConfiguration, port: listener.port, webPort: webListener?.port, post: post,
                                       log: { events($0) }, warn: { log(time.stamp(WallClock.secondsSince1970()) + " " + $0) })
            else { throw Errno("fleet", code: Errno.invalidArgument) }
            fleet = link
        } else {
            fleet = nil
        }
        hub = Hub(settings: configuration.game, environment: environment, control: self, limits: limits, affinity: affinity)
        hub.directory = fleet
        wire()
    }

    /// Carries each part's news to the part that acts on it.
    private func wire() {
        for listener in [listener, webListener].compactMap({ $0 }) {
            listener.onAccepted = { [unowned self] connection, _ in
                if connection.session != nil { hub.connected(connection.player, address: connection.address) }
            }
            listener.onFresh = { [unowned self] connection, now in readInput(from: connection, failed: false, at: now) }
        }
        input.onInput = { [unowned self] event in take(event) }
        writes.onEvent = { [unowned self] event in take(event) }
    }

    /// Runs the loop on the calling thread until `stop()` or a forwarded signal.
    public func run() {
        defer { finished.signal() }
        loop.run(self)
        sayGoodbye(stopReason ?? TransportTexts.shuttingDown)
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
        loop.wake.wake()
    }

    /// Blocks until `run()` has returned.
    public func waitUntilStopped() {
        finished.wait()
        finished.signal()
    }

    /// Makes SIGINT and SIGTERM stop the server cleanly instead of killing it.
    public func stopOnTerminationSignals() throws(Errno) {
        try loop.wake.forwardSignal(Signal.interrupt)
        try loop.wake.forwardSignal(Signal.terminate)
    }

    // MARK: Connections

    /// Reads a connection; what came is served at once, after the news that
    /// its tracked lines left (an answer must not overtake its pair's departure).
    func readInput(from connection: Connection, failed: Bool, at now: Instant) {
        guard input.read(from: connection, failed: failed) else { return }
        writes.reportTransmitted(connection)
        input.serve(connection, at: now)
    }

    /// The connection is gone: its seat is the hub's to hold or give up.
    func closeConnection(_ connection: Connection) {
        guard !connection.isClosed else { return }
        connection.isClosed = true
        connection.framing.discardInput()
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

    // MARK: News between the parts

    private func take(_ event: InputPath.Event) {
        switch event {
        case .frame(let frame, let connection, let now):
            guard let session = connection.session else { return }
            switch session.run(frame, as: connection.player, in: hub, at: now, maxLineBytes: configuration.maxLineBytes) {
            case .nothing: break
            case .lines(let lines): writes.enqueueLines(lines, for: connection)
            case .message(let message): writes.send(message, on: connection)
            }
        case .reply(let bytes, let connection):
            writes.enqueue(bytes, for: connection)
        case .ended(let connection, let farewell):
            if connection.session != nil { hub.disconnected(connection.player, at: .now()) }
            writes.enqueue(farewell, for: connection)
            writes.closeAfterFlush(connection)
            connection.framing.discardInput()
        case .opened(let connection, let reply):
            open(connection, reply: reply)
        case .request(let connection, let head):
            answer(head, on: connection)
        case .runawayLine(let connection, let now):
            let text = TransportTexts.runawayLine(maxDiscardedBytes: limits.maxDiscardedBytes)
            sendOff(connection, [.error(ProtocolError(.lineTooLong, text)), .bye(TransportTexts.runawayLineBye)], at: now)
        case .lost(let connection):
            closeConnection(connection)
        }
    }

    private func take(_ event: WriteEvent) {
        switch event {
        case .delivered(let report):
            for tag in report.tags { hub.delivered(report.player, tag: tag, report.delivery) }
        case .mustClose(let connection, let queued):
            if let queued { configuration.log(TransportTexts.droppedSlowReader(connection.id, queuedBytes: queued)) }
            closeConnection(connection)
        }
    }

    // MARK: Housekeeping

    static let housekeepingMilliseconds = 1_000

    /// Once a second: closes connections that never entered a room within the
    /// registration limit, and connections silent past the idle limit
    /// (Protocol.md §8). Each is told why in a BYE; an idle member's seat is
    /// held for the resume grace like any drop.
    func housekeeping(at now: Instant) {
        guard now >= nextHousekeeping else { return }
        nextHousekeeping = now.adding(milliseconds: Self.housekeepingMilliseconds)
        input.forgetExpiredHolds(at: now)
        let registrationEnds = now.adding(milliseconds: -limits.registrationMilliseconds)
        let idleSince = now.adding(milliseconds: -limits.idleMilliseconds)
        for connection in table.all where !connection.isClosing {
            guard let session = connection.session else {
                webHousekeeping(connection, at: now)
                continue
            }
            if connection.connectedAt < registrationEnds && !session.seat.enteredARoom {
                sendOff(connection, [.bye(TransportTexts.registrationOver(milliseconds: limits.registrationMilliseconds))], at: now)
            } else if connection.lastLineAt < idleSince {
                sendOff(connection, [.bye(TransportTexts.idle(milliseconds: limits.idleMilliseconds))], at: now)
            } else if let ping = connection.outputFraming.keepAlive {
                pingIfSilent(connection, with: ping, at: now)
            }
        }
    }

    // MARK: Stopping

    /// Tells everyone the server is stopping and gives their sockets up to a
    /// second to take it; results still being written are waited for.
    private func sayGoodbye(_ reason: String) {
        defer { results?.waitUntilIdle() }
        fleet?.leave(rooms: Array(hub.rooms.keys), seats: hub.seatCodes)
        hub.shutdown(reason: reason)
        // BYE is the last line: those who go while the sockets drain (each
        // closes once its BYE is out) are not news any more.
        writes.saidGoodbye = true
        writes.flushDirty()
        let deadline = Instant.now().adding(milliseconds: 1_000)
        while !table.isEmpty, Instant.now() < deadline {
            guard let events = loop.waitForReadiness(milliseconds: 50) else { break }
            for event in events {
                guard let connection = table.connection(on: FileDescriptor(rawValue: event.id)) else { continue }
                if event.failed { closeConnection(connection) } else if event.writable { writes.flush(connection) }
            }
        }
        for connection in Array(table.all) { closeConnection(connection) }
        table.releaseClosedDescriptors()
    }
}

extension Server: EventLoopDelegate {
    /// The soonest of: the rooms' next deadline, a backlog connection's next
    /// line, the next housekeeping sweep, the listener's pause ending.
    func nextWakeup() -> Instant? {
        let due = [hub.nextWakeup, input.nextWakeup(now: .now()), listener.pausedUntil, webListener?.pausedUntil, fleet?.nextBeat]
        var soonest = due.compactMap { $0 }.min()
        if !table.isEmpty { soonest = min(soonest ?? nextHousekeeping, nextHousekeeping) }
        return soonest
    }

    func beginTurn() {
        waiting = input.beginTurn()
    }

    func handle(_ event: Epoll.Event, at now: Instant) {
        if event.id == listener.socket.rawValue { return listener.acceptAll(at: now) }
        if let webListener, event.id == webListener.socket.rawValue { return webListener.acceptAll(at: now) }
        guard let connection = table.connection(on: FileDescriptor(rawValue: event.id)) else { return }
        if event.readable || event.failed { readInput(from: connection, failed: event.failed, at: now) }
        if event.writable, table.connection(on: connection.socket) === connection { writes.flush(connection) }
    }

    func woken(bySignal: Bool) {
        let letters = mail.take()
        if bySignal { stopReason = TransportTexts.shuttingDownOnSignal } else if letters.stop { stopReason = TransportTexts.shuttingDown }
        if stopReason != nil { loop.finish() }
        for outcome in letters.saved { hub.resultsSaved(outcome) }
        for event in letters.directory { fleet?.take(event, hub: hub, at: .now()) }
        for reply in letters.replies where !reply.connection.isClosed {
            writes.enqueue(reply.bytes, for: reply.connection)
            writes.closeAfterFlush(reply.connection)
        }
    }

    func endTurn() {
        input.serve(waiting, at: .now())
        waiting = []
        hub.tick(at: .now())
        housekeeping(at: .now())
        if let fleet {
            fleet.flush()
            // Every room and seat is named only when a refresh is due, not each turn.
            if fleet.isDue(at: .now()) { fleet.beat(rooms: Array(hub.rooms.keys), seats: hub.seatCodes, load: table.count, at: .now()) }
        }
        listener.resumeListening(at: .now())
        webListener?.resumeListening(at: .now())
        writes.flushDirty()
        table.releaseClosedDescriptors()
    }

    func failed(_ error: Errno) {
        configuration.log(TransportTexts.loopFailed(error))
        stopReason = TransportTexts.internalError
    }
}
