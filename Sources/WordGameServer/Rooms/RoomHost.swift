import WordGame

/// Who runs a room. A room made with `HOST` has the teacher's seat, which
/// survives its connection: whoever comes back with the key takes it again.
/// A room made with `JOIN` is run by a member, the earliest one still in.
enum RoomHost {
    /// A room made with `JOIN`: its hosting member (nil while the room is empty).
    case member(PlayerID?)
    /// A room made with `HOST`.
    case seat(Seat)

    /// The teacher's seat in a room made with `HOST`.
    struct Seat {
        var name: String
        let key: String
        /// Nil while the host is away (dropped, or left): the seat waits.
        var connection: PlayerID?
        var awaySince: Instant?
        /// The connection that had the seat when it went away: its session may be held for RESUME,
        /// and the key taken back from elsewhere must end it (Hub.reclaimHost).
        var lastConnection: PlayerID? = nil
    }
}
