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
    // criteria packed in one integer, sorted by radix in a few passes over
    // memory. Counters past what a game's rules allow (never, from the
    // server) take the general path.
    let order: [Int]
    if let packed = packedKeys(scores) {
        order = radixOrder(packed.keys, packed.slots)
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
/// Each held slot's score as one integer that sorts as the ranking does
/// (correct attempts inverted, incorrect ones, milliseconds), with the slots
/// in the same order; nil when a counter does not fit its bits.
private func packedKeys(_ scores: [Score?]) -> (keys: [UInt64], slots: [Int32])? {
    let countLimit = 1 << 14, millisecondLimit: Int64 = 1 << 33
    guard scores.count <= Int(Int32.max) else { return nil }
    var keys: [UInt64] = [], slots: [Int32] = []
    keys.reserveCapacity(scores.count)
    slots.reserveCapacity(scores.count)
    for (slot, score) in scores.enumerated() {
        guard let score else { continue }
        let milliseconds = score.answerMilliseconds
        guard score.correct >= 0, score.correct < countLimit, score.incorrect >= 0, score.incorrect < countLimit,
              milliseconds >= 0, milliseconds < millisecondLimit else { return nil }
        keys.append(UInt64(countLimit - 1 - score.correct) << 47 | UInt64(score.incorrect) << 33 | UInt64(milliseconds))
        slots.append(Int32(slot))
    }
    return (keys, slots)
}

/// The slots in the order of their keys, equal keys in the order given: a
/// least-significant-digit radix sort, a byte a pass, which is stable by
/// construction. A byte that every key shares is skipped, as most are (the
/// counters of a game use a few bits of their fourteen), so a game's ranking
/// takes a few passes, not eight.
func radixOrder(_ keys: [UInt64], _ slots: [Int32]) -> [Int] {
    let count = keys.count
    var histograms = [Int](repeating: 0, count: 8 * 256)
    histograms.withUnsafeMutableBufferPointer { histograms in
        for key in keys {
            for byte in 0..<8 { histograms[byte * 256 + Int((key >> (8 * UInt64(byte))) & 0xFF)] += 1 }
        }
    }
    var keysIn = keys, keysOut = [UInt64](repeating: 0, count: count)
    var slotsIn = slots, slotsOut = [Int32](repeating: 0, count: count)
    for byte in 0..<8 {
        let shift = 8 * UInt64(byte)
        var next = [Int](repeating: 0, count: 256), total = 0
        var shared = false
        for digit in 0..<256 {
            let inBucket = histograms[byte * 256 + digit]
            if inBucket == count { shared = true }
            next[digit] = total
            total += inBucket
        }
        if shared { continue }
        keysIn.withUnsafeBufferPointer { keysIn in
            slotsIn.withUnsafeBufferPointer { slotsIn in
                keysOut.withUnsafeMutableBufferPointer { keysOut in
                    slotsOut.withUnsafeMutableBufferPointer { slotsOut in
                        for index in 0..<count {
                            let key = keysIn[index], digit = Int((key >> shift) & 0xFF)
                            let place = next[digit]
                            next[digit] = place + 1
                            keysOut[place] = key
                            slotsOut[place] = slotsIn[index]
                        }
                    }
                }
            }
        }
        swap(&keysIn, &keysOut)
        swap(&slotsIn, &slotsOut)
    }
    return slotsIn.map { Int($0) }
}

/// Whether `a` ranks strictly above `b`.
func beats(_ a: Score, _ b: Score) -> Bool {
    if a.correct != b.correct { return a.correct > b.correct }
    if a.incorrect != b.incorrect { return a.incorrect < b.incorrect }
    return a.answerMilliseconds < b.answerMilliseconds
}
