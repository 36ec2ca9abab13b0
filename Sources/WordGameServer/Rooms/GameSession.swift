import WordGame
import WordGameProtocol

/// The game on in a room: the match, its record for the results files, and
/// what the room keeps while it plays (`RoomPhase.playing`), from START to
/// the game's end. A class, so that it is changed in place wherever the room
/// holds it (a copy of the match would copy its tables).
final class GameSession {
    /// Its open pair's deadline and the restart's wait are read by the room's next wakeup (`RoomTime.swift`),
    /// which a change of either marks stale.
    var match: Match { didSet { wakeupChanged = true } }
    var wakeupChanged = true
    var record: GameRecord
    /// Each player's place in `record`.
    let slots: [PlayerID: Int]
    /// The players still thinking about the open pair, once they are few
    /// enough to name (`Room.updateThinking`).
    var thinking: [PlayerID]?
    /// The tag of the open pair's tracked line (`Outbox.sendTracked`).
    var roundTag = -1
    /// The leaderboard sent after the last pair closed, for whoever arrives
    /// mid-game (kept, not recomputed: a join never sorts the room).
    var lastLeaderboard: [ServerMessage] = []
    /// The last pair's `REVEAL` and `TALLY`, for whoever arrives mid-game: a
    /// teacher's page taken back shows the truth of the pair before, as it did.
    var lastReveal: [ServerMessage] = []
    /// A game taken up again after a restart waits between two pairs for its
    /// players to come back; the next pair opens then (`RoomRestart.swift`).
    var resumesAt: Instant? { didSet { wakeupChanged = true } }
    /// The languages of the list the game was dealt from, as they were when it began.
    var languages: (from: String, to: String)?

    init(match: Match, record: GameRecord) {
        self.match = match
        self.record = record
        slots = Dictionary(uniqueKeysWithValues: match.players.enumerated().map { ($1, $0) })
    }
}
