import WordGame
import WordGameProtocol

/// The hub's lesson as it is kept on disk (`LessonState`), taken on the
/// loop's thread: a pass over the rooms and their members, cheap enough at a
/// few times a second (the encoding and the writing happen off the loop,
/// `StateWriter`).
extension Hub {
    func lessonState(savedAt: Double, serverID: String?) -> LessonState {
        affinity.check()
        let kept = rooms.values.filter { !$0.isPractice }.sorted { $0.name < $1.name }
        return LessonState(savedAt: savedAt, serverID: serverID, rooms: kept.map(savedRoom))
    }

    private func savedRoom(_ room: Room) -> SavedRoom {
        let game = room.game
        let order = room.roster.earliest(room.roster.members.count)
        var members: [SavedSeat] = []
        var hostingMember: Int?
        members.reserveCapacity(order.count)
        for id in order {
            // A seat with no resume code could never be taken back: nobody would come back to it.
            guard let member = room.roster.members[id], let code = sessions[id]?.token else { continue }
            if id == room.openHostID { hostingMember = members.count }
            members.append(SavedSeat(name: member.name, code: code, state: member.state.rawValue, ready: member.ready,
                                     slot: game?.slots[id]))
        }
        let host = room.seat.map { seat in
            let holder = seat.connection ?? seat.lastConnection
            return SavedHost(name: seat.name, key: seat.key, code: holder.flatMap { sessions[$0]?.token })
        }
        return SavedRoom(name: room.name, host: host, members: members, hostingMember: hostingMember, locked: room.locked,
                         gamesStarted: room.gamesStarted, rules: room.rules, wordList: room.listName, savedResults: room.savedResults,
                         game: game.map { SavedGame(record: $0.record, scores: $0.match.slotScores, roundsPlayed: $0.match.roundsPlayed) },
                         lastGame: room.lastGame)
    }
}
