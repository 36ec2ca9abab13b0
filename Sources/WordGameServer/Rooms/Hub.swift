import WordGame
import WordGamePOSIX
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
        /// A person at nc typed QUIT mid-game and was asked to confirm (`HubQuit.swift`).
        var quitAsked = false
    }

    /// How a connection is in its room.
    enum Role { case member, host, viewer }

    let settings: GameSettings
    let environment: RoomEnvironment
    var outbox: Outbox { environment.outbox }
    /// What the hub asks of connections besides messages: closing, RESUME's rebinding, holds.
    unowned let control: ConnectionControl
    let limits: ConnectionLimits
    /// Random bits for room codes, host keys and resume codes.
    var random: () -> UInt64 { environment.random }
    /// The loop's thread owns the hub (checked in debug builds).
    let affinity: ThreadAffinity
    var sessions: [PlayerID: Session] = [:]
    var rooms: [String: Room] = [:]
    /// Resume codes, to the session whose seat each takes back.
    var tokens: [String: PlayerID] = [:]
    /// Seats held after a drop, oldest first (the grace is the same for all,
    /// so they expire in this order).
    var heldSeats = HeldSeats()
    /// Wrong RESUME codes per address.
    var wrongCodes: WrongCodes
    /// The server is stopping: connections that go now leave.
    var shuttingDown = false
    /// The server is draining (`HubDrain.swift`): it makes no new room.
    var draining = false
    /// The server is stopping and has saved its lesson (`restartGoodbye`): connections that go now change nothing.
    var savedForRestart = false
    /// The fleet's directory, when the server is one of several (`HubFleet.swift`); nil on its own.
    var directory: RoomDirectory?
    /// Commands waiting for the directory.
    var directoryWaits = DirectoryWaits()
    /// Seats taken up again after a restart get ids below zero, which no connection has (`HubRestoring.swift`).
    var lastRestoredID = 0
    /// Practice rooms made so far, which number them (`HubPractice.swift`).
    var practiceRoomsMade = 0
    /// Uploads open and lists being saved or deleted (`HubLists.swift`).
    var uploads = ListUploads()

    init(settings: GameSettings, environment: RoomEnvironment, control: ConnectionControl, limits: ConnectionLimits = ConnectionLimits(),
         affinity: ThreadAffinity = ThreadAffinity("the hub")) {
        self.settings = settings
        self.environment = environment
        self.control = control
        self.limits = limits
        wrongCodes = WrongCodes(limits: limits)
        self.affinity = affinity
    }

    /// The first line on every connection (one the server turns away gets its own, `Server.refuse`).
    var greeting: ServerMessage {
        .welcome(version: protocolVersion, hint: settings.openRooms ? HelpText.greeting : HelpText.hostedGreeting)
    }

    func connected(_ id: PlayerID, address: String = "?") {
        affinity.check()
        sessions[id] = Session(address: address)
        outbox.send(greeting, to: id)
    }

    /// The connection is gone: closed, reset, silent too long, or after QUIT
    /// (`why` .left). Without a goodbye, a member's or host's seat is held
    /// for the resume grace (`HubResume.swift`); otherwise they leave.
    func disconnected(_ id: PlayerID, at now: Instant, why: Departure = .dropped) {
        affinity.check()
        forgetUpload(of: id)
        guard !savedForRestart, let session = sessions[id], session.awaySince == nil else { return }
        if why == .dropped, holdSeat(id, at: now) { return }
        // NOTICE dropped promises a held seat; a drop whose seat is not held is a leaving.
        leaveRoom(id, why: why, announced: why == .dropped ? .left : nil, at: now)
        forgetSession(id)
    }

    /// A tracked line left for `id` (see `Outbox.sendTracked`).
    func delivered(_ id: PlayerID, tag: Int, _ delivery: Delivery) {
        affinity.check()
        sessions[id]?.room?.delivered(id, tag: tag, delivery)
    }

    var nextWakeup: Instant? {
        var earliest = earlier(heldSeats.nextExpiry, nextDirectoryRetry)
        for room in rooms.values { earliest = earlier(earliest, room.nextWakeup(hostGrace: settings.hostGraceMilliseconds)) }
        return earliest
    }

    func tick(at now: Instant) {
        affinity.check()
        releaseExpiredSeats(at: now)
        retryDirectory(at: now)
        let grace = settings.hostGraceMilliseconds
        // Only the rooms with something due: `nextWakeup` names every moment `tick` acts on, forgetting an
        // abandoned room included.
        for room in rooms.values {
            guard let due = room.nextWakeup(hostGrace: grace), now >= due else { continue }
            room.tick(at: now)
            if room.isAbandoned(at: now, grace: grace) { forget(room) }
        }
    }

    /// Says goodbye to everyone (the server is stopping). A game on ends first,
    /// as the host's STOP ends it: its results say it stopped early, and rank
    /// everyone who played by score (not as if the players still in had left).
    /// Seats are not held after it: a game cut short is not played on by absent players.
    func shutdown(reason: String, at now: Instant) {
        shuttingDown = true
        for room in rooms.values { room.endGameEarly(at: now) }
        for id in sessions.keys {
            outbox.send(.bye(reason), to: id)
            control.closeAfterFlush(id)
        }
    }

    /// Says goodbye to everyone, the lesson kept on disk (`--state`): nothing ends, no game and no seat.
    /// Each connection hears that the server restarts (`RESTARTING`), then `BYE`: clients come back with `RESUME`.
    func restartGoodbye(at now: Instant) {
        shuttingDown = true
        savedForRestart = true
        let lines: [ServerMessage] = [.restarting(graceSeconds: graceSeconds), .bye(HubTexts.restarting)]
        for id in sessions.keys {
            outbox.send(lines, to: id)
            control.closeAfterFlush(id)
        }
    }

    // MARK: Commands

    /// A command from the seat `id` (lines that do not parse, and `MODE`, are
    /// the session's own business: `Session.run`).
    func handle(_ command: ClientCommand, from id: PlayerID, at now: Instant) {
        affinity.check()
        if command != .quit { heard(id) }
        switch command {
        case .help:
            let to = sessions[id]?.room?.languages.to ?? environment.lists.standard.to
            outbox.send(HelpText.lines(to: to).map(ServerMessage.help) + [.end(.help)], to: id)
        case .ping:
            outbox.send(.pong, to: id)
        case .quit:
            if asksBeforeQuitting(id) { return }
            outbox.send(.bye(HubTexts.goodbye), to: id)
            disconnected(id, at: now, why: .left)
            control.closeAfterFlush(id)
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
        case .rules(let change):
            guard let room = roomOrError(for: id) else { return }
            if let change { room.changeRules(change, by: id, at: now) } else { room.describeRules(to: id) }
        case .lists(let command):
            handleList(command, from: id)
        case .mode:
            break  // the connection's own business, in any state: `Session.run` takes it
        case .startMissed:
            roomOrError(for: id)?.startMissed(by: id, at: now)
        case .practice(let list, let english):
            practice(list: list, english: english, id, at: now)
        }
    }

    private func setName(_ raw: String, for id: PlayerID) {
        if let room = sessions[id]?.room {
            return error(.alreadyInRoom, HubTexts.inRoomCannotRename(room.spokenName), to: id)
        }
        switch Names.nickname(raw) {
        case .success(let name):
            sessions[id]?.name = name
            outbox.send(.nameSet(name), to: id)
        case .failure(let problem):
            outbox.send(.error(problem), to: id)
        }
    }

    private func join(_ raw: String?, _ id: PlayerID, at now: Instant) {
        guard let session = sessions[id] else { return }
        if let room = session.room {
            return error(.alreadyInRoom, HubTexts.inRoomCannotJoin(room.spokenName), to: id)
        }
        guard session.name != nil else {
            return error(.noName, HubTexts.nameFirst, to: id)
        }
        guard let roomName = validRoom(raw ?? Names.defaultRoom, for: id) else { return }
        if let existing = rooms[roomName] { return join(roomName, id, into: existing, at: now) }
        if let refusal = mistypedCode(roomName) { return error(.noRoom, refusal, to: id) }
        if directory != nil {
            // Another server may have it; if not, and JOIN makes such rooms here, it is claimed for this one.
            // A draining server makes none: it only looks the room up, to send its players where it is.
            let creating = makesRoom(roomName) && rooms.count < settings.maxRooms && !draining
            return ask(.join(room: roomName, creating: creating), for: id, at: now)
        }
        guard makesRoom(roomName) else {
            return error(.noRoom, HubTexts.noRoomToJoin(roomName.uppercased(), openRooms: settings.openRooms), to: id)
        }
        if refusedWhileDraining(id) { return }
        guard hasRoomForAnother(id) else { return }
        join(roomName, id, into: Room(name: roomName, settings: settings, environment: environment), at: now)
    }

    /// JOIN's last steps, into a room that exists or was just made for it (and
    /// is kept only if the player gets in): locked, a name that clashes, then the seat.
    func join(_ roomName: String, _ id: PlayerID, into room: Room, at now: Instant) {
        guard let name = sessions[id]?.name else { return }
        if room.locked {
            return error(.roomLocked, HubTexts.roomLocked(room.spokenName), to: id)
        }
        if let taken = room.clash(with: name) {
            return error(.nameTaken, HubTexts.nameTaken(room: room.spokenName, name: name, taken: taken), to: id)
        }
        rooms[roomName] = room
        seat(id, in: room, as: .member)
        room.join(id, name: name, afterOK: tokenLines(for: id), at: now)
    }

    /// Takes `id` out of their room, whatever their role, and forgets a room
    /// left empty. `announced`: the room's notice, when not the one `why` makes.
    func leaveRoom(_ id: PlayerID, why: Departure, announced: NoticeEvent? = nil, at now: Instant) {
        guard let session = sessions[id], let room = session.room else { return }
        forgetUpload(of: id)
        seat(id, in: nil)
        switch session.role {
        case .member: room.remove(id, why: why, announced: announced, at: now)
        case .host: room.hostAway(id, at: now)
        case .viewer: room.removeViewer(id)
        }
        if room.isAbandoned(at: now, grace: settings.hostGraceMilliseconds) { forget(room) }
    }

    /// A room with nobody in it (and no host coming back) is gone, and its claim in the fleet's directory.
    func forget(_ room: Room) {
        environment.changed()
        rooms[room.name] = nil
        if !room.isPractice { directory?.release(room: room.name) }
    }

    // MARK: Helpers

    /// Puts the seat in `room` with `role` (nil: out of any room), and tells
    /// the transport where it stands now.
    func seat(_ id: PlayerID, in room: Room?, as role: Role? = nil) {
        guard sessions[id] != nil else { return }
        // What the lesson keeps of a seat changes here, whatever moved it (a command, a drop given up, the directory's answer).
        environment.changed()
        sessions[id]!.room = room
        if let role { sessions[id]!.role = role }
        if room != nil { sessions[id]!.enteredARoom = true }
        reportStanding(id)
    }

    /// The seat's standing, for the transport (`ConnectionControl.seatChanged`).
    func reportStanding(_ id: PlayerID) {
        guard let session = sessions[id] else { return }
        control.seatChanged(id, SeatStanding(inRoom: session.room != nil, enteredARoom: session.enteredARoom))
    }

    func validRoom(_ raw: String, for id: PlayerID) -> String? {
        switch Names.room(raw) {
        case .success(let valid): return valid
        case .failure(let problem):
            outbox.send(.error(problem), to: id)
            return nil
        }
    }

    /// Whether one more room fits (`GameSettings.maxRooms`); says so if not.
    func hasRoomForAnother(_ id: PlayerID) -> Bool {
        guard rooms.count >= settings.maxRooms else { return true }
        error(.tooManyRooms, HubTexts.tooManyRooms(settings.maxRooms), to: id)
        return false
    }

    func roomOrError(for id: PlayerID) -> Room? {
        if let room = sessions[id]?.room { return room }
        error(.notInRoom, HubTexts.notInRoom, to: id)
        return nil
    }

    func error(_ code: ProtocolError.Code, _ text: String, to id: PlayerID) {
        outbox.send(.error(ProtocolError(code, text)), to: id)
    }
}
