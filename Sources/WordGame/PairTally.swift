/// How the players of a game did on one of its pairs: `TALLY`'s three counts,
/// kept after the game for the table of its hardest pairs (`HARDEST`, the
/// results' pairs file, the report) and for a game of the words it missed.
public struct PairTally: Equatable, Sendable, Codable {
    /// The pair's number in its game, 1 for the first.
    public var number: Int
    public var pair: Pair
    public var right: Int
    public var wrong: Int
    public var timeout: Int

    public init(number: Int, pair: Pair, right: Int, wrong: Int, timeout: Int) {
        self.number = number
        self.pair = pair
        self.right = right
        self.wrong = wrong
        self.timeout = timeout
    }

    /// The pair's counts from its players' verdicts: a player away for it (or not playing) is in none of the three.
    public init(number: Int, pair: Pair, verdicts: [Verdict?]) {
        self.init(number: number, pair: pair, right: 0, wrong: 0, timeout: 0)
        for verdict in verdicts {
            switch verdict {
            case .right?: right += 1
            case .wrong?: wrong += 1
            case .timeout?: timeout += 1
            case .away?, nil: break
            }
        }
    }

    /// Those who played it: players away for the whole pair, or out, are in none of the three.
    public var played: Int { right + wrong + timeout }

    /// Wrong answers and timeouts: the attempts that missed it.
    public var missed: Int { wrong + timeout }

    /// Someone answered it wrong or let it time out, or nobody played it at all: a word to play again.
    public var wasMissed: Bool { missed > 0 || played == 0 }
}

extension GameRecord {
    /// One tally a pair played (the game may have ended before its last pair), in pair order.
    public var pairTallies: [PairTally] {
        rounds.enumerated().map { index, round in PairTally(number: index + 1, pair: pairs[index], verdicts: round.verdicts) }
    }
}
