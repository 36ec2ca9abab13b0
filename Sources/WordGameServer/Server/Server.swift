import Dispatch
import Foundation
import WordGame
import WordGamePOSIX
import WordGameFleet
import WordGameProtocol
import WordGameResults

/// The wordgame server: one loop over non-blocking sockets (`EventLoop`),
/// and the parts it drives, each one idea:
/// - `Listener`: accepting, and choosing each connection's framing (lines on
///   the game's port; pages and WebSocket on the web port, `ServerWeb.swift`);
/// - `ConnectionTable`: who is connected, by socket and by seat;
/// - `InputPath`: reading, and admitting what connections send, paced;
/// - `Session`: each connection's talk with the hub (its lines run, its mode);
/// - `WritePath`: what rooms send, encoded and written;
/// - `Hub`: the rooms, pure logic, which sees seats and messages, never sockets.
/// This class makes them and runs the loop; a turn of it is `ServerTurn.swift`.
/// The server calls down into each part and takes what it reports (`InputPath.next`,
/// `WritePath.takeNews`): no part calls back up into it.
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
    /// This server's name in its fleet (a lesson kept from before a restart brings its own back); nil on its own.
    public var fleetServerID: String? { fleet?.configuration.serverID }
    /// Dates a console line and names this server in it: what the server writes itself, and its last line, in one form.
    private let lineForm: ConsoleLine
    public func consoleLine(_ text: String) -> String { lineForm(text) }
    /// Where lists saved over the wire are written; nil when they are kept in memory only.
    let listWriter: ListWriter?
    /// Where the lesson is kept across restarts; nil with `--no-state`.
    let stateWriter: StateWriter?
    let lessonChanges = LessonChanges()
    var nextLessonSave = Instant.now()
    /// What became of the lesson kept on disk as the server started, for the banner; nil when none is kept.
    public private(set) var lessonNote: String?
    private(set) var hub: Hub!
    let mail = LoopMail()
    /// What happened, for `/metrics`; bumped where it happens, on the loop.
    let counters = ServerCounters()
    private let finished = DispatchSemaphore(value: 0)
    /// Why the loop stops after this turn; nil while it runs.
    var stopReason: String?
    /// While draining (`ServerDrain.swift`): when it stops even with a game on; nil otherwise.
    var drainDeadline: Instant?
    /// The rooms' soonest deadline as the last turn left them (`nextWakeup`): the hub is ticked only once it comes.
    var hubDue: Instant?
    /// When the loop next pings the service manager's watchdog (`ServerService.swift`); nil: it wants none.
    var nextWatchdogPing: Instant?
    /// The server stopped because a drain was over (its games ended, or the drain's time limit came).
    public internal(set) var drained = false
    var nextHousekeeping = Instant.now()

    /// Binds and listens at once, so the port is known (and taken) when this returns.
    public init(configuration: ServerConfiguration) throws(Errno) {
        // Every line for the console, events and problems, is dated and names the server (`ConsoleLine`).
        let consoleLine = ConsoleLine(name: configuration.name ?? "wordgame-server")
        lineForm = consoleLine
        var configuration = configuration
        let rawLog = configuration.log, rawEvents = configuration.events
        configuration.log = { rawLog(consoleLine($0)) }
        configuration.events = { rawEvents(consoleLine($0)) }
        self.configuration = configuration
        Signal.ignoreBrokenPipe()
        (limits, limitNote) = Listener.fitToDescriptorLimit(configuration.limits)
        loop = try EventLoop()
        table = ConnectionTable(affinity: affinity)
        let maxLineBytes = configuration.maxLineBytes, log = configuration.log
        listener = try Listener(address: configuration.bindAddress, port: configuration.port, epoll: loop.epoll, table: table,
                                affinity: affinity, limits: limits, log: { log($0) }, kind: .lines(maxLineBytes: maxLineBytes),
                                counters: counters)
        port = listener.port
        if configuration.name == nil {
            consoleLine.rename(ConsoleLine.address(host: configuration.reachableHost ?? configuration.bindAddress, port: port))
        }
        if let web = configuration.web {
            let policy = WebFraming.Policy(maxLineBytes: maxLineBytes, isOriginAllowed: Self.originPolicy(allowing: web.allowedOrigins))
            let webListener = try Listener(address: configuration.bindAddress, port: web.port, epoll: loop.epoll, table: table,
                                           affinity: affinity, limits: limits, log: { log($0) }, kind: .web(policy),
                                           counters: counters)
            self.webListener = webListener
            webRouter = WebRouter(site: web.site, joinAddress: WebConfiguration.joinAddress(host: web.joinHost, port: webListener.port))
        } else {
            webListener = nil
            webRouter = nil
        }
        input = InputPath(epoll: loop.epoll, affinity: affinity, limits: limits)
        writes = WritePath(table: table, epoll: loop.epoll, affinity: affinity, maxQueuedBytes: configuration.maxQueuedBytes,
                           sendThreads: configuration.sendThreads, openRooms: configuration.game.openRooms, counters: counters)
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
        let changes = lessonChanges
        let lists = WordListCatalog(configuration.game)
        let listWriter = configuration.game.listsFolder.map { folder in
            ListWriter(folder: folder, answer: { outcome in
                mail.post(outcome)
                wake.wake()
            })
        }
        self.listWriter = listWriter
        let environment = RoomEnvironment(
            outbox: writes,
            nextTag: { tags += 1; return tags },
            random: random.next,
            wallClock: { WallClock.secondsSince1970() },
            log: { events($0) },
            gameEnded: { record, languages in results?.save(record, languages: languages) },
            changed: { changes.pending = true },
            browserAddress: { [webRouter] room in webRouter?.joinAddress(room: room) },
            lists: lists, listStore: listWriter, counters: counters)
        // Read before the fleet's link is made: a lesson kept from before a restart brings the server's id back.
        let gamePort = port
        let stateFile = configuration.stateDirectory.map { StateFile(directory: $0, port: gamePort) }
        let loaded = stateFile?.load(now: WallClock.secondsSince1970()) ?? .none
        var fleetConfiguration = configuration.fleet
        if case .state(let state) = loaded, let id = state.serverID, FleetKeys.isServerID(id),
           fleetConfiguration?.serverIDIsMadeUp == true {
            fleetConfiguration?.serverID = id
        }
        if let fleetConfiguration {
            consoleLine.rename(fleetConfiguration.serverID)
            let post: @Sendable (DirectoryEvent) -> Void = { event in
                mail.post(event)
                wake.wake()
            }
            // Warnings dated and named as every console line is: when the directory went and came back is what an operator asks.
            guard let link = FleetLink(fleetConfiguration, port: listener.port, webPort: webListener?.port, post: post,
                                       counters: counters, log: { events($0) }, warn: { log($0) })
            else { throw Errno("fleet", code: Errno.invalidArgument) }
            fleet = link
        } else {
            fleet = nil
        }
        stateWriter = stateFile.map { StateWriter(file: $0, warn: { log($0) }) }
        hub = Hub(settings: configuration.game, environment: environment, control: self, limits: limits, affinity: affinity)
        hub.directory = fleet
        if let stateFile, let stateWriter {
            lessonNote = takeUp(loaded, from: stateFile, at: .now())
            if let problem = stateWriter.problem() { lessonNote = "Lesson: cannot be kept (\(problem)); a restart loses the rooms." }
        }
    }

    /// Runs the loop on the calling thread, which owns the server's state from
    /// now on, until `stop()` or a forwarded signal: each turn waits for the
    /// soonest of its descriptors and its next deadline, then handles what came.
    public func run() {
        defer { finished.signal() }
        affinity.claim()
        tellServiceReady(at: .now())
        while stopReason == nil {
            let events: [Epoll.Event]
            do {
                events = try loop.wait(until: nextWakeup())
            } catch {
                configuration.log(TransportTexts.loopFailed(error))
                stopReason = TransportTexts.internalError
                break
            }
            turn(events, at: .now())
        }
        tellServiceStopping()
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

    /// Makes SIGINT and SIGTERM stop the server cleanly instead of killing it, and SIGHUP drain it.
    public func stopOnTerminationSignals() throws(Errno) {
        try loop.wake.forwardSignal(Signal.interrupt)
        try loop.wake.forwardSignal(Signal.terminate)
        try loop.wake.forwardSignal(Signal.hangUp)
    }

    /// Asks the loop to drain, as SIGHUP does; safe from any thread.
    public func drain() {
        mail.requestDrain()
        loop.wake.wake()
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
        defer {
            results?.waitUntilIdle()
            listWriter?.waitUntilIdle()
        }
        if stateWriter != nil {
            // The lesson goes on after the restart: saved first, its rooms kept in the fleet's directory, everyone told to come back.
            saveLessonBeforeStopping()
            hub.restartGoodbye(at: .now())
        } else {
            fleet?.leave(rooms: hub.roomsInDirectory, seats: hub.seatCodes)
            hub.shutdown(reason: reason, at: .now())
        }
        // BYE is the last line: those who go while the sockets drain (each
        // closes once its BYE is out) are not news any more.
        writes.saidGoodbye = true
        flushOutput()
        let deadline = Instant.now().adding(milliseconds: 1_000)
        while !table.isEmpty, Instant.now() < deadline {
            guard let events = loop.waitForReadiness(milliseconds: 50) else { break }
            for event in events {
                guard let connection = table.connection(on: FileDescriptor(rawValue: event.id)) else { continue }
                if event.failed { closeConnection(connection) } else if event.writable { flush(connection) }
            }
        }
        for connection in Array(table.all) { closeConnection(connection) }
        table.releaseClosedDescriptors()
        listener.close()
        webListener?.close()
    }
}
