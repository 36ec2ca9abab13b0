/// What a room's host may choose over the network (`RULES`, Protocol.md §4). Narrower than what
/// the server's flags allow (`Rules.pairCountRange` …): a value typed by anyone who hosts a room
/// must not let one room hold the server's memory or a class for hours. A game's record keeps a
/// verdict per pair per player, so pairs are capped at 100 (a 100-pair game of 5 s is over 8
/// minutes); a pair is a yes or a no, so a minute is as long as anyone needs to read one, and a
/// second as short as a person can see it (the reading floor is 150 ms).
extension Rules {
    public static let hostPairCountRange = 1...100
    /// In milliseconds; the host types seconds, in whole or tenth seconds (`8`, `2.5`).
    public static let hostRoundMillisecondsRange = 1_000...60_000
    /// Out after 1 to 100 wrong attempts (or never: `Rules.neverOut`); more than the pairs cannot happen.
    public static let hostMaxIncorrectRange = 1...100
}
