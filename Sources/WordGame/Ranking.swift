/// A player's place in a ranking.
public struct Standing: Equatable, Sendable {
    public var player: PlayerID
    /// 1-based; players equal on every criterion share a rank ("1, 2, 2, 4").
    public var rank: Int
    public var score: Score
}

/// Orders players: most correct attempts, then fewest incorrect, then least
/// total answer time in whole milliseconds, the precision the wire shows, so a
/// client can rebuild the ranking from `TOP` lines. Ties on all three share a
/// rank and keep `order` (join order).
public func rank(_ scores: [PlayerID: Score], order: (PlayerID) -> Int) -> [Standing] {
    let sorted = scores.sorted { a, b in
        if beats(a.value, b.value) { return true }
        if beats(b.value, a.value) { return false }
        return order(a.key) < order(b.key)
    }
    var standings: [Standing] = []
    standings.reserveCapacity(sorted.count)
    for (index, entry) in sorted.enumerated() {
        let tiedWithPrevious = index > 0 && !beats(sorted[index - 1].value, entry.value)
        let rank = tiedWithPrevious ? standings[index - 1].rank : index + 1
        standings.append(Standing(player: entry.key, rank: rank, score: entry.value))
    }
    return standings
}

/// Whether `a` ranks strictly above `b`.
func beats(_ a: Score, _ b: Score) -> Bool {
    if a.correct != b.correct { return a.correct > b.correct }
    if a.incorrect != b.incorrect { return a.incorrect < b.incorrect }
    return a.answerMilliseconds < b.answerMilliseconds
}
