import WordGame
import WordGameProtocol
import WordGameResults

/// The teacher's commands: HOST (a room of one's own, or one's seat back),
/// WATCH, and the controls that change other people's sessions.
extension Hub {
    /// HOST: a fresh room with a code nobody uses, run by `id` without playing.
    func host(_ id: PlayerID, at now: Instant) {
        guard let session = sessions[id] else { return }
        if let room = session.room {
            return error(.alreadyInRoom, HubTexts.inRoomCannotHost(room.spokenName), to: id)
        }
        if hostSentElsewhereWhileDraining(id, at: now) { return }
        guard hasRoomForAnother(id) else { return }
        // In a fleet the code must be no other server's either: claimed first (`HubFleet.swift`).
        if directory != nil { return ask(.host(code: freshCode(), tries: 0), for: id, at: now) }
        openHostedRoom(code: freshCode(), for: id, at: now)
    }

    /// A code no room here uses.
    func freshCode() -> String {
        RoomCode.fresh(roomCount: rooms.count, random: random) { rooms[$0] != nil }
    }

    /// HOST's room, under `code` (free here, and in the fleet claimed for this server).
    func openHostedRoom(code: String, for id: PlayerID, at now: Instant) {
        guard let session = sessions[id] else { return }
        let key = RoomCode.make(length: RoomCode.keyLength, random: random)
        let room = Room(name: code.lowercased(), settings: settings, environment: environment,
                        hostSeat: RoomHost.Seat(name: session.name ?? HubTexts.defaultHostName, key: key, connection: nil, awaySince: nil))
        rooms[room.name] = room
        seat(id, in: room, as: .host)
        outbox.send([.hosted(room: room.name, key: key)] + tokenLines(for: id), to: id)
        room.seatHost(id, at: now)
        environment.log(ConsoleTexts.made(room: room.name, by: session.name))
    }

    /// HOST <room> <key>: the host comes back, from any connection. A
    /// connection still holding the seat is told it was replaced, and closed.
    func reclaimHost(_ claim: ClientCommand.HostClaim, _ id: PlayerID, at now: Instant) {
        guard let session = sessions[id] else { return }
        if let room = session.room {
            return error(.alreadyInRoom, HubTexts.inRoomAlready(room.spokenName), to: id)
        }
        guard let roomName = validRoom(claim.room, for: id) else { return }
        guard let room = rooms[roomName] else {
            if directory != nil { return ask(.reclaim(claim), for: id, at: now) }
            return error(.noRoom, HubTexts.noRoomToReclaim(roomName.uppercased()), to: id)
        }
        guard let hostSeat = room.seat, hostSeat.key == claim.key.uppercased() else {
            return error(.badKey, HubTexts.wrongKey(roomName.uppercased()), to: id)
        }
        if let previous = hostSeat.connection, previous != id {
            self.seat(previous, in: nil)
            outbox.send(.bye(HubTexts.hostSeatTakenBack(roomName.uppercased())), to: previous)
            control.closeAfterFlush(previous)
        }
        // The seat held for the connection that dropped is the seat taken back now: its code and its hold go.
        if let held = hostSeat.lastConnection, held != id, sessions[held]?.awaySince != nil {
            endHold(of: held)
            forgetSession(held)
        }
        self.seat(id, in: room, as: .host)
        outbox.send([.hosted(room: room.name, key: hostSeat.key)] + tokenLines(for: id), to: id)
        room.seatHost(id, at: now)
    }

    /// WATCH [room]: follow a room without playing. No name needed.
    func watch(_ raw: String?, _ id: PlayerID, at now: Instant) {
        guard let session = sessions[id] else { return }
        if let room = session.room {
            return error(.alreadyInRoom, HubTexts.inRoomAlready(room.spokenName), to: id)
        }
        guard let roomName = validRoom(raw ?? Names.defaultRoom, for: id) else { return }
        guard let room = rooms[roomName] else {
            if directory != nil { return ask(.watch(room: roomName), for: id, at: now) }
            return error(.noRoom, HubTexts.noRoomToWatch(roomName.uppercased()), to: id)
        }
        guard room.hasRoomForViewer else {
            return error(.serverFull, HubTexts.tooManyViewers(room.spokenName, Roster.maxViewers), to: id)
        }
        seat(id, in: room, as: .viewer)
        room.addViewer(id, at: now)
    }

    /// The room `id` hosts, or nil after telling them why not.
    func controlledRoom(by id: PlayerID) -> Room? {
        guard let room = roomOrError(for: id) else { return nil }
        if let refusal = room.refusal(forControlBy: id) {
            outbox.send(.error(refusal), to: id)
            return nil
        }
        return room
    }

    /// KICK <name>: the player is told why and put outside the room.
    func kick(_ name: String, by id: PlayerID, at now: Instant) {
        guard let room = controlledRoom(by: id) else { return }
        guard let target = room.roster.member(named: name), let targetName = room.roster.members[target]?.name else {
            return error(.noSuchPlayer, HubTexts.noSuchPlayer(name, room: room.spokenName), to: id)
        }
        if target == id {
            return error(.badArgument, HubTexts.cannotRemoveYourself, to: id)
        }
        outbox.send(.kicked(targetName), to: id)
        leaveRoom(target, why: .removed, at: now)
        outbox.send([.notice(.removed, HubTexts.removed(from: room.spokenName, locked: room.locked)), .you(.outside)], to: target)
    }

    /// CLOSE: everyone leaves and the room is gone.
    func closeRoom(by id: PlayerID, at now: Instant) {
        guard let room = controlledRoom(by: id) else { return }
        outbox.send(.closed(room: room.name), to: id)
        for someone in room.close(at: now) {
            seat(someone, in: nil)
            // A seat held for a drop was a seat in this room: it goes with the room, code and hold.
            if sessions[someone]?.awaySince != nil {
                endHold(of: someone)
                forgetSession(someone)
            }
        }
        forget(room)
    }
}

extension Hub {
    /// The players file of the room's last saved game, for the holder of the
    /// room's key (a browser downloading it); nil for anybody else.
    func savedResults(room code: String, key: String) -> String? {
        guard let room = rooms[code.lowercased()], let seat = room.seat, seat.key == key else { return nil }
        return room.savedResults
    }

    /// Whether `key` is the key of the hosted room `code`.
    func isKey(_ key: String, of code: String) -> Bool {
        rooms[code.lowercased()]?.seat?.key == key
    }

    /// The results writer has news of a game: its host (if there) is told where the files are.
    func resultsSaved(_ outcome: ResultsWriter.SaveOutcome) {
        guard let room = rooms[outcome.room] else { return }
        if case .success(let players) = outcome.result { room.savedResults = players }
        guard let host = room.hostID else { return }
        switch outcome.result {
        case .success(let players):
            outbox.send([.saved(game: outcome.game), .info(HubTexts.resultsSaved(game: outcome.game, players: players))], to: host)
        case .failure(let failure):
            outbox.send(.info(HubTexts.resultsNotSaved(game: outcome.game, failure: failure.description)), to: host)
        }
    }
}
