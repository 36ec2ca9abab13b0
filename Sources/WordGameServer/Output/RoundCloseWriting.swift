import WordGameProtocol

/// A pair's close on the way out (`Outbox.sendRoundClose`): one pass over the
/// room, one append to each reader's queue. The shared lines (the truth, the
/// board, the next pair) are encoded once per format present; a machine reader's
/// result is written straight into its queue between them (as a text frame
/// of its own for a WebSocket reader). A room of
/// thousands is otherwise four passes over every connection, each a cache
/// miss or more per player, before the first byte can leave. In a big room
/// the readers are sent as they are written (`SendStream`).
extension WritePath {
    func sendRoundClose(_ close: RoundClose) {
        // A big room's readers go out while the rest are written (`SendStream`); a small one's with the turn's flush.
        let threads = sendThreads
        let stream = close.readerCount >= 2 * threads.minimumPerThread
            ? SendStream(helpers: threads.count - 1, transmit: { [unowned self] in transmit($0) }) : nil
        var machine: (before: [UInt8], after: [UInt8], next: [UInt8])?
        var framed: (before: [UInt8], after: [UInt8], next: [UInt8])?
        var human: (before: HumanBatch, after: HumanBatch, next: HumanBatch?, nextTracked: HumanBatch?)?
        for reader in close.readers {
            guard let target = table.connection(for: reader.player) else { continue }
            if target.mode == .machine {
                if machine == nil {
                    machine = (Self.encode(close.before), Self.encode(close.after), Self.encode(close.next.map { [$0] } ?? []))
                }
                let streamed = stream != nil && !target.human.isHolding && !target.isClosing
                if target.framing.output == .lines {
                    let shared = machine!
                    enqueue(tag: reader.tracked ? close.tag : nil, for: target, flushing: streamed) { bytes in
                        bytes += shared.before
                        reader.result?.encodeLine(into: &bytes)
                        bytes += shared.after
                        if reader.out { ServerMessage.you(.out).encodeLine(into: &bytes) }
                        bytes += shared.next
                    }
                } else {
                    // The same lines as text frames: the shared ones framed once, the reader's own as it is written.
                    if framed == nil {
                        let lines = machine!
                        framed = (WebSocketLines.wrap(lines.before), WebSocketLines.wrap(lines.after), WebSocketLines.wrap(lines.next))
                    }
                    let shared = framed!
                    enqueue(tag: reader.tracked ? close.tag : nil, for: target, flushing: streamed) { bytes in
                        bytes += shared.before
                        if let result = reader.result { WebSocketLines.append(result, into: &bytes, scratch: &frameScratch) }
                        bytes += shared.after
                        if reader.out { WebSocketLines.append(.you(.out), into: &bytes, scratch: &frameScratch) }
                        bytes += shared.next
                    }
                }
                if streamed {
                    // Past its cap now, it is dropped by the turn's flush, which says why.
                    if target.overflowed { markDirty(target) } else { stream!.add(target) }
                }
            } else {
                // The same batches, in the same order, as separate sends would deliver (`HumanStream`).
                if human == nil {
                    human = (humanBatch(close.before), humanBatch(close.after),
                             close.next.map { humanBatch([$0]) }, close.next.map { humanBatch([$0], answering: true) })
                }
                let shared = human!
                deliver(shared.before, to: target)
                if let result = reader.result { deliver(humanBatch([result]), to: target) }
                deliver(shared.after, to: target)
                if reader.out { deliver(humanBatch([.you(.out)]), to: target) }
                if reader.tracked, let next = shared.nextTracked { deliver(next, tag: close.tag, to: target) }
                else if let next = shared.next { deliver(next, to: target) }
            }
        }
        // Settled with the turn's flush, not here: settling can close a connection, and
        // the room that called is still in the middle of its close.
        if let stream { streamed += stream.finish() }
    }
}
