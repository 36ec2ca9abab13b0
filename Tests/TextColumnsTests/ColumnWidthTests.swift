import Testing
@testable import TextColumns

@Suite struct ColumnWidthTests {
    static let examples: [(String, Int, String)] = [
        ("漢字", 4, "CJK ideographs: East Asian Wide"),
        ("\u{FF21}", 2, "fullwidth A"),
        ("🍎", 2, "Emoji_Presentation"),
        ("👨\u{200D}👩\u{200D}👧", 2, "a ZWJ family: one cluster"),
        ("🇪🇸", 2, "a flag: two regional indicators"),
        ("e\u{301}", 1, "e and a combining acute"),
        ("é", 1, "precomposed"),
        ("1\u{FE0F}\u{20E3}", 2, "keycap one"),
        ("1\u{20E3}", 2, "keycap one without VS16"),
        ("\u{200B}", 0, "zero width space"),
        ("\u{200D}", 0, "zero width joiner alone"),
        ("\u{2764}\u{FE0F}", 2, "red heart: a text symbol made emoji by VS16"),
        ("\u{2764}", 1, "heart without VS16: text presentation"),
        ("a\u{FE0F}", 1, "VS16 on a letter makes no emoji"),
        ("👍🏽", 2, "emoji with a skin tone: one cluster"),
        ("🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", 2, "the flag of Scotland: tags"),
        ("한글", 4, "Hangul syllables"),
        ("\u{1112}\u{1161}\u{11AB}", 2, "한 as jamo: initial, medial, final"),
        ("\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}", 4, "한글 as jamo"),
        ("\u{1161}", 0, "a medial vowel alone"),
        ("Ana María", 9, "Latin"),
        ("\u{3A3}\u{3C9}", 2, "Greek"),
        ("\u{2026}", 1, "ellipsis: ambiguous is one"),
        ("\u{FFFD}", 1, "replacement character: ambiguous is one"),
        ("\u{FF76}", 1, "halfwidth katakana"),
        ("カ", 2, "katakana"),
        ("\u{3000}", 2, "ideographic space"),
        ("", 0, "nothing"),
    ]

    @Test(arguments: examples)
    func widths(text: String, columns: Int, what: String) {
        #expect(text.columnWidth == columns, "\(what): \(text.debugDescription)")
    }

    @Test func aZWJSequenceIsOneCharacterOfTwoColumns() {
        let family: Character = "👨\u{200D}👩\u{200D}👧"
        #expect("👨\u{200D}👩\u{200D}👧".count == 1)
        #expect(family.columnWidth == 2)
        #expect("family 👨\u{200D}👩\u{200D}👧".columnWidth == 9)
    }

    @Test func substringsMeasureLikeStrings() {
        let text = "ab漢字cd"
        #expect(text.dropFirst(2).prefix(2).columnWidth == 4)
    }

    @Test func scalarWidthsFromTheTable() {
        #expect(Columns.width(of: "a" as Unicode.Scalar) == 1)
        #expect(Columns.width(of: "\u{1B}" as Unicode.Scalar) == 0, "controls draw nothing")
        #expect(Columns.width(of: "\u{302A}" as Unicode.Scalar) == 0, "an ideographic tone mark is W but combines")
        #expect(Columns.width(of: "\u{20000}" as Unicode.Scalar) == 2, "CJK Extension B")
        #expect(Columns.width(of: "\u{3FFFD}" as Unicode.Scalar) == 2, "unassigned in plane 3 defaults to wide")
        #expect(Columns.width(of: "\u{E000}" as Unicode.Scalar) == 1, "private use is ambiguous")
        #expect(Columns.isEmojiBase("\u{2764}") && Columns.isEmojiBase("1") && !Columns.isEmojiBase("a"))
    }

    @Test func tablesAreSortedDisjointRanges() {
        for (name, table) in [("zero", ColumnWidthTable.zero), ("wide", ColumnWidthTable.wide), ("emojiBase", ColumnWidthTable.emojiBase)] {
            #expect(table.count % 2 == 0 && !table.isEmpty, "\(name) holds pairs")
            for pair in stride(from: 0, to: table.count, by: 2) {
                #expect(table[pair] <= table[pair + 1], "\(name) range \(pair / 2) runs backwards")
                if pair > 0 {
                    #expect(table[pair - 1] + 1 < table[pair], "\(name) ranges \(pair / 2 - 1) and \(pair / 2) touch or overlap")
                }
            }
        }
    }

    @Test func theSearchFindsEveryEdge() {
        // Both ends of every range are in, the code points beside them are out.
        let table = ColumnWidthTable.wide
        for pair in stride(from: 0, to: table.count, by: 2) {
            #expect(RangeTable.contains(table, table[pair]) && RangeTable.contains(table, table[pair + 1]))
            #expect(!RangeTable.contains(table, table[pair] - 1) && !RangeTable.contains(table, table[pair + 1] + 1))
        }
        #expect(!RangeTable.contains([], 0x41))
    }
}
