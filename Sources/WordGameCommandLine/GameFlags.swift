import WordGame

/// The flags that set what a game plays, shared by wordgame-server and solo wordgame-client.
public struct GameFlags: Equatable {
    public var wordsPath: String?
    public var rules = Rules.original
    public var seed: UInt64?

    public init() {}

    /// Reads `flag` if it is a game flag; returns false for any other flag.
    public mutating func read(_ flag: (flag: String, inlineValue: String?),
                              from scanner: inout ArgumentScanner) throws(UsageError) -> Bool {
        switch flag.flag {
        case "--words": wordsPath = try scanner.value(for: flag)
        case "--round-ms": rules.roundMilliseconds = try scanner.integer(for: flag, in: Rules.roundMillisecondsRange)
        case "--pairs": rules.pairCount = try scanner.integer(for: flag, in: Rules.pairCountRange)
        case "--max-incorrect": rules.maxIncorrect = try scanner.integer(for: flag, in: Rules.maxIncorrectRange)
        case "--seed": seed = try scanner.integer(for: flag, in: 0...UInt64.max)
        default: return false
        }
        return true
    }
}
