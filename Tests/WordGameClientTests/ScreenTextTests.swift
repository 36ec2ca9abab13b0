import Testing
@testable import WordGameClient

/// Text from the network on the screen: emoji sequences intact, nothing
/// that moves the cursor, changes colours or reorders the line.
@Suite struct ScreenTextTests {
    @Test func emojiSequencesStayWhole() {
        for text in ["family 👨\u{200D}👩\u{200D}👧", "🇪🇸", "\u{2764}\u{FE0F}", "1\u{FE0F}\u{20E3}", "👍🏽", "\u{231A}\u{FE0E}",
                     "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "क्\u{200D}ष", "Zoe\u{308}"] {
            #expect(ScreenText.safe(text) == text, "\(text.debugDescription) → \(ScreenText.safe(text).debugDescription)")
        }
    }

    @Test func whatCouldMoveTheCursorOrReorderTheLineIsReplaced() {
        #expect(ScreenText.safe("a\u{1B}[2Jb") == "a\u{FFFD}[2Jb")
        #expect(ScreenText.safe("abc\u{202E}def") == "abc\u{FFFD}def")
        #expect(ScreenText.safe("one\u{2028}two") == "one\u{FFFD}two")
        #expect(ScreenText.safe("👨\u{200D}\u{1B}[31m") == "👨\u{200D}\u{FFFD}[31m", "a joiner keeps nothing after it")
        #expect(ScreenText.safe("\u{200D}x") == "\u{FFFD}x", "a joiner at the start of a cluster joins nothing")
        #expect(ScreenText.safe("a\u{E0041}") == "a\u{FFFD}", "tags only after an emoji")
    }

    @Test func everyControlBidiAndOtherFormatCharacterIsReplaced() {
        // After a letter, an emoji, a space or alone: only the emoji joiners inside a cluster stay.
        var kept: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator: break
            case .privateUse, .unassigned: if value % 97 != 0 { continue }
            default: continue
            }
            let joiner = value == 0x200D || (0xE0020...0xE007F).contains(value)
            for before in ["", "a", " ", "🏴"] {
                let shown = ScreenText.safe(before + String(scalar) + "z")
                let allowed = joiner && before == "🏴" || value == 0x200D && !before.isEmpty
                if shown.unicodeScalars.contains(scalar) != allowed {
                    kept.append("U+\(String(value, radix: 16)) after \(before.debugDescription)")
                }
            }
        }
        #expect(kept.isEmpty, "\(kept.count): \(kept.prefix(10))")
        for bidi: UInt32 in [0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x61C] {
            #expect(ScreenText.safe("a\(Unicode.Scalar(bidi)!)b") == "a\u{FFFD}b")
        }
    }

    @Test func fitAndCentreMeasureInColumns() {
        #expect(ScreenText.fit("漢字漢字", 5) == "漢字…")
        #expect(ScreenText.centre("漢字", 8) == "  漢字")
        #expect(ScreenText.fit("family 👨\u{200D}👩\u{200D}👧 x", 8) == "family …", "the family is not split")
    }
}
