import WordGame
import WordGamePOSIX
import WordGameProtocol

/// A listening socket, taking new connections and turning away the ones that
/// do not fit: past `maxConnections`, past the per-address cap, or when the
/// process is out of descriptors. What it accepts gets its framing here, the
/// one place a connection's transport is chosen. On the web port, one turned
/// away by a cap waits for its request in `refusals`, so that a WebSocket
/// hears why in the protocol's words. The event loop's alone.
final class Listener {
    let socket: FileDescriptor
    let port: UInt16
    private let epoll: Epoll
    private let table: ConnectionTable
    private let affinity: ThreadAffinity
    private let limits: ConnectionLimits
    /// What it takes: the framing every connection accepted here gets.
    let kind: ListenerKind
    /// The web port's refused connections waiting for their request; nil on the game's port.
    let refusals: WebRefusals?
    /// Where the operator hears of a shortage of descriptors.
    private let log: (String) -> Void
    /// Where each refusal is counted, for `/metrics`.
    private let counters: ServerCounters
    /// The listener has the game's socket options, for accepted sockets to
    /// inherit; whether they do is learned from the first.
    private let tuned: Bool
    private var acceptedSocketsInheritOptions: Bool?
    /// Out of descriptors: the spare one, and when to try the listener again.
    private var spareDescriptor: FileDescriptor?
    private(set) var pausedUntil: Instant?
    private var shortage = DescriptorShortage()

    /// Binds and listens at once, so the port is known (and taken) when this returns.
    init(address: String, port: UInt16, epoll: Epoll, table: ConnectionTable, affinity: ThreadAffinity, limits: ConnectionLimits,
         log: @escaping (String) -> Void, kind: ListenerKind, counters: ServerCounters) throws(Errno) {
        socket = try Socket.listen(address: address, port: port)
        tuned = Socket.tuneForGame(socket)
        do {
            self.port = try Socket.localPort(socket)
            try epoll.add(socket)
        } catch {
            socket.close()
            throw error
        }
        self.epoll = epoll
        self.table = table
        self.affinity = affinity
        self.limits = limits
        self.log = log
        self.kind = kind
        self.counters = counters
        if case .web(let policy) = kind {
            refusals = WebRefusals(policy: policy, epoll: epoll, limits: limits)
        } else {
            refusals = nil
        }
        spareDescriptor = FileDescriptor.openNull()
    }

    deinit {
        if !closed { socket.close() }
        spareDescriptor?.close()
    }

    private var closed = false

    /// The server stopped: the port is free at once for a server started again on it, in this process too.
    func close() {
        guard !closed else { return }
        closed = true
        socket.close()
    }

    /// The kernel's queue of connections waiting to be accepted holds 4,096
    /// (`somaxconn`), and a client it turns away waits a second to try again:
    /// the server reads new connections' first lines in between accepts, this
    /// many reads apart (`Server.acceptAll`), so a burst of joins faster than
    /// it serves them waits in its list, not in the kernel's. 16 reads take
    /// about a millisecond.
    static let readsBetweenAccepts = 16

    /// Accepts what waits: each connection that fits is in the table, and
    /// appended to `fresh` for the server to greet and read.
    func accept(into fresh: inout [Connection], at now: Instant) {
        affinity.check()
        while pausedUntil == nil {
            let accepted: (socket: FileDescriptor, address: String)
            do {
                guard case .done(let next) = try Socket.accept(socket) else { return }
                accepted = next
            } catch {
                return outOfDescriptors(error, at: now)
            }
            if table.count >= limits.maxConnections {
                counters.refused(.serverFull)
                turnAway(accepted.socket, TransportTexts.serverFull(limits.maxConnections), bye: TransportTexts.serverFullBye, at: now)
                continue
            }
            if table.connections(from: accepted.address) >= limits.maxPerAddress {
                counters.refused(.perAddress)
                turnAway(accepted.socket, TransportTexts.tooManyFromAddress(limits.maxPerAddress),
                         bye: TransportTexts.tooManyFromAddressBye, at: now)
                continue
            }
            let (id, player) = table.nextIdentity()
            let connection = Connection(id: id, player: player, socket: accepted.socket, address: accepted.address,
                                        framing: kind.makeFraming(),
                                        at: now, limits: limits, tracksTransmission: tuneAccepted(accepted.socket))
            do { try epoll.add(accepted.socket) } catch {
                accepted.socket.close()
                continue
            }
            table.add(connection)
            fresh.append(connection)
        }
    }

    /// Whether `socket` has the game's socket options (`Socket.tuneForGame`) and so
    /// reports when its lines have left. Linux copied them from the listener;
    /// the first connection is checked, and if this kernel did not copy them,
    /// every connection is given them itself.
    private func tuneAccepted(_ socket: FileDescriptor) -> Bool {
        if acceptedSocketsInheritOptions == nil {
            acceptedSocketsInheritOptions = tuned && Socket.hasGameOptions(socket)
        }
        return acceptedSocketsInheritOptions == true || Socket.tuneForGame(socket)
    }

    /// A connection past a cap: on the web port it waits for its request
    /// (`WebRefusals`) if it can; otherwise it is refused at once.
    private func turnAway(_ socket: FileDescriptor, _ why: String, bye: String, at now: Instant) {
        if let refusals, refusals.hold(socket, why: why, bye: bye, connections: table.count, at: now) { return }
        refuse(socket, why, bye: bye)
    }

    /// Tells a connection turned away why (`ListenerKind.refusal`), and closes it.
    private func refuse(_ socket: FileDescriptor, _ why: String, bye: String) {
        let bytes = kind.refusal(why, bye: bye)
        bytes.withUnsafeBytes { _ = try? Socket.send(socket, $0) }
        socket.close()
    }

    /// `accept4` failed. Out of descriptors (EMFILE, ENFILE), the listener
    /// would stay readable and the loop spin: the spare descriptor is given
    /// up to take the waiting peer and tell it why, and the listener rests
    /// for 100 ms. Logged at most once a minute, with a count.
    private func outOfDescriptors(_ error: Errno, at now: Instant) {
        let isShortage = error.code == Errno.tooManyOpenFiles || error.code == Errno.tooManyOpenFilesInSystem
        if isShortage, let spare = spareDescriptor {
            spare.close()
            spareDescriptor = nil
            if case .done(let accepted)? = try? Socket.accept(socket) {
                counters.refused(.noDescriptors)
                refuse(accepted.socket, TransportTexts.noDescriptors, bye: TransportTexts.serverFullBye)
            }
            spareDescriptor = FileDescriptor.openNull()
        }
        pausedUntil = now.adding(milliseconds: 100)
        try? epoll.remove(socket)  // level-triggered: left in, it would wake the loop at once
        if let report = shortage.note(error, at: now) { log("wordgame-server: \(report)") }
    }

    /// Listens again once the pause after a failed accept is over: the next
    /// wait reports what waits (epoll is level-triggered).
    func resumeListening(at now: Instant) {
        guard let until = pausedUntil, now >= until else { return }
        pausedUntil = nil
        try? epoll.add(socket)
    }

    /// Thousands of players need thousands of descriptors: takes the hard
    /// limit, and lowers `maxConnections` to what fits under it, saying so
    /// (Redis does the same with `maxclients`).
    static func fitToDescriptorLimit(_ wanted: ConnectionLimits) -> (ConnectionLimits, String?) {
        guard let limit = DescriptorLimit.raiseToHardLimit() else { return (wanted, nil) }
        let available = limit - ConnectionLimits.reservedDescriptors
        guard available < wanted.maxConnections else { return (wanted, nil) }
        var fitted = wanted
        fitted.maxConnections = max(1, available)
        return (fitted, TransportTexts.connectionsLowered(from: wanted.maxConnections, to: fitted.maxConnections, limit: limit))
    }
}

/// Counts failed accepts so the log gets one line a minute, not one per try.
struct DescriptorShortage {
    private var lastReport: Instant?
    private var sinceReport = 0

    mutating func note(_ error: Errno, at now: Instant) -> String? {
        sinceReport += 1
        if let last = lastReport, now < last.adding(milliseconds: 60_000) { return nil }
        defer {
            lastReport = now
            sinceReport = 0
        }
        return TransportTexts.failedAccepts(error, count: sinceReport)
    }
}
