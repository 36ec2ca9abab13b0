import WordGame
import WordGameProtocol

/// The game as the client saw it when its connection dropped: the pairs
/// revealed to it, and when it went out. `OK RESUME` is followed by `GAME`,
/// which starts a game's record afresh, so without this the end dialog
/// would list only the pairs after the drop and forget that the player was out.
struct CarriedGame: Sendable {
    var game: GameInfo
    var history: [PairRecord]
    var outAfterPair: Int?
    var correct: Int
    var wrong: Int
}

/// One row of the end dialog's list: a pair this client saw revealed, or
/// one that passed while it was reconnecting (nothing is known of it but its number).
public struct ReviewEntry: Equatable, Sendable {
    public var number: Int
    public var record: PairRecord?
    /// Not seen because this client took the seat back after the pair (a new process after a crash), not
    /// because its connection was down: nothing is known of it here, not even that it was missed.
    public var beforeThisClient = false
}

extension ClientState {
    /// After `SCORE` (it comes only when we play in the game that is on):
    /// the pairs seen before the drop come back if they belong to this game,
    /// the same `GAME` line, and no more right or wrong verdicts among them
    /// than the server counts. The browser's page does the same (student.js, mergeSavedGame).
    mutating func takeCarriedGameBack() {
        // No game carried at all: this client was not in this game before (a new process took the seat
        // back), so the pairs before the next reveal were played before it came.
        let newcomer = carried == nil && history.isEmpty
        defer {
            carried = nil
            if newcomer { seenFromPair = Self.fromTheNextReveal }
        }
        guard let kept = carried, let game, kept.game == game, history.isEmpty else { return }
        let rights = kept.history.filter { $0.verdict == .right }.count
        let wrongs = kept.history.filter { $0.verdict == .wrong || $0.verdict == .timeout }.count
        guard rights <= correct, wrongs <= wrong else { return }
        history = kept.history
        lastReveal = nil
        // Out now without having seen it happen: it happened while the connection was down (0: the pair is not known).
        outAfterPair = kept.outAfterPair ?? (me == .out ? 0 : nil)
    }

    /// `YOU LOBBY` right after `OK RESUME`, with a game carried: it ended while the connection was down,
    /// and the server sends a finished game's score only to those in it at its end (Protocol.md §4 RESUME).
    /// The end dialog comes back with what this client knew, and says so (`endedWhileAway`).
    mutating func showGameEndedWhileAway() {
        guard let kept = carried else { return }
        carried = nil
        beginGame(kept.game)
        history = kept.history
        outAfterPair = kept.outAfterPair
        correct = kept.correct
        wrong = kept.wrong
        final = GameOver(rank: 0, ranked: 0, correct: kept.correct, wrong: kept.wrong, milliseconds: 0)
        endedWhileAway = true
    }

    /// The pair after which a player who is out went out, from the `PLAYED` lines: the one before
    /// the first they watched, or the last one listed if they went out on it.
    var outAfterPairPlayed: Int {
        if let firstWatched = history.first(where: { $0.verdict == nil }) { return firstWatched.reveal.number - 1 }
        return history.last?.reveal.number ?? 0
    }

    /// `seenFromPair` until the next reveal says which pair that is.
    static let fromTheNextReveal = Int.max

    /// Every pair of the game up to the last one revealed, the ones missed while reconnecting included.
    public var reviewEntries: [ReviewEntry] {
        let byNumber = Dictionary(history.map { ($0.reveal.number, $0) }, uniquingKeysWith: { $1 })
        let last = history.map(\.reveal.number).max() ?? 0
        return (0..<last).map { index in
            let number = index + 1
            return ReviewEntry(number: number, record: byNumber[number], beforeThisClient: number < (seenFromPair ?? 0))
        }
    }
}
