/// What `wordgame-report` tells a teacher about a results folder (or a fleet's): a line per
/// player, the English words the class missed, the wrong Spanish words
/// that fooled players, and the pairs played, the hardest first. Built by `Report(games:)`; printed by `ReportTable`.
public struct Report: Equatable, Sendable {
    public var games: Int
    /// Of those, the games that ended before their last pair (the host's STOP, the server stopping with
    /// nothing kept, or a lesson too old to take up after a restart): their players played fewer pairs.
    public var stoppedEarly: Int
    /// The first game's `started` and the last game's `ended`, as saved.
    public var firstStarted: String?
    public var lastEnded: String?
    /// Best accuracy first, then most games, then name.
    public var players: [Player]
    /// Every English word missed at least once, most misses first, then by word.
    public var missed: [MissedWord]
    /// Every (shown Spanish, English) pair that fooled someone, most players first.
    public var fooled: [FoolingPair]
    /// Every pair played (an English word with the Spanish word shown), over all the games, the hardest first:
    /// the order of the projector's table and the results' pairs file (`HardestPairs`).
    public var hardest: [HardPair]

    public init(games: Int, stoppedEarly: Int = 0, firstStarted: String?, lastEnded: String?, players: [Player], missed: [MissedWord],
                fooled: [FoolingPair], hardest: [HardPair] = []) {
        self.games = games
        self.stoppedEarly = stoppedEarly
        self.firstStarted = firstStarted
        self.lastEnded = lastEnded
        self.players = players
        self.missed = missed
        self.fooled = fooled
        self.hardest = hardest
    }

    public struct Player: Equatable, Sendable {
        /// As spelled in their latest game.
        public var name: String
        public var games: Int
        public var correct: Int
        /// Correct, wrong and timed-out pairs: what accuracy is counted over.
        public var attempts: Int
        /// Pairs answered in time (not timeouts) and the time they took.
        public var answered: Int
        public var answeredMilliseconds: Int64
        /// Nil when they left every game before its end.
        public var bestRank: Int?

        public init(name: String, games: Int, correct: Int, attempts: Int, answered: Int, answeredMilliseconds: Int64, bestRank: Int?) {
            self.name = name
            self.games = games
            self.correct = correct
            self.attempts = attempts
            self.answered = answered
            self.answeredMilliseconds = answeredMilliseconds
            self.bestRank = bestRank
        }

        /// Accuracy in tenths of a percent, rounded half up; nil without attempts.
        /// Integers, so that 2/3 prints 66.7 on every machine and locale.
        public var accuracyTenths: Int? {
            attempts == 0 ? nil : (correct * 2_000 + attempts) / (2 * attempts)
        }

        /// `66.7`, or nil without attempts.
        public var accuracyText: String? {
            accuracyTenths.map { "\($0 / 10).\($0 % 10)" }
        }

        /// Mean time of the answers given, in whole milliseconds rounded half up.
        public var meanMilliseconds: Int64? {
            answered == 0 ? nil : (answeredMilliseconds * 2 + Int64(answered)) / (2 * Int64(answered))
        }

        /// Compares exact fractions (cross-multiplied), not the rounded figures.
        func isMoreAccurate(than other: Player) -> Bool? {
            switch (attempts, other.attempts) {
            case (0, 0): return nil
            case (0, _): return false
            case (_, 0): return true
            default:
                let mine = correct * other.attempts, theirs = other.correct * attempts
                return mine == theirs ? nil : mine > theirs
            }
        }
    }

    public struct MissedWord: Equatable, Sendable {
        public var english: String
        /// Answers that were wrong or timed out.
        public var missed: Int
        /// Every answer to a pair with this English word.
        public var answers: Int

        public init(english: String, missed: Int, answers: Int) {
            self.english = english
            self.missed = missed
            self.answers = answers
        }
    }

    /// One pair over the games it was played in: TALLY's counts, added up.
    public struct HardPair: Equatable, Sendable {
        public var english: String
        public var spanish: String
        /// `correct` or `wrong`, as the files write it.
        public var truth: String
        /// The translation shown with it the first time.
        public var translation: String
        public var right: Int
        public var wrong: Int
        public var timeouts: Int

        public init(english: String, spanish: String, truth: String, translation: String, right: Int, wrong: Int, timeouts: Int) {
            self.english = english
            self.spanish = spanish
            self.truth = truth
            self.translation = translation
            self.right = right
            self.wrong = wrong
            self.timeouts = timeouts
        }
    }

    public struct FoolingPair: Equatable, Sendable {
        /// The wrong translation shown, and the English word it was shown with.
        public var spanish: String
        public var english: String
        /// Players (not answers) who took it for correct.
        public var players: Int

        public init(spanish: String, english: String, players: Int) {
            self.spanish = spanish
            self.english = english
            self.players = players
        }
    }
}
