import Foundation
import WordGamePOSIX

// What every benchmark needs: a clock, a way to fail, sockets to 127.0.0.1.

/// Seconds on the monotonic clock (the server's clock too).
func now() -> Double {
    MonotonicClock.seconds()
}

/// Stops the servers the bench started (a failed bench leaves none behind), then exits 1.
func fail(_ message: String) -> Never {
    StandardError.write("wordgame-bench: \(message)")
    ChildProcesses.stopAll()
    exit(1)
}

extension Collection { var nonEmpty: Self? { isEmpty ? nil : self } }

/// Thousands of sockets need thousands of descriptors: take the hard limit.
/// Returns the limit now in force.
@discardableResult
func raiseDescriptorLimit() -> Int {
    DescriptorLimit.raiseToHardLimit() ?? 0
}

/// A program's first line: the server starts every connection in human mode
/// (sentences for `nc`), and the benchmarks read Protocol.md's lines.
let machineMode = "MODE MACHINE\n"

/// How long a connect to 127.0.0.1 may take. A blocking connect waited as long
/// as the kernel's SYN retries (about two minutes). A SYN that a full backlog
/// dropped goes again 1 s, 3 s, 7 s, 15 s and 31 s after the first: a minute
/// allows all of those, and still ends a bench whose server hangs.
let connectMilliseconds: Int32 = 60_000

/// A connect to 127.0.0.1:`port` (benchmarks talk to this machine only),
/// non-blocking once made, in machine mode.
func connectLoopback(port: UInt16) -> FileDescriptor {
    let fd = dialLoopback(port: port, "127.0.0.1:\(port)")
    sendLine(machineMode, to: fd)
    return fd
}

/// A connect to 127.0.0.1:`port`, nothing sent; the socket is non-blocking.
/// Fails the bench, naming the server as `what`, if it is refused.
func dialLoopback(port: UInt16, _ what: String) -> FileDescriptor {
    do {
        return try SocketAddress.loopback(port: port).connect(timeoutMilliseconds: connectMilliseconds)
    } catch {
        fail("connect to \(what): \(Errno.text(error.code))")
    }
}

func sendLine(_ text: String, to fd: FileDescriptor) {
    sendLine(Array(text.utf8), to: fd)
}

/// Bytes made ready beforehand: what a timed send should be.
func sendLine(_ bytes: [UInt8], to fd: FileDescriptor) {
    let sent = bytes.withUnsafeBytes { raw in try? Socket.send(fd, raw) }
    guard case .done(bytes.count)? = sent else { fail("short send to a player") }
}

/// Reads every readable socket and hands each complete line to `onLine(index, line, arrival)`.
/// Returns when `done()` holds or after `wait` seconds of nothing; fails after `limit` seconds.
struct LineSockets {
    var fds: [FileDescriptor]
    private var pending: [[UInt8]]
    private var polls: [PollEntry]
    private var chunk = [UInt8](repeating: 0, count: 65_536)

    init(_ fds: [FileDescriptor]) {
        self.fds = fds
        pending = Array(repeating: [], count: fds.count)
        polls = fds.map { PollEntry($0) }
    }

    /// Adds a socket while others are already being read; returns its index.
    @discardableResult
    mutating func add(_ fd: FileDescriptor) -> Int {
        fds.append(fd)
        pending.append([])
        polls.append(PollEntry(fd))
        return fds.count - 1
    }

    /// Waits up to `timeout` seconds for input and delivers the lines it completes.
    mutating func pump(timeout: Double, onLine: (Int, Substring, Double) -> Void) {
        let milliseconds = Int32(max(0, min(1_000, timeout * 1_000)))
        guard Poll.wait(&polls, milliseconds: milliseconds) > 0 else { return }
        // Each wait sets every entry's events afresh: none is left over from the last.
        for index in polls.indices where polls[index].isReady {
            let fd = fds[index]
            let received = chunk.withUnsafeMutableBytes { buffer in try? Socket.receive(fd, into: buffer) }
            let arrival = now()
            guard case .done(let n)? = received, n > 0 else { continue }
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

/// A flag's number, in `range`; the bench stops with the usage otherwise.
func flagNumber(_ text: String?, _ flag: String, _ range: ClosedRange<Int>, usage: String) -> Int {
    guard let text, let number = Int(text), range.contains(number) else {
        fail("\(flag) \(text ?? ""): not a number in \(range.lowerBound)...\(range.upperBound)\n\(usage)")
    }
    return number
}
