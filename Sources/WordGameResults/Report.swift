extension Report {
    /// Adds up `games` in the order `history.jsonl` holds them, which is the
    /// order they ended (each is appended when it ends), so the last spelling
    /// of a name seen is the latest; several servers' files are merged in that
    /// order, and each game given once, by `HistoryUnion`. Pure: no file is read here.
    public init(games: [GameSummary]) {
        var players: [String: Player] = [:]
        var missed: [String: MissedWord] = [:]
        var fooledBy: [PairKey: Set<String>] = [:]
        for game in games {
            for summary in game.players {
                // One student's games are joined regardless of case ("ana" one day, "Ana" the next). Not by
                // the server's look-alike key (`Names.nicknameKey`): that one keeps two people apart in one
                // room, and across rooms it would merge different students ("Ali" and "All").
                let key = summary.name.lowercased()
                var player = players[key] ?? Player(name: summary.name, games: 0, correct: 0, attempts: 0, answered: 0,
                                                    answeredMilliseconds: 0, bestRank: nil)
                player.name = summary.name
                player.games += 1
                player.correct += summary.correct
                player.attempts += summary.correct + summary.wrong + summary.timeouts
                if let rank = summary.rank { player.bestRank = min(rank, player.bestRank ?? rank) }
                for (index, answer) in summary.answers.enumerated() {
                    guard let answer, index < game.pairs.count else { continue }
                    let pair = game.pairs[index]
                    if answer.answer != "timeout" {
                        player.answered += 1
                        player.answeredMilliseconds += Int64(answer.ms)
                    }
                    var word = missed[pair.english] ?? MissedWord(english: pair.english, missed: 0, answers: 0)
                    word.answers += 1
                    if answer.verdict == "wrong" || answer.verdict == "timeout" { word.missed += 1 }
                    missed[pair.english] = word
                    if pair.truth == "wrong" && answer.answer == "correct" {
                        fooledBy[PairKey(spanish: pair.spanish, english: pair.english), default: []].insert(key)
                    }
                }
                players[key] = player
            }
        }
        self.init(
            games: games.count, stoppedEarly: games.filter(\.stoppedEarly).count,
            firstStarted: games.first?.started, lastEnded: games.last?.ended,
            players: players.values.sorted { a, b in
                if let better = a.isMoreAccurate(than: b) { return better }
                if a.games != b.games { return a.games > b.games }
                return (a.name.lowercased(), a.name) < (b.name.lowercased(), b.name)
            },
            // A word nobody missed is not news; the CSV and the table list only those missed.
            missed: missed.values.filter { $0.missed > 0 }.sorted { ($1.missed, $0.english) < ($0.missed, $1.english) },
            fooled: fooledBy.map { FoolingPair(spanish: $0.key.spanish, english: $0.key.english, players: $0.value.count) }
                .sorted { ($1.players, $0.spanish, $0.english) < ($0.players, $1.spanish, $1.english) },
            hardest: Self.hardestPairs(games))
    }

    private struct PairKey: Hashable {
        var spanish: String
        var english: String
    }
}
