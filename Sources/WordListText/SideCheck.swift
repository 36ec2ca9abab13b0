/// What a side of a pair (a word, or a phrase) may be: something a screen
/// shows, short enough for a falling word. Pure.
public enum SideCheck {
    /// A side's length in characters as people count them (grapheme clusters):
    /// a phrase a pupil reads while it falls.
    public static let maxCharacters = 60
    /// A side's size in UTF-8: 60 characters of most scripts take at most 180
    /// bytes; what goes past 240 is built of sequences (accents typed apart,
    /// emoji with modifiers) that the character count sees as few. Two sides
    /// and the fields around them then fit every server line they travel in.
    public static let maxBytes = 240

    /// Whether a screen can show `text` (trimmed, not empty): it holds no
    /// control character (a terminal would act on it) and not only characters
    /// that show nothing (zero-width spaces, format characters, the blank
    /// Braille pattern), which would be a pair with no word in it.
    public static func isShowable(_ text: String) -> Bool {
        var showsSomething = false
        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            switch properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator, .surrogate: return false
            case .format, .spaceSeparator: continue
            default: break
            }
            if properties.isWhitespace || properties.isDefaultIgnorableCodePoint || blank.contains(scalar) { continue }
            // A mark shows only on a letter before it: alone it is nothing to read.
            switch properties.generalCategory {
            case .nonspacingMark, .enclosingMark: continue
            default: showsSomething = true
            }
        }
        return showsSomething
    }

    /// Graphic characters that show nothing.
    static let blank: Set<Unicode.Scalar> = ["\u{2800}", "\u{16FE4}", "\u{1D159}", "\u{3164}", "\u{FFA0}", "\u{115F}", "\u{1160}"]

    /// Whether `text` fits a side: at most `maxCharacters` characters and `maxBytes` bytes.
    public static func fits(_ text: String) -> Bool {
        text.utf8.count <= maxBytes && text.count <= maxCharacters
    }
}
