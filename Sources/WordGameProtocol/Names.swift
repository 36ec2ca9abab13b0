import TextColumns

/// Rules for the names people type: nicknames and room names.
public enum Names {
    public static let nicknameLength = 1...16
    /// A nickname's width on screen, as a terminal draws it: 16 Latin
    /// letters, or 8 Chinese, Japanese or Korean characters or emoji, which
    /// take two columns each. The leaderboards and rankings give a name 16
    /// columns; a name of 16 CJK characters, which the character count lets
    /// through, would take 32 and push every score of the panel aside.
    public static let nicknameMaxColumns = 16
    /// A nickname's size in UTF-8. 16 characters of one code point each take
    /// at most 64 bytes, so any name the character count allows fits when
    /// typed as most keyboards type it (precomposed); what goes past it is a
    /// name built of sequences (decomposed accents, emoji with modifiers,
    /// flags) that the character count sees as few. It keeps a name a small
    /// part of the 512-byte lines that carry up to 12 of them.
    public static let nicknameMaxBytes = 64
    /// Combining marks in a row: enough for Vietnamese typed decomposed ("ệ"
    /// is e, dot below, circumflex), for pointed Hebrew (shin dot, dagesh,
    /// vowel) and Tibetan stacks; not for "a" under forty accents, which
    /// Swift counts as one character and which paints over its neighbours.
    public static let nicknameMaxMarks = 3
    public static let roomLength = 1...24
    public static let defaultRoom = "main"

    /// A nickname trimmed of surrounding spaces, runs of spaces inside it
    /// made one, or why it is refused: 1 to 16 characters, at most 16
    /// columns wide and at most 64 bytes, of letters, digits, punctuation,
    /// symbols and ordinary spaces.
    /// Control, format, invisible and blank-looking characters, other kinds
    /// of space, variation selectors, and accents that sit on nothing or pile
    /// up are refused, because they would paint on other players' terminals
    /// or let one name pass for another.
    public static func nickname(_ raw: String) -> Result<String, ProtocolError> {
        let name = raw.trimmingSpaces.collapsingSpaces
        // Printable ASCII, as most names are: one column and one byte a
        // character, nothing to refuse but the length (10,000 joins check it).
        if nicknameLength.contains(name.utf8.count), name.utf8.allSatisfy({ (0x20...0x7E).contains($0) }) {
            return .success(name)
        }
        if !name.isEmpty, let problem = refusal(name) ?? emptyOnScreen(name) {
            return .failure(ProtocolError(.badName, problem))
        }
        let limits = "Names are \(nicknameLength.lowerBound) to \(nicknameLength.upperBound) characters"
        guard !name.isEmpty else {
            return .failure(ProtocolError(.badName, "\(limits), and this one is empty. Type NAME <nickname>."))
        }
        guard nicknameLength.contains(name.count) else {
            return .failure(ProtocolError(.badName, "\(limits), and \(quoted(name)) has \(name.count). "
                + "Type NAME <nickname> with fewer characters."))
        }
        let columns = name.columnWidth
        guard columns <= nicknameMaxColumns else {
            return .failure(ProtocolError(.badName, "Names may be at most \(nicknameMaxColumns) columns wide on screen, "
                + "and \(quoted(name)) takes \(columns): Chinese, Japanese and Korean characters and most emoji take 2 columns each, "
                + "other letters 1. Type NAME <nickname> with fewer characters."))
        }
        guard name.utf8.count <= nicknameMaxBytes else {
            return .failure(ProtocolError(.badName, "Names may take at most \(nicknameMaxBytes) bytes, "
                + "and \(quoted(name)) takes \(name.utf8.count): accented letters, other alphabets and emoji take 2 to 4 bytes each, "
                + "or more when built of several parts. Type NAME <nickname> with fewer characters."))
        }
        return .success(name)
    }

    /// A room name folded to lower case, or why it is refused: 1 to 24 ASCII
    /// letters, digits, `-` or `_` as typed (rooms are typed by whole
    /// classes; keep them simple). Checked before folding, so that nothing
    /// that folds into ASCII (the Kelvin sign K, say) passes for it.
    public static func room(_ raw: String) -> Result<String, ProtocolError> {
        let typed = raw.trimmingSpaces
        let allowed = typed.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        }
        guard allowed, roomLength.contains(typed.unicodeScalars.count) else {
            return .failure(ProtocolError(.badRoom, "Room names are 1 to 24 letters, digits, - or _. "
                + "Type JOIN <room>, or just JOIN for room \"\(defaultRoom)\"."))
        }
        return .success(typed.lowercased())
    }

    /// A name for an error text, in quotes: whole, or visibly cut with `…`
    /// past 32 columns (a refused name may fill most of a 512-byte line).
    /// 32 is as wide as 16 characters can be, so only a name refused for
    /// having too many characters is ever cut.
    static func quoted(_ name: String) -> String {
        "\"" + Columns.fit(name, 2 * nicknameLength.upperBound) + "\""
    }

    /// The key under which two nicknames clash: names that look alike (in
    /// any case, in look-alike letters of another alphabet, in fullwidth or
    /// with invisible characters) have equal keys. See `NameFold`.
    public static func nicknameKey(_ name: String) -> String { NameFold.key(name) }

    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
            return false
        default:
            return true
        }
    }

    /// Why `name` holds a character that takes no column on its own (a
    /// Hangul vowel or final consonant without the initial consonant it
    /// joins), nil if none: terminals disagree on how to draw one, and the
    /// client's screens leave it out, so such a name would show as nothing.
    static func emptyOnScreen(_ name: String) -> String? {
        guard let lone = name.first(where: { $0.columnWidth == 0 }), let scalar = lone.unicodeScalars.first else { return nil }
        return "Names may not hold a character that takes no room on screen on its own, and this one holds \(scalar.codePoint). "
            + "Type NAME <nickname> with letters, digits, spaces or punctuation."
    }

    /// Graphic characters that show nothing: a name of them looks empty.
    /// (The Hangul fillers are Default_Ignorable, refused as invisible.)
    static let blank: Set<Unicode.Scalar> = ["\u{2800}", "\u{16FE4}", "\u{1D159}"]

    /// Why `name` (trimmed, not empty) holds a character it may not, in words
    /// for the person who typed it; nil if every character may stay.
    static func refusal(_ name: String) -> String? {
        let letters = "Type NAME <nickname> with letters, digits, spaces or punctuation."
        var previous: Unicode.Scalar?
        var marks = 0
        for scalar in name.unicodeScalars {
            defer { previous = scalar }
            let properties = scalar.properties
            let code = scalar.codePoint
            if properties.isVariationSelector {
                return "Names may not hold a variation selector (\(code)), the invisible character some keyboards add after an emoji "
                    + "or symbol, as in a red heart. Type NAME <nickname> with the symbol on its own, or with another emoji."
            }
            if properties.isDefaultIgnorableCodePoint || !isPrintable(scalar) {
                return "Names may not hold control or invisible characters, and this one holds \(code). \(letters)"
            }
            if properties.generalCategory == .spaceSeparator && scalar != " " {
                return "Names may use only the ordinary space between words, and this one holds another kind of space (\(code)). "
                    + "Type NAME <nickname> with ordinary spaces."
            }
            if blank.contains(scalar) {
                return "Names may not hold characters that look blank, and this one holds \(code). \(letters)"
            }
            switch properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark:
                guard let previous, previous != " " else {
                    return "An accent must sit on a letter, and this name has one (\(code)) at its start or after a space. "
                        + "Type NAME <nickname> with each accent on its letter."
                }
                marks += 1
                if marks > nicknameMaxMarks {
                    return "A letter may carry at most \(nicknameMaxMarks) accents or other marks, and this name has one with more. "
                        + "Type NAME <nickname> with fewer accents."
                }
            default:
                marks = 0
            }
        }
        return nil
    }
}

extension Unicode.Scalar {
    /// `U+00A0`: how an error names a character it cannot show.
    var codePoint: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

extension String {
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " }),
              let last = scalars.lastIndex(where: { $0 != " " })
        else { return "" }
        return String(scalars[first...last])
    }

    /// Runs of spaces made one: "Ana  María" and "Ana María" are one name.
    var collapsingSpaces: String {
        var scalars = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in unicodeScalars where !(scalar == " " && previous == " ") {
            scalars.append(scalar)
            previous = scalar
        }
        return String(scalars)
    }
}
