extension Columns {
    /// Columns one code point takes on its own: 0, 1 or 2. Ambiguous-width
    /// characters take one, as most terminals outside East Asia draw them.
    public static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return 1 }  // printable ASCII, most text: no search
        if RangeTable.contains(ColumnWidthTable.zero, value) { return 0 }
        if RangeTable.contains(ColumnWidthTable.wide, value) { return 2 }
        return 1
    }

    /// Columns a grapheme cluster takes: its widest code point, so that a
    /// base keeps its width under accents and 👨‍👩‍👧 takes the two of its
    /// first emoji. An emoji base followed by VS16 (U+FE0F) or a keycap
    /// (U+20E3) is drawn as an emoji, so ❤️ and 1️⃣ take two where ❤ and 1
    /// take one. A cluster of marks or invisible characters alone takes none.
    public static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        var widest = 0
        for scalar in scalars { widest = max(widest, width(of: scalar)) }
        if widest < 2, let base = scalars.first, isEmojiBase(base),
           scalars.dropFirst().contains(where: { $0 == "\u{FE0F}" || $0 == "\u{20E3}" }) {
            return 2
        }
        return widest
    }

    /// Columns a text takes: the sum of its clusters'.
    public static func width<Text: StringProtocol>(of text: Text) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    /// Emoji or Extended_Pictographic: a base that VS16 or a keycap makes an emoji.
    public static func isEmojiBase(_ scalar: Unicode.Scalar) -> Bool {
        RangeTable.contains(ColumnWidthTable.emojiBase, scalar.value)
    }
}

extension Character {
    /// Columns this cluster takes in a terminal: 0, 1 or 2. See `Columns.width(of:)`.
    public var columnWidth: Int { Columns.width(of: self) }
}

extension StringProtocol {
    /// Columns this text takes in a terminal: what to lay out by, not `count`.
    public var columnWidth: Int { Columns.width(of: self) }
}
