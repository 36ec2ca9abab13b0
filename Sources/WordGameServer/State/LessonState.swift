import WordGame

/// What a lesson needs to survive the server restarting or crashing, as it
/// is kept on disk (`StateFile`): every room with its code, key and rules;
/// every seat that can be taken back with its resume code, name and place;
/// how each room's last game went, pair by pair; and each game on, with its deal, the pairs closed so far and every
/// player's counters. Not kept: connections, viewers (they `WATCH` again),
/// the answers to the pair that was open (it is played again), and practice rooms (nobody else is in them).
///
/// Written as JSON (`format` first, so a later server can tell an older file).
struct LessonState: Codable, Equatable {
    /// Raised when a field changes meaning; a file of another format is set aside, not read.
    static let currentFormat = 1

    var format = LessonState.currentFormat
    /// Wall-clock seconds since 1970 when it was taken.
    var savedAt: Double
    /// The server's name in its fleet, kept so that a restarted server takes its own rooms back.
    var serverID: String?
    var rooms: [SavedRoom]
}

struct SavedRoom: Codable, Equatable {
    var name: String
    /// The teacher's seat of a room made with `HOST`; nil for a room made with `JOIN`.
    var host: SavedHost?
    /// In join order.
    var members: [SavedSeat]
    /// A room made with `JOIN`: the index in `members` of its hosting member.
    var hostingMember: Int?
    var locked: Bool
    var gamesStarted: Int
    var rules: Rules
    var wordList: String
    var savedResults: String?
    var game: SavedGame?
    /// How the last game's pairs went: its hardest pairs and `START MISSED` after a restart. Nil before the first game.
    var lastGame: LastGame?
}

struct SavedHost: Codable, Equatable {
    var name: String
    var key: String
    /// The host's resume code, if their seat had one.
    var code: String?
}

struct SavedSeat: Codable, Equatable {
    var name: String
    /// Its resume code (`TOKEN`): how its owner takes it back.
    var code: String
    /// `LOBBY`, `PLAYING`, `OUT` or `WATCHING` (a `PlayerState`).
    var state: String
    var ready: Bool
    /// Its place in the game on (`GameRecord.players`), if it plays in it.
    var slot: Int?
}

struct SavedGame: Codable, Equatable {
    /// The deal, the players by slot and every closed pair's verdicts.
    var record: GameRecord
    /// Each slot's counters after the closed pairs; nil for a player who left.
    var scores: [Score?]
    var roundsPlayed: Int
}
