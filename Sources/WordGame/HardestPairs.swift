/// The order of a game's pairs from the hardest (Protocol.md §5, HARDEST): the
/// greatest share of wrong answers and timeouts among those who played the pair,
/// then the most timeouts (nobody even dared an answer), then the pair's place
/// in the game. A share, not a count: in a class where players go out, the last
/// pairs are played by fewer, and a pair 3 of 4 missed is harder than one
/// 5 of 30 missed. Pairs nobody played (everyone away) say nothing of how hard
/// they are: they come last. Pure, shared by the server, the results and the report.
public enum HardestPairs {
    /// `tallies`, hardest first.
    public static func ranked(_ tallies: [PairTally]) -> [PairTally] {
        tallies.sorted(by: isHarder)
    }

    /// Whether `a` goes before `b`. Shares are compared as exact fractions (cross-multiplied).
    public static func isHarder(_ a: PairTally, than b: PairTally) -> Bool {
        switch (a.played, b.played) {
        case (0, 0): return a.number < b.number
        case (0, _): return false
        case (_, 0): return true
        default:
            let mine = a.missed * b.played, theirs = b.missed * a.played
            if mine != theirs { return mine > theirs }
            if a.timeout != b.timeout { return a.timeout > b.timeout }
            return a.number < b.number
        }
    }

    /// The English words of the missed pairs of `ranked` (hardest first), each once: what a game of the
    /// missed words deals first (`START MISSED`, Protocol.md §4).
    public static func missedEnglish(_ ranked: [PairTally]) -> [String] {
        var seen = Set<String>()
        return ranked.compactMap { tally in
            tally.wasMissed && seen.insert(tally.pair.english).inserted ? tally.pair.english : nil
        }
    }
}
