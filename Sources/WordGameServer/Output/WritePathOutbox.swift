import WordGame
import WordGameProtocol

/// Messages on their way out: each send is encoded once per format present
/// among its readers (machine lines, or sentences for people through each
/// reader's `HumanStream`), and queued for each reader's connection. A seat
/// whose connection is gone (held for RESUME) gets nothing.
extension WritePath: Outbox {
    func send(_ message: ServerMessage, to player: PlayerID) {
        guard let target = table.connection(for: player) else { return }
        if target.mode == .machine { enqueue(Self.encode([message]), for: target) } else { deliver(humanBatchReused(message), to: target) }
    }

    func send<C: Collection>(_ messages: [ServerMessage], to players: C) where C.Element == PlayerID {
        guard !messages.isEmpty, !players.isEmpty else { return }
        var machine: [UInt8]?
        var human: HumanBatch?
        for player in players {
            guard let target = table.connection(for: player) else { continue }
            if target.mode == .machine {
                if machine == nil { machine = Self.encode(messages) }
                enqueue(machine!, for: target, broadcast: players.count > 1)
            } else {
                if human == nil { human = humanBatch(messages) }
                deliver(human!, to: target)
            }
        }
    }

    /// Only players get a tracked ROUND, so its human line says how to answer.
    func sendTracked<C: Collection>(_ message: ServerMessage, tag: Int, to players: C) where C.Element == PlayerID {
        var machine: [UInt8]?
        var human: HumanBatch?
        for player in players {
            guard let target = table.connection(for: player) else { continue }
            if target.mode == .machine {
                if machine == nil { machine = Self.encode([message]) }
                enqueue(machine!, tag: tag, for: target, broadcast: players.count > 1)
            } else {
                if human == nil { human = humanBatch([message], answering: true) }
                deliver(human!, tag: tag, to: target)
            }
        }
    }

    /// A line for one connection, whatever seat it speaks for (the transport's
    /// own replies: the greeting of a refused connection, errors in framing).
    func send(_ message: ServerMessage, on connection: Connection) {
        if connection.mode == .machine {
            enqueue(Self.encode([message]), for: connection)
        } else {
            deliver(humanBatchReused(message), to: connection)
        }
    }

    /// `MODE`: what was held back goes first, in the mode it was written for,
    /// then the confirmation, in the new one.
    func setMode(_ mode: LineMode, of connection: Connection) {
        if let held = connection.human.release() { enqueue(held, for: connection) }
        connection.mode = mode
        enqueue(Array((mode.confirmation + "\n").utf8), for: connection)
    }

    // MARK: Human mode

    /// The context of a batch; `answering`: a tracked ROUND, which only players get.
    func humanBatch(_ messages: [ServerMessage], answering: Bool = false) -> HumanBatch {
        HumanBatch(messages, context: HumanText.Context(openRooms: openRooms, answering: answering))
    }

    /// Queues `batch` for a human reader, through its stream (which may hold
    /// it back until the reader's next batch: the end of the turn releases it).
    func deliver(_ batch: HumanBatch, tag: Int? = nil, to connection: Connection) {
        for piece in connection.human.deliver(batch, tag: tag, render: { humanBatch($0) }) {
            enqueue(piece.bytes, tag: piece.tag, for: connection)
        }
        if connection.human.isHolding { markDirty(connection) }
    }

    /// The human lines of one message, written once while the same message
    /// comes again: every connection's greeting is the same.
    private func humanBatchReused(_ message: ServerMessage) -> HumanBatch {
        if let last = lastHumanBatch, last.message == message { return last.batch }
        let batch = humanBatch([message])
        lastHumanBatch = (message, batch)
        return batch
    }

    static func encode(_ messages: [ServerMessage]) -> [UInt8] {
        var bytes: [UInt8] = []
        for message in messages { message.encodeLine(into: &bytes) }
        return bytes
    }
}
