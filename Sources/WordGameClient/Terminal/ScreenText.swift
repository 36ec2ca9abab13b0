/// Text bound for the screen. Everything from the network passes through
/// `safe` first: a word or a name must never move the cursor, change colours
/// or clear a player's screen.
public enum ScreenText {
    /// Replaces control and invisible characters with U+FFFD.
    public static func safe(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { isShowable($0) ? $0 : "\u{FFFD}" }))
    }

    static func isShowable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: return false
        default: return true
        }
    }

    /// At most `width` characters, with an ellipsis when cut.
    public static func fit(_ text: String, _ width: Int) -> String {
        guard width > 0 else { return "" }
        guard text.count > width else { return text }
        return String(text.prefix(width - 1)) + "…"
    }

    /// `text` centred in `width` columns (cut if longer).
    public static func centre(_ text: String, _ width: Int) -> String {
        let fitted = fit(text, width)
        let left = (width - fitted.count) / 2
        return String(repeating: " ", count: left) + fitted
    }
}
