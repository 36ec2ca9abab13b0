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
