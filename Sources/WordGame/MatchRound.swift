extension Match {
    /// One player's clock for the open pair.
    public struct Clock: Equatable, Sendable {
        public var start: Instant
        /// Round-trip time credited, in nanoseconds (0 to the allowance's cap).
        public var creditNanoseconds: Int64

        func deadline(allowing milliseconds: Int) -> Instant {
            start.adding(milliseconds: milliseconds).adding(nanoseconds: creditNanoseconds)
        }
    }

    /// One player's part of the open round, kept by slot (the player's place
    /// in join order): a round of 10,000 is arrays walked in order, not
    /// tables looked up per player, so closing it is a pass over memory.
    struct Seat: Sendable {
        var clock: Clock?
        /// Their answer in time, and when it came.
        var answer: Answer?
        var answeredAt = Instant.zero
        /// Tried to answer after their own deadline.
        var late = false
        /// Their connection is gone: the round does not wait for them.
        var away = false
        /// The pair had not left for them when their connection went (or it opened while they were away),
        /// and they have not come back in time to answer it: unanswered, it is `Verdict.away`, not a timeout.
        var unseen = false

        var hasAnswered: Bool { answer != nil || late }
    }

    public struct Round: Sendable {
        /// 0-based position of this pair in the game.
        public let index: Int
        public let pair: Pair
        public let openedAt: Instant
        var seats: [Seat]
        var awayCount = 0
        var latestDeadline: Instant
        var waitingForDelivery: Int
        /// Playing players who have not answered yet, not counting those away.
        public internal(set) var waitingForAnswer: Int
        /// How many playing players have answered (in time or late).
        public internal(set) var answeredCount = 0

        init(index: Int, pair: Pair, openedAt: Instant, seats: Int, latestDeadline: Instant, playing: Int) {
            self.index = index
            self.pair = pair
            self.openedAt = openedAt
            self.seats = [Seat](repeating: Seat(), count: seats)
            self.latestDeadline = latestDeadline
            waitingForDelivery = playing
            waitingForAnswer = playing
        }

        mutating func setClock(_ clock: Clock, forSlot slot: Int, allowing milliseconds: Int) {
            seats[slot].clock = clock
            waitingForDelivery -= 1
            latestDeadline = max(latestDeadline, clock.deadline(allowing: milliseconds))
        }
    }

    /// What closing a round decided, by slot (`Match.players` names them).
    public struct RoundOutcome: Sendable {
        public let index: Int
        public let pair: Pair
        /// Who sits in each slot.
        public let players: [PlayerID]
        /// Each slot's verdict; nil for a player who was not playing this round.
        public let verdictBySlot: [Verdict?]
        /// Each playing player's effective answer time for this pair, in
        /// nanoseconds, rounded down to a whole millisecond: the whole time
        /// allowed for a timeout (0 for one not playing).
        public let timeBySlot: [Int64]
        /// Players whose incorrect attempt this round put them out.
        public let eliminated: [PlayerID]

        /// The verdicts by player (a pass over the slots: for tests and small callers).
        public var verdicts: [PlayerID: Verdict] {
            Dictionary(uniqueKeysWithValues: zip(players, verdictBySlot).compactMap { player, verdict in verdict.map { (player, $0) } })
        }

        /// The times by player, for those judged (a pass over the slots).
        public var times: [PlayerID: Int64] {
            Dictionary(uniqueKeysWithValues: players.indices.compactMap { slot in
                verdictBySlot[slot] == nil ? nil : (players[slot], timeBySlot[slot])
            })
        }
    }
}
