import WordGame
import WordGameProtocol

/// What the hub asks of the fleet's directory, when the server is one of a
/// fleet (`--directory`): the server's `FleetLink` asks Redis, a test answers
/// by hand. A server on its own has none, and every room is its own.
///
/// Requests return at once: false if the directory cannot take one now (its
/// queue is full), and the hub answers as if it were unreachable. A taken
/// request is answered later, once, through `Hub.directoryAnswered(ticket:…)`.
protocol RoomDirectory: AnyObject {
    /// Claims `room` (lower case) for a new room of this server. A room gone with a server that stopped
    /// is refused (`.gone`) unless `replacingGone`: a name JOIN makes is anyone's to make again.
    func claim(room: String, ticket: Int, replacingGone: Bool) -> Bool
    /// Where `room` (lower case) is, if another server has it.
    func find(room: String, ticket: Int) -> Bool
    /// Where the seat held for resume code `seat` is, if another server has it.
    func find(seat: String, ticket: Int) -> Bool
    /// Where a new room goes while this server drains: another live server, not draining (`.elsewhere`), or none
    /// (`.nowhere`).
    func findServerForNewRoom(ticket: Int) -> Bool
    /// The server drains: the others send no new room here (no answer).
    func markDraining()
    /// The room is gone from this server: its claim goes (no answer).
    func release(room: String)
    /// A seat made here (its resume code given): findable fleet-wide from now on (no answer).
    func register(seat: String)
    /// The seat is given up, its code forgotten (no answer).
    func release(seat: String)
}

/// What the directory said, as the hub acts on it.
enum DirectoryAnswer: Equatable {
    /// A claim: the room is this server's now.
    case ours
    /// Another live server has the room or the seat.
    case elsewhere(Elsewhere)
    /// Nobody has it (a lookup), or only this server did, stale.
    case nowhere
    /// Its server stopped without giving it up (its record expired), within the directory's gone memory
    /// (`FleetTimings.goneMemoryMilliseconds`): its game cannot go on, and its code is nobody else's meanwhile.
    case gone
    /// A directory that is new or came back empty takes no new claim for this long (see `DirectoryScripts`).
    case settling(milliseconds: Int)
    /// Redis cannot be reached (or the directory's queue is full): nothing is known.
    case unreachable
}
