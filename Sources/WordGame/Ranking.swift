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
    // Each player's place in `order` is looked up once, not at every comparison:
    // a room of 10,000 sorts with about 140,000 of them.
    let entries = scores.map { (player: $0.key, score: $0.value, order: order($0.key)) }
    let sorted = entries.sorted { a, b in
        if beats(a.score, b.score) { return true }
        if beats(b.score, a.score) { return false }
        return a.order < b.order
    }
    var standings: [Standing] = []
    standings.reserveCapacity(sorted.count)
    for (index, entry) in sorted.enumerated() {
        let tiedWithPrevious = index > 0 && !beats(sorted[index - 1].score, entry.score)
        let rank = tiedWithPrevious ? standings[index - 1].rank : index + 1
        standings.append(Standing(player: entry.player, rank: rank, score: entry.score))
    }
    return standings
}

/// Whether `a` ranks strictly above `b`.
func beats(_ a: Score, _ b: Score) -> Bool {
    if a.correct != b.correct { return a.correct > b.correct }
    if a.incorrect != b.incorrect { return a.incorrect < b.incorrect }
    return a.answerMilliseconds < b.answerMilliseconds
}
