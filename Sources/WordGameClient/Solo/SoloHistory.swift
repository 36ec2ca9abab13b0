/// The solo player's past games, as the end dialog shows them: the best
/// score and the last few. Pure; `SoloHistoryFile` keeps it on disk.
public struct SoloHistory: Equatable, Sendable {
    /// One finished solo game: a line of `solo-history.jsonl`.
    public struct Game: Codable, Equatable, Sendable {
        /// Local date and time the game ended, `2026-11-23 10:15`.
        public var date: String
        public var correct: Int
        public var wrong: Int
        /// The sum of the booked answer times, as GAMEOVER gives it.
        public var milliseconds: Int64
        /// The rules played: scores are compared only between games of the same rules.
        public var pairs: Int
        public var roundMilliseconds: Int
        public var maxIncorrect: Int

        public init(date: String, correct: Int, wrong: Int, milliseconds: Int64, pairs: Int, roundMilliseconds: Int, maxIncorrect: Int) {
            self.date = date
            self.correct = correct
            self.wrong = wrong
            self.milliseconds = milliseconds
            self.pairs = pairs
            self.roundMilliseconds = roundMilliseconds
            self.maxIncorrect = maxIncorrect
        }

        func sameRules(as other: Game) -> Bool {
            (pairs, roundMilliseconds, maxIncorrect) == (other.pairs, other.roundMilliseconds, other.maxIncorrect)
        }

        /// Better: more correct, then fewer wrong, then faster (the room's ranking order).
        func beats(_ other: Game) -> Bool {
            (-correct, wrong, milliseconds) < (-other.correct, other.wrong, other.milliseconds)
        }
    }

    /// What the end dialog shows after `latest`.
    public struct Summary: Equatable, Sendable {
        /// The best game of the same rules, `latest` included.
        public var best: Game
        public var bestIsLatest: Bool
        /// The last games, newest first, `latest` included.
        public var recent: [Game]
        /// All games of these rules, `latest` included.
        public var played: Int
        /// Why the history could not be kept, if it could not.
        public var problem: String?
    }

    public static let recentShown = 5

    public var games: [Game]

    public init(games: [Game]) { self.games = games }

    /// The summary once `latest`, the last of `games`, has been played. A
    /// tie keeps the earlier game as the best: a new best must beat it.
    public func summary(after latest: Game) -> Summary {
        let same = games.filter { $0.sameRules(as: latest) }
        var bestIndex = 0
        for (index, game) in same.enumerated() where game.beats(same[bestIndex]) { bestIndex = index }
        return Summary(best: same.isEmpty ? latest : same[bestIndex], bestIsLatest: same.count > 1 && bestIndex == same.count - 1,
                       recent: Array(same.suffix(Self.recentShown).reversed()), played: same.count, problem: nil)
    }
}
