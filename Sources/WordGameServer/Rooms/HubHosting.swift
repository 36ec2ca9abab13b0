import WordGame
import WordGameProtocol
import WordGameResults

/// The teacher's commands: HOST (a room of one's own, or one's seat back),
/// WATCH, and the controls that change other people's sessions.
extension Hub {
    /// HOST: a fresh room with a code nobody uses, run by `id` without playing.
    func host(_ id: ConnectionID, at now: Instant) {
        guard let session = sessions[id] else { return }
        if let room = session.room {
            return error(.alreadyInRoom, "You are in room \(room.spokenName) already; LEAVE first to host a room of your own.", to: id)
        }
        guard hasRoomForAnother(id) else { return }
        let code = RoomCode.fresh(roomCount: rooms.count, random: random) { rooms[$0] != nil }
        let key = RoomCode.make(length: RoomCode.keyLength, random: random)
        let room = Room(name: code.lowercased(), settings: settings, environment: environment,
                        hostSeat: Room.HostSeat(name: session.name ?? "Host", key: key, connection: nil, awaySince: nil))
        rooms[room.name] = room
        sessions[id]?.room = room
        sessions[id]?.role = .host
        sessions[id]?.enteredARoom = true
        outbox.send([.hosted(room: room.name, key: key)] + tokenLines(for: id), to: id)
        room.seatHost(id, at: now)
        environment.log("\(room.name): made by \(session.name ?? "a host") with HOST")
    }

    /// HOST <room> <key>: the host comes back, from any connection. A
    /// connection still holding the seat is told it was replaced, and closed.
    func reclaimHost(_ claim: ClientCommand.HostClaim, _ id: ConnectionID, at now: Instant) {
        guard let session = sessions[id] else { return }
        if let room = session.room {
            return error(.alreadyInRoom, "You are in room \(room.spokenName) already; LEAVE first.", to: id)
        }
        guard let roomName = validRoom(claim.room, for: id) else { return }
        guard let room = rooms[roomName] else {
            return error(.noRoom, "There is no room \(roomName.uppercased()) (it was closed, or the code is mistyped).", to: id)
        }
        guard let seat = room.seat, seat.key == claim.key.uppercased() else {
            return error(.badKey, "That is not the key of room \(roomName.uppercased()). The key came with OK HOST when the room was made.", to: id)
        }
        if let previous = seat.connection, previous != id {
            sessions[previous]?.room = nil
            outbox.send(.bye("Your host seat of room \(roomName.uppercased()) was taken back from another connection."), to: previous)
            outbox.closeAfterFlush(previous)
        }
        sessions[id]?.room = room
        sessions[id]?.role = .host
        sessions[id]?.enteredARoom = true
        outbox.send([.hosted(room: room.name, key: seat.key)] + tokenLines(for: id), to: id)
        room.seatHost(id, at: now)
    }

    /// WATCH [room]: follow a room without playing. No name needed.
    func watch(_ raw: String?, _ id: ConnectionID, at now: Instant) {
        guard let session = sessions[id] else { return }
        if let room = session.room {
            return error(.alreadyInRoom, "You are in room \(room.spokenName) already; LEAVE first.", to: id)
        }
        guard let roomName = validRoom(raw ?? Names.defaultRoom, for: id) else { return }
        guard let room = rooms[roomName] else {
            return error(.noRoom, "There is no room \(roomName.uppercased()) to watch. Check the code and type WATCH <room>.", to: id)
        }
        guard room.hasRoomForViewer else {
            return error(.serverFull, "Room \(room.spokenName) has \(Room.maxViewers) viewers already; try again later.", to: id)
        }
        sessions[id]?.room = room
        sessions[id]?.role = .viewer
        sessions[id]?.enteredARoom = true
        room.addViewer(id, at: now)
    }

    /// The room `id` hosts, or nil after telling them why not.
    func controlledRoom(by id: ConnectionID) -> Room? {
        guard let room = roomOrError(for: id) else { return nil }
        if let refusal = room.refusal(forControlBy: id) {
            outbox.send(.error(refusal), to: id)
            return nil
        }
        return room
    }

    /// KICK <name>: the player is told why and put outside the room.
    func kick(_ name: String, by id: ConnectionID, at now: Instant) {
        guard let room = controlledRoom(by: id) else { return }
        guard let target = room.member(named: name), let targetName = room.members[target]?.name else {
            return error(.noSuchPlayer, "Nobody called \(name) plays in room \(room.spokenName). STATUS shows who is in.", to: id)
        }
        if target == id {
            return error(.badArgument, "You cannot remove yourself: type LEAVE to go, or CLOSE to close the room.", to: id)
        }
        outbox.send(.kicked(targetName), to: id)
        leaveRoom(target, why: .removed, at: now)
        let door = room.locked ? "The room is locked, so you cannot come back." : "You may JOIN another room."
        outbox.send([.notice(.removed, "You were removed from room \(room.spokenName) by the host. \(door)"), .you(.outside)], to: target)
    }

    /// CLOSE: everyone leaves and the room is gone.
    func closeRoom(by id: ConnectionID, at now: Instant) {
        guard let room = controlledRoom(by: id) else { return }
        outbox.send(.closed(room: room.name), to: id)
        for someone in room.close(at: now) { sessions[someone]?.room = nil }
        forget(room)
    }
}

extension Hub {
    /// The results writer has news of a game: its host (if there) is told where the files are.
    func resultsSaved(_ outcome: ResultsWriter.SaveOutcome) {
        guard let room = rooms[outcome.room], let host = room.hostID else { return }
        switch outcome.result {
        case .success(let players):
            outbox.send(.info("The results of game \(outcome.game) are saved: \(players) (and the answers beside it)."), to: host)
        case .failure(let failure):
            outbox.send(.info("The results of game \(outcome.game) could not be saved: \(failure). The server goes on."), to: host)
        }
    }
}
