/// What is wrong with a word list, in words a teacher can act on.
public enum WordListProblem: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(String)
    case notJSON(String)
    case notAnArray
    case entryNotAnObject(entry: Int)
    case missingKey(entry: Int, key: String)
    case notAString(entry: Int, key: String)
    case emptyText(entry: Int, key: String)
    case empty
    case tooFewTranslations(dealableEnglish: Int, from: String, to: String)
    /// A file of our own format (`wordgame_list`) that does not hold together: what is wrong, in words.
    case badFormat(String)

    public var description: String {
        switch self {
        case .unreadable(let reason):
            return "cannot read the file: \(reason)"
        case .notJSON(let reason):
            return "not valid JSON: \(reason)"
        case .notAnArray:
            return "expected a JSON array of {\"\(WordListKeys.english)\": ..., \"\(WordListKeys.spanish)\": ...} objects"
        case .entryNotAnObject(let entry):
            return "entry \(entry) is not an object with \"\(WordListKeys.english)\" and \"\(WordListKeys.spanish)\""
        case .missingKey(let entry, let key):
            return "entry \(entry) has no \"\(key)\""
        case .notAString(let entry, let key):
            return "entry \(entry): \"\(key)\" is not a string"
        case .emptyText(let entry, let key):
            return "entry \(entry): \"\(key)\" is empty"
        case .empty:
            return "the list has no entries"
        case .tooFewTranslations(let dealable, let from, let to):
            return "too few distinct translations to make a wrong pair: at least 2 \(from) words need a \(to) word "
                + "that is not their translation, and \(dealable) \(dealable == 1 ? "does" : "do")"
        case .badFormat(let what):
            return what
        }
    }
}

/// A word list that could not be loaded: the file and the problem, as one line.
public struct WordListError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var problem: WordListProblem

    public init(path: String, problem: WordListProblem) {
        self.path = path
        self.problem = problem
    }

    public var description: String { "word list \(path): \(problem)" }
}
