import Testing
import WordGame
@testable import WordListText

/// The teacher's text read into pairs: every way of writing a line, every reason a line is skipped,
/// the header, and each limit at its edge. Pure: lines in, a reading out.
@Suite struct ListTextTests {
    func pairs(_ reading: ListText.Reading) -> [[String]] { reading.pairs.map { [$0.english, $0.spanish] } }

    func skipped(_ reading: ListText.Reading) -> [String] { reading.skipped.map { "\($0.line) \($0.why.rawValue) \($0.text)" } }

    @Test func aTabLineIsTwoSidesAsASpreadsheetOrQuizletWritesThem() {
        let reading = ListText.read(["the cat\tle chat", "  dog \t chien  ", "a, b\tc; d"], from: "English", to: "French")
        #expect(pairs(reading) == [["the cat", "le chat"], ["dog", "chien"], ["a, b", "c; d"]])
        #expect(reading.skipped.isEmpty && reading.from == "English" && reading.to == "French" && reading.header == nil)
    }

    @Test func csvCellsMayBeQuotedAndHoldTheSeparatorAndQuotes() {
        let reading = ListText.read([#""the dog, black",le chien noir"#, #""say ""hi""",dire « salut »"#, #" "spaced" , "x""y" "#,
                                     #""never closed,still one cell"#],
                                    from: "English", to: "French")
        #expect(pairs(reading) == [["the dog, black", "le chien noir"], [#"say "hi""#, "dire « salut »"], ["spaced", #"x"y"#]])
        #expect(skipped(reading) == [#"4 columns "never closed,still one cell"#])
    }

    @Test func semicolonsSeparateWhenTheTextHoldsMoreOfThemThanCommas() {
        let european = ListText.read(["Katze;cat", "Hund;dog", "Zahl, groß;number"], from: "Deutsch", to: "English")
        #expect(pairs(european) == [["Katze", "cat"], ["Hund", "dog"], ["Zahl, groß", "number"]])
        // Commas win a tie, and semicolons inside quotes are not counted.
        let commas = ListText.read(["a;b,c", #""x;y;z",w"#], from: "A", to: "B")
        #expect(pairs(commas) == [["a;b", "c"], ["x;y;z", "w"]])
        // Lines with a tab do not vote: they are cut at their tab.
        let mixed = ListText.read(["one;two", "three\tfour;five;six;seven", "six,seven"], from: "A", to: "B")
        #expect(pairs(mixed) == [["three", "four;five;six;seven"], ["six", "seven"]])
        #expect(skipped(mixed) == ["1 columns one;two"])
    }

    @Test func blankLinesAreSkippedSilentlyAndCountedInTheNumbering() {
        let reading = ListText.read(["", "   ", "cat,chat", ",,", "\t", "dog", "cow,vache,,"], from: "English", to: "French")
        #expect(pairs(reading) == [["cat", "chat"], ["cow", "vache"]])
        #expect(skipped(reading) == ["6 columns dog"])
    }

    @Test func everyReasonALineIsSkipped() {
        let long = String(repeating: "x", count: SideCheck.maxCharacters + 1)
        let reading = ListText.read([
            "one cell",                // columns: not two sides
            "a,b,c",                   // columns: a third cell that is not empty
            "cat,",                    // empty
            ",chat",                   // empty
            "\u{7}bell,cloche",         // unshowable: a control character
            "\u{200B},nothing",         // unshowable: only a zero-width space
            "\u{2800}\u{3000},blank",   // unshowable: a blank pattern and an ideographic space
            "\u{301},accent",           // unshowable: an accent on nothing
            "\(long),long",            // too-long
            "dog,chien",
            "dog,chien",               // duplicate
            "dog,le chien",            // another translation: a pair
        ], from: "English", to: "French")
        #expect(reading.skipped.map(\.why) == [.columns, .columns, .empty, .empty, .unshowable, .unshowable, .unshowable, .unshowable,
                                               .tooLong, .duplicate])
        #expect(reading.skipped.map(\.line) == [1, 2, 3, 4, 5, 6, 7, 8, 9, 11])
        #expect(reading.skipped[0].text == "one cell")
        #expect(pairs(reading) == [["dog", "chien"], ["dog", "le chien"]])
    }

    @Test func theFirstReasonThatAppliesIsTheOneGiven() {
        let long = String(repeating: "y", count: 70)
        #expect(ListText.read(["a,,c"], from: "A", to: "B").skipped.map(\.why) == [.columns])
        #expect(ListText.read(["\(long),"], from: "A", to: "B").skipped.map(\.why) == [.empty])
        #expect(ListText.read(["\(long),\u{1B}"], from: "A", to: "B").skipped.map(\.why) == [.unshowable])
    }

    @Test func aSideIsAtMost60CharactersAnd240Bytes() {
        let sixty = String(repeating: "é", count: 60)  // 60 characters, 120 bytes
        let wide = String(repeating: "漢", count: 60)   // 60 characters, 180 bytes
        let heavy = String(repeating: "👩‍👩‍👧", count: 13)  // 13 characters, 234 bytes
        let tooHeavy = String(repeating: "👩‍👩‍👧", count: 14)  // 14 characters, 252 bytes
        let reading = ListText.read(["\(sixty),a", "\(wide),b", "\(heavy),c", "\(sixty)é,d", "\(tooHeavy),e"], from: "A", to: "B")
        #expect(reading.pairs.count == 3)
        #expect(reading.skipped.map(\.line) == [4, 5] && reading.skipped.allSatisfy { $0.why == .tooLong })
    }

    @Test func aHeaderNamingLanguagesGivesThemWhenTheUploadGaveNone() {
        let reading = ListText.read(["", "français\tDeutsch", "chat\tKatze", "chien\tHund"], from: "", to: "")
        #expect(reading.header == 2 && reading.from == "Français" && reading.to == "Deutsch")
        #expect(pairs(reading) == [["chat", "Katze"], ["chien", "Hund"]])
        let script = ListText.read(["日本語,العربية", "猫,قطة"], from: "", to: "")
        #expect((script.from, script.to) == ("日本語", "العربية"))
        // Languages given stand; a header naming others is still a header.
        let given = ListText.read(["English,Spanish", "cat,chat"], from: "English", to: "French")
        #expect(given.header == 1 && (given.from, given.to) == ("English", "French") && given.pairs.count == 1)
        // One given, the other from the header.
        let half = ListText.read(["ENGLISH;ITALIAN", "cat;gatto"], from: "English", to: "")
        #expect((half.from, half.to) == ("English", "Italian"))
    }

    @Test func aHeaderMayRepeatTheLanguagesGivenOrTitleTheColumns() {
        let klingon = ListText.read(["english,KLINGON", "hello,nuqneH"], from: "English", to: "Klingon")
        #expect(klingon.header == 1 && klingon.pairs.count == 1)
        for titles in ["Term\tDefinition", "word,translation"] {
            let reading = ListText.read([titles, "cat,chat"], from: "", to: "")
            #expect(reading.header == 1 && reading.from == nil && reading.to == nil, "\(titles)")
        }
        // Only the first line that is not blank, and only when both cells name languages.
        let notHeader = ListText.read(["cat,chat", "English,French"], from: "", to: "")
        #expect(notHeader.header == nil && notHeader.pairs.count == 2 && notHeader.from == nil)
        let halfLanguage = ListText.read(["English,chat"], from: "", to: "")
        #expect(halfLanguage.header == nil && halfLanguage.pairs.count == 1)
    }

    @Test func excelsByteOrderMarkIsDropped() {
        let reading = ListText.read(["\u{FEFF}English;German", "cat;Katze"], from: "", to: "")
        #expect(reading.header == 1 && reading.from == "English" && reading.to == "German")
    }

    @Test func showableIsAboutWhatAScreenDraws() {
        for text in ["cat", "é", "e\u{301}", "漢字", "🍎", "❤️", "a b", "ﷺ", "\u{E000}"] { #expect(SideCheck.isShowable(text), "\(text)") }
        for text in ["\u{0}", "a\u{9F}b", "a\u{2028}b", "\u{200B}\u{200D}", "\u{FEFF}", "\u{3000}", "\u{2800}", "\u{301}\u{302}",
                     "\u{115F}\u{1160}"] {
            #expect(!SideCheck.isShowable(text), "\(Array(text.unicodeScalars))")
        }
    }

    @Test func languagesAreKnownInEnglishAndInTheirOwnNamesInAnyCase() {
        #expect(LanguageNames.language("french") == "French")
        #expect(LanguageNames.language(" FRANÇAIS ") == "Français")
        #expect(LanguageNames.language("deutsch") == "Deutsch")
        #expect(LanguageNames.language("한국어") == "한국어")
        #expect(LanguageNames.language("Klingon") == nil)
        #expect(LanguageNames.table.count >= 40)
    }
}
