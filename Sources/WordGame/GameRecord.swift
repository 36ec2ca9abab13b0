/// Everything a game leaves behind, for the results files and the report:
/// the pairs, the players, and each player's answer to each pair.
///
/// Kept compact because a room may hold thousands: one array per round,
/// indexed by the player's slot (their place in the join order), holding a
/// verdict byte and a 32-bit time.
public struct GameRecord: Sendable, Equatable, Codable {
    public let room: String
    /// 1 for a room's first game.
    public let number: Int
    public let rules: Rules
    /// The name of the word list the pairs were dealt from (`WordListName.standard`: the server's `--words`).
    public let wordList: String
    /// Wall-clock seconds since 1970 when the game started and ended.
    public let startedAt: Double
    public private(set) var endedAt: Double
    /// Every pair dealt; the game may end before the last.
    public let pairs: [Pair]
    /// Players by slot.
    public let players: [String]
    public private(set) var rounds: [RoundRecord] = []
    /// The pair during which each player left, if they did.
    public private(set) var leftDuring: [Int?]
    /// Each player's final rank; nil for those who left.
    public private(set) var finalRanks: [Int?]
    /// The host ended the game before its last pair.
    public private(set) var stoppedEarly = false

    public struct RoundRecord: Sendable, Equatable, Codable {
        /// Per slot: the verdict, nil when the player was not playing this pair (out or gone).
        public var verdicts: [Verdict?]
        /// Per slot: the effective answer time booked, in milliseconds (the whole time for a timeout).
        public var milliseconds: [Int32]

        public init(verdicts: [Verdict?], milliseconds: [Int32]) {
            self.verdicts = verdicts
            self.milliseconds = milliseconds
        }
    }

    public init(room: String, number: Int, rules: Rules, wordList: String = WordListName.standard, startedAt: Double,
                pairs: [Pair], players: [String]) {
        self.room = room
        self.number = number
        self.rules = rules
        self.wordList = wordList
        self.startedAt = startedAt
        endedAt = startedAt
        self.pairs = pairs
        self.players = players
        leftDuring = Array(repeating: nil, count: players.count)
        finalRanks = Array(repeating: nil, count: players.count)
    }

    public mutating func add(_ round: RoundRecord) {
        precondition(round.verdicts.count == players.count && round.milliseconds.count == players.count)
        rounds.append(round)
    }

    public mutating func leave(slot: Int, duringPair pair: Int) {
        if leftDuring[slot] == nil { leftDuring[slot] = pair }
    }

    public mutating func finish(at wallClock: Double, ranks: [Int: Int], stoppedEarly: Bool) {
        endedAt = wallClock
        for (slot, rank) in ranks where leftDuring[slot] == nil { finalRanks[slot] = rank }
        self.stoppedEarly = stoppedEarly
    }

    // MARK: Per player, derived

    /// How one player did over the game.
    public struct Totals: Equatable, Sendable {
        public var correct = 0
        /// Wrong answers (timeouts apart: together they are the incorrect attempts a screen counts).
        public var wrong = 0
        public var timeouts = 0
        /// Pairs missed while the seat was held empty (`Verdict.away`): no attempt at all.
        public var away = 0
        /// Sum of the booked times, timeouts and pairs missed away as the whole time: what TOP showed.
        public var milliseconds: Int64 = 0
        /// The pair after which the player was out, if they were.
        public var outAt: Int?
    }

    public func totals(slot: Int) -> Totals {
        var totals = Totals()
        for (index, round) in rounds.enumerated() {
            guard let verdict = round.verdicts[slot] else { continue }
            switch verdict {
            case .right: totals.correct += 1
            case .wrong: totals.wrong += 1
            case .timeout: totals.timeouts += 1
            case .away: totals.away += 1
            }
            totals.milliseconds += Int64(round.milliseconds[slot])
            if totals.outAt == nil, rules.isOut(afterIncorrect: totals.wrong + totals.timeouts) { totals.outAt = index + 1 }
        }
        return totals
    }

    /// What the player answered to pair `index` (0-based): their claim, a
    /// timeout, the pair missed while away, or nil if they were not playing it.
    public func answer(slot: Int, round index: Int) -> RecordedAnswer? {
        guard let verdict = rounds[index].verdicts[slot] else { return nil }
        if verdict == .timeout { return .timeout }
        if verdict == .away { return .away }
        let claimedCorrect = (verdict == .right) == pairs[index].isCorrect
        return .given(claimedCorrect ? .correct : .wrong)
    }

    public enum RecordedAnswer: Equatable, Sendable {
        case given(Answer)
        case timeout
        /// Missed while the seat was held empty.
        case away
    }
}
