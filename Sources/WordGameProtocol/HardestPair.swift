import WordGame

/// HARDEST lists at most this many pairs, the hardest: a game of the server's flags may have 10,000.
public let hardestListed = 100

/// `HARDEST <rank> <n> <english> <spanish> <truth> <translation> <right> <wrong> <timeout>`: one pair of
/// the game just ended, in the table of its hardest pairs (Protocol.md §5): its place in that table, the
/// fields of its `REVEAL`, then its `TALLY`'s counts.
public struct HardestPair: Equatable, Sendable {
    /// 1 for the hardest; each pair has its own (ties are broken by the pair's place in the game).
    public var rank: Int
    public var reveal: Reveal
    public var right: Int
    public var wrong: Int
    public var timeout: Int

    public init(rank: Int, reveal: Reveal, right: Int, wrong: Int, timeout: Int) {
        self.rank = rank
        self.reveal = reveal
        self.right = right
        self.wrong = wrong
        self.timeout = timeout
    }

    /// The table's row for `tally`, at `rank`.
    public init(rank: Int, _ tally: PairTally) {
        let pair = tally.pair
        self.init(rank: rank, reveal: Reveal(number: tally.number, english: pair.english, spanish: pair.spanish,
                                             truth: pair.isCorrect ? .correct : .wrong, translation: pair.translation),
                  right: tally.right, wrong: tally.wrong, timeout: tally.timeout)
    }

    /// The `HARDEST` block's rows for a game's tallies: hardest first, at most `hardestListed` (`END HARDEST` not included).
    public static func table(_ tallies: [PairTally]) -> [HardestPair] {
        HardestPairs.ranked(tallies).prefix(hardestListed).enumerated().map { HardestPair(rank: $0.offset + 1, $0.element) }
    }
}
