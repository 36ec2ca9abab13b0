import WordGame

/// Every command word a client may send, spelled once: the parser reads these
/// (in any case) and `ClientCommand.line` writes them (Protocol.md §4).
public enum ClientKeyword: String, Sendable, CaseIterable {
    case help = "HELP"
    case name = "NAME"
    case join = "JOIN"
    case start = "START"
    case answer = "ANSWER"
    case status = "STATUS"
    case leave = "LEAVE"
    case ping = "PING"
    case quit = "QUIT"
    case host = "HOST"
    case watch = "WATCH"
    case lock = "LOCK"
    case unlock = "UNLOCK"
    case kick = "KICK"
    case stop = "STOP"
    case close = "CLOSE"
    case resume = "RESUME"
    case mode = "MODE"
    case rules = "RULES"
    case practice = "PRACTICE"
    case lists = "LISTS"
    case upload = "UPLOAD"
    case line = "LINE"
    case check = "CHECK"
    case save = "SAVE"
    case delete = "DELETE"

    /// The other spellings people type into `nc`, each for one keyword.
    public static let aliases: [String: ClientKeyword] = [
        "?": .help, "NICK": .name, "AGAIN": .start, "R": .start, "A": .answer,
        "Q": .quit, "EXIT": .quit, "BYE": .quit, "REMOVE": .kick,
    ]

    /// The one word `START` (and its other spellings) may take: the words the class missed come first.
    public static let missed = "MISSED"

    /// The answers on their own (`y`, `no`, `correct`…): a command of their own, `ANSWER` without the word.
    public static let answerWords: [String: Answer] = [
        "Y": .correct, "YES": .correct, "C": .correct, "CORRECT": .correct,
        "N": .wrong, "NO": .wrong, "W": .wrong, "WRONG": .wrong,
    ]

    /// The keyword an uppercased word spells, directly or as an alias.
    public static func spelled(_ word: String) -> ClientKeyword? {
        ClientKeyword(rawValue: word) ?? aliases[word]
    }

    /// Every word the parser knows, in capitals (HELP's test takes them from here).
    public static var allSpellings: [String] {
        allCases.map(\.rawValue) + aliases.keys + answerWords.keys
    }
}
