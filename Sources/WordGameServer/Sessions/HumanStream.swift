import WordGameProtocol

/// One human reader's text as it goes out. A batch whose reading depends on
/// what comes next for this reader ("You said pair 2 is right." then, or
/// not, "Wait for the others…") is held until the reader's next batch, or
/// until the turn's output leaves (`releaseAtPause`). Pure: it says what to
/// queue, and the write path queues it.
struct HumanStream {
    /// Bytes to queue, in order; a tagged piece is a tracked line (its clock
    /// waits for its bytes).
    struct Piece: Equatable {
        let bytes: [UInt8]
        let tag: Int?
    }

    private(set) var held: HumanBatch?

    var isHolding: Bool { held != nil }

    /// `batch` for this reader, after what it held. `render` writes a batch of
    /// joined messages anew (a verdict joined to the pair's truth). A batch
    /// that reads with the next is held (a tracked one never is).
    mutating func deliver(_ batch: HumanBatch, tag: Int?, render: ([ServerMessage]) -> HumanBatch) -> [Piece] {
        var pieces: [Piece] = []
        if let held {
            if HumanText.joins(held.messages, batch.messages) {
                self.held = nil
                return deliver(render(held.messages + batch.messages), tag: tag, render: render)
            }
            // Lines with nothing to read (PROGRESS) do not end the wait: "Wait for the others…" still holds.
            if batch.bytes.isEmpty && tag == nil { return [] }
            pieces.append(Piece(bytes: held.bytes, tag: nil))
            self.held = nil
        }
        if batch.readsWithNext && tag == nil {
            held = batch
            return pieces
        }
        if !batch.bytes.isEmpty || tag != nil { pieces.append(Piece(bytes: batch.bytes, tag: tag)) }
        return pieces
    }

    /// What it held, read as the last lines for now: nothing more comes to
    /// this reader in this turn.
    mutating func releaseAtPause() -> [UInt8]? {
        defer { held = nil }
        return held?.bytesAtPause
    }

    /// What it held, read with more after it (the reader changes mode).
    mutating func release() -> [UInt8]? {
        defer { held = nil }
        return held?.bytes
    }
}
