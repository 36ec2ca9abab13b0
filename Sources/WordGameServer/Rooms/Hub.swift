import WordGame
import WordGameProtocol

/// Everyone connected: their names, their rooms and roles, and the commands
/// they send. Host commands (HOST, WATCH and the controls) are in
/// `HubHosting.swift`; held seats and RESUME in `HubResume.swift`.
///
/// Pure logic like `Room`: lines in, messages out through the outbox, time
/// passed in. Owned by the event loop thread.
final class Hub {
    /// Fields in this order (widest first) take 72 bytes, not 88: a server
    /// holds one for each of thousands of connections.
    struct Session {
        var name: String?
        /// The peer's address, for the limit on wrong RESUME codes.
        var address: String
        /// Its resume code (`TOKEN`), once it has a seat worth holding.
        var token: String?
        var room: Room?
        /// When its connection went, while its seat is held.
        var awaySince: Instant?
        var role: Role = .member
        /// Has been in a room (JOIN, HOST, WATCH or RESUME): registered.
        var enteredARoom = false
    }

    /// How a connection is in its room.
    enum Role { case member, host, viewer }

    let settings: GameSettings
    let environment: RoomEnvironment
    var outbox: Outbox { environment.outbox }
    let maxLineBytes: Int
    let limits: ConnectionLimits
    /// Random bits for room codes, host keys and resume codes.
    let random: () -> UInt64
    var sessions: [ConnectionID: Session] = [:]
    var rooms: [String: Room] = [:]
    /// Resume codes, to the session whose seat each takes back.
    var tokens: [String: ConnectionID] = [:]
    /// Seats held after a drop, oldest first (the grace is the same for all,
    /// so they expire in this order).
    var heldSeats = HeldSeats()
    /// Wrong RESUME codes per address.
    var guesses: [String: TokenBucket] = [:]
    /// The server is stopping: connections that go now leave.
    var shuttingDown = false

    init(settings: GameSettings, environment: RoomEnvironment, maxLineBytes: Int, limits: ConnectionLimits = ConnectionLimits(),
         random: @escaping () -> UInt64) {
        self.settings = settings
        self.environment = environment
        self.maxLineBytes = maxLineBytes
        self.limits = limits
        self.random = random
    }

    /// The first line on every connection (one the server turns away gets its own, `Server.refuse`).
    var greeting: ServerMessage {
        .welcome(version: protocolVersion, hint: settings.openRooms ? HelpText.greeting : HelpText.hostedGreeting)
    }

    func connected(_ id: ConnectionID, address: String = "?") {
        sessions[id] = Session(address: address)
        outbox.send(greeting, to: id)
    }

    /// The connection is gone: closed, reset, silent too long, or after QUIT
    /// (`why` .left). Without a goodbye, a member's or host's seat is held
    /// for the resume grace (`HubResume.swift`); otherwise they leave.
    func disconnected(_ id: ConnectionID, at now: Instant, why: Departure = .dropped) {
        guard let session = sessions[id], session.awaySince == nil else { return }
        if why == .dropped, holdSeat(id, at: now) { return }
        // NOTICE dropped promises a held seat; a drop whose seat is not held is a leaving.
        leaveRoom(id, why: why, announced: why == .dropped ? .left : nil, at: now)
        forgetSession(id)
    }

    func isInARoom(_ id: ConnectionID) -> Bool { sessions[id]?.room != nil }

    /// Whether `id` has been in a room; connections that never get there are closed after a while.
    func hasEnteredARoom(_ id: ConnectionID) -> Bool { sessions[id]?.enteredARoom ?? true }

    func received(_ frame: LineFramer.Frame, from id: ConnectionID, at now: Instant) {
        switch frame {
        case .tooLong:
            error(.lineTooLong, "Lines are at most \(maxLineBytes) bytes; that one was discarded. Type a shorter line (HELP lists the commands).", to: id)
        case .invalidUTF8:
            error(.badUTF8, "That line was not UTF-8 text; it was discarded. Type HELP for the commands.", to: id)
        case .line(let text):
            guard text.contains(where: { $0 != " " && $0 != "\t" }) else { return }  // Enter alone: nothing to do
            switch ClientCommand.parse(text) {
            case .success(let command): handle(command, from: id, at: now)
            case .failure(let problem): outbox.send(.error(problem), to: id)
            }
        }
    }

    /// A tracked line left for `id` (see `Outbox.sendTracked`).
    func delivered(_ id: ConnectionID, tag: Int, _ delivery: Delivery) {
        sessions[id]?.room?.delivered(id, tag: tag, delivery)
    }

    var nextWakeup: Instant? {
        let rooms = self.rooms.values.compactMap { $0.nextWakeup(hostGrace: settings.hostGraceMilliseconds) }.min()
        guard let seat = heldSeats.nextExpiry else { return rooms }
        return min(rooms ?? seat, seat)
    }

    func tick(at now: Instant) {
        releaseExpiredSeats(at: now)
        for room in rooms.values {
            room.tick(at: now)
            if room.isAbandoned(at: now, grace: settings.hostGraceMilliseconds) { forget(room) }
        }
    }

    /// Says goodbye to everyone (the server is stopping). Seats are not held
    /// after it: a game cut short is not played on by absent players.
    func shutdown(reason: String) {
        shuttingDown = true
        for id in sessions.keys {
            outbox.send(.bye(reason), to: id)
            outbox.closeAfterFlush(id)
        }
    }

    // MARK: Commands

    private func handle(_ command: ClientCommand, from id: ConnectionID, at now: Instant) {
        switch command {
        case .help:
            outbox.send(HelpText.lines.map(ServerMessage.help) + [.end("HELP")], to: id)
        case .ping:
            outbox.send(.pong, to: id)
        case .quit:
            outbox.send(.bye("Goodbye! Thanks for playing."), to: id)
            disconnected(id, at: now, why: .left)
            outbox.closeAfterFlush(id)
        case .name(let raw):
            setName(raw, for: id)
        case .join(let raw):
            join(raw, id, at: now)
        case .status:
            if let room = sessions[id]?.room { room.status(of: id) } else { outbox.send(.you(.outside), to: id) }
        case .leave:
            guard let room = roomOrError(for: id) else { return }
            leaveRoom(id, why: .left, at: now)
            outbox.send([.left(room: room.name), .you(.outside)], to: id)
        case .start:
            roomOrError(for: id)?.start(by: id, at: now)
        case .answer(let round, let answer):
            roomOrError(for: id)?.answer(answer, round: round, by: id, at: now)
        case .host(let claim):
            if let claim { reclaimHost(claim, id, at: now) } else { host(id, at: now) }
        case .watch(let raw):
            watch(raw, id, at: now)
        case .lock, .unlock:
            guard let room = controlledRoom(by: id) else { return }
            room.setLocked(command == .lock, by: id)
        case .kick(let name):
            kick(name, by: id, at: now)
        case .stop:
            controlledRoom(by: id)?.stopGame(by: id, at: now)
        case .close:
            closeRoom(by: id, at: now)
        case .resume(let code):
            resume(code, id, at: now)
        case .mode(let mode):
            outbox.setMode(mode, for: id)  // the connection's own business, in any state
        }
    }

    private func setName(_ raw: String, for id: ConnectionID) {
        if let room = sessions[id]?.room {
            return error(.alreadyInRoom, "You are in room \(room.spokenName); LEAVE first to change your name.", to: id)
        }
        switch Names.nickname(raw) {
        case .success(let name):
            sessions[id]?.name = name
            outbox.send(.nameSet(name), to: id)
        case .failure(let problem):
            outbox.send(.error(problem), to: id)
        }
    }

    private func join(_ raw: String?, _ id: ConnectionID, at now: Instant) {
        guard let session = sessions[id] else { return }
        if let room = session.room {
            return error(.alreadyInRoom, "You are in room \(room.spokenName) already; LEAVE first to change rooms.", to: id)
        }
        guard let name = session.name else {
            return error(.noName, "Choose a name first: NAME <nickname>, then JOIN.", to: id)
        }
        guard let roomName = validRoom(raw ?? Names.defaultRoom, for: id) else { return }
        let room: Room
        if let existing = rooms[roomName] {
            room = existing
        } else {
            guard settings.openRooms else {
                return error(.noRoom, "There is no room \(roomName.uppercased()). Check the code on the board and type JOIN <code>.", to: id)
            }
            guard hasRoomForAnother(id) else { return }
            room = Room(name: roomName, settings: settings, environment: environment)
        }
        if room.locked {
            return error(.roomLocked, "Room \(room.spokenName) is locked: the host lets nobody new in now. Ask them to let you in.", to: id)
        }
        if let taken = room.clash(with: name) {
            let who = taken == name ? "is already called \(name)" : "is called \(taken), which looks the same as \(name)"
            return error(.nameTaken, "Someone in room \(room.spokenName) \(who). Type NAME <another name>, then JOIN \(room.spokenName).", to: id)
        }
        rooms[roomName] = room
        sessions[id]?.room = room
        sessions[id]?.role = .member
        sessions[id]?.enteredARoom = true
        room.join(id, name: name, afterOK: tokenLines(for: id), at: now)
    }

    /// Takes `id` out of their room, whatever their role, and forgets a room
    /// left empty. `announced`: the room's notice, when not the one `why` makes.
    func leaveRoom(_ id: ConnectionID, why: Departure, announced: NoticeEvent? = nil, at now: Instant) {
        guard let session = sessions[id], let room = session.room else { return }
        sessions[id]?.room = nil
        switch session.role {
        case .member: room.remove(id, why: why, announced: announced, at: now)
        case .host: room.hostAway(id, at: now)
        case .viewer: room.removeViewer(id)
        }
        if room.isAbandoned(at: now, grace: settings.hostGraceMilliseconds) { forget(room) }
    }

    /// A room with nobody in it (and no host coming back) is gone.
    func forget(_ room: Room) {
        rooms[room.name] = nil
    }

    // MARK: Helpers

    func validRoom(_ raw: String, for id: ConnectionID) -> String? {
        switch Names.room(raw) {
        case .success(let valid): return valid
        case .failure(let problem):
            outbox.send(.error(problem), to: id)
            return nil
        }
    }

    /// Whether one more room fits (`GameSettings.maxRooms`); says so if not.
    func hasRoomForAnother(_ id: ConnectionID) -> Bool {
        guard rooms.count >= settings.maxRooms else { return true }
        error(.tooManyRooms, "The server has \(settings.maxRooms) rooms already; join one of them, or try again later.", to: id)
        return false
    }

    func roomOrError(for id: ConnectionID) -> Room? {
        if let room = sessions[id]?.room { return room }
        error(.notInRoom, "You are not in a room: type NAME <nickname>, then JOIN (or JOIN <room>).", to: id)
        return nil
    }

    func error(_ code: ProtocolError.Code, _ text: String, to id: ConnectionID) {
        outbox.send(.error(ProtocolError(code, text)), to: id)
    }
}
