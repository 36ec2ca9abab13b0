import WordGamePOSIX

/// One `history.jsonl` as read: the path it was named by (for the report's
/// first line and its problems), which file that is, and its games in file order.
public struct HistoryFile: Equatable, Sendable {
    public var path: String
    /// Two paths to one file (a folder given twice, `./x` and `x`, a link) have the same identity.
    public var identity: FileIdentity
    public var games: [GameSummary]

    public init(path: String, identity: FileIdentity, games: [GameSummary]) {
        self.path = path
        self.identity = identity
        self.games = games
    }
}
