import Testing
@testable import WordGame

/// `rank` sorts packed integers when the counters fit the rules' limits, and
/// compares scores otherwise: both must give the ranking the rules define.
@Suite struct RankingTests {
    /// The ranking by its definition: compare every pair, ties keep slot order.
    func reference(_ scores: [Score?], players: [PlayerID]) -> [(player: PlayerID, rank: Int)] {
        let held = scores.indices.filter { scores[$0] != nil }
        let order = held.sorted { a, b in
            beats(scores[a]!, scores[b]!) || (!beats(scores[b]!, scores[a]!) && a < b)
        }
        return order.map { slot in
            (players[slot], 1 + held.filter { beats(scores[$0]!, scores[slot]!) }.count)
        }
    }

    func randomScores(count: Int, seed: UInt64, widest: Bool) -> [Score?] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ -> Score? in
            if Int.random(in: 0..<10, using: &generator) == 0 { return nil }  // a player who left
            // Few distinct values, so that ties on every criterion are common.
            let correct = widest ? [0, 16_383, 16_384, 40_000].randomElement(using: &generator)! : Int.random(in: 0...3, using: &generator)
            let milliseconds: Int64 = widest
                ? [0, 1 << 33 - 1, 1 << 33, 1 << 40].randomElement(using: &generator)!
                : Int64.random(in: 0...2, using: &generator)
            return Score(correct: correct, incorrect: Int.random(in: 0...2, using: &generator),
                         answerNanoseconds: milliseconds * 1_000_000 + Int64.random(in: 0..<1_000_000, using: &generator))
        }
    }

    @Test(arguments: [false, true])
    func packedAndComparedRankingsAreTheRulesRanking(widest: Bool) {
        for seed in 1...20 as ClosedRange<UInt64> {
            let scores = randomScores(count: 300, seed: seed, widest: widest)
            let players = scores.indices.map { PlayerID(1_000 + $0 * 7) }
            let standings = rank(scores, players: players)
            let expected = reference(scores, players: players)
            #expect(standings.map(\.player) == expected.map(\.player), "seed \(seed)")
            #expect(standings.map(\.rank) == expected.map(\.rank), "seed \(seed)")
            #expect(standings.allSatisfy { players[$0.slot] == $0.player && scores[$0.slot] == $0.score })
        }
    }

    /// The radix sort against a stable comparison sort: keys that differ in
    /// every byte, in a few low bytes, or not at all, with many equal keys.
    @Test(arguments: [64, 20, 8, 0])
    func radixOrderIsAStableSortByKey(bits: Int) {
        var generator = SeededGenerator(seed: UInt64(bits) + 1)
        for count in [0, 1, 2, 300, 5_000] {
            let mask: UInt64 = bits == 64 ? .max : (1 << UInt64(bits)) - 1
            // Half the keys drawn from 16 values: long runs of ties.
            let common = (0..<16).map { _ in UInt64.random(in: .min ... .max, using: &generator) & mask }
            let keys = (0..<count).map { _ in
                Bool.random(using: &generator)
                    ? common.randomElement(using: &generator)!
                    : UInt64.random(in: .min ... .max, using: &generator) & mask
            }
            let slots = (0..<count).map { Int32($0 * 3) }
            let expected = keys.indices.sorted { keys[$0] < keys[$1] || (keys[$0] == keys[$1] && $0 < $1) }.map { Int(slots[$0]) }
            #expect(radixOrder(keys, slots) == expected, "\(count) keys of \(bits) bits")
        }
    }

    @Test func theLimitsOfThePackedKeyStillOrder() {
        // At the edges of each field, and one past them (the compared path).
        let scores: [Score?] = [
            Score(correct: 16_383, incorrect: 0, answerNanoseconds: 0),
            Score(correct: 0, incorrect: 16_383, answerNanoseconds: (1 << 33 - 1) * 1_000_000),
            Score(correct: 0, incorrect: 16_383, answerNanoseconds: 0),
            Score(correct: 16_383, incorrect: 0, answerNanoseconds: 1_000_000),
        ]
        #expect(rank(scores, players: [1, 2, 3, 4]).map(\.player) == [1, 4, 3, 2])
        let past = scores + [Score(correct: 16_384, incorrect: 0, answerNanoseconds: 0)]
        #expect(rank(past, players: [1, 2, 3, 4, 5]).map(\.player) == [5, 1, 4, 3, 2])
    }
}
