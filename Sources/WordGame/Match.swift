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
    /// Every player the match began with, in join order: a player's index
    /// here is their slot, by which the match keeps them.
    public let players: [PlayerID]
    private let slots: [PlayerID: Int]
    /// Each slot's counters; nil once the player left.
    private var scoreBySlot: [Score?]
    /// The open round, if any.
    public private(set) var round: Round?
    /// Rounds opened and closed so far.
    public private(set) var roundsPlayed = 0
    /// Players neither out nor gone.
    public private(set) var playingCount: Int

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
        self.players = players
        slots = Dictionary(uniqueKeysWithValues: players.enumerated().map { ($1, $0) })
        scoreBySlot = Array(repeating: Score(), count: players.count)
        playingCount = players.count
    }

    /// A match taken up again between two pairs, as it was saved (a server
    /// restarting, `LessonState`): each slot's counters (nil for a player who
    /// had left) after `roundsPlayed` pairs. The next `openRound` deals the pair
    /// that was open when it stopped, or the one after the last closed.
    public init(pairs: [Pair], rules: Rules, players: [PlayerID], slotScores: [Score?], roundsPlayed: Int) {
        precondition(slotScores.count == players.count && roundsPlayed <= pairs.count, "a saved match fits its pairs and players")
        self.init(pairs: pairs, rules: rules, players: players)
        scoreBySlot = slotScores
        self.roundsPlayed = roundsPlayed
        playingCount = slotScores.reduce(0) { $0 + ($1.map { $0.isOut ? 0 : 1 } ?? 0) }
    }

    /// Each slot's counters, nil for a player who left: what a saved match keeps.
    public var slotScores: [Score?] { scoreBySlot }

    /// Over after the last pair, or once no player is still playing.
    public var isOver: Bool {
        round == nil && (roundsPlayed == pairs.count || playingCount == 0)
    }

    /// `player`'s place in join order, while they are in the match.
    public func slot(of player: PlayerID) -> Int? {
        slots[player].flatMap { scoreBySlot[$0] == nil ? nil : $0 }
    }

    /// `player`'s counters, while they are in the match (playing or out).
    public func score(of player: PlayerID) -> Score? {
        slots[player].flatMap { scoreBySlot[$0] }
    }

    /// Every player still in the match and their counters (a pass over the
    /// match: for tests and small callers).
    public var scores: [PlayerID: Score] {
        Dictionary(uniqueKeysWithValues: players.indices.compactMap { slot in scoreBySlot[slot].map { (players[slot], $0) } })
    }

    /// The slot of `player` if they are playing (in, and not out).
    private func playingSlot(_ player: PlayerID) -> Int? {
        guard let slot = slots[player], let score = scoreBySlot[slot], !score.isOut else { return nil }
        return slot
    }

    /// Opens the next round. The pair goes out to every player now; each
    /// player's time starts when `delivered(to:_:)` reports it left for them.
    public mutating func openRound(at now: Instant) -> Round {
        precondition(round == nil && !isOver, "openRound needs a closed round and a match not over")
        let opened = Round(index: roundsPlayed, pair: pairs[roundsPlayed], openedAt: now, seats: players.count,
                           latestDeadline: now.adding(milliseconds: rules.roundMilliseconds), playing: playingCount)
        round = opened
        return opened
    }

    /// Records that the open round's pair left the server for `player`: their
    /// time starts, with their round trip credited. A line that left later
    /// than one round time after the round opened counts as having left then,
    /// with no credit: a client that does not read cannot hold the room back.
    public mutating func delivered(to player: PlayerID, _ delivery: Delivery) {
        guard let slot = playingSlot(player), var open = takeRound() else { return }
        defer { round = open }
        guard open.seats[slot].clock == nil else { return }
        let fallback = fallbackStart(of: open)
        let clock = delivery.at < fallback
            ? Clock(start: delivery.at, creditNanoseconds: rules.network.credit(forRoundTrip: delivery.roundTripNanoseconds))
            : Clock(start: fallback, creditNanoseconds: 0)
        open.setClock(clock, forSlot: slot, allowing: rules.roundMilliseconds)
    }

    /// `player`'s connection is gone (their seat is held for them): the open
    /// round no longer waits for their answer, and if the pair had not left
    /// for them, their time runs from when the round opened, with no credit.
    /// Call it again for each round opened while they are away.
    public mutating func playerAway(_ player: PlayerID) {
        guard let slot = playingSlot(player), var open = takeRound() else { return }
        defer { round = open }
        if open.seats[slot].clock == nil {
            // The pair never reached them: unless they come back in time for it, it is missed, not timed out.
            if !open.seats[slot].hasAnswered { open.seats[slot].unseen = true }
            open.setClock(Clock(start: open.openedAt, creditNanoseconds: 0), forSlot: slot, allowing: rules.roundMilliseconds)
        }
        guard !open.seats[slot].hasAnswered, !open.seats[slot].away else { return }
        open.seats[slot].away = true
        open.awayCount += 1
        open.waitingForAnswer -= 1
    }

    /// `player` is back at `now`: the open round waits for them again until their own deadline, and the
    /// pair is theirs to answer (a timeout, if they do not) when that deadline has not passed.
    public mutating func playerBack(_ player: PlayerID, at now: Instant) {
        guard let slot = slot(of: player), var open = takeRound() else { return }
        defer { round = open }
        if open.seats[slot].away { open.seats[slot].away = false; open.awayCount -= 1; open.waitingForAnswer += 1 }
        if open.seats[slot].unseen, let clock = open.seats[slot].clock, now < clock.deadline(allowing: rules.roundMilliseconds) {
            open.seats[slot].unseen = false
        }
    }

    /// Whether `player` may still answer the open pair: playing, not answered, and within their time.
    public func canAnswer(_ player: PlayerID, at now: Instant) -> Bool {
        guard let slot = playingSlot(player), let open = round, !open.seats[slot].hasAnswered,
              let deadline = deadline(for: player) else { return false }
        return now < deadline
    }

    /// `player`'s clock for the open round: from its delivery, or, if the pair
    /// has not left for them, from one round time after the round opened.
    public func clock(for player: PlayerID) -> Clock? {
        guard let open = round else { return nil }
        return slots[player].flatMap { open.seats[$0].clock } ?? Clock(start: fallbackStart(of: open), creditNanoseconds: 0)
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
        guard let slot = slot(of: player), let score = scoreBySlot[slot] else { return .notInMatch }
        if score.isOut { return .out }
        if open.seats[slot].hasAnswered { return .alreadyAnswered }
        let fallback = fallbackStart(of: open)
        // A bare key before the pair has even left for this player was meant for the one before;
        // refused here, it must not start their clock (the delivery would then be ignored).
        if !namesRound, open.index > 0, open.seats[slot].clock == nil, now < fallback { return .meantForPreviousPair }
        if open.seats[slot].clock == nil, now < fallback {
            // The delivery report can only trail an answer when the server could
            // not tell when the line left: start the time now, with no credit.
            open.setClock(Clock(start: now, creditNanoseconds: 0), forSlot: slot, allowing: rules.roundMilliseconds)
        }
        let clock = open.seats[slot].clock ?? Clock(start: fallback, creditNanoseconds: 0)
        if !namesRound, open.index > 0, now < readableAt(clock) { return .meantForPreviousPair }
        let late = now > clock.deadline(allowing: rules.roundMilliseconds)
        // Back after their own time for a pair that never reached them: it stays missed, whatever they send.
        if late && open.seats[slot].unseen { return .late }
        if late { open.seats[slot].late = true } else { open.seats[slot].answer = answer; open.seats[slot].answeredAt = now }
        open.answeredCount += 1
        if open.seats[slot].away { open.seats[slot].away = false; open.awayCount -= 1 } else { open.waitingForAnswer -= 1 }
        return late ? .late : .taken
    }

    /// The earliest a person could have seen and read the pair: the line's
    /// way there (within the credited round trip) plus the game's reading floor.
    private func readableAt(_ clock: Clock) -> Instant {
        clock.start.adding(nanoseconds: clock.creditNanoseconds).adding(milliseconds: rules.readingFloorMilliseconds)
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
        let everyoneHereAnswered = open.waitingForAnswer == 0 && (open.awayCount == 0 || open.answeredCount > 0)
        return everyoneHereAnswered || now >= roundDeadline!
    }

    /// Closes the open round: judges every playing player, unanswered ones as
    /// timeouts, and puts out those who reached the incorrect limit. One pass
    /// over the slots: in a big room this runs before anyone hears the truth.
    public mutating func closeRound(at now: Instant) -> RoundOutcome {
        guard let open = round else { preconditionFailure("closeRound needs an open round") }
        var verdicts = [Verdict?](repeating: nil, count: players.count)
        var times = [Int64](repeating: 0, count: players.count)
        var eliminated: [PlayerID] = []
        let allowed = Int64(rules.roundMilliseconds) * 1_000_000
        let truth = open.pair.isCorrect
        for slot in players.indices {
            guard var score = scoreBySlot[slot], !score.isOut else { continue }
            let seat = open.seats[slot]
            let verdict: Verdict
            let time: Int64
            if let given = seat.answer {
                verdict = (given == .correct) == truth ? .right : .wrong
                let clock = seat.clock ?? Clock(start: seat.answeredAt, creditNanoseconds: 0)
                let effective = min(allowed, max(0, seat.answeredAt.nanoseconds - clock.start.nanoseconds - clock.creditNanoseconds))
                // Booked in whole milliseconds, so that the totals TOP shows are exact sums of the times a results file lists.
                time = effective / 1_000_000 * 1_000_000
            } else {
                // Missed while away: no attempt, but the whole time is booked, as for a timeout, so that being
                // away never ranks a player above one who played the pair as fast.
                verdict = seat.unseen && !seat.late ? .away : .timeout
                time = allowed
            }
            score.answerNanoseconds += time
            if verdict.isCorrectAttempt { score.correct += 1 } else if verdict.isIncorrectAttempt { score.incorrect += 1 }
            if rules.isOut(afterIncorrect: score.incorrect) {
                score.isOut = true
                eliminated.append(players[slot])
                playingCount -= 1
            }
            verdicts[slot] = verdict
            times[slot] = time
            scoreBySlot[slot] = score
        }
        round = nil
        roundsPlayed += 1
        return RoundOutcome(index: open.index, pair: open.pair, players: players, verdictBySlot: verdicts, timeBySlot: times,
                            eliminated: eliminated)
    }

    /// Removes a player who left. Their unanswered pair no longer holds the round open.
    public mutating func remove(_ player: PlayerID) {
        guard let slot = slot(of: player), let score = scoreBySlot[slot] else { return }
        scoreBySlot[slot] = nil
        guard !score.isOut else { return }
        playingCount -= 1
        guard var open = takeRound() else { return }
        defer { round = open }
        let seat = open.seats[slot]
        open.seats[slot] = Seat()
        if seat.clock == nil { open.waitingForDelivery -= 1 }
        if seat.hasAnswered { open.answeredCount -= 1 } else if seat.away { open.awayCount -= 1 } else { open.waitingForAnswer -= 1 }
    }

    /// The players still playing who have not answered the open pair, in
    /// join order. One pass over the players: call it rarely (the room does
    /// once a round, when few are left to name).
    public func unanswered() -> [PlayerID] {
        guard let open = round else { return [] }
        return players.indices.compactMap { slot in
            guard let score = scoreBySlot[slot], !score.isOut else { return nil }
            let seat = open.seats[slot]
            return seat.hasAnswered || seat.away ? nil : players[slot]
        }
    }

    /// The current ranking of every player in the match (playing or out).
    public func ranking() -> [Standing] {
        rank(scoreBySlot, players: players)
    }
}
