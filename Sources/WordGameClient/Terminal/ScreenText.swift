import TextColumns

/// Text bound for the screen. Everything from the network passes through
/// `safe` first: a word or a name must never move the cursor, change colours,
/// clear a player's screen or reorder what is drawn after it.
public enum ScreenText {
    /// Replaces control characters, bidi controls, line and paragraph
    /// separators, private-use and unassigned code points, and format
    /// characters with U+FFFD. The joiners that build an emoji inside its
    /// cluster stay (see `joinsCluster`), so 👨‍👩‍👧 is drawn as a family,
    /// not as 👨�👩�👧.
    public static func safe(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for character in text {
            let cluster = character.unicodeScalars
            guard let base = cluster.first else { continue }
            for (offset, scalar) in cluster.enumerated() {
                let kept = isShowable(scalar) || (offset > 0 && joinsCluster(scalar, base: base))
                scalars.append(kept ? scalar : "\u{FFFD}")
            }
        }
        return String(scalars)
    }

    static func isShowable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: return false
        default: return true
        }
    }

    /// Invisible characters that are part of an emoji when they follow its
    /// base inside one cluster: the zero-width joiner (👨‍👩‍👧), the text and
    /// emoji variation selectors (❤️), and the tags of a subdivision flag
    /// (🏴 + "gbsct" + cancel tag, only after an emoji). None of them moves
    /// the cursor or changes direction. At the start of a cluster the joiner
    /// and the tags join nothing, and are replaced like any other format
    /// character; the selectors are marks, kept like any accent.
    static func joinsCluster(_ scalar: Unicode.Scalar, base: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200D, 0xFE0E, 0xFE0F: return true
        case 0xE0020...0xE007F: return Columns.isEmojiBase(base)
        default: return false
        }
    }

    /// At most `width` columns, with an ellipsis when cut; clusters are never split.
    public static func fit(_ text: String, _ width: Int) -> String {
        Columns.fit(text, width)
    }

    /// `text` centred in `width` columns (cut if longer): the spaces before
    /// it and the text, not the spaces after.
    public static func centre(_ text: String, _ width: Int) -> String {
        let fitted = fit(text, width)
        return String(repeating: " ", count: max(0, (width - fitted.columnWidth) / 2)) + fitted
    }
}
