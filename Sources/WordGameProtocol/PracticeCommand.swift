import WordGame

/// `START MISSED` and `PRACTICE <list> [<english> …]` (Protocol.md §4): their syntax, apart from the room
/// that carries them out.
extension ClientCommand {
    /// `START` alone, or `START MISSED` (any case, and `AGAIN MISSED`): nothing else follows it.
    static func parseStart(_ typed: String, _ rest: String) -> Result<ClientCommand, ProtocolError> {
        if rest.isEmpty { return .success(.start) }
        if rest.uppercased() == ClientKeyword.missed { return .success(.startMissed) }
        return .failure(ProtocolError(.badArgument, "Type \(typed) to start a game, or \(typed) MISSED for one that deals first "
            + "the words missed in the last game."))
    }

    /// The list's name, then English words, each bare or as one quoted string (`"ice cream"`), as the list spells them.
    static func parsePractice(_ rest: String) -> Result<ClientCommand, ProtocolError> {
        guard let tokens = try? Quoting.tokenize(rest), !tokens.isEmpty else { return .failure(practiceUsage) }
        let texts = tokens.map { token in
            switch token {
            case .bare(let text), .quoted(let text): text
            }
        }
        guard let list = WordListName.valid(texts[0]) else {
            return .failure(ProtocolError(.badArgument, "A list's name is 1 to \(WordListName.maxLength) letters, digits, - or _. "
                + "Type PRACTICE \(WordListName.standard), or PRACTICE and another list's name."))
        }
        return .success(.practice(list: list, english: Array(texts.dropFirst())))
    }

    static let practiceUsage = ProtocolError(.badArgument, "Type PRACTICE and a list's name (PRACTICE \(WordListName.standard)) "
        + "to play alone; English words after it, each in quotes if it has a space, come first.")

    /// The line a client sends: the list bare (its name never needs quotes), every word quoted.
    static func practiceLine(list: String, english: [String]) -> String {
        ([ClientKeyword.practice.rawValue, list] + english.map(Quoting.quote)).joined(separator: " ")
    }
}
