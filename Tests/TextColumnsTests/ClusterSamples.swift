import WordGame

/// Random texts for the property tests, from a seeded generator: pieces
/// of every width, including clusters of several code points and the
/// zero-width ones, so that cutting and wrapping meet all of them.
enum ClusterSamples {
    static let pieces = [
        "a", "Z", "x", "7", " ", " ", " ", "漢", "字", "\u{FF21}", "🍎", "👨\u{200D}👩\u{200D}👧", "🇪🇸", "e\u{301}",
        "1\u{FE0F}\u{20E3}", "\u{200B}", "한", "\u{1112}\u{1161}\u{11AB}", "ñ", "\u{2764}\u{FE0F}", "\u{2764}", "👍🏽", "Ω",
        "カ", "\u{FF76}", "o\u{308}\u{301}",
    ]

    static func text(_ generator: inout SeededGenerator) -> String {
        let length = Int.random(in: 0...24, using: &generator)
        return (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }
}
