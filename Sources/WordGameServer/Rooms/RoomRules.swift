import WordGame
import WordGameProtocol

/// The rules a room plays by, which its host sets between games (`RULES`, Protocol.md §4):
/// everyone in the room hears them on arrival and whenever they change.
extension Room {
    /// `RULES`: the rules of the room's next game.
    var rulesLine: ServerMessage { .rules(RoomRules(rules, list: listName)) }

    /// `RULES` alone, from anyone in the room: the lists the host may choose, then the rules now.
    func describeRules(to id: PlayerID) {
        let lists = settings.listSizes.map { ServerMessage.wordList(name: $0.name, words: $0.words) }
        outbox.send(lists + [.end(.wordList), rulesLine], to: id)
    }

    /// `RULES <setting> <value> …` from `id`: all the settings change, or none (the first
    /// problem is the error, and the old rules stay).
    func changeRules(_ change: RulesChange, by id: PlayerID, at now: Instant) {
        if let problem = rulesProblem(change, by: id) { return outbox.send(.error(problem), to: id) }
        if let pairs = change.pairs { rules.pairCount = pairs }
        if let milliseconds = change.roundMilliseconds { rules.roundMilliseconds = milliseconds }
        if let count = change.maxIncorrect { rules.maxIncorrect = count }
        if let list = change.list { listName = list }
        environment.changed()
        outbox.send(.rulesSet, to: id)
        broadcast([rulesLine])
        if case .rules(let told) = rulesLine { environment.log(ConsoleTexts.rules(room: name, told)) }
    }

    /// Why `change` may not be made now (Protocol.md §3's order: the host, then between games, then the values).
    private func rulesProblem(_ change: RulesChange, by id: PlayerID) -> ProtocolError? {
        guard isHost(id) else { return ProtocolError(.notHost, rulesNotHostText) }
        switch phase {
        case .playing: return ProtocolError(.gameOn, Self.rulesDuringGame)
        case .countdown(let countdown):
            return ProtocolError(.gameOn, countdown.byHost ? Self.rulesDuringCountdown : Self.rulesDuringAutoStart)
        case .lobby: break
        }
        if let pairs = change.pairs, !Rules.hostPairCountRange.contains(pairs) {
            return ProtocolError(.badRules, Self.pairsOutOfRange(pairs))
        }
        if let milliseconds = change.roundMilliseconds, !Rules.hostRoundMillisecondsRange.contains(milliseconds) {
            return ProtocolError(.badRules, Self.secondsOutOfRange(milliseconds))
        }
        if let count = change.maxIncorrect, count != Rules.neverOut, !Rules.hostMaxIncorrectRange.contains(count) {
            return ProtocolError(.badRules, Self.outOutOfRange(count))
        }
        if let list = change.list, settings.wordList(named: list) == nil {
            return ProtocolError(.badRules, noSuchList(list))
        }
        return nil
    }
}
