/// A frame header's bytes (at most 14) held inline, so that a decoder between
/// frames, as thousands of idle players' decoders are, owns no heap memory.
struct FrameHeaderBytes {
    private var storage = SIMD16<UInt8>()
    private(set) var count = 0

    /// Appends a byte; callers stop at 14 (`WebSocketFrameFormat.maxHeaderByteCount`).
    mutating func append(_ byte: UInt8) {
        precondition(count < storage.scalarCount, "a frame header has at most 14 bytes")
        storage[count] = byte
        count += 1
    }

    subscript(index: Int) -> UInt8 {
        precondition(index < count, "header byte \(index) not read yet")
        return storage[index]
    }

    mutating func removeAll() {
        storage = SIMD16<UInt8>()
        count = 0
    }
}
