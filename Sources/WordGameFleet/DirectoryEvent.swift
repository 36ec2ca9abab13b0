import RedisClient

/// What a claim of a room came to.
public enum ClaimResult: Equatable, Sendable {
    /// The room was free (or its holder dead) and is ours for one TTL: refresh it to keep it.
    case claimed
    /// A live server holds it: its id and record.
    case takenBy(serverID: String, address: FleetAddress)
    /// Gone: the server that held it (`serverID`) dropped out without giving it up, less than the gone memory
    /// ago (`FleetTimings.goneMemoryMilliseconds`). Only that server may take it back.
    case gone(serverID: String)
    /// The directory is new or came back empty: no new claim for `milliseconds`
    /// more, while live servers put their rooms back (`DirectoryScripts`).
    case settling(milliseconds: Int)
    /// Redis could not be asked; nothing is known.
    case unavailable(RedisError)
}

/// Who holds a room or a seat.
public enum OwnerResult: Equatable, Sendable {
    case owner(serverID: String, address: FleetAddress)
    /// Nobody: no claim, or one whose server's record has expired with nothing remembered of it (past the gone memory).
    case none
    /// Gone: its server (`serverID`) dropped out without giving it up, less than the gone memory ago.
    case gone(serverID: String)
    /// It would be gone, but the directory settles for `milliseconds` more: its server may yet write its record
    /// (`DirectoryScripts`). Ask again.
    case settling(milliseconds: Int)
    case unavailable(RedisError)
}

/// One answer of the directory, delivered on its worker queue (the caller
/// forwards it to its own loop; it must not block there for long, since the
/// next request waits behind it). Answers to requests carry the caller's
/// ticket, so the caller knows whose they are.
public enum DirectoryEvent: Equatable, Sendable {
    /// The server's record was written (error nil) or could not be; once a
    /// refresh period. `newEpoch`: Redis had no epoch, and this write began one.
    case registered(newEpoch: Bool, error: RedisError?)
    /// Read with each write of the record (none when Redis could not be asked): the fleet's servers whose
    /// record is there (`alive`, this one too) and those whose record expired (`silent`), at most
    /// `DirectoryScripts.lookLimit`, the most recently seen. `FleetWatch` makes news of them.
    case members(alive: [String], silent: [String])
    case claim(ticket: Int, room: String, ClaimResult)
    case owner(ticket: Int, OwnerResult)
    /// A refresh of our rooms and seats: those a live server holds now
    /// are lost; `restored` were missing (Redis lost them) and are ours again.
    case refreshed(lostRooms: [String], lostSeats: [String], restored: Int, error: RedisError?)
    /// `released` is false if it was not ours (any more).
    case release(name: String, released: Bool, error: RedisError?)
    /// New seats entered together: those a live server holds already (a resume code drawn twice) are `lost`.
    case registeredSeats(lost: [String], error: RedisError?)
    /// Seats given up, deleted together: how many were ours.
    case releasedSeats(released: Int, error: RedisError?)
}

/// Whether a request was taken.
public enum Submission: Equatable, Sendable {
    /// Queued: its event will come.
    case queued
    /// A room, code or id that is not one: nothing was sent, no event will come.
    case invalid
    /// `pendingLimit` requests are waiting already: refused at once, no event will come.
    case full
}
