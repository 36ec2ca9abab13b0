import Foundation
import Glibc

/// Reads LF-ended lines from a descriptor with a timeout: the one way tests
/// wait for a socket or a child process to say something.
public struct LineReader {
    public struct Timeout: Error, CustomStringConvertible {
        public var description: String
    }

    private let fd: Int32
    private var buffer: [UInt8] = []

    public init(fd: Int32) { self.fd = fd }

    /// The next line without its LF, or nil at the end of the stream.
    public mutating func next(timeout: Double) throws(Timeout) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeFirst(newline + 1)
                return line
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw Timeout(description: "no line within \(timeout) s") }
            var readable = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&readable, 1, Int32(left * 1000) + 1) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return nil }
            buffer += chunk[0..<n]
        }
    }
}
