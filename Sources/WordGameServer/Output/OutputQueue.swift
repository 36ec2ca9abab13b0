import WordGamePOSIX

/// Bytes waiting to go to one peer, and marks on tracked lines: a mark is
/// taken off once the kernel has transmitted its line's last byte (that
/// moment starts a player's time).
///
/// Offsets are counted from the connection's first byte, so a mark stays
/// right however the buffer is compacted.
struct OutputQueue {
    private var bytes: [UInt8] = []
    private var head = 0
    /// Bytes ever appended, and bytes ever handed to the kernel.
    private(set) var appendedTotal = 0
    private(set) var sentTotal = 0
    private var marks: [(end: Int, tag: Int)] = []
    /// Whose `bytes` are: ours to write to, or a buffer others hold too,
    /// taken by reference (`append(shared:)`), perhaps a broadcast's, which
    /// what follows may be joined to.
    private var holding = Holding.own

    private enum Holding { case own, shared, broadcast }

    var pendingCount: Int { appendedTotal - sentTotal }
    var isEmpty: Bool { pendingCount == 0 }
    /// A tracked line has been handed to the kernel but not yet reported transmitted.
    var awaitsTransmission: Bool { marks.first.map { $0.end <= sentTotal } ?? false }

    /// Appends what `write` adds, in place; with a `tag`, remembered until
    /// the last byte of what it added is transmitted.
    mutating func append(tag: Int?, writing fill: (inout [UInt8]) -> Void) {
        // Room for a pair's close at once (about 350 bytes), instead of growing to it.
        if bytes.capacity == 0 { bytes.reserveCapacity(Self.firstCapacity) }
        if holding != .own {
            // Our own copy, with room to grow, before writing to a buffer others read.
            var own: [UInt8] = []
            own.reserveCapacity(max(Self.firstCapacity, 2 * (bytes.count - head)))
            own += bytes[head...]
            bytes = own
            head = 0
            holding = .own
        }
        let count = bytes.count
        fill(&bytes)
        appendedTotal += bytes.count - count
        if let tag { marks.append((appendedTotal, tag)) }
    }

    /// Appends `shared`, lines encoded once for many connections. Into an
    /// empty queue it goes by reference: a broadcast to 10,000 holds one copy
    /// of its bytes, not 10,000. A broadcast (`join` given) right after
    /// another that has not begun to leave becomes one buffer with it, which
    /// `join` makes once for all who get the same two (a game's start sends
    /// four in a row to everyone). Anything else is copied behind what is queued.
    mutating func append(shared: [UInt8], tag: Int?, join: ((_ queued: [UInt8], _ next: [UInt8]) -> [UInt8])? = nil) {
        if shared.isEmpty {
            // Nothing to send; a tag still marks the end of what is queued.
        } else if bytes.isEmpty && head == 0 {
            bytes = shared
            holding = join == nil ? .shared : .broadcast
        } else if holding == .broadcast && head == 0 && bytes.count + shared.count <= Self.joinLimit, let join {
            bytes = join(bytes, shared)
        } else {
            return append(tag: tag) { $0 += shared }
        }
        appendedTotal += shared.count
        if let tag { marks.append((appendedTotal, tag)) }
    }

    /// Calls `hand` with the pending bytes until it takes none (nil: it would
    /// block) or all are gone.
    mutating func drain(_ hand: (UnsafeRawBufferPointer) throws(Errno) -> Int?) throws(Errno) {
        while !isEmpty {
            let result = bytes.withUnsafeBytes { raw in
                Result { () throws(Errno) in try hand(UnsafeRawBufferPointer(rebasing: raw[head...])) }
            }
            guard let taken = try result.get(), taken > 0 else { break }
            head += taken
            sentTotal += taken
        }
        compact()
    }

    /// Takes off the marks whose lines are within the first `transmitted`
    /// bytes of the stream, and returns their tags in order.
    mutating func takeMarks(transmittedThrough transmitted: Int) -> [Int] {
        var done: [Int] = []
        while let first = marks.first, first.end <= transmitted {
            done.append(first.tag)
            marks.removeFirst()
        }
        if marks.isEmpty { marks = [] }
        return done
    }

    /// Joined broadcasts stay small: a queue that cannot send (its reader
    /// stopped) grows in its own buffer, not by a copy of all of it a broadcast.
    static let joinLimit = 4_096

    /// Bytes reserved when a first line is queued.
    static let firstCapacity = 512

    /// Once all is sent, the buffer goes: a room of thousands mostly waits,
    /// and a kept buffer would cost every idle connection its size.
    private mutating func compact() {
        if head == bytes.count {
            bytes = []
            head = 0
            holding = .own
        } else if head >= 64 * 1024 {
            bytes.removeFirst(head)  // a copy of our own, if it was shared
            head = 0
            holding = .own
        }
    }
}
