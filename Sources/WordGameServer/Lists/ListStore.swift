/// Where lists saved over the wire are written and deleted, off the event loop
/// (a file is fsynced: Redis hands such work to its `bio` threads). The hub
/// asks with a ticket; the answer comes back to `Hub.listStored`, by the loop's
/// mail on the server, from the test in `HubWorld`. Meanwhile the asking
/// connection's later lines wait, so its replies keep their order.
protocol ListStore: AnyObject {
    /// Writes `bytes` as the list `name`'s file, whole or not at all (AtomicFile), then answers `ticket`.
    func write(_ bytes: [UInt8], name: String, ticket: Int)
    /// Deletes the list `name`'s file, then answers `ticket`.
    func remove(name: String, ticket: Int)
}

/// What became of a store's request: nil when it was done, else why not, in words.
struct ListStoreOutcome: Sendable, Equatable {
    let ticket: Int
    let problem: String?
}
