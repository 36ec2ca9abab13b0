import Testing
import WordGame
import WordGameProtocol
@testable import WordGameServer

/// Codes are drawn from one random number each; every code stays equally likely.
@Suite struct RoomCodeTests {
    @Test func everyCharacterIsEquallyLikelyInEveryPlace() {
        var generator = SeededGenerator(seed: 11)
        var counts = [[Character: Int]](repeating: [:], count: 8)
        let draws = 27_000
        for _ in 0..<draws {
            for (place, character) in RoomCode.make(length: 8, random: { generator.next() }).enumerated() {
                counts[place][character, default: 0] += 1
            }
        }
        for place in counts {
            #expect(place.count == RoomCode.alphabet.count)
            // 1,000 expected each; 5 standard deviations is about 160.
            #expect(place.values.allSatisfy { (840...1_160).contains($0) }, "\(place)")
        }
    }

    @Test func aDrawInThePartialSpanIsDrawnAgain() {
        // 27^12 codes: the top of the UInt64 range is past the last whole span.
        var draws: [UInt64] = [.max, .max - 1, 0]
        let code = RoomCode.make(length: 12, random: { draws.removeFirst() })
        #expect(draws.isEmpty)
        #expect(code == String(repeating: RoomCode.alphabet[0], count: 12))
    }
}
