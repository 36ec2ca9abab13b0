import WordGame

/// A lesson found on disk that is too old to take up (`StateFile.restoreWithinSeconds`):
/// the server was down, or stopped for good, while its games were on. They are
/// recorded as what they were: stopped early, at the pair they had reached,
/// everyone who played ranked by score (those who had left apart).
extension LessonState {
    var unfinishedGames: [GameRecord] {
        rooms.compactMap { room in
            guard let game = room.game, game.scores.count == game.record.players.count,
                  game.roundsPlayed <= game.record.pairs.count, !game.record.pairs.isEmpty else { return nil }
            let slots = game.scores.indices
            let match = Match(pairs: game.record.pairs, rules: game.record.rules, players: slots.map { PlayerID($0) },
                              slotScores: game.scores, roundsPlayed: game.roundsPlayed)
            var record = game.record
            record.finish(at: savedAt, ranks: Dictionary(uniqueKeysWithValues: match.ranking().map { ($0.slot, $0.rank) }),
                          stoppedEarly: true)
            return record
        }
    }
}
