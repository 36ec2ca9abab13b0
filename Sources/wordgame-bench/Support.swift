import Foundation
import Glibc

// What every benchmark needs: a clock, a way to fail, sockets to 127.0.0.1.

/// Seconds on the monotonic clock (the server's clock too).
func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

/// Stops the servers the bench started (a failed bench leaves none behind), then exits 1.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("wordgame-bench: \(message)\n".utf8))
    ChildProcesses.stopAll()
    exit(1)
}

extension Collection { var nonEmpty: Self? { isEmpty ? nil : self } }

/// Thousands of sockets need thousands of descriptors: take the hard limit.
func raiseDescriptorLimit() {
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    limit.rlim_cur = limit.rlim_max
    setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
}

/// A program's first line: the server starts every connection in human mode
/// (sentences for `nc`), and the benchmarks read Protocol.md's lines.
let machineMode = "MODE MACHINE\n"

/// A blocking connect to 127.0.0.1:`port` (benchmarks talk to this machine only),
/// then non-blocking, in machine mode.
func connectLoopback(port: UInt16) -> Int32 {
    guard let fd = dialLoopback(port: port) else { fail("connect to 127.0.0.1:\(port): \(String(cString: strerror(errno)))") }
    setNonBlocking(fd)
    send(machineMode, to: fd)
    return fd
}

/// A blocking connect to 127.0.0.1:`port`, nothing sent; nil (errno set) if refused.
func dialLoopback(port: UInt16) -> Int32? {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    if result != 0 {
        let error = errno
        close(fd)
        errno = error
        return nil
    }
    return fd
}

func setNonBlocking(_ fd: Int32) {
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
}

func send(_ text: String, to fd: Int32) {
    send(Array(text.utf8), to: fd)
}

/// Bytes made ready beforehand: what a timed send should be.
func send(_ bytes: [UInt8], to fd: Int32) {
    let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    if sent != bytes.count { fail("short send to a player") }
}

/// Reads every readable socket and hands each complete line to `onLine(index, line, arrival)`.
/// Returns when `done()` holds or after `wait` seconds of nothing; fails after `limit` seconds.
struct LineSockets {
    var fds: [Int32]
    private var pending: [[UInt8]]
    private var polls: [pollfd]
    private var chunk = [UInt8](repeating: 0, count: 65_536)

    init(_ fds: [Int32]) {
        self.fds = fds
        pending = Array(repeating: [], count: fds.count)
        polls = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    }

    /// Adds a socket while others are already being read; returns its index.
    @discardableResult
    mutating func add(_ fd: Int32) -> Int {
        fds.append(fd)
        pending.append([])
        polls.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0))
        return fds.count - 1
    }

    /// Waits up to `timeout` seconds for input and delivers the lines it completes.
    mutating func pump(timeout: Double, onLine: (Int, Substring, Double) -> Void) {
        let milliseconds = Int32(max(0, min(1_000, timeout * 1_000)))
        guard poll(&polls, nfds_t(polls.count), milliseconds) > 0 else { return }
        for index in polls.indices where polls[index].revents != 0 {
            polls[index].revents = 0
            let n = chunk.withUnsafeMutableBytes { recv(fds[index], $0.baseAddress, $0.count, 0) }
            let arrival = now()
            if n <= 0 { continue }
            splitLines(&pending[index], adding: chunk[0..<n]) { onLine(index, $0[...], arrival) }
        }
    }

    /// Pumps until `done()` holds; fails after `limit` seconds.
    mutating func pump(limit: Double = 120, until done: () -> Bool, onLine: (Int, Substring, Double) -> Void) {
        let deadline = now() + limit
        while !done() {
            if now() > deadline { fail("gave up waiting after \(limit) s") }
            pump(timeout: 0.1, onLine: onLine)
        }
    }
}

/// The `p`th percentile of a sample, by nearest rank.
func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
    return sorted[min(sorted.count, max(1, rank)) - 1]
}

/// A fresh folder of the bench's own (results files), removed by the caller.
func temporaryDirectory(_ prefix: String) -> String {
    var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { fail("cannot make a folder in /tmp") }
    return String(cString: made)
}

/// Appends `bytes` to `pending` and hands over each whole line, keeping the
/// unfinished rest. The consumed bytes go once per chunk, not once per line
/// (a chunk can hold thousands of lines).
func splitLines(_ pending: inout [UInt8], adding bytes: ArraySlice<UInt8>, _ onLine: (String) -> Void) {
    pending += bytes
    var start = 0
    while let newline = pending[start...].firstIndex(of: 0x0A) {
        onLine(String(decoding: pending[start..<newline], as: UTF8.self))
        start = newline + 1
    }
    pending.removeFirst(start)
}
