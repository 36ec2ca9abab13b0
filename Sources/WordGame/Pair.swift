/// One pair shown to the players: an English word and a Spanish word that is
/// or is not its translation.
public struct Pair: Hashable, Sendable, Codable {
    public var english: String
    public var spanish: String
    /// Whether `spanish` translates `english` according to the word list.
    public var isCorrect: Bool
    /// A correct translation of `english` (the shown one when `isCorrect`), for feedback.
    public var translation: String

    public init(english: String, spanish: String, isCorrect: Bool, translation: String) {
        self.english = english
        self.spanish = spanish
        self.isCorrect = isCorrect
        self.translation = translation
    }
}
