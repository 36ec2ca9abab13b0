import Glibc
import WordGame
import WordGameProtocol

/// Taking new connections, and turning away the ones that do not fit: past
/// `maxConnections`, past the per-address cap, or when the process is out
/// of descriptors.
extension Server {
    /// Accepts what waits, then reads each new connection's first lines, so
    /// that the greeting and the replies leave in one send. The kernel's queue
    /// of connections waiting to be accepted holds 4,096 (`somaxconn`), and a
    /// client it turns away waits a second to try again: between reads, what
    /// has come meanwhile is accepted, so a burst of joins faster than the
    /// server serves them waits in this turn's list, not in the kernel's.
    func acceptAll(at now: Instant) {
        guard listenerPausedUntil == nil else { return }
        var fresh: [Connection] = []
        var served = 0
        acceptWaiting(into: &fresh, at: now)
        while served < fresh.count {
            let connection = fresh[served]
            served += 1
            if !connection.isClosed { read(from: connection, at: now) }
            if served % Self.readsBetweenAccepts == 0 { acceptWaiting(into: &fresh, at: now) }
        }
    }

    /// 16 reads take about a millisecond: the kernel's queue never holds more than that brings.
    private static let readsBetweenAccepts = 16

    private func acceptWaiting(into fresh: inout [Connection], at now: Instant) {
        while listenerPausedUntil == nil {
            let fd: Int32, address: String
            do {
                guard case .done(let accepted) = try Socket.accept(listener) else { return }
                (fd, address) = accepted
            } catch {
                return outOfDescriptors(error, at: now)
            }
            if connections.count >= limits.maxConnections {
                refuse(fd, "The server is full (\(limits.maxConnections) players); try again later.", bye: "Server full.")
                continue
            }
            if perAddress[address, default: 0] >= limits.maxPerAddress {
                refuse(fd, "Too many connections from your address (\(limits.maxPerAddress)); close some, or try again later.",
                       bye: "Too many connections from one address.")
                continue
            }
            let connection = Connection(id: nextID, fd: fd, address: address, at: now, maxLineBytes: configuration.maxLineBytes,
                                        limits: limits, tracksTransmission: tuneAccepted(fd))
            nextID += 1
            do { try epoll.add(fd) } catch {
                close(fd)
                continue
            }
            connections[fd] = connection
            byID[connection.id] = connection
            perAddress[address, default: 0] += 1
            hub.connected(connection.id, address: address)
            fresh.append(connection)
        }
    }

    /// Whether `fd` has the game's socket options (`Socket.tuneForGame`) and so
    /// reports when its lines have left. Linux copied them from the listener;
    /// the first connection is checked, and if this kernel did not copy them,
    /// every connection is given them itself.
    private func tuneAccepted(_ fd: Int32) -> Bool {
        if acceptedSocketsInheritOptions == nil {
            acceptedSocketsInheritOptions = listenerTuned && Socket.hasGameOptions(fd)
        }
        return acceptedSocketsInheritOptions == true || Socket.tuneForGame(fd)
    }

    func forgetAddress(of connection: Connection) {
        let left = perAddress[connection.address, default: 1] - 1
        perAddress[connection.address] = left > 0 ? left : nil
    }

    /// Every connection hears a greeting first, even one that is turned away.
    /// The server reads nothing from it, so it never hears `MODE`: its three
    /// lines are the same in both modes, machine lines a person can read.
    private func refuse(_ fd: Int32, _ why: String, bye: String) {
        let lines = [ServerMessage.welcome(version: protocolVersion, hint: HelpText.refusedGreeting), .error(ProtocolError(.serverFull, why)), .bye(bye)]
        let bytes = Array(lines.map { $0.line + "\n" }.joined().utf8)
        bytes.withUnsafeBytes { _ = try? Socket.send(fd, $0) }
        close(fd)
    }

    /// `accept4` failed. Out of descriptors (EMFILE, ENFILE), the listener
    /// would stay readable and the loop spin: the spare descriptor is given
    /// up to take the waiting peer and tell it why, and the listener rests
    /// for 100 ms. Logged at most once a minute, with a count.
    private func outOfDescriptors(_ error: Errno, at now: Instant) {
        let shortage = error.code == EMFILE || error.code == ENFILE
        if shortage, spareDescriptor >= 0 {
            close(spareDescriptor)
            spareDescriptor = -1
            if case .done(let accepted)? = try? Socket.accept(listener) {
                refuse(accepted.fd, "The server has no room for another connection right now; try again in a minute.", bye: "Server full.")
            }
            spareDescriptor = Self.openSpareDescriptor()
        }
        listenerPausedUntil = now.adding(milliseconds: 100)
        try? epoll.remove(listener)  // level-triggered: left in, it would wake the loop at once
        if let report = descriptorShortage.note(error, at: now) { configuration.log("wordgame-server: \(report)") }
    }

    /// Listens again once the pause after a failed accept is over.
    func resumeListening(at now: Instant) {
        guard let until = listenerPausedUntil, now >= until else { return }
        listenerPausedUntil = nil
        try? epoll.add(listener)
        acceptAll(at: now)
    }

    static func openSpareDescriptor() -> Int32 {
        open("/dev/null", O_RDONLY | O_CLOEXEC)
    }

    /// Thousands of players need thousands of descriptors: takes the hard
    /// limit, and lowers `maxConnections` to what fits under it, saying so
    /// (Redis does the same with `maxclients`).
    static func fitToDescriptorLimit(_ wanted: ConnectionLimits) -> (ConnectionLimits, String?) {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return (wanted, nil) }
        if limit.rlim_cur < limit.rlim_max {
            limit.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) != 0 { _ = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) }
        }
        let available = Int(clamping: limit.rlim_cur) - ConnectionLimits.reservedDescriptors
        guard available < wanted.maxConnections else { return (wanted, nil) }
        var fitted = wanted
        fitted.maxConnections = max(1, available)
        let note = "--max-connections lowered from \(wanted.maxConnections) to \(fitted.maxConnections): the descriptor limit is \(limit.rlim_cur) (ulimit -n), and the server keeps \(ConnectionLimits.reservedDescriptors) for itself"
        return (fitted, note)
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
        return "\(error): \(sinceReport) failed accept\(sinceReport == 1 ? "" : "s") since the last report; waiting peers are told the server is full"
    }
}
