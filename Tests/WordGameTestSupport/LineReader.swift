import Foundation
import Glibc

/// Reads LF-ended lines from a descriptor with a timeout: the one way tests
/// wait for a socket or a child process to say something. Each line carries
/// the moment its last byte was read, so timing tests can see when it arrived
/// even if they look at it later.
public struct LineReader {
    public struct Timeout: Error, CustomStringConvertible {
        public var description: String
    }

    private let fd: Int32
    private var buffer: [UInt8] = []
    /// When the read that completed each buffered line happened, in order.
    private var lineArrivals: [Double] = []
    private var atEnd = false

    public init(fd: Int32) { self.fd = fd }

    /// Seconds on the monotonic clock (the server's clock too).
    public static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// The next line without its LF, or nil at the end of the stream.
    public mutating func next(timeout: Double) throws(Timeout) -> String? {
        try nextTimed(timeout: timeout)?.line
    }

    /// The next line and when it arrived, or nil at the end of the stream.
    public mutating func nextTimed(timeout: Double) throws(Timeout) -> (line: String, arrival: Double)? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let line = takeLine() { return line }
            if atEnd { return nil }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw Timeout(description: "no line within \(timeout) s") }
            var readable = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&readable, 1, Int32(left * 1000) + 1) > 0 else { continue }
            readOnce()
        }
    }

    /// A whole line already read, if there is one.
    public mutating func takeLine() -> (line: String, arrival: Double)? {
        guard let newline = buffer.firstIndex(of: 0x0A) else { return nil }
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeFirst(newline + 1)
        return (line, lineArrivals.removeFirst())
    }

    /// One read of what the descriptor holds (call when poll says it is readable).
    public mutating func readOnce() {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n <= 0 {
            atEnd = true
            return
        }
        let time = Self.now()
        lineArrivals += Array(repeating: time, count: chunk[0..<n].lazy.filter { $0 == 0x0A }.count)
        buffer += chunk[0..<n]
    }
}
