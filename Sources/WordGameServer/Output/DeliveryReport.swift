import WordGame

/// What the write path has news of, for the server to take and pass on, in
/// the order it happened: the write path knows connections and bytes, not rooms.
enum WriteEvent {
    /// Tracked lines (`Outbox.sendTracked`) left for the seat `player`: its clock starts.
    case delivered(DeliveryReport)
    /// The connection must close: its peer is gone (a send failed), its BYE
    /// is out, or it stopped reading (`overflowed`, with the bytes queued).
    case mustClose(Connection, overflowedWith: Int?)
}

/// Tracked lines that left one connection, and when: the kernel's figures
/// say when the last byte was transmitted, and the round trip is credited
/// (Protocol.md §7).
struct DeliveryReport {
    let player: PlayerID
    let tags: [Int]
    let delivery: Delivery
}
