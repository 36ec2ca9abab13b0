import WordGame

/// What every room of a server plays with.
public struct GameSettings: Sendable {
    public var words: WordList
    public var rules: Rules
    /// With a seed, game g of room r is dealt from `GameSeed.derive(serverSeed:room:game:)`:
    /// the same pairs run after run, and never the same game in two rooms.
    public var seed: UInt64?
    /// 0: the host starts each game with START. N > 0: a game also starts by
    /// itself once N players are ready (joined, or typed AGAIN after a game).
    public var autoStart: Int
    /// Wait this long after the auto-start count is reached, so others can join.
    public var countdownMilliseconds: Int
    /// Top rows sent after each round: a leaderboard that does not grow with the room.
    public var leaderboardSize: Int

    public init(words: WordList, rules: Rules = .original, seed: UInt64? = nil, autoStart: Int = 0,
                countdownMilliseconds: Int = 0, leaderboardSize: Int = 10) {
        self.words = words
        self.rules = rules
        self.seed = seed
        self.autoStart = autoStart
        self.countdownMilliseconds = countdownMilliseconds
        self.leaderboardSize = leaderboardSize
    }
}
