import WordGame

/// The report's table of the hardest pairs: the projector's `HARDEST` table (Protocol.md §5), over every
/// game of the history. A pair is an English word with the Spanish word shown (and its truth): the same
/// pair in two games is one row, its counts added up; ties fall to the pair seen first.
extension Report {
    static func hardestPairs(_ games: [GameSummary]) -> [HardPair] {
        var tallies: [PairTally] = []
        var rows: [HardPair] = []
        var index: [PairKey: Int] = [:]
        for game in games {
            for (number, pair) in game.pairs.enumerated() {
                let key = PairKey(english: pair.english, spanish: pair.spanish, truth: pair.truth)
                let at = index[key] ?? {
                    index[key] = tallies.count
                    tallies.append(PairTally(number: tallies.count + 1, pair: Pair(english: pair.english, spanish: pair.spanish,
                                                                                  isCorrect: pair.truth == "correct",
                                                                                  translation: pair.translation),
                                             right: 0, wrong: 0, timeout: 0))
                    rows.append(HardPair(english: pair.english, spanish: pair.spanish, truth: pair.truth, translation: pair.translation,
                                         right: 0, wrong: 0, timeouts: 0))
                    return tallies.count - 1
                }()
                for player in game.players where number < player.answers.count {
                    switch player.answers[number]?.verdict {
                    case "right": tallies[at].right += 1
                    case "wrong": tallies[at].wrong += 1
                    case "timeout": tallies[at].timeout += 1
                    default: break  // away, or not playing it
                    }
                }
            }
        }
        return HardestPairs.ranked(tallies).map { tally in
            var row = rows[tally.number - 1]
            row.right = tally.right
            row.wrong = tally.wrong
            row.timeouts = tally.timeout
            return row
        }
    }

    private struct PairKey: Hashable {
        var english: String
        var spanish: String
        var truth: String
    }

    /// The `top` hardest pairs; nil `top` for all of them (the CSV file).
    public func hardestTable(top: Int? = nil) -> ReportTable {
        ReportTable(title: "Hardest pairs" + (top.map { " (top \($0))" } ?? ""), columns: [
            .init(title: "english", csvName: "english", alignRight: false),
            .init(title: "spanish shown", csvName: "spanish_shown", alignRight: false),
            .init(title: "truth", csvName: "truth", alignRight: false),
            .init(title: "translation", csvName: "translation", alignRight: false),
            .init(title: "right", csvName: "right", alignRight: true),
            .init(title: "wrong", csvName: "wrong", alignRight: true),
            .init(title: "timeouts", csvName: "timeouts", alignRight: true),
        ], rows: hardest.prefix(top ?? hardest.count).map {
            [.text($0.english), .text($0.spanish), .text($0.truth), .text($0.translation), .number(Int64($0.right)),
             .number(Int64($0.wrong)), .number(Int64($0.timeouts))]
        })
    }
}
