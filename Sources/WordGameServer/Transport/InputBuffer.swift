/// Bytes received but not yet executed, handed out a line at a time.
struct InputBuffer {
    private var bytes: [UInt8] = []
    private var head = 0

    var isEmpty: Bool { head == bytes.count }

    mutating func append(_ chunk: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: chunk)  // nothing consumed is kept: `takeLine` clears once all is taken
    }

    /// The bytes up to and including the next line end (LF or CR), or all
    /// that is left when no line end comes.
    mutating func takeLine() -> ArraySlice<UInt8> {
        let start = head
        var end = head
        while end < bytes.count {
            let byte = bytes[end]
            end += 1
            if byte == 0x0A || byte == 0x0D { break }
        }
        head = end
        let line = bytes[start..<end]
        if isEmpty { clear() }  // the line keeps what it needs; an idle connection keeps nothing
        return line
    }

    /// Forgets what is left (the connection is closing).
    mutating func clear() {
        bytes = []
        head = 0
    }
}
