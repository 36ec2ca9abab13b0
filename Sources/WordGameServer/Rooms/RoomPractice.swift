import WordGame
import WordGameProtocol

/// A practice room (`PRACTICE`, `HubPractice.swift`): its one player is its host, so `START` plays again and
/// `START MISSED` plays the words they missed; `LEAVE` ends it. The server's rules, on the list they chose.
extension Room {
    /// Seats the player and starts the game at once, dealing first the words of `first` the list has.
    func practise(_ id: PlayerID, name: String, afterOK: [ServerMessage], first: [String], at now: Instant) {
        roster.add(id, name: name, watching: false)
        host = .member(id)
        outbox.send(afterOK + [.room(info), membersLine, .you(.lobby)] + rulesLines + [.info(practiceHint)], to: id)
        environment.log(ConsoleTexts.practice(room: self.name, list: listName))
        startGame(by: id, at: now, first: first)
    }

    var practiceHint: String {
        "You practise alone on list \(listName): the game starts now. Afterwards START plays again, START MISSED plays "
            + "the words you missed first, and LEAVE ends it."
    }
}
