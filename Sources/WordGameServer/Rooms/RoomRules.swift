import WordGame
import WordGameProtocol

/// The rules a room plays by, which its host sets between games (`RULES`, Protocol.md §4):
/// everyone in the room hears them on arrival and whenever they change.
extension Room {
    /// `RULES`: the rules of the room's next game.
    var rulesLine: ServerMessage { .rules(RoomRules(rules, list: listName)) }

    /// The languages of the room's list: the game's own while one is on (a list replaced meanwhile
    /// changes the next game, never this one), else the list's as it is now.
    var languages: (from: String, to: String) { game?.languages ?? environment.lists.languages(of: listName) }

    /// `LANGUAGES`, then `RULES`: every `RULES` line comes after the languages it is played in (Protocol.md §5).
    var rulesLines: [ServerMessage] {
        let (from, to) = languages
        return [.languages(from: from, to: to), rulesLine]
    }

    /// `RULES` alone, from anyone in the room: the lists the host may choose, then the rules now.
    func describeRules(to id: PlayerID) {
        outbox.send(environment.lists.wordListLines + rulesLines, to: id)
    }

    /// The room's list changed (replaced, or gone: `default` then): between games, everyone hears the
    /// languages and rules again; during one, when it ends (`announceListAfterGame`).
    func listChanged(gone: Bool) {
        if gone { listName = WordListName.standard }
        environment.changed()
        if game == nil { broadcast(rulesLines) }
    }

    /// After a game: the languages of the next one, if its list was replaced with others meanwhile.
    func announceListAfterGame(played: (from: String, to: String)?) {
        guard let played, played != environment.lists.languages(of: listName) else { return }
        broadcast(rulesLines)
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
        broadcast(rulesLines)
        if case .rules(let told) = rulesLine { environment.log(ConsoleTexts.rules(room: name, told)) }
    }

    /// Why `change` may not be made now (Protocol.md §3's order: the host, then between games, then the values).
    private func rulesProblem(_ change: RulesChange, by id: PlayerID) -> ProtocolError? {
        guard isHost(id) else { return ProtocolError(.notHost, rulesNotHostText) }
        switch phase {
        case .playing: return ProtocolError(.gameOn, Self.rulesDuringGame)
        case .countdown: return ProtocolError(.gameOn, Self.rulesDuringCountdown)
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
        if let list = change.list, environment.lists.list(named: list) == nil {
            return ProtocolError(.badRules, noSuchList(list))
        }
        return nil
    }
}
