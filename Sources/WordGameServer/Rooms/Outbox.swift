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
    /// A pair's close, to each reader in one pass: `before`, their result,
    /// `after`, `YOU OUT` if they are out now, then `next` if there is one
    /// (tracked with `tag` for the readers marked). The same lines, in the same order, as those
    /// sends made one by one.
    func sendRoundClose(_ close: RoundClose)
}

/// What every member of a room gets when a pair closes, with the next pair if one opens.
struct RoundClose {
    struct Reader {
        let id: ConnectionID
        /// Their RESULT, if they were judged.
        let result: ServerMessage?
        /// This pair put them out (`YOU OUT`).
        let out: Bool
        /// Their clock starts with `next`.
        let tracked: Bool
    }

    /// The truth (REVEAL).
    let before: [ServerMessage]
    /// The tally and the board (TALLY, TOP…, END TOP).
    let after: [ServerMessage]
    /// The next pair (ROUND); nil after the game's last.
    let next: ServerMessage?
    let tag: Int
    /// Built as they are read, once: a reader's lines can leave before the next one's are written.
    let readers: AnySequence<Reader>
    /// How many readers there are at most (the room's members).
    let readerCount: Int
}

extension Outbox {
    func send(_ messages: [ServerMessage], to connection: ConnectionID) {
        send(messages, to: CollectionOfOne(connection))
    }

    /// The round's close as separate sends (an outbox that records needs no more).
    func sendRoundClose(_ close: RoundClose) {
        for reader in close.readers {
            send(close.before, to: reader.id)
            if let result = reader.result { send(result, to: reader.id) }
            send(close.after, to: reader.id)
            if reader.out { send(.you(.out), to: reader.id) }
            guard let next = close.next else { continue }
            if reader.tracked { sendTracked(next, tag: close.tag, to: CollectionOfOne(reader.id)) } else { send([next], to: reader.id) }
        }
    }
}
