import WordGame
import WordGameProtocol

/// Messages on their way out: each send is encoded once per format present
/// among its readers (machine lines, or sentences for people through each
/// reader's `HumanStream`), and queued for each reader's connection. A seat
/// whose connection is gone (held for RESUME) gets nothing.
extension WritePath: Outbox {
    func send(_ message: ServerMessage, to player: PlayerID) {
        guard let target = table.connection(for: player) else { return }
        self.send(message, on: target)
    }

    func send<C: Collection>(_ messages: [ServerMessage], to players: C) where C.Element == PlayerID {
        guard !messages.isEmpty, !players.isEmpty else { return }
        var machine = MachineLines(messages)
        var human: HumanBatch?
        for player in players {
            guard let target = table.connection(for: player) else { continue }
            if target.session?.mode == .machine {
                enqueue(machine.bytes(for: target.outputFraming), for: target, broadcast: players.count > 1)
            } else {
                if human == nil { human = humanBatch(messages) }
                deliver(human!, to: target)
            }
        }
    }

    /// Only players get a tracked ROUND, so its human line says how to answer.
    func sendTracked<C: Collection>(_ message: ServerMessage, tag: Int, to players: C) where C.Element == PlayerID {
        var machine = MachineLines([message])
        var human: HumanBatch?
        for player in players {
            guard let target = table.connection(for: player) else { continue }
            if target.session?.mode == .machine {
                enqueue(machine.bytes(for: target.outputFraming), tag: tag, for: target, broadcast: players.count > 1)
            } else {
                if human == nil { human = humanBatch([message], answering: true) }
                deliver(human!, tag: tag, to: target)
            }
        }
    }

    /// A message for one connection, whatever seat it speaks for: its
    /// session's own replies (a bad line), and a message for a seat.
    func send(_ message: ServerMessage, on connection: Connection) {
        if connection.session?.mode != .human {
            enqueueLines(Self.encode([message]), for: connection)
        } else {
            deliver(humanBatchReused(message), to: connection)
        }
    }

    // MARK: Human mode

    /// The context of a batch; `answering`: a tracked ROUND, which only players get.
    func humanBatch(_ messages: [ServerMessage], answering: Bool = false) -> HumanBatch {
        HumanBatch(messages, context: HumanText.Context(openRooms: openRooms, answering: answering))
    }

    /// Queues `batch` for a human reader, through its stream (which may hold
    /// it back until the reader's next batch: the end of the turn releases it).
    func deliver(_ batch: HumanBatch, tag: Int? = nil, to connection: Connection) {
        guard let session = connection.session else { return }
        for piece in session.human.deliver(batch, tag: tag, render: { humanBatch($0) }) {
            enqueueLines(piece.bytes, tag: piece.tag, for: connection)
        }
        if session.human.isHolding { markDirty(connection) }
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

/// One send's machine lines, encoded on first need, then framed once for
/// each kind of transport among its readers.
struct MachineLines {
    private let messages: [ServerMessage]
    private var lines: [UInt8]?
    private var framed = OutputFramingCache<[UInt8]>()

    init(_ messages: [ServerMessage]) { self.messages = messages }

    mutating func bytes(for framing: any OutputFraming) -> [UInt8] {
        let lines = self.lines ?? WritePath.encode(messages)
        self.lines = lines
        return framed.value(for: framing) { $0.wrap(lines) }
    }
}
