/// The rules of one game. The defaults are the original single-player game's.
public struct Rules: Equatable, Sendable, Codable {
    /// Time each player has for a pair, from the moment the pair reaches them.
    public var roundMilliseconds: Int
    /// A player is out after this many incorrect attempts (a timeout is one);
    /// `Rules.neverOut` (0): nobody is ever out, everyone plays every pair.
    public var maxIncorrect: Int
    /// A game shows this many pairs, unless every player is out before.
    public var pairCount: Int
    /// What the network may cost a player, and what it may not (not a flag: Protocol.md §7 fixes it).
    public var network: NetworkAllowance

    public init(roundMilliseconds: Int = 5_000, maxIncorrect: Int = 3, pairCount: Int = 15,
                network: NetworkAllowance = .standard) {
        self.roundMilliseconds = roundMilliseconds
        self.maxIncorrect = maxIncorrect
        self.pairCount = pairCount
        self.network = network
    }

    /// The reading floor of this game (Protocol.md §7): `network`'s, but never more than a
    /// quarter of the round. A fixed 150 ms would reach past the deadline of a short round
    /// (`--round-ms 100`), and no bare answer could ever count; a quarter leaves every player
    /// three quarters of the time they are given. From 600 ms a round on it is the full floor.
    public var readingFloorMilliseconds: Int {
        min(network.readingFloorMilliseconds, roundMilliseconds / Self.roundsPerReadingFloor)
    }

    /// The reading floor takes at most 1/4 of a round.
    public static let roundsPerReadingFloor = 4

    /// The original game: 5 s a pair, out after 3 incorrect attempts, 15 pairs.
    public static let original = Rules()

    /// Each pair shown is a correct translation with this probability.
    public static let correctPairProbability = 0.25

    /// `maxIncorrect` of a game where nobody is ever out (the wire writes it so too:
    /// nobody can be out after 0 wrong attempts, so 0 cannot mean anything else).
    public static let neverOut = 0

    /// Whether `incorrect` attempts put a player out under these rules.
    public func isOut(afterIncorrect incorrect: Int) -> Bool {
        maxIncorrect != Self.neverOut && incorrect >= maxIncorrect
    }

    /// Limits that keep a game sane; a value outside them is refused where it is set.
    public static let roundMillisecondsRange = 50...600_000
    public static let maxIncorrectRange = 1...1_000
    public static let pairCountRange = 1...10_000

    /// Why these rules cannot be played, or nil when they can.
    public var problem: String? {
        if !Self.roundMillisecondsRange.contains(roundMilliseconds) {
            return "round time must be \(Self.roundMillisecondsRange.lowerBound) to \(Self.roundMillisecondsRange.upperBound) ms, "
                + "not \(roundMilliseconds)"
        }
        if maxIncorrect != Self.neverOut && !Self.maxIncorrectRange.contains(maxIncorrect) {
            return "max incorrect must be \(Self.maxIncorrectRange.lowerBound) to \(Self.maxIncorrectRange.upperBound), not \(maxIncorrect)"
        }
        if !Self.pairCountRange.contains(pairCount) {
            return "pairs must be \(Self.pairCountRange.lowerBound) to \(Self.pairCountRange.upperBound), not \(pairCount)"
        }
        return nil
    }
}
