/// Deals the pairs of a game from a word list.
///
/// - Each pair is correct with probability `correctProbability` (25%), decided
///   first and independently of the list's size, so a 2-entry list deals
///   correct pairs as often as a 300-entry one.
/// - A wrong pair's Spanish word is never a translation of its English word.
/// - English words come from a shuffled deck: no word twice in a game while the
///   deck lasts, and never the same word twice in a row, even across decks.
public struct Dealer: Sendable {
    public let words: WordList
    public let correctProbability: Double

    public init(words: WordList, correctProbability: Double = Rules.correctPairProbability) {
        self.words = words
        self.correctProbability = correctProbability
    }

    /// The next `count` pairs drawn with `generator`.
    public func deal<G: RandomNumberGenerator>(count: Int, using generator: inout G) -> [Pair] {
        var pairs: [Pair] = []
        pairs.reserveCapacity(count)
        var deck: [String] = []
        var previous: String?
        while pairs.count < count {
            if deck.isEmpty { deck = shuffledDeck(avoidingFirst: previous, using: &generator) }
            let english = deck.removeLast()
            pairs.append(pair(for: english, using: &generator))
            previous = english
        }
        return pairs
    }

    /// A shuffled deck of every dealable English word, drawn from the end; its
    /// first draw is never `avoidingFirst` (the list has at least two words).
    private func shuffledDeck<G: RandomNumberGenerator>(avoidingFirst previous: String?, using generator: inout G) -> [String] {
        var deck = words.dealableEnglish
        deck.shuffle(using: &generator)
        if deck.last == previous {
            let other = Int.random(in: 0..<(deck.count - 1), using: &generator)
            deck.swapAt(other, deck.count - 1)
        }
        return deck
    }

    private func pair<G: RandomNumberGenerator>(for english: String, using generator: inout G) -> Pair {
        let translations = words.translations[english]!
        let translation = translations.randomElement(using: &generator)!
        if Double.random(in: 0..<1, using: &generator) < correctProbability {
            return Pair(english: english, spanish: translation, isCorrect: true, translation: translation)
        }
        return Pair(english: english, spanish: wrongSpanish(for: english, translations: translations, using: &generator),
                    isCorrect: false, translation: translation)
    }

    /// A uniformly chosen Spanish word that does not translate `english`.
    private func wrongSpanish<G: RandomNumberGenerator>(for english: String, translations: [String], using generator: inout G) -> String {
        let all = words.spanishWords
        // Rejection sampling is fast whenever most words are wrong, which is the usual case.
        for _ in 0..<32 {
            let candidate = all.randomElement(using: &generator)!
            if !translations.contains(candidate) { return candidate }
        }
        // A word that translates most of the list: pick among the wrong ones directly.
        return all.filter { !translations.contains($0) }.randomElement(using: &generator)!
    }
}
