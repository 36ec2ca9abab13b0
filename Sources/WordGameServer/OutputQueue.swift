/// Bytes waiting to go to one peer, and marks that say when a tracked line
/// has been handed to the kernel (that moment starts a player's time).
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

    var pendingCount: Int { appendedTotal - sentTotal }
    var isEmpty: Bool { pendingCount == 0 }

    mutating func append(_ line: [UInt8]) {
        bytes.append(contentsOf: line)
        appendedTotal += line.count
    }

    /// Appends a line and remembers `tag` until its last byte is sent.
    mutating func append(_ line: [UInt8], tag: Int) {
        append(line)
        marks.append((appendedTotal, tag))
    }

    /// Calls `send` with the pending bytes; it returns how many it took (nil: none now).
    /// Returns the tags whose lines are now fully sent.
    mutating func drain(_ send: (UnsafeRawBufferPointer) throws(Errno) -> Int?) throws(Errno) -> [Int] {
        while !isEmpty {
            let result = bytes.withUnsafeBytes { raw in
                Result { () throws(Errno) in try send(UnsafeRawBufferPointer(rebasing: raw[head...])) }
            }
            guard let taken = try result.get(), taken > 0 else { break }
            head += taken
            sentTotal += taken
        }
        compact()
        var delivered: [Int] = []
        while let first = marks.first, first.end <= sentTotal {
            delivered.append(first.tag)
            marks.removeFirst()
        }
        return delivered
    }

    private mutating func compact() {
        if head == bytes.count {
            bytes.removeAll(keepingCapacity: bytes.capacity <= 64 * 1024)
            head = 0
        } else if head >= 64 * 1024 {
            bytes.removeFirst(head)
            head = 0
        }
    }
}
