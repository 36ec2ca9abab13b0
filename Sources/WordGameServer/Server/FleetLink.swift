import RedisClient
import WordGame
import WordGameFleet
import WordGameProtocol

/// The server's side of the fleet's directory: the hub's `RoomDirectory`,
/// asked through `FleetDirectory` (which talks to Redis on a queue of its
/// own), its answers brought back to the loop through the loop's mail, and
/// the server's record, rooms and seats refreshed once a period, and the
/// fleet's servers watched with it: one that stops answering is told on the
/// console once, dated (`FleetWatch`).
///
/// The loop's alone, but for `FleetDirectory`'s own queue.
final class FleetLink: RoomDirectory {
    let configuration: FleetConfiguration
    private let directory: FleetDirectory
    private let address: FleetAddress
    private let log: (String) -> Void, warn: (String) -> Void
    /// What the last registration came to: nil before the first, then whether Redis answered.
    private var reachable: Bool?
    private(set) var nextBeat = Instant.now()
    /// Seats made and given up in this turn of the loop, sent together at its end (`flush`):
    /// a class joining at once is a few requests to the directory, not one a student.
    private var newSeats: [String] = []
    private var goneSeats: [String] = []
    private var watch: FleetWatch
    /// Answers and their round trips are counted here, for `/metrics`.
    private let counters: ServerCounters
    /// When the record now on its way to Redis was sent; nil when none is.
    private var recordSentAt: Instant?
    /// Whether the directory answered the last registration; nil before the first answer (`/healthz`).
    var directoryUp: Bool? { reachable }

    /// Nil if the server id or the address is not one a record can hold.
    init?(_ configuration: FleetConfiguration, port: UInt16, webPort: UInt16?, post: @escaping @Sendable (DirectoryEvent) -> Void,
          counters: ServerCounters, log: @escaping (String) -> Void, warn: @escaping (String) -> Void) {
        guard let address = FleetAddress(host: configuration.advertisedHost, port: port, webPort: webPort, load: 0),
              let directory = FleetDirectory(url: configuration.directory, serverID: configuration.serverID,
                                             options: configuration.client, timings: configuration.timings, onEvent: post)
        else { return nil }
        self.configuration = configuration
        self.address = address
        self.directory = directory
        self.log = log
        self.counters = counters
        self.warn = warn
        watch = FleetWatch(serverID: configuration.serverID)
    }

    // MARK: RoomDirectory

    func claim(room: String, ticket: Int, replacingGone: Bool) -> Bool {
        directory.claim(room: room, ticket: ticket, replacingGone: replacingGone) == .queued
    }
    func find(room: String, ticket: Int) -> Bool { directory.find(room: room, ticket: ticket) == .queued }
    func find(seat: String, ticket: Int) -> Bool { directory.find(seat: seat, ticket: ticket) == .queued }
    func findServerForNewRoom(ticket: Int) -> Bool { directory.findServerForNewRoom(ticket: ticket) == .queued }
    func markDraining() { directory.markDraining() }
    func release(room: String) { _ = directory.release(room: room) }
    func register(seat: String) { newSeats.append(seat) }
    func release(seat: String) { goneSeats.append(seat) }

    // MARK: The loop's side

    /// At the end of a turn: the seats made and given up in it. A registration that finds the queue full
    /// waits for the next refresh, which names every seat; a release waits for the next turn.
    func flush() {
        if !newSeats.isEmpty {
            _ = directory.register(seats: newSeats)
            newSeats.removeAll()
        }
        if !goneSeats.isEmpty, directory.release(seats: goneSeats) != .full { goneSeats.removeAll() }
    }

    /// Whether a refresh period has passed since the last `beat`.
    func isDue(at now: Instant) -> Bool { now >= nextBeat }

    /// Once a refresh period (when `isDue`): the record (with the load now) and every room and seat here.
    func beat(rooms: [String], seats: [String], load: Int, at now: Instant) {
        nextBeat = now.adding(milliseconds: configuration.timings.refreshMilliseconds)
        var record = address
        record.load = load
        directory.register(record)
        if recordSentAt == nil { recordSentAt = now }
        _ = directory.refresh(rooms: rooms, seats: seats)
    }

    /// The server stops: nobody is sent here any more (a second at most).
    func leave(rooms: [String], seats: [String]) {
        directory.leave(rooms: rooms, seats: seats, waitingUpTo: 1_000)
    }

    /// An event of the directory, on the loop: an answer for the hub, or news for the console.
    func take(_ event: DirectoryEvent, hub: Hub, at now: Instant) {
        count(event)
        switch event {
        case .claim(let ticket, _, let result): hub.directoryAnswered(ticket: ticket, answer(result), at: now)
        case .owner(let ticket, let result): hub.directoryAnswered(ticket: ticket, answer(result), at: now)
        case .registered(let newEpoch, let error): registered(newEpoch: newEpoch, error: error)
        case .members(let alive, let silent): looked(alive: alive, silent: silent)
        case .refreshed(let lostRooms, _, let restored, let error):
            if error == nil, restored > 0 { log(FleetConsoleTexts.restored(restored)) }
            for room in lostRooms { warn(FleetConsoleTexts.lost(room: room)) }
        case .release, .releasedSeats, .registeredSeats: break
        }
    }

    /// Every answer is counted, and an error with it; the record's answer is timed from its sending.
    private func count(_ event: DirectoryEvent) {
        counters.directoryAnswers += 1
        switch event {
        case .claim(_, _, .unavailable), .owner(_, .unavailable): counters.directoryErrors += 1
        case .registered(_, _?), .refreshed(_, _, _, _?), .release(_, _, _?), .registeredSeats(_, _?), .releasedSeats(_, _?):
            counters.directoryErrors += 1
        default: break
        }
        if case .registered = event, let sent = recordSentAt {
            recordSentAt = nil
            counters.directoryAnswered(roundTripNanoseconds: Instant.now().nanoseconds - sent.nanoseconds)
        }
    }

    private func registered(newEpoch: Bool, error: RedisError?) {
        let wasReachable = reachable
        reachable = error == nil
        if let error {
            guard wasReachable != false else { return }
            let directory = configuration.directory.description
            if let refusal = FleetConfiguration.loginRefusal(error) {
                warn(FleetConsoleTexts.loginRefused(directory, refusal))
            } else {
                warn(FleetConsoleTexts.unreachable(directory, error.description))
            }
            return
        }
        if wasReachable == nil {
            log(FleetConsoleTexts.registered(id: configuration.serverID, in: configuration.directory.description, as: address))
        } else if wasReachable == false {
            log(FleetConsoleTexts.reachableAgain(configuration.directory.description))
        }
        if newEpoch { log(FleetConsoleTexts.newEpoch(settlingSeconds: (configuration.timings.ttlMilliseconds + 999) / 1_000)) }
    }

    /// A server that stopped answering is a problem to date, as the directory's own absence is (`warn`: kept
    /// with --quiet); one that came back is news.
    private func looked(alive: [String], silent: [String]) {
        for news in watch.look(alive: alive, silent: silent) {
            switch news {
            case .stoppedAnswering(let id):
                warn(FleetConsoleTexts.stoppedAnswering(id, goneMilliseconds: configuration.timings.goneMemoryMilliseconds))
            case .cameBack(let id): log(FleetConsoleTexts.cameBack(id))
            }
        }
    }

    private func answer(_ result: ClaimResult) -> DirectoryAnswer {
        switch result {
        case .claimed: .ours
        case .takenBy(let id, let address): place(id, address)
        case .gone: .gone
        case .settling(let milliseconds): .settling(milliseconds: milliseconds)
        case .unavailable: .unreachable
        }
    }

    private func answer(_ result: OwnerResult) -> DirectoryAnswer {
        switch result {
        case .owner(let id, let address): place(id, address)
        // Our own id: this server, cut off from Redis for a while, is alive after all; the hub looks here.
        case .gone(let id): id == configuration.serverID ? .nowhere : .gone
        case .settling(let milliseconds): .settling(milliseconds: milliseconds)
        case .none: .nowhere
        case .unavailable: .unreachable
        }
    }

    /// Another server's place; our own id (a stale claim of ours) is nowhere.
    private func place(_ id: String, _ address: FleetAddress) -> DirectoryAnswer {
        guard id != configuration.serverID else { return .nowhere }
        let web = address.webPort.map { Elsewhere.webAddress(host: address.host, webPort: Int($0)) } ?? ""
        guard let place = Elsewhere(host: address.host, port: Int(address.port), web: web) else { return .unreachable }
        return .elsewhere(place)
    }
}
