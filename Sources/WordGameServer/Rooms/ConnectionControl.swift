import WordGame

/// What the hub asks of connections, apart from messages (`Outbox`): the
/// transport implements it, a test records it. Seats are named by
/// `PlayerID`; the transport knows which connection speaks for each.
protocol ConnectionControl: AnyObject {
    /// Closes the seat's connection once what is queued for it has been sent.
    func closeAfterFlush(_ player: PlayerID)
    /// `RESUME`: the connection speaking for `newcomer` carries on as `held`
    /// (the seat the rooms know). One still speaking for `held` is cut off from it.
    func rebind(_ held: PlayerID, to newcomer: PlayerID)
    /// Executes no line from a connection of this one's address that is
    /// outside a room, for `milliseconds` (the lines wait in their sockets),
    /// new connections included.
    func holdInput(fromAddressOf player: PlayerID, milliseconds: Int)
    /// Where the seat stands now: in a room or not, and whether it has ever
    /// been (the transport admits input and closes the unregistered by it).
    func seatChanged(_ player: PlayerID, _ standing: SeatStanding)
    /// The seat's command waits for the fleet's directory (true), or has its
    /// answer (false): meanwhile its connection's later lines wait unread, so
    /// that its replies keep their order.
    func awaitDirectory(_ player: PlayerID, _ waiting: Bool)
    /// The seat's connection has an upload open (true) or not (false): its `LINE`s run unpaced
    /// by the token bucket meanwhile (Protocol.md §8).
    func uploadOpen(_ player: PlayerID, _ open: Bool)
    /// Whether the seat's connection reads sentences (human mode), not Protocol.md's lines.
    func readsSentences(_ player: PlayerID) -> Bool
}
