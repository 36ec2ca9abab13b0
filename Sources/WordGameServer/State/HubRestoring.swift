import WordGame
import WordGameProtocol

/// A lesson kept on disk taken up again when the server starts (`LessonState`):
/// its rooms as they were, every seat held for its owner as after a drop (for
/// the resume grace, counted from now), and each game on waiting between two
/// pairs for its players (`RoomRestart.swift`).
///
/// The file was written by this program, but it is read as a stranger's: a
/// part that does not hold together (a bad name, a code twice, a game whose
/// counters do not fit its players) is left out, never trusted into a room.
extension Hub {
    /// What was taken up again.
    struct Restored: Equatable {
        var rooms = 0
        var seats = 0
        var games = 0
    }

    /// The address restored seats are counted under (`HeldSeats`) until their owners come back from a real one.
    static let restoredAddress = "restart"

    func restore(_ state: LessonState, at now: Instant) -> Restored {
        affinity.check()
        var restored = Restored()
        for saved in state.rooms {
            guard rooms.count < settings.maxRooms, case .success(let name) = Names.room(saved.name), name == saved.name,
                  rooms[name] == nil else { continue }
            let (room, bySlot) = restoreRoom(saved, at: now, seats: &restored.seats)
            rooms[name] = room
            restored.rooms += 1
            if let game = saved.game, restoreGame(game, players: bySlot, in: room, at: now) { restored.games += 1 }
            // No game taken up (none was on, or its record did not hold together): everyone is in the lobby.
            if room.game == nil { room.roster.backToTheLobby() }
        }
        return restored
    }

    /// The room, and its members by their slot in the game on.
    private func restoreRoom(_ saved: SavedRoom, at now: Instant, seats: inout Int) -> (Room, [Int: PlayerID]) {
        let hostSeat = saved.host.map { RoomHost.Seat(name: $0.name, key: $0.key.uppercased(), connection: nil, awaySince: now) }
        let room = Room(name: saved.name, settings: settings, environment: environment, hostSeat: hostSeat)
        room.locked = saved.locked
        room.gamesStarted = max(0, saved.gamesStarted)
        room.rules = saved.rules.problem == nil ? saved.rules : settings.rules
        // A list gone since (deleted, or its file taken away) leaves the room the default list.
        room.listName = lists.list(named: saved.wordList) == nil ? WordListName.standard : saved.wordList
        room.savedResults = saved.savedResults
        // Counts that cannot be a game's are left out (no table, no START MISSED), never trusted.
        room.lastGame = saved.lastGame.flatMap { last in
            last.tallies.allSatisfy { $0.number >= 1 && min($0.right, $0.wrong, $0.timeout) >= 0 } ? last : nil
        }
        if let host = saved.host, let code = host.code,
           let id = holdRestoredSeat(code: code, name: host.name, in: room, as: .host, at: now) {
            room.seat?.lastConnection = id
            seats += 1
        }
        var bySlot: [Int: PlayerID] = [:]
        for (index, seat) in saved.members.enumerated() {
            guard case .success(let name) = Names.nickname(seat.name), room.clash(with: name) == nil,
                  let state = PlayerState(rawValue: seat.state), Self.memberStates.contains(state),
                  let id = holdRestoredSeat(code: seat.code, name: name, in: room, as: .member, at: now) else { continue }
            room.roster.addRestored(id, name: name, state: state, ready: seat.ready)
            if index == saved.hostingMember { room.host = .member(id) }
            if let slot = seat.slot, bySlot[slot] == nil { bySlot[slot] = id }
            seats += 1
        }
        if !room.isHosted, room.openHostID == nil { room.host = .member(room.roster.earliest(1).first) }
        return (room, bySlot)
    }

    private static let memberStates: Set<PlayerState> = [.lobby, .playing, .out, .watching]

    /// A session for a seat whose owner is not connected yet: held, with its code, as after a drop.
    private func holdRestoredSeat(code raw: String, name: String, in room: Room, as role: Role, at now: Instant) -> PlayerID? {
        let code = raw.uppercased()
        guard Self.couldBeACode(code), tokens[code] == nil else { return nil }
        lastRestoredID -= 1
        let id = PlayerID(lastRestoredID)
        sessions[id] = Session(name: name, address: Self.restoredAddress, token: code, room: room, awaySince: now, role: role,
                               enteredARoom: true)
        tokens[code] = id
        heldSeats.count(Self.restoredAddress, +1)
        heldSeats.hold(id, since: now, until: now.adding(milliseconds: settings.resumeGraceMilliseconds))
        return id
    }

    /// The game on, between two pairs: the pairs closed are kept, the one that was open is played again.
    private func restoreGame(_ saved: SavedGame, players bySlot: [Int: PlayerID], in restored: Room, at now: Instant) -> Bool {
        var record = saved.record
        let slots = record.players.count
        guard !record.pairs.isEmpty, saved.scores.count == slots, saved.roundsPlayed == record.rounds.count,
              saved.roundsPlayed <= record.pairs.count, record.room == restored.name, record.rules.problem == nil,
              record.rounds.allSatisfy({ $0.verdicts.count == slots && $0.milliseconds.count == slots }) else { return false }
        var scores = saved.scores
        var players: [PlayerID] = []
        for slot in 0..<slots {
            if let id = bySlot[slot] {
                players.append(id)
                continue
            }
            // Its player left, or their seat could not be taken up again: out of the game, as one who left.
            lastRestoredID -= 1
            players.append(PlayerID(lastRestoredID))
            if scores[slot] != nil { record.leave(slot: slot, duringPair: saved.roundsPlayed + 1) }
            scores[slot] = nil
        }
        let match = Match(pairs: record.pairs, rules: record.rules, players: players, slotScores: scores, roundsPlayed: saved.roundsPlayed)
        let game = GameSession(match: match, record: record)
        // The languages of the list it was dealt from, as the list is now (the default's when it is gone).
        game.languages = lists.languages(of: record.wordList)
        restored.takeUp(game, at: now)
        return true
    }
}
