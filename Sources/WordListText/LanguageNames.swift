import WordGame

/// Language names as teachers write them at the head of a list: in English
/// and in the language's own name, so that a header row `Deutsch	English`
/// or `français,anglais` names the list's languages. Read in any case; the
/// name given back is the table's spelling of the one matched. Pure.
public enum LanguageNames {
    /// Each language's names: in English first, then its own name and common
    /// spellings without their accents, as keyboards without them type them.
    static let table: [[String]] = [
        ["English", "Anglais", "Inglés", "Ingles", "Englisch", "Inglese", "Inglês", "Engels"],
        ["Spanish", "Español", "Espanol", "Castellano", "Espagnol", "Spanisch", "Spagnolo", "Espanhol"],
        ["French", "Français", "Francais", "Francés", "Frances", "Französisch", "Francese", "Francês"],
        ["German", "Deutsch", "Allemand", "Alemán", "Aleman", "Tedesco", "Alemão", "Duits"],
        ["Italian", "Italiano", "Italien", "Italienisch"],
        ["Portuguese", "Português", "Portugues", "Portugais", "Portugiesisch", "Portoghese"],
        ["Dutch", "Nederlands", "Néerlandais", "Niederländisch", "Holandés"],
        ["Swedish", "Svenska"],
        ["Norwegian", "Norsk", "Bokmål", "Nynorsk"],
        ["Danish", "Dansk"],
        ["Finnish", "Suomi"],
        ["Icelandic", "Íslenska", "Islenska"],
        ["Polish", "Polski"],
        ["Czech", "Čeština", "Cestina"],
        ["Slovak", "Slovenčina", "Slovencina"],
        ["Hungarian", "Magyar"],
        ["Romanian", "Română", "Romana"],
        ["Greek", "Ελληνικά"],
        ["Russian", "Русский"],
        ["Ukrainian", "Українська"],
        ["Bulgarian", "Български"],
        ["Serbian", "Српски", "Srpski"],
        ["Croatian", "Hrvatski"],
        ["Slovenian", "Slovenščina", "Slovenscina"],
        ["Lithuanian", "Lietuvių", "Lietuviu"],
        ["Latvian", "Latviešu", "Latviesu"],
        ["Estonian", "Eesti"],
        ["Turkish", "Türkçe", "Turkce"],
        ["Arabic", "العربية"],
        ["Hebrew", "עברית"],
        ["Persian", "Farsi", "فارسی"],
        ["Hindi", "हिन्दी", "हिंदी"],
        ["Urdu", "اردو"],
        ["Bengali", "বাংলা"],
        ["Chinese", "Mandarin", "中文", "汉语", "漢語", "普通话"],
        ["Japanese", "日本語"],
        ["Korean", "한국어"],
        ["Vietnamese", "Tiếng Việt", "Tieng Viet"],
        ["Thai", "ไทย"],
        ["Indonesian", "Bahasa Indonesia"],
        ["Malay", "Bahasa Melayu"],
        ["Filipino", "Tagalog"],
        ["Swahili", "Kiswahili"],
        ["Catalan", "Català", "Catala"],
        ["Basque", "Euskara"],
        ["Galician", "Galego"],
        ["Irish", "Gaeilge"],
        ["Welsh", "Cymraeg"],
        ["Latin", "Latina"],
        ["Esperanto"],
    ]

    /// Every spelling, in lower case, to the table's own.
    private static let byFolded: [String: String] = {
        var names: [String: String] = [:]
        for row in table { for name in row { names[name.lowercased()] = name } }
        return names
    }()

    /// The table's spelling of `text` (trimmed) when it names a language, in any case; nil otherwise.
    public static func language(_ text: String) -> String? {
        byFolded[text.trimmedWord.lowercased()]
    }

    /// Header rows that name no language: Quizlet's and spreadsheets' column titles.
    static let titles: Set<[String]> = [["term", "definition"], ["word", "translation"]]

    /// Whether `left` and `right` are column titles (`term`/`definition`, `word`/`translation`), in any case.
    static func areTitles(_ left: String, _ right: String) -> Bool {
        titles.contains([left.lowercased(), right.lowercased()])
    }
}
