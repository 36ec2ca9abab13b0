import WordGame
import WordGameProtocol

/// How the client says a room's rules (`RULES`, and `GAME`'s out limit, where 0 means nobody is
/// ever out: Protocol.md §5), in the lobby, the header and the line-mode client.
extension ClientTexts {
    /// "out after 3 wrong answers", or "everyone plays every pair".
    static func out(_ maxIncorrect: Int) -> String {
        maxIncorrect == Rules.neverOut ? "everyone plays every pair"
            : "out after \(maxIncorrect) wrong attempt\(maxIncorrect == 1 ? "" : "s")"
    }

    /// Beside the wrong counter: "out at 3", or "out: never".
    static func outLimit(_ maxIncorrect: Int) -> String {
        maxIncorrect == Rules.neverOut ? "out: never" : "out at \(maxIncorrect)"
    }

    /// The rules in the lobby, widest first; with `languages`, the list's languages after its name where they fit.
    static func rules(_ rules: RoomRules, languages: GameLanguages? = nil) -> [String] {
        let time = LineModeText.seconds(rules.roundMilliseconds)
        let list = ScreenText.safe(rules.list)
        let pairs = "\(rules.pairs) pair\(rules.pairs == 1 ? "" : "s")"
        let short = "\(pairs) · \(time) s · \(outLimit(rules.maxIncorrect)) · \(list)"
        guard let languages else { return ["Rules: " + spelledOut(rules), short] }
        let both = " (\(ScreenText.safe(languages.from)) → \(ScreenText.safe(languages.to)))"
        return ["Rules: " + spelledOut(rules) + both, short + both, "Rules: " + spelledOut(rules), short]
    }

    /// "4 pairs · 5 s a pair · out after 3 wrong attempts · list default".
    static func spelledOut(_ rules: RoomRules) -> String {
        let pairs = "\(rules.pairs) pair\(rules.pairs == 1 ? "" : "s")"
        return "\(pairs) · \(LineModeText.seconds(rules.roundMilliseconds)) s a pair · \(out(rules.maxIncorrect)) · "
            + "list \(ScreenText.safe(rules.list))"
    }

    /// Said when the host changes the rules between games: "New rules for the next game: 4 pairs · 5 s a pair · …".
    static func newRules(_ rules: RoomRules) -> String {
        "New rules for the next game: " + spelledOut(rules)
    }
}

extension ClientTexts {
    /// The question a pair asks, in the list's languages, widest first: "English word, Spanish word: is the Spanish
    /// word the right translation?", down to nothing on a window too narrow for it.
    static func question(_ languages: GameLanguages) -> [String] {
        let from = ScreenText.safe(languages.from), to = ScreenText.safe(languages.to)
        return ["\(from) word, \(to) word: is the \(to) word the right translation?", "Is the \(to) word the right translation?",
                "\(from) → \(to)", ""]
    }
}
