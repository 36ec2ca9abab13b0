/// Deals the pairs of a game from a word list.
///
/// - Each pair is correct with probability `correctProbability` (25%), decided
///   first and independently of the list's size, so a 2-entry list deals
///   correct pairs as often as a 300-entry one.
/// - A wrong pair's Spanish word is never a translation of its English word.
/// - English words come from a shuffled deck: no word twice in a game while the
///   deck lasts, and never the same word twice in a row, even across decks.
/// - Words given first (the words a class missed, a student's own) are dealt
///   before the deck, in their order, each with the same 25% coin.
public struct Dealer: Sendable {
    public let words: WordList
    public let correctProbability: Double

    public init(words: WordList, correctProbability: Double = Rules.correctPairProbability) {
        self.words = words
        self.correctProbability = correctProbability
    }

    /// The next `count` pairs drawn with `generator`.
    public func deal<G: RandomNumberGenerator>(count: Int, using generator: inout G) -> [Pair] {
        deal(count: count, first: [], using: &generator)
    }

    /// The next `count` pairs: first the English words of `first`, in that order (each once; words the
    /// list cannot deal are skipped, and no more than `count`), then from the shuffled deck as above,
    /// the words already dealt left out of the first deck. Each pair's coin is the same: a given word
    /// is shown with its translation one time in four, as any other.
    /// With no word given, this is exactly `deal(count:using:)`: a seeded game deals as it always did.
    public func deal<G: RandomNumberGenerator>(count: Int, first: [String], using generator: inout G) -> [Pair] {
        var pairs: [Pair] = []
        pairs.reserveCapacity(count)
        let given = dealable(first).prefix(count)
        for english in given { pairs.append(pair(for: english, using: &generator)) }
        var deck: [String] = []
        if !given.isEmpty {
            let dealt = Set(given)
            deck = words.dealableEnglish.filter { !dealt.contains($0) }
            deck.shuffle(using: &generator)
        }
        var previous = given.last
        while pairs.count < count {
            if deck.isEmpty { deck = shuffledDeck(avoidingFirst: previous, using: &generator) }
            let english = deck.removeLast()
            pairs.append(pair(for: english, using: &generator))
            previous = english
        }
        return pairs
    }

    /// The words of `given` this list deals, as it spells them (compared trimmed), each once, in order.
    public func dealable(_ given: [String]) -> [String] {
        guard !given.isEmpty else { return [] }
        let known = Set(words.dealableEnglish)
        var seen = Set<String>()
        return given.compactMap { raw in
            let english = raw.trimmedWord
            return known.contains(english) && seen.insert(english).inserted ? english : nil
        }
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
