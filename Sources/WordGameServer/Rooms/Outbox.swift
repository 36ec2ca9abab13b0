import WordGameProtocol

/// Where rooms put what they say. The server implements it with sockets;
/// tests can record. A message sent to many is encoded once per mode present
/// among them (`HumanOutput.swift`).
protocol Outbox: AnyObject {
    func send(_ message: ServerMessage, to connection: ConnectionID)
    func send<C: Collection>(_ messages: [ServerMessage], to connections: C) where C.Element == ConnectionID
    /// Sends a line and reports, through `Hub.delivered`, when each
    /// connection's copy has left the kernel (the player's clock starts then).
    func sendTracked<C: Collection>(_ message: ServerMessage, tag: Int, to connections: C) where C.Element == ConnectionID
    /// Closes the connection once what is queued for it has been sent.
    func closeAfterFlush(_ connection: ConnectionID)
    /// `RESUME`: the connection `newcomer` carries on as `held` (the ID the
    /// rooms know the seat by). One still holding `held` is cut off from it.
    func adopt(_ held: ConnectionID, by newcomer: ConnectionID)
    /// Executes no line from a connection of this one's address that is
    /// outside a room, for `milliseconds` (the lines wait in their sockets),
    /// new connections included.
    func holdInput(fromAddressOf connection: ConnectionID, milliseconds: Int)
    /// `MODE`: what the connection reads from now on, starting with the
    /// confirmation (`LineMode.confirmation`), which this sends.
    func setMode(_ mode: LineMode, for connection: ConnectionID)
}

extension Outbox {
    func send(_ messages: [ServerMessage], to connection: ConnectionID) {
        send(messages, to: CollectionOfOne(connection))
    }
}
