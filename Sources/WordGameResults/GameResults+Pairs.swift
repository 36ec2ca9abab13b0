import WordGame

/// The game's third file: a row per pair played, the hardest first (Protocol.md §5 HARDEST's order), with how
/// many got it right, wrong or let it time out: the table the projector shows after the ranking, whole.
extension GameResults {
    public static let pairsHeader = ["game", "date", "time", "room", "word_list", "from_language", "to_language", "rank", "pair",
                                     "english", "spanish_shown", "truth", "translation", "right", "wrong", "timeouts"]

    /// Every pair played (no cut at 100, as `HARDEST` has), in the order of `HardestPairs`.
    public var pairsCSV: String {
        let rows = HardestPairs.ranked(record.pairTallies).enumerated().map { index, tally -> [CSV.Cell] in
            [.text(id), .text(date), .text(time), .text(record.room), .text(record.wordList), .text(languages.from),
             .text(languages.to), .number(Int64(index + 1)), .number(Int64(tally.number)), .text(tally.pair.english),
             .text(tally.pair.spanish), .text(tally.pair.isCorrect ? "correct" : "wrong"), .text(tally.pair.translation),
             .number(Int64(tally.right)), .number(Int64(tally.wrong)), .number(Int64(tally.timeout))]
        }
        return CSV.file(header: Self.pairsHeader, rows: rows)
    }
}
