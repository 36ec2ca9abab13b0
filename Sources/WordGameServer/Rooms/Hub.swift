import WordGame
import WordGameProtocol

/// Everyone connected: their names, their rooms, and the commands they send.
///
/// Pure logic like `Room`: lines in, messages out through the outbox, time
/// passed in. Owned by the event loop thread.
final class Hub {
    private struct Session {
        var name: String?
        var room: Room?
    }

    private let settings: GameSettings
    private let outbox: Outbox
    private let maxLineBytes: Int
    private var sessions: [ConnectionID: Session] = [:]
    private(set) var rooms: [String: Room] = [:]
    private var tagCounter = 0

    init(settings: GameSettings, outbox: Outbox, maxLineBytes: Int) {
        self.settings = settings
        self.outbox = outbox
        self.maxLineBytes = maxLineBytes
    }

    /// The first line on every connection, even one the server turns away.
    static let greeting = ServerMessage.welcome(version: protocolVersion, hint: HelpText.greeting)

    func connected(_ id: ConnectionID) {
        sessions[id] = Session()
        outbox.send(Self.greeting, to: id)
    }

    func disconnected(_ id: ConnectionID, at now: Instant) {
        guard let session = sessions.removeValue(forKey: id) else { return }
        if let room = session.room { leave(room, id, at: now) }
    }

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

    var nextWakeup: Instant? { rooms.values.compactMap(\.nextWakeup).min() }

    func tick(at now: Instant) {
        for room in rooms.values { room.tick(at: now) }
    }

    /// Says goodbye to everyone (the server is stopping).
    func shutdown(reason: String) {
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
            disconnected(id, at: now)
            outbox.closeAfterFlush(id)
        case .name(let raw):
            setName(raw, for: id)
        case .join(let raw):
            join(raw, id, at: now)
        case .status:
            if let room = sessions[id]?.room { room.status(of: id) } else { outbox.send(.you(.outside), to: id) }
        case .leave:
            guard let room = roomOrError(for: id) else { return }
            leave(room, id, at: now)
            outbox.send([.left(room: room.name), .you(.outside)], to: id)
        case .start:
            roomOrError(for: id)?.start(by: id, at: now)
        case .answer(let round, let answer):
            roomOrError(for: id)?.answer(answer, round: round, by: id, at: now)
        }
    }

    private func setName(_ raw: String, for id: ConnectionID) {
        if let room = sessions[id]?.room {
            return error(.alreadyInRoom, "You are in room \(room.name); LEAVE first to change your name.", to: id)
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
            return error(.alreadyInRoom, "You are in room \(room.name) already; LEAVE first to change rooms.", to: id)
        }
        guard let name = session.name else {
            return error(.noName, "Choose a name first: NAME <nickname>, then JOIN.", to: id)
        }
        let roomName: String
        switch Names.room(raw ?? Names.defaultRoom) {
        case .success(let valid): roomName = valid
        case .failure(let problem): return outbox.send(.error(problem), to: id)
        }
        let room = rooms[roomName] ?? Room(name: roomName, settings: settings, outbox: outbox, nextTag: { [unowned self] in
            tagCounter += 1
            return tagCounter
        })
        if room.isNameTaken(name) {
            return error(.nameTaken, "Someone in room \(roomName) is already called \(name). Type NAME <another name>, then JOIN \(roomName).", to: id)
        }
        rooms[roomName] = room
        sessions[id]?.room = room
        room.join(id, name: name, at: now)
    }

    private func leave(_ room: Room, _ id: ConnectionID, at now: Instant) {
        sessions[id]?.room = nil
        room.remove(id, at: now)
        if room.isEmpty { rooms[room.name] = nil }
    }

    private func roomOrError(for id: ConnectionID) -> Room? {
        if let room = sessions[id]?.room { return room }
        error(.notInRoom, "You are not in a room: type NAME <nickname>, then JOIN (or JOIN <room>).", to: id)
        return nil
    }

    private func error(_ code: ProtocolError.Code, _ text: String, to id: ConnectionID) {
        outbox.send(.error(ProtocolError(code, text)), to: id)
    }
}
