import WordGamePOSIX

/// The one receiver both servers of the fan-out comparison are read by: one
/// thread, one level-triggered epoll, one non-blocking socket per player or
/// subscriber. It awaits one line at a time, known by its first bytes, and
/// notes when each socket's copy of it is whole: the moment the recv that
/// brought its line end returned. Every other line is skipped with memchr
/// (`ByteSearch`) and never becomes a String: at 10,000 sockets the
/// receiver's own speed is in the figures, of both servers alike.
final class FanoutReceiver {
    private let epoll: Epoll
    private(set) var fds: [FileDescriptor] = []
    /// When each socket's awaited line was whole; nan while it is not, or not awaited.
    private(set) var arrivals: [Double]
    /// Bytes each socket received since the last `expect`.
    private(set) var bytes: [Int]
    /// Awaited sockets whose line is not whole yet.
    private(set) var remaining = 0
    private var awaiting: [Bool]
    /// Where each socket is in its current line: 0 at its start, k when its
    /// first k bytes are the prefix's, -1 when they are not.
    private var progress: [Int]
    private var prefix: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 65_536)
    /// WebSocket players: each line is a frame's payload, not ended by LF.
    private let webSocket: Bool
    /// Where each socket is in its current frame (`scanFrames`), and the payload bytes left.
    private var framePhase: [UInt8]
    private var frameLeft: [Int]

    /// Room for `capacity` sockets, added one by one; `webSocket`: they are WebSocket players.
    init(capacity: Int, webSocket: Bool = false) {
        self.webSocket = webSocket
        framePhase = Array(repeating: 0, count: capacity)
        frameLeft = Array(repeating: 0, count: capacity)
        do { epoll = try Epoll(capacity: 4_096) } catch { fail("\(error)") }
        arrivals = Array(repeating: .nan, count: capacity)
        bytes = Array(repeating: 0, count: capacity)
        awaiting = Array(repeating: false, count: capacity)
        progress = Array(repeating: 0, count: capacity)
    }

    /// Adds a connected non-blocking socket; returns its index.
    @discardableResult
    func add(_ fd: FileDescriptor, alreadyRead: [UInt8] = []) -> Int {
        let index = fds.count
        precondition(index < arrivals.count, "more sockets than the receiver's capacity")
        // Its events carry its index, not its descriptor number.
        do { try epoll.add(fd, id: Int32(index)) } catch { fail("\(error)") }
        fds.append(fd)
        if !alreadyRead.isEmpty {
            // What came behind a WebSocket handshake's reply: scanned as if just read.
            chunk.replaceSubrange(0..<alreadyRead.count, with: alreadyRead)
            scan(index, count: alreadyRead.count, arrival: now())
        }
        return index
    }

    /// Awaits, from now on, a line that begins with `prefix` on the sockets
    /// `indices` (some may be added later); earlier arrivals are forgotten.
    func expect(_ prefix: String, on indices: Range<Int>) {
        self.prefix = Array(prefix.utf8)
        for index in arrivals.indices {
            arrivals[index] = .nan
            awaiting[index] = indices.contains(index)
            bytes[index] = 0
            // A line half read now began before the bench acted: it is not the awaited one.
            if progress[index] > 0 { progress[index] = -1 }
        }
        remaining = indices.count
    }

    /// Reads until every awaited line is whole; fails after `limit` seconds.
    func waitForAll(_ what: String, limit: Double = 30) {
        let deadline = now() + limit
        while remaining > 0 {
            if now() > deadline { fail("\(what): \(remaining) connections still waiting after \(Int(limit)) s") }
            pump(timeout: 0.1)
        }
    }

    /// Reads until socket `index`'s awaited line is whole.
    func waitFor(_ index: Int, _ what: String, limit: Double = 30) {
        let deadline = now() + limit
        while arrivals[index].isNaN {
            if now() > deadline { fail("\(what): nothing after \(Int(limit)) s") }
            pump(timeout: 0.1)
        }
    }

    /// Reads whatever comes for `seconds`, awaiting nothing new.
    func drain(seconds: Double) {
        let end = now() + seconds
        while now() < end { pump(timeout: end - now()) }
    }

    /// Each awaited socket's arrival less `start`, in seconds.
    func latencies(since start: Double) -> [Double] {
        arrivals.filter { !$0.isNaN }.map { $0 - start }
    }

    func closeAll() {
        for fd in fds { fd.close() }
        fds = []
    }

    /// Waits up to `timeout` seconds for input, then reads once from every socket that has some
    /// (level-triggered: what a read leaves is reported again on the next wait).
    func pump(timeout: Double) {
        let milliseconds = Int32(max(0, min(1_000, timeout * 1_000)))
        // The closure form: the ready sockets are handed over one by one, in no array.
        do { try epoll.wait(timeoutMilliseconds: milliseconds) { event in readSocket(Int(event.id)) } } catch { fail("\(error)") }
    }

    private func readSocket(_ index: Int) {
        let fd = fds[index]
        let received = chunk.withUnsafeMutableBytes { buffer in Result { () throws(Errno) in try Socket.receive(fd, into: buffer) } }
        let arrival = now()
        switch received {
        case .success(.done(let n)) where n > 0: scan(index, count: n, arrival: arrival)
        case .success(.wouldBlock): return
        case .success(.done): fail("connection \(index) was closed by the server (end of stream)")
        case .failure(let error): fail("connection \(index) was closed by the server (\(Errno.text(error.code)))")
        }
    }

    /// Follows socket `index`'s lines through the `count` bytes just read:
    /// the first bytes of a line are compared with the prefix, the rest skipped.
    private func scan(_ index: Int, count: Int, arrival: Double) {
        if webSocket { return scanFrames(index, count: count, arrival: arrival) }
        bytes[index] += count
        let whole = prefix.count
        var state = progress[index]
        chunk.withUnsafeBytes { buffer in
            guard var at = buffer.baseAddress else { return }
            let end = at + count
            while at < end {
                if state < 0 || state == whole {
                    guard let newline = ByteSearch.first(0x0A, from: at, count: end - at) else { return }
                    if state == whole && awaiting[index] {
                        arrivals[index] = arrival
                        awaiting[index] = false
                        remaining -= 1
                    }
                    state = 0
                    at = newline + 1
                } else if at.load(as: UInt8.self) == prefix[state] {
                    state += 1
                    at += 1
                } else {
                    state = -1
                }
            }
        }
        progress[index] = state
    }

    /// `scan` for WebSocket players: frames (server frames are never masked),
    /// each one line, its end the end of the frame's payload.
    private func scanFrames(_ index: Int, count: Int, arrival: Double) {
        bytes[index] += count
        let whole = prefix.count
        var state = progress[index], phase = framePhase[index], left = frameLeft[index]
        chunk.withUnsafeBytes { buffer in
            var at = 0
            while at < count {
                switch phase {
                case 0:  // FIN and opcode
                    phase = 1
                    at += 1
                case 1:  // the length, or the mark of a 16-bit one
                    let length = Int(buffer[at] & 0x7F)
                    at += 1
                    if length == 126 {
                        phase = 2
                    } else {
                        precondition(length < 127, "no server line needs a 64-bit length")
                        (left, phase, state) = (length, 4, 0)
                    }
                case 2:
                    left = Int(buffer[at]) << 8
                    phase = 3
                    at += 1
                case 3:
                    left |= Int(buffer[at])
                    (phase, state) = (4, 0)
                    at += 1
                default:  // the payload: its first bytes against the prefix
                    let taken = min(left, count - at)
                    var offset = 0
                    while state >= 0, state < whole, offset < taken {
                        state = buffer[at + offset] == prefix[state] ? state + 1 : -1
                        offset += 1
                    }
                    at += taken
                    left -= taken
                }
                if phase == 4 && left == 0 {
                    // The frame is whole: the line has ended.
                    if state == whole && awaiting[index] {
                        arrivals[index] = arrival
                        awaiting[index] = false
                        remaining -= 1
                    }
                    (phase, state) = (0, 0)
                }
            }
        }
        progress[index] = state
        framePhase[index] = phase
        frameLeft[index] = left
    }
}
