import Testing
import WordGame
import WordGameTestSupport
import WordListFiles

/// `Dealer.deal(count:first:using:)`: the words a class missed (or a student's own) dealt first,
/// hardest first, then the list, each pair still correct one time in four. Seeded, so every run is the same.
@Suite struct DealerFirstWordsTests {
    @Test func theGivenWordsComeFirstInTheirOrderThenTheList() throws {
        let words = try Fixtures.numbered(10)
        var generator = SeededGenerator(seed: 1)
        let dealt = Dealer(words: words).deal(count: 10, first: ["english 7", "english 2", "english 9"], using: &generator)
        #expect(dealt.prefix(3).map(\.english) == ["english 7", "english 2", "english 9"])
        // The rest of the list fills the game, and no word comes twice while the list lasts.
        #expect(Set(dealt.map(\.english)).count == 10)
        for pair in dealt { #expect(pair.isCorrect == words.isCorrect(english: pair.english, spanish: pair.spanish)) }
    }

    @Test func unknownWordsAndRepeatsAreSkippedAndNoMoreThanTheGameHolds() throws {
        let words = try Fixtures.numbered(10)
        var generator = SeededGenerator(seed: 2)
        let given = ["nope", " english 3 ", "english 3", "English 4", "english 5", "english 6"]
        let dealt = Dealer(words: words).deal(count: 2, first: given, using: &generator)
        // Compared trimmed, as the list keeps its words; case matters, as the list spells them.
        #expect(dealt.map(\.english) == ["english 3", "english 5"])
    }

    @Test func withNoWordGivenTheDealIsTheSameAsEver() throws {
        let words = try WordList.load(path: Fixtures.defaultWordsPath)
        for seed in 0..<50 as Range<UInt64> {
            var a = SeededGenerator(seed: seed), b = SeededGenerator(seed: seed), c = SeededGenerator(seed: seed)
            let plain = Dealer(words: words).deal(count: 15, using: &a)
            #expect(Dealer(words: words).deal(count: 15, first: [], using: &b) == plain)
            #expect(Dealer(words: words).deal(count: 15, first: ["not in the list"], using: &c) == plain)
        }
    }

    @Test func neverTheSameWordTwiceInARowAfterTheGivenOnesEvenOnATinyList() throws {
        for size in [2, 3] {
            let words = try Fixtures.numbered(size)
            for seed in 0..<500 as Range<UInt64> {
                var generator = SeededGenerator(seed: seed)
                let first = (1...size).map { "english \($0)" }.shuffled(using: &generator)
                let dealt = Dealer(words: words).deal(count: 12, first: first, using: &generator)
                #expect(dealt.prefix(size).map(\.english) == first)
                for (a, b) in zip(dealt, dealt.dropFirst()) { #expect(a.english != b.english, "seed \(seed): \(dealt.map(\.english))") }
            }
        }
    }

    /// The coin is the dealer's own: a word given first is shown with its translation one time in four, on
    /// the default list and on a list of two words, where every pair of a game may be a given one.
    @Test(arguments: [2, 3, 365])
    func givenWordsAreStillCorrectOneTimeInFour(size: Int) async throws {
        try await onComputeThread {
            let words = size == 365 ? try WordList.load(path: Fixtures.defaultWordsPath) : try Fixtures.numbered(size)
            let english = words.entries.map(\.english)
            var generator = SeededGenerator(seed: UInt64(size))
            var given = 0, correct = 0, all = 0, allCorrect = 0
            for _ in 0..<20_000 {
                let first = Array(english.shuffled(using: &generator).prefix(2))
                let dealt = Dealer(words: words).deal(count: 4, first: first, using: &generator)
                for (index, pair) in dealt.enumerated() {
                    #expect(pair.isCorrect == words.isCorrect(english: pair.english, spanish: pair.spanish))
                    all += 1
                    if pair.isCorrect { allCorrect += 1 }
                    guard index < 2 else { continue }
                    given += 1
                    if pair.isCorrect { correct += 1 }
                }
            }
            let share = Double(correct) / Double(given), whole = Double(allCorrect) / Double(all)
            print("\(size)-word list: given words correct \(share * 100)% of \(given), every pair \(whole * 100)% of \(all)")
            #expect(abs(share - 0.25) <= 0.01)
            #expect(abs(whole - 0.25) <= 0.01)
        }
    }

    @Test func theSameSeedAndWordsDealTheSameGame() throws {
        let words = try WordList.load(path: Fixtures.defaultWordsPath)
        var a = SeededGenerator(seed: 42), b = SeededGenerator(seed: 42)
        let first = ["house", "month", "ugly"]
        #expect(Dealer(words: words).deal(count: 15, first: first, using: &a)
                    == Dealer(words: words).deal(count: 15, first: first, using: &b))
    }
}
