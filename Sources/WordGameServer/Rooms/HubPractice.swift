import WordGame
import WordGameProtocol

/// `PRACTICE <list> [<english> …]` (Protocol.md §4): a room of one, private, whose game starts at once.
extension Hub {
    /// Practice rooms are named `practice.<n>`: a `.` no room name may hold (`Names.room`), so nobody can
    /// `JOIN`, `WATCH` or `HOST` it, and no name another room takes can ever be the same.
    static let practicePrefix = "practice."

    func practice(list: String, english: [String], _ id: PlayerID, at now: Instant) {
        guard let session = sessions[id] else { return }
        if let room = session.room {
            return error(.alreadyInRoom, HubTexts.inRoomCannotPractise(room.spokenName), to: id)
        }
        guard lists.list(named: list) != nil else {
            return error(.badRules, HubTexts.noListToPractise(list, lists: lists.names), to: id)
        }
        if refusedWhileDraining(id) { return }
        guard hasRoomForAnother(id) else { return }
        practiceRoomsMade += 1
        let room = Room(name: Self.practicePrefix + String(practiceRoomsMade), settings: settings, environment: environment, practice: true)
        room.listName = list
        rooms[room.name] = room
        seat(id, in: room, as: .member)
        room.practise(id, name: session.name ?? HubTexts.practiceName, afterOK: [.practising(list: list)] + tokenLines(for: id),
                      first: english, at: now)
    }

    /// The rooms the fleet's directory keeps: every room but those of practice, which nobody else may enter.
    var roomsInDirectory: [String] {
        rooms.values.compactMap { $0.isPractice ? nil : $0.name }
    }
}
