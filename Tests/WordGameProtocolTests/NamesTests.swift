import Testing
import TextColumns
@testable import WordGameProtocol

@Suite struct NamesTests {
    // MARK: Nicknames refused

    static let refusedNames: [(String, String)] = [
        ("\u{A0}", "no-break space"), ("\u{3000}", "ideographic space"), ("\u{2003}", "em space"),
        ("\u{2009}", "thin space"), ("\u{202F}", "narrow no-break space"),
        ("\u{3164}", "Hangul filler"), ("\u{115F}", "Hangul choseong filler"), ("\u{1160}", "Hangul jungseong filler"),
        ("\u{FFA0}", "halfwidth Hangul filler"), ("\u{2800}", "Braille pattern blank"),
        ("\u{34F}", "combining grapheme joiner"), ("\u{FE0F}", "variation selector 16"), ("\u{FE00}", "variation selector 1"),
        ("\u{E0100}", "variation selector 17"), ("\u{E01EF}", "variation selector 256"),
        ("\u{200B}", "zero width space"), ("\u{200D}", "zero width joiner"), ("\u{2060}", "word joiner"),
        ("\u{AD}", "soft hyphen"), ("\u{180E}", "Mongolian vowel separator"), ("\u{E0041}", "tag letter"),
        ("\u{202E}", "right-to-left override"), ("\u{2028}", "line separator"), ("\u{FEFF}", "byte order mark"),
    ]

    @Test(arguments: refusedNames)
    func refusesInvisibleAndOddSpaces(character: String, what: String) {
        for name in ["Ana\(character)", "Ana\(character)Bo", "\(character)Ana"] {
            guard case .failure(let error) = Names.nickname(name) else {
                Issue.record("accepted a name with a \(what): \(name.debugDescription)")
                continue
            }
            #expect(error.code == .badName)
            #expect(error.text.contains("Type NAME"), "says what to type instead: \(error.text)")
            #expect(error.text.contains("U+"), "names the character it cannot show: \(error.text)")
        }
        #expect((try? Names.nickname(character).get()) == nil, "accepted a name of only a \(what)")
    }

    @Test func everyDefaultIgnorableIsRefused() {
        var accepted: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.isDefaultIgnorableCodePoint else { continue }
            if case .success = Names.nickname("Ana\(Character(scalar))x") { accepted.append(scalar.codePoint) }
        }
        #expect(accepted.isEmpty, "accepted \(accepted.prefix(10))")
    }

    @Test func variationSelectorsAreRefusedInPlainWords() throws {
        // "❤️" is U+2764 U+FE0F: refused, and the text says why and what to type.
        guard case .failure(let error) = Names.nickname("Ana \u{2764}\u{FE0F}") else { Issue.record("accepted ❤️"); return }
        #expect(error.code == .badName)
        #expect(error.text.contains("variation selector (U+FE0F)"))
        #expect(error.text.contains("Type NAME <nickname> with the symbol on its own"))
        #expect(try Names.nickname("Ana \u{2764}").get() == "Ana \u{2764}")
    }

    @Test func accentsPilingUpAreRefused() {
        let zalgo = "a" + String(repeating: "\u{301}", count: 40)
        #expect(zalgo.count == 1, "Swift counts it as one character")
        guard case .failure(let error) = Names.nickname(zalgo) else { Issue.record("accepted a letter under 40 accents"); return }
        #expect(error.code == .badName)
        #expect(error.text.contains("at most 3 accents"))
        #expect(!error.text.contains("\u{301}"), "the text does not paint the accents back")
        for bad in ["Bo" + String(repeating: "\u{308}", count: 4), "x\u{301}\u{302}\u{303}\u{304}y"] {
            #expect((try? Names.nickname(bad).get()) == nil, "accepted \(bad.debugDescription)")
        }
    }

    @Test func accentsMustSitOnALetter() {
        for bad in ["\u{301}Ana", "Ana \u{301}Bo", "Ana \u{20DD}"] {
            guard case .failure(let error) = Names.nickname(bad) else { Issue.record("accepted \(bad.debugDescription)"); continue }
            #expect(error.code == .badName)
            #expect(error.text.contains("sit on a letter"))
        }
    }

    @Test func lengthIsCharactersColumnsAndBytes() throws {
        #expect(try Names.nickname(String(repeating: "x", count: 16)).get().count == 16)
        #expect((try? Names.nickname(String(repeating: "x", count: 17)).get()) == nil)
        // 8 characters of 2 columns and 4 bytes: exactly the column cap, half the byte cap.
        #expect(try Names.nickname(String(repeating: "🦊", count: 8)).get().columnWidth == Names.nicknameMaxColumns)
        // Flags are 2 columns and 8 bytes: 8 of them meet both caps exactly.
        #expect(try Names.nickname(String(repeating: "🇵🇹", count: 8)).get().utf8.count == Names.nicknameMaxBytes)
        // Vietnamese typed decomposed (e, dot below, circumflex: 5 bytes a letter) fits 12 letters, not 13.
        let decomposed = String(repeating: "e\u{323}\u{302}", count: 12)
        #expect(try Names.nickname(decomposed).get() == decomposed)
        guard case .failure(let error) = Names.nickname(decomposed + "e\u{323}\u{302}") else { Issue.record("accepted 65 bytes"); return }
        #expect(error.code == .badName)
        #expect(error.text.contains("at most 64 bytes, and \"\(decomposed)e\u{323}\u{302}\" takes 65"))
        #expect(error.text.contains("Type NAME"))
    }

    @Test func namesAreAtMostSixteenColumns() throws {
        #expect(try Names.nickname("李小龍王大明張三").get() == "李小龍王大明張三", "8 CJK characters: 16 columns")
        #expect(try Names.nickname("Ana 李小龍").get() == "Ana 李小龍")
        for (name, columns) in [("李小龍王大明張三李", 18), (String(repeating: "漢", count: 16), 32), (String(repeating: "🦊", count: 16), 32),
                                ("Ana María 李小龍王", 18), (String(repeating: "🇵🇹", count: 9), 18)] {
            guard case .failure(let error) = Names.nickname(name) else { Issue.record("accepted \(name), \(columns) columns"); continue }
            #expect(error.code == .badName)
            #expect(error.text.hasPrefix("Names may be at most 16 columns wide on screen, and \"\(name)\" takes \(columns): "),
                    "\(error.text)")
            #expect(error.text.contains("Type NAME <nickname> with fewer characters."))
        }
    }

    @Test func everyCharacterOfANameTakesRoomOnScreen() throws {
        // A Hangul vowel alone takes no column: the name would show as nothing.
        for bad in ["\u{1161}\u{1161}", "Ana \u{1175}", "\u{D7B0}x"] {
            guard case .failure(let error) = Names.nickname(bad) else { Issue.record("accepted \(bad.debugDescription)"); continue }
            #expect(error.code == .badName)
            #expect(error.text.contains("takes no room on screen") && error.text.contains("U+"), "\(error.text)")
        }
        // With its initial consonant it is one syllable of two columns.
        #expect(try Names.nickname("\u{1112}\u{1161}\u{11AB} Kim").get().columnWidth == 6)
    }

    @Test func aTooLongNameIsQuotedWholeOrVisiblyCut() {
        guard case .failure(let error) = Names.nickname("ThisNameIsWayTooLongTruly") else { Issue.record("accepted 25 characters"); return }
        #expect(error.text == "Names are 1 to 16 characters, and \"ThisNameIsWayTooLongTruly\" has 25. "
                + "Type NAME <nickname> with fewer characters.")
        guard case .failure(let long) = Names.nickname("ThisNameIsWayTooLongForAnyLeaderboardAtAll") else {
            Issue.record("accepted 42 characters")
            return
        }
        #expect(long.text.contains("and \"ThisNameIsWayTooLongForAnyLeade…\" has 42."), "cut at 32 columns, visibly: \(long.text)")
        // Whatever the name, the quote is the whole name or a start of it and an ellipsis.
        for count in 17...120 {
            for letter in ["x", "漢", "é", "🦊"] {
                let name = String(repeating: letter, count: count)
                guard case .failure(let error) = Names.nickname(name) else { Issue.record("accepted \(count) \(letter)"); continue }
                let quote = error.text.split(separator: "\"")[1]
                #expect(quote == name || (quote.hasSuffix("…") && name.hasPrefix(quote.dropLast())), "\(error.text)")
                #expect(error.text.contains("\" has \(count). "), "the count is of characters, as the limit: \(error.text)")
            }
        }
    }

    // MARK: Nicknames accepted

    @Test(arguments: ["Ana María", "Zoë", "李小龍", "Ölçü", "🦊 Fox", "Bo \"B\" O'Neil", "Nguyễn Thị Ánh", "ms lee",
                      "Ho\u{308}ren", "Nguye\u{323}\u{302}n", "👍🏽 Kim", "🇵🇹 Rui", "Σωκράτης", "Дмитрий", "שָׁלוֹם", "ភាសា"])
    func acceptsRealNames(name: String) throws {
        #expect(try Names.nickname(name).get() == name)
    }

    @Test func spacesAreTrimmedAndRunsMadeOne() throws {
        #expect(try Names.nickname("  Ana María ").get() == "Ana María")
        #expect(try Names.nickname("Ana   María").get() == "Ana María")
        #expect(try Names.nickname(" Bo  Li  ").get() == "Bo Li")
    }

    // MARK: Room names

    @Test func roomsAreAsciiAsTyped() throws {
        #expect(try Names.room("Class-7B").get() == "class-7b")
        #expect(try Names.room(" k7px ").get() == "k7px")
        #expect(try Names.room("a_b-9").get() == "a_b-9")
        // The Kelvin sign lower-cases to ASCII "k": refused as typed.
        for bad in ["\u{212A}7PX", "class\u{212A}", "ſun", "ＡＢＣ", "ñandú", "", "a b", "x\"y", String(repeating: "r", count: 25), "Аna"] {
            guard case .failure(let error) = Names.room(bad) else { Issue.record("accepted room \(bad.debugDescription)"); continue }
            #expect(error.code == .badRoom)
            #expect(error.text.contains("Type JOIN"))
        }
        #expect(try Names.room(String(repeating: "r", count: 24)).get().count == 24)
    }

    // MARK: Keys

    static func key(_ name: String) -> String { Names.nicknameKey(name) }

    @Test func lookAlikesShareAKey() {
        let ana = Self.key("Ana")
        #expect(ana == "ana")
        for same in ["\u{410}na", "Ａｎａ", "ＡＮＡ", "ana", "ANA", "Ana\u{FE0F}", "An\u{200B}a", "\u{1D400}\u{1D427}\u{1D41A}", "Αnα"] {
            #expect(Self.key(same) == ana, "\(same.debugDescription) folds to \(Self.key(same).debugDescription)")
        }
        #expect(Self.key("paypal") == Self.key("p\u{430}yp\u{430}l"))
        #expect(Self.key("\u{3A1}\u{3BF}") == Self.key("Po"), "Greek Rho omicron is Latin Po")
        #expect(Self.key("Bob") == Self.key("\u{412}\u{41E}\u{412}"), "Cyrillic capitals")
        #expect(Self.key("Bob") == Self.key("\u{392}\u{39F}\u{392}"), "Greek capitals")
        #expect(Self.key("Nadia") == Self.key("\u{39D}adia"), "Greek capital Nu")
        #expect(Self.key("Ana María") == Self.key("Ana\u{A0}María"))
        #expect(Self.key("Ana María") == Self.key(" Ana   María "))
        #expect(Self.key("Zoë") == Self.key("Zoe\u{308}"), "keys compare up to canonical equivalence")
        #expect(Self.key("straße") == Self.key("STRASSE"))
    }

    @Test func whatTR39Folds() {
        // confusables.txt maps I, 1 and | to l; 0 to O; m to rn. Keys ignore
        // case, so "i" goes with "I" and so with "l".
        #expect(Self.key("l") == Self.key("I"))
        #expect(Self.key("l") == Self.key("1"))
        #expect(Self.key("l") == Self.key("|"))
        #expect(Self.key("PauI") == Self.key("Paul"))
        #expect(Self.key("B0b") == Self.key("Bob"))
        #expect(Self.key("Arne") == Self.key("Ame"), "rn looks like m")
        #expect(Self.key("Ali") == Self.key("All"), "the price of I looking like l")
    }

    @Test func differentNamesKeepDifferentKeys() {
        let pairs = [("Bo", "Bob"), ("Ana", "Ava"), ("Ana", "Anna"), ("Ana", "Ina"), ("Kim", "Tim"), ("Lee", "Lea"),
                     ("Ana María", "AnaMaría"), ("Zoë", "Zoe"), ("Ölçü", "Olcu"), ("李小龍", "李小龙"), ("P1", "P2"),
                     ("Student10", "Student1"), ("🦊 Fox", "🐺 Fox")]
        for (a, b) in pairs {
            #expect(Self.key(a) != Self.key(b), "\(a) and \(b) clash: \(Self.key(a).debugDescription)")
        }
    }

    @Test func keysAreStable() {
        // A key's key is itself: the table's results are left alone by the fold.
        for name in ["Ana", "ＡＮＡ", "Ölçü", "Σωκράτης", "Дмитрий", "paypal", "m0l1I|", "ǅemal", "ﬁ", "①②", "Ꭺꭺ"] {
            let key = Self.key(name)
            #expect(Self.key(key) == key, "\(name): \(key.debugDescription) folds again to \(Self.key(key).debugDescription)")
        }
    }

    // MARK: The generated table

    @Test func tableIsTheGeneratedOne() {
        let table = NameFold.table
        #expect(table.count == ConfusableTable.count, "every line parsed")
        #expect((3_000...6_000).contains(table.count))
        #expect(table["\u{430}"] == "a", "Cyrillic a")
        #expect(table["\u{FF21}"] == "a", "fullwidth A")
        #expect(table["\u{FF41}"] == "a", "fullwidth a")
        #expect(table["\u{3A1}"] == "p", "Greek capital Rho")
        #expect(table["I"] == "l")
        #expect(table["0"] == "o")
        #expect(table["m"] == "rn")
        #expect(table["\u{A0}"] == " ")
        #expect(table["A"] == nil, "plain lower-casing needs no entry")
    }

    @Test func tableResultsAreFixedPoints() {
        // What the table gives is neither in the table (as something else),
        // nor changed by lower-casing, nor ignorable: one pass is enough.
        var bad: [String] = []
        for (source, folded) in NameFold.table {
            for scalar in folded.unicodeScalars {
                let again = NameFold.table[scalar].map { $0 == String(scalar) } ?? !scalar.properties.changesWhenLowercased
                if !again || scalar.properties.isDefaultIgnorableCodePoint { bad.append("\(source.codePoint)→\(scalar.codePoint)") }
            }
        }
        #expect(bad.isEmpty, "\(bad.prefix(10))")
    }
}
