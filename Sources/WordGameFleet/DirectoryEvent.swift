import RedisClient

/// What a claim of a room code came to.
public enum ClaimResult: Equatable, Sendable {
    /// The code was free and is ours for one TTL (refresh it to keep it).
    case claimed
    /// Another server (or this one, earlier) holds it.
    case takenBy(serverID: String)
    /// Redis could not be asked; nothing is known.
    case unavailable(RedisError)
}

/// Who owns a room code.
public enum OwnerResult: Equatable, Sendable {
    case owner(serverID: String, address: FleetAddress)
    /// Nobody: no claim, or its server's record has expired (the server is gone).
    case none
    case unavailable(RedisError)
}

/// One answer of the directory, delivered on its worker queue (the caller
/// forwards it to its own loop; it must not block there for long, since the
/// next request waits behind it).
public enum DirectoryEvent: Equatable, Sendable {
    /// The server's record was written (nil) or could not be (the error); once a refresh period.
    case registered(RedisError?)
    case claim(code: String, ClaimResult)
    /// A refresh of our codes: those no longer ours (expired, or someone else's now) are `lost`.
    case refreshed(lost: [String], error: RedisError?)
    /// `released` is false if the code was not ours (any more).
    case release(code: String, released: Bool, error: RedisError?)
    case owner(code: String, OwnerResult)
}

/// Whether a request was taken.
public enum Submission: Equatable, Sendable {
    /// Queued: its event will come.
    case queued
    /// A code or id that is not one: nothing was sent, no event will come.
    case invalid
    /// `pendingLimit` requests are waiting already: refused at once, no event will come.
    case full
}
