import WordGame

/// What rooms need from the world, passed in so that rooms stay pure logic
/// (the isowords way): where their lines go, random bits, wall-clock time for
/// the results, the operator's console, and where finished games go.
struct RoomEnvironment {
    var outbox: Outbox
    /// A fresh tag for a tracked line (see `Outbox.sendTracked`).
    var nextTag: () -> Int
    /// Random bits: room codes, host keys, resume codes, and the deal of a
    /// game when the server has no seed. The server's come from the kernel;
    /// a test's from a seeded generator.
    var random: () -> UInt64
    /// Seconds since 1970, for the date and time in results files. Rooms never
    /// time rules with it (they use the monotonic instants they are given).
    var wallClock: () -> Double
    /// One line for the operator's console per event that matters.
    var log: (String) -> Void
    /// A finished game and the languages of the list it was dealt from, for the results files.
    var gameEnded: (GameRecord, _ languages: (from: String, to: String)) -> Void
    /// Something the lesson kept on disk holds changed: a seat (`Hub.seat`), a room forgotten, its rules or lock,
    /// a game started or ended, a pair closed. It is saved soon (`StateWriter`); answers and drops are not kept.
    var changed: () -> Void = {}
    /// Where students join room `room` in a browser (the `WEB` line to the
    /// host and viewers); nil when the server has no web port.
    var browserAddress: (_ room: String) -> String? = { _ in nil }
    /// The word lists rooms may play (`default`, the operator's, those hosts saved), shared by the hub and every room.
    var lists: WordListCatalog
    /// Where lists saved over the wire are written; nil: kept in memory only (`Hub.listStored` answers at once).
    var listStore: ListStore?
    /// What happened, for `/metrics` (answers taken, each round's close timed); nil in transcript tests.
    var counters: ServerCounters? = nil
}
