import Glibc

/// An open file descriptor: a socket, a pipe, a file or a terminal. A thin
/// wrapper: it does not close itself; whoever opened it closes it once.
public struct FileDescriptor: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let standardInput = FileDescriptor(rawValue: STDIN_FILENO)
    public static let standardOutput = FileDescriptor(rawValue: STDOUT_FILENO)
    public static let standardError = FileDescriptor(rawValue: STDERR_FILENO)

    public var description: String { "fd \(rawValue)" }

    /// Reads what is there, up to the buffer's size; `.done(0)` is end of
    /// stream. The corresponding C function is `read`.
    @inline(__always)
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> IOResult<Int> {
        try syscall("read") { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// Writes what the descriptor takes now. The corresponding C function is `write`.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(Errno) -> IOResult<Int> {
        try syscall("write") { Glibc.write(rawValue, bytes.baseAddress, bytes.count) }
    }

    /// Writes every byte, however many calls that takes. On a non-blocking
    /// descriptor that is full, waits until it takes more (at most
    /// `waitMilliseconds` each time; then gives up with ETIMEDOUT).
    public func writeAll(_ bytes: some Collection<UInt8>, waitMilliseconds: Int32 = 1_000) throws(Errno) {
        let all = Array(bytes)
        var offset = 0
        while offset < all.count {
            let result = try all[offset...].withUnsafeBytes { raw in Result { () throws(Errno) in try write(raw) } }.get()
            switch result {
            case .done(let count) where count > 0:
                offset += count
            case .done:
                throw Errno("write", code: EIO)
            case .wouldBlock:
                guard Poll.waitUntilWritable(self, milliseconds: waitMilliseconds) else { throw Errno("write", code: ETIMEDOUT) }
            }
        }
    }

    /// Closes the descriptor; errors are not worth reporting (the descriptor
    /// is gone either way on Linux). The corresponding C function is `close`.
    public func close() {
        _ = Glibc.close(rawValue)
    }

    /// `/dev/null`, read-only: a descriptor kept in reserve for when the
    /// process runs out of them (`open`). Nil if even that fails.
    public static func openNull() -> FileDescriptor? {
        let fd = Glibc.open("/dev/null", O_RDONLY | O_CLOEXEC)
        return fd >= 0 ? FileDescriptor(rawValue: fd) : nil
    }
}
