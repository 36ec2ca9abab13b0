/// One game played by a fixed set of players: the same pairs, in the same
/// order, with the same time allowed; each player scored independently.
///
/// A pure state machine: the caller passes every instant in and asks for the
/// next deadline. Each player's time for a pair starts when the pair is handed
/// to that player (`handedOver(to:at:)`), so serving a big room in some order
/// costs nobody time. A round can close once every player still in has
/// answered, or once every player's time is up.
public struct Match: Sendable {
    public let rules: Rules
    public let pairs: [Pair]
    /// Players still in the match (playing or out), by id. Players who leave are removed.
    public private(set) var scores: [PlayerID: Score]
    /// The open round, if any.
    public private(set) var round: Round?
    /// Rounds opened and closed so far.
    public private(set) var roundsPlayed = 0
    /// Players neither out nor gone.
    public private(set) var playingCount: Int
    private let joinOrder: [PlayerID: Int]

    public struct Round: Sendable {
        /// 0-based position of this pair in the game.
        public let index: Int
        public let pair: Pair
        public let openedAt: Instant
        fileprivate var startedAt: [PlayerID: Instant] = [:]
        fileprivate var answers: [PlayerID: (answer: Answer, at: Instant)] = [:]
        /// Players who tried to answer after their own deadline.
        fileprivate var lateAnswers: Set<PlayerID> = []
        fileprivate var latestHandOverDeadline: Instant
        fileprivate var waitingForHandOver: Int
        fileprivate var waitingForAnswer: Int

        /// How many playing players have answered (in time or late).
        public var answeredCount: Int { answers.count + lateAnswers.count }

        fileprivate mutating func startTime(of player: PlayerID, at now: Instant, allowing milliseconds: Int) {
            startedAt[player] = now
            waitingForHandOver -= 1
            latestHandOverDeadline = max(latestHandOverDeadline, now.adding(milliseconds: milliseconds))
        }
    }

    /// What closing a round decided.
    public struct RoundOutcome: Sendable {
        public let index: Int
        public let pair: Pair
        /// The verdict of every player who was playing this round.
        public let verdicts: [PlayerID: Verdict]
        /// Players whose incorrect attempt this round put them out.
        public let eliminated: [PlayerID]
    }

    public enum AnswerOutcome: Equatable, Sendable {
        /// Taken; the verdict is revealed when the round closes.
        case taken
        /// Arrived after this player's deadline: it will count as a timeout.
        case late
        case alreadyAnswered
        /// The player is out of this match (too many incorrect attempts).
        case out
        /// The player is not in this match (joined after it began).
        case notInMatch
        case noOpenRound
    }

    public init(pairs: [Pair], rules: Rules, players: [PlayerID]) {
        precondition(!pairs.isEmpty, "a match needs pairs")
        self.rules = rules
        self.pairs = pairs
        scores = Dictionary(uniqueKeysWithValues: players.map { ($0, Score()) })
        joinOrder = Dictionary(uniqueKeysWithValues: players.enumerated().map { ($1, $0) })
        playingCount = scores.count
    }

    /// Over after the last pair, or once no player is still playing.
    public var isOver: Bool {
        round == nil && (roundsPlayed == pairs.count || playingCount == 0)
    }

    public func isPlaying(_ player: PlayerID) -> Bool {
        scores[player].map { !$0.isOut } ?? false
    }

    /// Opens the next round. The pair goes out to every player now; each
    /// player's time starts when `handedOver(to:at:)` reports it reached them.
    public mutating func openRound(at now: Instant) -> Round {
        precondition(round == nil && !isOver, "openRound needs a closed round and a match not over")
        let opened = Round(
            index: roundsPlayed, pair: pairs[roundsPlayed], openedAt: now,
            latestHandOverDeadline: now.adding(milliseconds: rules.roundMilliseconds),
            waitingForHandOver: playingCount, waitingForAnswer: playingCount)
        round = opened
        return opened
    }

    /// Records that the open round's pair reached `player` at `now`: their time starts.
    public mutating func handedOver(to player: PlayerID, at now: Instant) {
        guard isPlaying(player), round?.startedAt[player] == nil else { return }
        round?.startTime(of: player, at: now, allowing: rules.roundMilliseconds)
    }

    /// When `player`'s time for the open round started: when the pair reached
    /// them, or, if it never did, one round time after the round opened (a
    /// client that does not read cannot hold the room back).
    public func startOfTime(for player: PlayerID) -> Instant? {
        guard let open = round else { return nil }
        return open.startedAt[player] ?? open.openedAt.adding(milliseconds: rules.roundMilliseconds)
    }

    /// `player`'s deadline in the open round.
    public func deadline(for player: PlayerID) -> Instant? {
        startOfTime(for: player)?.adding(milliseconds: rules.roundMilliseconds)
    }

    public mutating func answer(_ answer: Answer, by player: PlayerID, at now: Instant) -> AnswerOutcome {
        guard var open = takeRound() else { return .noOpenRound }
        defer { round = open }
        guard let score = scores[player] else { return .notInMatch }
        if score.isOut { return .out }
        if open.answers[player] != nil || open.lateAnswers.contains(player) { return .alreadyAnswered }
        let fallbackStart = open.openedAt.adding(milliseconds: rules.roundMilliseconds)
        if open.startedAt[player] == nil, now < fallbackStart {
            // An answer can only race ahead of the hand-over report by a hair; start the time now.
            open.startTime(of: player, at: now, allowing: rules.roundMilliseconds)
        }
        let start = open.startedAt[player] ?? fallbackStart
        let late = now > start.adding(milliseconds: rules.roundMilliseconds)
        if late { open.lateAnswers.insert(player) } else { open.answers[player] = (answer, now) }
        open.waitingForAnswer -= 1
        return late ? .late : .taken
    }

    /// Moves the open round out of `self`, so that changing it and putting it back
    /// copies nothing: a copy left in `self` would make every answer and every
    /// hand-over copy the round's per-player tables (O(players) per event).
    private mutating func takeRound() -> Round? {
        defer { round = nil }
        return round
    }

    /// When the open round will close on its own: once every player's time is up.
    public var roundDeadline: Instant? {
        guard let open = round else { return nil }
        if open.waitingForHandOver > 0 {
            return max(open.latestHandOverDeadline, open.openedAt.adding(milliseconds: 2 * rules.roundMilliseconds))
        }
        return open.latestHandOverDeadline
    }

    /// Whether the open round may close: everyone playing answered, or time is up for all.
    public func roundCanClose(at now: Instant) -> Bool {
        guard let open = round else { return false }
        return open.waitingForAnswer == 0 || now >= roundDeadline!
    }

    /// Closes the open round: judges every playing player, unanswered ones as
    /// timeouts, and puts out those who reached the incorrect limit.
    public mutating func closeRound(at now: Instant) -> RoundOutcome {
        guard let open = round else { preconditionFailure("closeRound needs an open round") }
        var verdicts: [PlayerID: Verdict] = [:]
        var eliminated: [PlayerID] = []
        let allowed = Int64(rules.roundMilliseconds) * 1_000_000
        for (player, var score) in scores where !score.isOut {
            let verdict: Verdict
            if let given = open.answers[player] {
                verdict = (given.answer == .correct) == open.pair.isCorrect ? .right : .wrong
                let started = open.startedAt[player] ?? given.at
                score.answerNanoseconds += min(allowed, given.at.nanoseconds - started.nanoseconds)
            } else {
                verdict = .timeout
                score.answerNanoseconds += allowed
            }
            if verdict.isCorrectAttempt { score.correct += 1 } else { score.incorrect += 1 }
            if score.incorrect >= rules.maxIncorrect {
                score.isOut = true
                eliminated.append(player)
                playingCount -= 1
            }
            verdicts[player] = verdict
            scores[player] = score
        }
        round = nil
        roundsPlayed += 1
        return RoundOutcome(index: open.index, pair: open.pair, verdicts: verdicts, eliminated: eliminated)
    }

    /// Removes a player who left. Their unanswered pair no longer holds the round open.
    public mutating func remove(_ player: PlayerID) {
        guard let score = scores.removeValue(forKey: player) else { return }
        guard !score.isOut else { return }
        playingCount -= 1
        guard var open = takeRound() else { return }
        defer { round = open }
        if open.startedAt[player] == nil { open.waitingForHandOver -= 1 }
        if open.answers.removeValue(forKey: player) == nil && !open.lateAnswers.contains(player) {
            open.waitingForAnswer -= 1
        }
        open.lateAnswers.remove(player)
        open.startedAt[player] = nil
    }

    /// The current ranking of every player in the match (playing or out).
    public func ranking() -> [Standing] {
        let order = joinOrder
        return rank(scores, order: { order[$0] ?? Int.max })
    }
}
