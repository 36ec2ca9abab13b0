/// One entry of a word list: a word of the list's `from` language and a correct
/// translation in its `to` language. The field names keep the original list's
/// languages (English and Spanish, `text_eng` and `text_spa`); what people read
/// names the list's own (`WordList.from`, `WordList.to`).
public struct WordEntry: Hashable, Sendable {
    public var english: String
    public var spanish: String

    public init(english: String, spanish: String) {
        self.english = english
        self.spanish = spanish
    }
}

/// A validated word list: every entry is a correct pair, text is trimmed,
/// duplicates are folded, and there are enough distinct translations to show
/// a wrong pair for at least two English words.
///
/// Truth is decided by text, never by index: (english, spanish) is correct
/// exactly when some entry holds that English word with that Spanish word, so
/// with the original list `partner` + `pareja` is correct even though `pareja`
/// first appears as the translation of `pair`.
public struct WordList: Sendable {
    /// The language of the word that stays (`english`), as people read its name: "English".
    public let from: String
    /// The language of the word that falls (`spanish`), whose truth a player judges: "Spanish".
    public let to: String
    /// Distinct trimmed entries, in the order of their first appearance.
    public let entries: [WordEntry]
    /// Each English word's translations, in list order.
    let translations: [String: [String]]
    /// Every distinct Spanish word, in list order.
    let spanishWords: [String]
    /// English words that can be shown with a wrong translation, in list order.
    let dealableEnglish: [String]

    /// The languages of the original list, and of a list that names none.
    public static let originalFrom = "English"
    public static let originalTo = "Spanish"

    /// Builds a list from raw entries, trimming text and folding duplicates.
    public init(entries raw: [WordEntry], from: String = WordList.originalFrom, to: String = WordList.originalTo)
        throws(WordListProblem) {
        var seen = Set<WordEntry>()
        var entries: [WordEntry] = []
        var translations: [String: [String]] = [:]
        var englishOrder: [String] = []
        var spanishSeen = Set<String>()
        var spanishWords: [String] = []
        for (index, entry) in raw.enumerated() {
            let trimmed = WordEntry(english: entry.english.trimmedWord, spanish: entry.spanish.trimmedWord)
            if trimmed.english.isEmpty { throw .emptyText(entry: index + 1, key: WordListKeys.english) }
            if trimmed.spanish.isEmpty { throw .emptyText(entry: index + 1, key: WordListKeys.spanish) }
            guard seen.insert(trimmed).inserted else { continue }
            entries.append(trimmed)
            if translations[trimmed.english] == nil { englishOrder.append(trimmed.english) }
            translations[trimmed.english, default: []].append(trimmed.spanish)
            if spanishSeen.insert(trimmed.spanish).inserted { spanishWords.append(trimmed.spanish) }
        }
        if entries.isEmpty { throw .empty }
        let dealable = englishOrder.filter { translations[$0]!.count < spanishWords.count }
        if dealable.count < 2 { throw .tooFewTranslations(dealableEnglish: dealable.count, from: from, to: to) }
        self.from = from
        self.to = to
        self.entries = entries
        self.translations = translations
        self.spanishWords = spanishWords
        self.dealableEnglish = dealable
    }

    /// True exactly when the list holds `english` with `spanish` (compared trimmed).
    public func isCorrect(english: String, spanish: String) -> Bool {
        translations[english.trimmedWord]?.contains(spanish.trimmedWord) ?? false
    }

    /// The translations of `english` in list order (empty if the word is not in the list).
    public func translations(of english: String) -> [String] {
        translations[english.trimmedWord] ?? []
    }
}

/// The JSON keys of a word list entry.
public enum WordListKeys {
    public static let english = "text_eng"
    public static let spanish = "text_spa"
}

extension String {
    /// Words are shown and compared without surrounding white space (the
    /// original list has trailing spaces and CR LF line ends).
    public var trimmedWord: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
