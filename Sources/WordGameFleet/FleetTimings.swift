/// The directory's times and its one bound.
///
/// Every key lives `ttlMilliseconds` (10 s) unless refreshed; the server's
/// record is rewritten every `refreshMilliseconds` (3 s), and the server
/// refreshes its rooms and seats on the same period, so two refreshes in
/// a row may be missed (a slow Redis, a loaded machine) before a live server
/// drops out, and a dead one is gone within 10 s. A Redis that comes back
/// empty takes no new claim for one TTL (`DirectoryScripts`).
///
/// A room or seat whose server dropped out without giving it up is
/// remembered as gone for `goneMemoryMilliseconds` (12 hours: the rest of
/// the school day) after that server last refreshed it: its code is drawn
/// by nobody else meanwhile, those who name it are told its server stopped,
/// and the same server (the same id) may take it back. Past that, the code is
/// free again, as a room that ended. The list of the fleet's servers
/// (`FleetKeys.servers`) forgets a silent one after the same time.
///
/// At most `pendingLimit` (1,024) requests wait for the worker: past it a
/// request is refused at once (`Submission.full`) and nothing is queued. With
/// Redis down each request fails at once (the client's backoff), so the queue
/// drains at memory speed and only a Redis that is slow to answer (each
/// request up to the reply timeout) can fill it.
public struct FleetTimings: Equatable, Sendable {
    public var ttlMilliseconds: Int
    public var refreshMilliseconds: Int
    public var pendingLimit: Int
    public var goneMemoryMilliseconds: Int

    /// Twelve hours: a room of a server that stopped in the morning is still known as gone at the day's last lesson.
    public static let defaultGoneMemoryMilliseconds = 12 * 3_600_000

    public init(ttlMilliseconds: Int = 10_000, refreshMilliseconds: Int = 3_000, pendingLimit: Int = 1_024,
                goneMemoryMilliseconds: Int = FleetTimings.defaultGoneMemoryMilliseconds) {
        self.ttlMilliseconds = ttlMilliseconds
        self.refreshMilliseconds = refreshMilliseconds
        self.pendingLimit = pendingLimit
        self.goneMemoryMilliseconds = goneMemoryMilliseconds
    }
}
