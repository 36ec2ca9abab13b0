import WordGameProtocol

/// A batch of messages written for people (`HumanText`), once per send
/// whatever the number of human readers, as bytes ready to queue.
struct HumanBatch {
    let messages: [ServerMessage]
    /// The lines when more follows for the reader.
    let bytes: [UInt8]
    /// The lines when nothing more comes this turn: a trailing answer waits
    /// for the others. The same as `bytes` for every other batch.
    let bytesAtPause: [UInt8]
    /// Held back until the reader's next batch (`HumanText.readsWithNext`).
    let readsWithNext: Bool

    init(_ messages: [ServerMessage], context: HumanText.Context) {
        self.messages = messages
        bytes = Self.encode(HumanText.lines(messages, context: context))
        if case .answerTaken? = messages.last {
            var paused = context
            paused.endsTurn = true
            bytesAtPause = Self.encode(HumanText.lines(messages, context: paused))
        } else {
            bytesAtPause = bytes
        }
        readsWithNext = HumanText.readsWithNext(messages)
    }

    private static func encode(_ lines: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        for line in lines {
            bytes.append(contentsOf: line.utf8)
            bytes.append(0x0A)
        }
        return bytes
    }
}

/// Human mode on the way out. A broadcast's human batch is made once and
/// shared; only a reader's own lines are written for them alone: their
/// verdict joined to the pair's truth, their answer and whether to wait.
extension Server {
    /// The context of a batch; `answering`: a tracked ROUND, which only players get.
    func humanBatch(_ messages: [ServerMessage], answering: Bool = false) -> HumanBatch {
        HumanBatch(messages, context: HumanText.Context(openRooms: configuration.game.openRooms, answering: answering))
    }

    /// Queues `batch` for a human reader, after what it held back. A batch
    /// whose reading depends on the next is held (a tracked line never is:
    /// its clock waits for its bytes).
    func deliver(_ batch: HumanBatch, tag: Int? = nil, to connection: Connection) {
        if let held = connection.heldHuman {
            if HumanText.joins(held.messages, batch.messages) {
                connection.heldHuman = nil
                return deliver(humanBatch(held.messages + batch.messages), tag: tag, to: connection)
            }
            // Lines with nothing to read (PROGRESS) do not end the wait: "Wait for the others…" still holds.
            if batch.bytes.isEmpty && tag == nil { return }
            releaseHeld(connection, atPause: false)
        }
        if batch.readsWithNext && tag == nil {
            connection.heldHuman = batch
            markDirty(connection)  // the end of the turn releases it
            return
        }
        if !batch.bytes.isEmpty || tag != nil { enqueue(batch.bytes, tag: tag, for: connection) }
    }

    /// Queues what the connection held back: as read with more after it, or
    /// (`atPause`, from `flush`, which sends it at once) as the last lines for now.
    func releaseHeld(_ connection: Connection, atPause: Bool) {
        guard let held = connection.heldHuman else { return }
        connection.heldHuman = nil
        enqueue(atPause ? held.bytesAtPause : held.bytes, for: connection, flushing: atPause)
    }
}
