/// What a player claims about a pair: the Spanish word is, or is not, a correct translation.
public enum Answer: String, Sendable, CaseIterable {
    case correct = "CORRECT"
    case wrong = "WRONG"

    public init(claimingCorrect: Bool) { self = claimingCorrect ? .correct : .wrong }
}

/// How a player's attempt at one pair was judged.
public enum Verdict: String, Sendable, CaseIterable {
    /// The answer matched the truth of the pair: a correct attempt.
    case right = "RIGHT"
    /// The answer did not match: an incorrect attempt.
    case wrong = "WRONG"
    /// No answer in time: an incorrect attempt.
    case timeout = "TIMEOUT"

    public var isCorrectAttempt: Bool { self == .right }
}

/// One player's counters in a match.
public struct Score: Equatable, Sendable {
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
