import WordGame
import WordGameProtocol

/// How a room's last game went, pair by pair, and a game of the words it
/// missed (Protocol.md §4 `START MISSED`, §5 `HARDEST`).
struct LastGame: Equatable, Codable {
    /// The word list it was dealt from.
    var list: String
    /// Each pair played, in order, with how many got it right, wrong or let it time out.
    var tallies: [PairTally]
}

extension Room {
    /// The `HARDEST` block of the last game (at most `hardestListed` rows, then `END HARDEST`); none before the first game.
    var hardestLines: [ServerMessage] {
        guard let lastGame else { return [] }
        return HardestPair.table(lastGame.tallies).map(ServerMessage.hardest) + [.end(.hardest)]
    }

    /// `START MISSED` from `id`: the host starts a game that deals first the English words the class
    /// missed in the last game, hardest first, then fills from the list; each pair is still correct one
    /// time in four (the dealer's coin). Otherwise as `START`, start delay included.
    func startMissed(by id: PlayerID, at now: Instant) {
        if case .playing = phase {
            return outbox.send(.error(ProtocolError(.gameOn, Self.gameIsOn)), to: id)
        }
        guard isHost(id) else { return outbox.send(.error(ProtocolError(.notHost, notHostText)), to: id) }
        switch missedWords() {
        case .success(let words): start(by: id, at: now, first: words)
        case .failure(let refusal): outbox.send(.error(refusal), to: id)
        }
    }

    /// Whether `START MISSED` would start a game now: the last game's missed words, some of them in the list.
    var hasMissedWords: Bool {
        if case .success = missedWords() { return true }
        return false
    }

    /// The last game's missed English words that the room's list deals now, hardest first; or why there are none.
    private func missedWords() -> Result<[String], ProtocolError> {
        guard let lastGame else { return .failure(ProtocolError(.nothingMissed, Self.noGameYet)) }
        let missed = HardestPairs.missedEnglish(HardestPairs.ranked(lastGame.tallies))
        guard !missed.isEmpty else { return .failure(ProtocolError(.nothingMissed, Self.nothingWasMissed)) }
        let words = Dealer(words: environment.lists.list(named: listName) ?? environment.lists.standard).dealable(missed)
        guard !words.isEmpty else {
            return .failure(ProtocolError(.nothingMissed, Self.missedNotInList(listName, played: lastGame.list)))
        }
        return .success(words)
    }
}
