/// One game played by a fixed set of players: the same pairs, in the same
/// order, with the same time allowed; each player scored independently.
///
/// A pure state machine: the caller passes every instant in and asks for the
/// next deadline. Each player's time for a pair starts when the pair left the
/// server for that player (`delivered(to:_:)`), and the network's round trip
/// is credited (see `NetworkAllowance`), so neither the order in which a big
/// room is served nor the length of a player's link costs anyone time. A round
/// can close once every player still in has answered, or once every player's
/// time is up.
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

    /// One player's clock for the open pair.
    public struct Clock: Equatable, Sendable {
        public var start: Instant
        /// Round-trip time credited, in nanoseconds (0 to the allowance's cap).
        public var creditNanoseconds: Int64

        func deadline(allowing milliseconds: Int) -> Instant {
            start.adding(milliseconds: milliseconds).adding(nanoseconds: creditNanoseconds)
        }
    }

    public struct Round: Sendable {
        /// 0-based position of this pair in the game.
        public let index: Int
        public let pair: Pair
        public let openedAt: Instant
        fileprivate var clocks: [PlayerID: Clock] = [:]
        fileprivate var answers: [PlayerID: (answer: Answer, at: Instant)] = [:]
        /// Players who tried to answer after their own deadline.
        fileprivate var lateAnswers: Set<PlayerID> = []
        /// Players whose connection is gone: the round does not wait for them.
        fileprivate var away: Set<PlayerID> = []
        fileprivate var latestDeadline: Instant
        fileprivate var waitingForDelivery: Int
        /// Playing players who have not answered yet, not counting those away.
        public fileprivate(set) var waitingForAnswer: Int

        /// How many playing players have answered (in time or late).
        public var answeredCount: Int { answers.count + lateAnswers.count }

        fileprivate mutating func setClock(_ clock: Clock, for player: PlayerID, allowing milliseconds: Int) {
            clocks[player] = clock
            waitingForDelivery -= 1
            latestDeadline = max(latestDeadline, clock.deadline(allowing: milliseconds))
        }
    }

    /// What closing a round decided.
    public struct RoundOutcome: Sendable {
        public let index: Int
        public let pair: Pair
        /// The verdict of every player who was playing this round.
        public let verdicts: [PlayerID: Verdict]
        /// Each playing player's effective answer time for this pair, in
        /// nanoseconds, rounded down to a whole millisecond: the whole time
        /// allowed for a timeout.
        public let times: [PlayerID: Int64]
        /// Players whose incorrect attempt this round put them out.
        public let eliminated: [PlayerID]
    }

    public enum AnswerOutcome: Equatable, Sendable {
        /// Taken; the verdict is revealed when the round closes.
        case taken
        /// Arrived after this player's deadline: it will count as a timeout.
        case late
        /// A bare answer that arrived sooner after the pair reached the player
        /// than they could have read it: meant for the previous pair. Not
        /// counted; the open pair is still theirs to answer.
        case meantForPreviousPair
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
    /// player's time starts when `delivered(to:_:)` reports it left for them.
    public mutating func openRound(at now: Instant) -> Round {
        precondition(round == nil && !isOver, "openRound needs a closed round and a match not over")
        let opened = Round(
            index: roundsPlayed, pair: pairs[roundsPlayed], openedAt: now,
            latestDeadline: now.adding(milliseconds: rules.roundMilliseconds),
            waitingForDelivery: playingCount, waitingForAnswer: playingCount)
        round = opened
        return opened
    }

    /// Records that the open round's pair left the server for `player`: their
    /// time starts, with their round trip credited. A line that left later
    /// than one round time after the round opened counts as having left then,
    /// with no credit: a client that does not read cannot hold the room back.
    public mutating func delivered(to player: PlayerID, _ delivery: Delivery) {
        guard isPlaying(player), var open = takeRound() else { return }
        defer { round = open }
        guard open.clocks[player] == nil else { return }
        let fallback = fallbackStart(of: open)
        let clock = delivery.at < fallback
            ? Clock(start: delivery.at, creditNanoseconds: rules.network.credit(forRoundTrip: delivery.roundTripNanoseconds))
            : Clock(start: fallback, creditNanoseconds: 0)
        open.setClock(clock, for: player, allowing: rules.roundMilliseconds)
    }

    /// `player`'s connection is gone (their seat is held for them): the open
    /// round no longer waits for their answer, and if the pair had not left
    /// for them, their time runs from when the round opened, with no credit.
    /// Call it again for each round opened while they are away.
    public mutating func playerAway(_ player: PlayerID) {
        guard isPlaying(player), var open = takeRound() else { return }
        defer { round = open }
        if open.clocks[player] == nil {
            open.setClock(Clock(start: open.openedAt, creditNanoseconds: 0), for: player, allowing: rules.roundMilliseconds)
        }
        guard !hasAnswered(player, in: open), open.away.insert(player).inserted else { return }
        open.waitingForAnswer -= 1
    }

    /// `player` is back: the open round waits for them again until their own deadline.
    public mutating func playerBack(_ player: PlayerID) {
        guard var open = takeRound() else { return }
        defer { round = open }
        if open.away.remove(player) != nil { open.waitingForAnswer += 1 }
    }

    private func hasAnswered(_ player: PlayerID, in open: Round) -> Bool {
        open.answers[player] != nil || open.lateAnswers.contains(player)
    }

    /// Whether `player` may still answer the open pair: playing, not answered, and within their time.
    public func canAnswer(_ player: PlayerID, at now: Instant) -> Bool {
        guard isPlaying(player), let open = round, !hasAnswered(player, in: open), let deadline = deadline(for: player) else { return false }
        return now < deadline
    }

    /// `player`'s clock for the open round: from its delivery, or, if the pair
    /// has not left for them, from one round time after the round opened.
    public func clock(for player: PlayerID) -> Clock? {
        guard let open = round else { return nil }
        return open.clocks[player] ?? Clock(start: fallbackStart(of: open), creditNanoseconds: 0)
    }

    /// `player`'s deadline in the open round.
    public func deadline(for player: PlayerID) -> Instant? {
        clock(for: player)?.deadline(allowing: rules.roundMilliseconds)
    }

    private func fallbackStart(of open: Round) -> Instant {
        open.openedAt.adding(milliseconds: rules.roundMilliseconds)
    }

    /// Takes `player`'s answer to the open pair. `namesRound`: the answer named
    /// its round (`ANSWER 3 y`), so it cannot have been meant for another pair.
    public mutating func answer(_ answer: Answer, by player: PlayerID, at now: Instant, namesRound: Bool = true) -> AnswerOutcome {
        guard var open = takeRound() else { return .noOpenRound }
        defer { round = open }
        guard let score = scores[player] else { return .notInMatch }
        if score.isOut { return .out }
        if open.answers[player] != nil || open.lateAnswers.contains(player) { return .alreadyAnswered }
        let fallback = fallbackStart(of: open)
        // A bare key before the pair has even left for this player was meant for the one before;
        // refused here, it must not start their clock (the delivery would then be ignored).
        if !namesRound, open.index > 0, open.clocks[player] == nil, now < fallback { return .meantForPreviousPair }
        if open.clocks[player] == nil, now < fallback {
            // The delivery report can only trail an answer when the server could
            // not tell when the line left: start the time now, with no credit.
            open.setClock(Clock(start: now, creditNanoseconds: 0), for: player, allowing: rules.roundMilliseconds)
        }
        let clock = open.clocks[player] ?? Clock(start: fallback, creditNanoseconds: 0)
        if !namesRound, open.index > 0, now < readableAt(clock) { return .meantForPreviousPair }
        let late = now > clock.deadline(allowing: rules.roundMilliseconds)
        if late { open.lateAnswers.insert(player) } else { open.answers[player] = (answer, now) }
        if open.away.remove(player) == nil { open.waitingForAnswer -= 1 }
        return late ? .late : .taken
    }

    /// The earliest a person could have seen and read the pair: the line's
    /// way there (within the credited round trip) plus the reading floor.
    private func readableAt(_ clock: Clock) -> Instant {
        clock.start.adding(nanoseconds: clock.creditNanoseconds).adding(milliseconds: rules.network.readingFloorMilliseconds)
    }

    /// Moves the open round out of `self`, so that changing it and putting it back
    /// copies nothing: a copy left in `self` would make every answer and every
    /// delivery copy the round's per-player tables (O(players) per event).
    private mutating func takeRound() -> Round? {
        defer { round = nil }
        return round
    }

    /// When the open round will close on its own: once every player's time is up.
    public var roundDeadline: Instant? {
        guard let open = round else { return nil }
        if open.waitingForDelivery > 0 {
            return max(open.latestDeadline, fallbackStart(of: open).adding(milliseconds: rules.roundMilliseconds))
        }
        return open.latestDeadline
    }

    /// Whether the open round may close: everyone playing answered, or time
    /// is up for all. Players away are not waited for, unless nobody else
    /// answered: when a whole class drops at once, the pairs pass at their
    /// own pace instead of all at once.
    public func roundCanClose(at now: Instant) -> Bool {
        guard let open = round else { return false }
        let everyoneHereAnswered = open.waitingForAnswer == 0 && (open.away.isEmpty || open.answeredCount > 0)
        return everyoneHereAnswered || now >= roundDeadline!
    }

    /// Closes the open round: judges every playing player, unanswered ones as
    /// timeouts, and puts out those who reached the incorrect limit.
    public mutating func closeRound(at now: Instant) -> RoundOutcome {
        guard let open = round else { preconditionFailure("closeRound needs an open round") }
        var verdicts: [PlayerID: Verdict] = [:]
        var times: [PlayerID: Int64] = [:]
        var eliminated: [PlayerID] = []
        let allowed = Int64(rules.roundMilliseconds) * 1_000_000
        for (player, var score) in scores where !score.isOut {
            let verdict: Verdict
            let time: Int64
            if let given = open.answers[player] {
                verdict = (given.answer == .correct) == open.pair.isCorrect ? .right : .wrong
                let clock = open.clocks[player] ?? Clock(start: given.at, creditNanoseconds: 0)
                let effective = min(allowed, max(0, given.at.nanoseconds - clock.start.nanoseconds - clock.creditNanoseconds))
                // Booked in whole milliseconds, so that the totals TOP shows are exact sums of the times a results file lists.
                time = effective / 1_000_000 * 1_000_000
            } else {
                verdict = .timeout
                time = allowed
            }
            score.answerNanoseconds += time
            if verdict.isCorrectAttempt { score.correct += 1 } else { score.incorrect += 1 }
            if score.incorrect >= rules.maxIncorrect {
                score.isOut = true
                eliminated.append(player)
                playingCount -= 1
            }
            verdicts[player] = verdict
            times[player] = time
            scores[player] = score
        }
        round = nil
        roundsPlayed += 1
        return RoundOutcome(index: open.index, pair: open.pair, verdicts: verdicts, times: times, eliminated: eliminated)
    }

    /// Removes a player who left. Their unanswered pair no longer holds the round open.
    public mutating func remove(_ player: PlayerID) {
        guard let score = scores.removeValue(forKey: player) else { return }
        guard !score.isOut else { return }
        playingCount -= 1
        guard var open = takeRound() else { return }
        defer { round = open }
        if open.clocks.removeValue(forKey: player) == nil { open.waitingForDelivery -= 1 }
        let answered = open.answers.removeValue(forKey: player) != nil || open.lateAnswers.remove(player) != nil
        if !answered && open.away.remove(player) == nil { open.waitingForAnswer -= 1 }
    }

    /// The players still playing who have not answered the open pair. One
    /// pass over the players: call it rarely (the room does once a round, when
    /// few are left to name).
    public func unanswered() -> [PlayerID] {
        guard let open = round else { return [] }
        return scores.compactMap { player, score in
            score.isOut || hasAnswered(player, in: open) || open.away.contains(player) ? nil : player
        }
    }

    /// The current ranking of every player in the match (playing or out).
    public func ranking() -> [Standing] {
        let order = joinOrder
        return rank(scores, order: { order[$0] ?? Int.max })
    }
}
