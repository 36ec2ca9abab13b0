import WordGame

/// `RULES <pairs> <round-ms> <max-incorrect> <list>`: the rules a room's next game is played by.
/// The fields mirror `GAME`'s, so a client reads both alike; `maxIncorrect` 0 (`Rules.neverOut`)
/// means nobody is ever out.
public struct RoomRules: Equatable, Sendable {
    public var pairs: Int
    public var roundMilliseconds: Int
    public var maxIncorrect: Int
    public var list: String

    public init(pairs: Int, roundMilliseconds: Int, maxIncorrect: Int, list: String) {
        self.pairs = pairs
        self.roundMilliseconds = roundMilliseconds
        self.maxIncorrect = maxIncorrect
        self.list = list
    }

    public init(_ rules: Rules, list: String) {
        self.init(pairs: rules.pairCount, roundMilliseconds: rules.roundMilliseconds, maxIncorrect: rules.maxIncorrect, list: list)
    }
}
