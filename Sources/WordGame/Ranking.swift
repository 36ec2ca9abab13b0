/// A player's place in a ranking.
public struct Standing: Equatable, Sendable {
    public var player: PlayerID
    /// Their slot: their index in what was ranked (in a match, join order).
    public var slot: Int
    /// 1-based; players equal on every criterion share a rank ("1, 2, 2, 4").
    public var rank: Int
    public var score: Score
}

/// Orders players: most correct attempts, then fewest incorrect, then least
/// total answer time in whole milliseconds, the precision the wire shows, so a
/// client can rebuild the ranking from `TOP` lines. Ties on all three share a
/// rank and keep slot order (join order). `scores[slot]` is nil for a slot
/// nobody holds any more; `players[slot]` names the one who does.
public func rank(_ scores: [Score?], players: [PlayerID]) -> [Standing] {
    precondition(scores.count == players.count, "a score and a player a slot")
    // A room of 10,000 ranks before anyone hears the truth of a pair: the three
    // criteria packed in one integer sort as fast as integers do. Counters past
    // what a game's rules allow (never, from the server) take the general path.
    let order: [Int]
    if var packed = packedKeys(scores) {
        packed.sort()
        order = packed.map { Int(truncatingIfNeeded: $0) }  // the slot, in the low half
    } else {
        order = scores.indices.filter { scores[$0] != nil }.sorted { a, b in
            if beats(scores[a]!, scores[b]!) { return true }
            if beats(scores[b]!, scores[a]!) { return false }
            return a < b
        }
    }
    var standings: [Standing] = []
    standings.reserveCapacity(order.count)
    for (index, slot) in order.enumerated() {
        let score = scores[slot]!
        let tiedWithPrevious = index > 0 && !beats(standings[index - 1].score, score)
        let rank = tiedWithPrevious ? standings[index - 1].rank : index + 1
        standings.append(Standing(player: players[slot], slot: slot, rank: rank, score: score))
    }
    return standings
}

/// Each held slot's score and slot as one integer that sorts best first, ties
/// in slot order: 14 bits of correct attempts (inverted), 14 of incorrect ones,
/// 33 of milliseconds, then the slot in the low 64 bits. nil if a counter does
/// not fit (the rules allow 10,000 pairs of 600 s at most).
private func packedKeys(_ scores: [Score?]) -> [UInt128]? {
    let countLimit = 1 << 14, millisecondLimit: Int64 = 1 << 33
    var keys: [UInt128] = []
    keys.reserveCapacity(scores.count)
    for (slot, score) in scores.enumerated() {
        guard let score else { continue }
        let milliseconds = score.answerMilliseconds
        guard score.correct >= 0, score.correct < countLimit, score.incorrect >= 0, score.incorrect < countLimit,
              milliseconds >= 0, milliseconds < millisecondLimit else { return nil }
        let key = UInt64(countLimit - 1 - score.correct) << 47 | UInt64(score.incorrect) << 33 | UInt64(milliseconds)
        keys.append(UInt128(key) << 64 | UInt128(slot))
    }
    return keys
}

/// Whether `a` ranks strictly above `b`.
func beats(_ a: Score, _ b: Score) -> Bool {
    if a.correct != b.correct { return a.correct > b.correct }
    if a.incorrect != b.incorrect { return a.incorrect < b.incorrect }
    return a.answerMilliseconds < b.answerMilliseconds
}
