import CSystem
import Glibc

/// A non-blocking pipe that wakes an event loop: from another thread
/// (`wake()`) or from a signal handler (see `forwardSignal`).
public final class WakePipe: @unchecked Sendable {
    // Both descriptors are fixed at init; write(2) on a pipe is thread-safe.
    public let readEnd: FileDescriptor
    let writeEnd: FileDescriptor

    public init() throws(Errno) {
        var fds: [Int32] = [0, 0]
        try syscallBlocking("pipe2") { csystem_pipe2(&fds, Int32(O_NONBLOCK | O_CLOEXEC)) }
        readEnd = FileDescriptor(rawValue: fds[0])
        writeEnd = FileDescriptor(rawValue: fds[1])
    }

    deinit {
        readEnd.close()
        writeEnd.close()
    }

    public func wake(_ byte: UInt8 = 0) {
        var value = byte
        _ = Glibc.write(writeEnd.rawValue, &value, 1)  // a full pipe already holds a wake-up
    }

    /// Empties the pipe and returns the bytes it held.
    public func drain() -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(readEnd.rawValue, $0.baseAddress, $0.count) }
            if n <= 0 { return bytes }
            bytes += chunk[0..<n]
        }
    }

    /// Makes `signal` write its number to this pipe instead of killing the process.
    public func forwardSignal(_ signal: Int32) throws(Errno) {
        try syscallBlocking("sigaction") { csystem_forward_signal(signal, writeEnd.rawValue) }
    }
}
