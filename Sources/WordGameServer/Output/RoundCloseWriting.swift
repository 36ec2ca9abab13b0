import WordGameProtocol

/// A pair's close on the way out (`Outbox.sendRoundClose`): one pass over the
/// room, one append to each reader's queue. The shared lines (the truth, the
/// board, the next pair) are encoded once, and framed once per transport
/// present; a machine reader's result is written straight into its queue
/// between them, as its transport frames it (`OutputFraming.append`). A room of
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
        var framed = OutputFramingCache<(before: [UInt8], after: [UInt8], next: [UInt8])>()
        var human: (before: HumanBatch, after: HumanBatch, next: HumanBatch?, nextTracked: HumanBatch?)?
        for reader in close.readers {
            guard let target = table.connection(for: reader.player), let session = target.session else { continue }
            if session.mode == .machine {
                if machine == nil {
                    machine = (Self.encode(close.before), Self.encode(close.after), Self.encode(close.next.map { [$0] } ?? []))
                }
                let lines = machine!
                let output = target.outputFraming
                // The shared lines framed once for each transport, the reader's own as it is written.
                let shared = framed.value(for: output) { ($0.wrap(lines.before), $0.wrap(lines.after), $0.wrap(lines.next)) }
                let streamed = stream != nil && !session.human.isHolding && !target.isClosing
                enqueue(tag: reader.tracked ? close.tag : nil, for: target, flushing: streamed) { bytes in
                    bytes += shared.before
                    if let result = reader.result { output.append(result, into: &bytes, scratch: &frameScratch) }
                    bytes += shared.after
                    if reader.out { output.append(.you(.out), into: &bytes, scratch: &frameScratch) }
                    bytes += shared.next
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
