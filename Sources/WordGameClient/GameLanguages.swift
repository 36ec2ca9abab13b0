import WordGame

/// The languages of a room's list, as the last `LANGUAGES` line gave them: the word that stays
/// (`from`) and the one that falls (`to`), whose truth a player judges.
public struct GameLanguages: Equatable, Sendable {
    public var from: String
    public var to: String

    public init(from: String, to: String) {
        self.from = from
        self.to = to
    }

    /// The original list's, until a server says otherwise (a server of before `LANGUAGES` plays only those).
    public static let original = GameLanguages(from: WordList.originalFrom, to: WordList.originalTo)

    /// The question a player answers: "Is the Spanish word the right translation?"
    public var question: String { "Is the \(to) word the right translation?" }
}
