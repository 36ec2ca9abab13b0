import Glibc

/// Finding one byte in memory: how a reader skips to a line's end without
/// looking at the bytes before it (the bench's fan-out receiver, which skips
/// every line it does not await). The corresponding C function is `memchr`.
public enum ByteSearch {
    /// Where `byte` first occurs in the `count` bytes from `start`; nil if it
    /// does not. Inlinable: a hot loop calls it once a line.
    @inlinable
    public static func first(_ byte: UInt8, from start: UnsafeRawPointer, count: Int) -> UnsafeRawPointer? {
        memchr(start, Int32(byte), count).map { UnsafeRawPointer($0) }
    }
}
