/// What a player claims about a pair: the Spanish word is, or is not, a correct translation.
public enum Answer: String, Sendable, CaseIterable {
    case correct = "CORRECT"
    case wrong = "WRONG"

    public init(claimingCorrect: Bool) { self = claimingCorrect ? .correct : .wrong }
}

/// How a player's attempt at one pair was judged.
public enum Verdict: String, Sendable, CaseIterable, Codable {
    /// The answer matched the truth of the pair: a correct attempt.
    case right = "RIGHT"
    /// The answer did not match: an incorrect attempt.
    case wrong = "WRONG"
    /// No answer in time: an incorrect attempt.
    case timeout = "TIMEOUT"
    /// The player's seat was held empty for the whole pair (their connection had gone before the pair
    /// left for them, and they were not back in time to answer it): no attempt, neither right nor wrong,
    /// and it never brings them nearer to being out (Protocol.md §4, RESUME). Never sent in `RESULT`:
    /// nobody is connected to read it.
    case away = "AWAY"

    public var isCorrectAttempt: Bool { self == .right }
    /// A wrong answer or a timeout: what counts toward being out.
    public var isIncorrectAttempt: Bool { self == .wrong || self == .timeout }
}

/// One player's counters in a match.
public struct Score: Equatable, Sendable, Codable {
    public var correct = 0
    public var incorrect = 0
    /// Effective time taken over all judged pairs (the network's round trip
    /// credited, see `NetworkAllowance`); a timeout counts as the whole time allowed.
    public var answerNanoseconds: Int64 = 0
    /// Out of the game after too many incorrect attempts; watches the rest.
    public var isOut = false

    public init(correct: Int = 0, incorrect: Int = 0, answerNanoseconds: Int64 = 0, isOut: Bool = false) {
        self.correct = correct
        self.incorrect = incorrect
        self.answerNanoseconds = answerNanoseconds
        self.isOut = isOut
    }

    /// The total as the wire shows it and as ranks compare it: whole milliseconds, rounded down.
    public var answerMilliseconds: Int64 { answerNanoseconds / 1_000_000 }
}
