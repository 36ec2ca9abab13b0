/// One connection, for the transport alone: never reused (unlike descriptor
/// numbers, so a late event never reaches the wrong connection) and never
/// changed. The seat a connection speaks for is a `PlayerID`, which rooms
/// know and which RESUME moves to a new connection.
struct ConnectionID: Hashable, Sendable, CustomStringConvertible {
    let rawValue: Int

    var description: String { "connection \(rawValue)" }
}
