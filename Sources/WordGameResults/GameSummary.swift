import WordGame

/// One finished game as a JSON object: a line of `history.jsonl`, for
/// programs (the report reads these). Keys are snake_case.
public struct GameSummary: Codable, Equatable, Sendable {
    public var game: String
    public var room: String
    public var number: Int
    /// ISO 8601 with the server's UTC offset.
    public var started: String
    public var ended: String
    public var stoppedEarly: Bool
    public var rules: RulesSummary
    public var pairs: [PairSummary]
    public var players: [PlayerSummary]

    public struct RulesSummary: Codable, Equatable, Sendable {
        public var pairs: Int
        public var roundMs: Int
        /// 0: nobody was ever out (`RULES OUT NEVER`), as the `GAME` line writes it.
        public var maxIncorrect: Int
        /// The word list's name (`default`: the server's `--words`); nil in files written before rooms chose their lists.
        public var wordList: String?

        public init(pairs: Int, roundMs: Int, maxIncorrect: Int, wordList: String? = nil) {
            self.pairs = pairs
            self.roundMs = roundMs
            self.maxIncorrect = maxIncorrect
            self.wordList = wordList
        }
    }

    public struct PairSummary: Codable, Equatable, Sendable {
        public var english: String
        public var spanish: String
        /// `correct` or `wrong`: whether the shown Spanish word translates the English one.
        public var truth: String
        public var translation: String
    }

    public struct PlayerSummary: Codable, Equatable, Sendable {
        public var name: String
        /// Nil for a player who left before the end.
        public var rank: Int?
        public var correct: Int
        /// Wrong answers; with `timeouts`, the wrong attempts a screen counts.
        public var wrong: Int
        public var timeouts: Int
        /// Pairs missed while the seat was held empty: no attempt. Nil in files written before it was counted.
        public var away: Int?
        public var totalMs: Int64
        public var outAt: Int?
        public var leftAt: Int?
        /// One per pair played, in order; nil where the player was not playing.
        public var answers: [AnswerSummary?]
    }

    public struct AnswerSummary: Codable, Equatable, Sendable {
        /// `correct`, `wrong` (what the player claimed), `timeout` or `away`.
        public var answer: String
        public var ms: Int
        /// `right`, `wrong`, `timeout` or `away`.
        public var verdict: String
    }
}
