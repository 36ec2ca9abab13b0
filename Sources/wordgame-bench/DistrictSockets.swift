import WordGamePOSIX

// The district's connections, TCP and WebSocket mixed in one level-triggered
// epoll, driven by one thread: each complete line is handed over with the
// moment the recv that completed it returned. A WebSocket's lines are the
// payloads of its text frames (the server never masks, and sends a line a
// frame); its pings are answered with a pong, as a browser does.

final class DistrictSockets {
    struct Connection {
        let fd: FileDescriptor
        let webSocket: Bool
        /// Bytes of a line (TCP) or a frame (WebSocket) not yet whole.
        var pending: [UInt8] = []
    }

    private let epoll: Epoll
    private(set) var connections: [Connection] = []
    private var chunk = [UInt8](repeating: 0, count: 65_536)
    /// Lines read since the start, and bytes.
    private(set) var linesRead = 0, bytesRead = 0

    init() {
        do { epoll = try Epoll(capacity: 4_096) } catch { fail("\(error)") }
    }

    /// Connects a player (TCP on `port`, or a WebSocket on `webPort`) and returns its index.
    func open(webSocket: Bool, port: UInt16, webPort: UInt16) -> Int {
        let index = connections.count
        if webSocket {
            let (fd, alreadyRead) = dialWebSocket(port: webPort)
            connections.append(Connection(fd: fd, webSocket: true, pending: alreadyRead))
        } else {
            let fd = dialLoopback(port: port, "wordgame-server")
            connections.append(Connection(fd: fd, webSocket: false))
            sendLine(machineMode, to: fd)  // a browser's session is in machine mode from the start; nc's is not
        }
        do { try epoll.add(connections[index].fd, id: Int32(index)) } catch { fail("\(error)") }
        return index
    }

    /// Sends `text` (lines ending in LF) as the connection's client would: raw, or a masked frame a line.
    func send(_ text: String, to index: Int) {
        let connection = connections[index]
        sendLine(connection.webSocket ? textFrames(text) : Array(text.utf8), to: connection.fd)
    }

    /// Waits up to `milliseconds` for input, then reads once from each ready connection.
    func pump(milliseconds: Int32, onLine: (Int, String, Double) -> Void) {
        do {
            try epoll.wait(timeoutMilliseconds: milliseconds) { event in receive(Int(event.id), onLine) }
        } catch {
            fail("\(error)")
        }
    }

    private func receive(_ index: Int, _ onLine: (Int, String, Double) -> Void) {
        let fd = connections[index].fd
        let received = chunk.withUnsafeMutableBytes { buffer in Result { () throws(Errno) in try Socket.receive(fd, into: buffer) } }
        let arrival = now()
        let count: Int
        switch received {
        case .success(.done(let n)) where n > 0: count = n
        case .success(.wouldBlock): return
        case .success(.done): fail("connection \(index) was closed by the server (end of stream)")
        case .failure(let error): fail("connection \(index) was closed by the server (\(Errno.text(error.code)))")
        }
        bytesRead += count
        // The pending bytes are taken out while lines are handed over: `onLine` may send on any connection.
        var pending: [UInt8] = []
        swap(&pending, &connections[index].pending)
        if connections[index].webSocket {
            pending += chunk[0..<count]
            readFrames(index, &pending, arrival, onLine)
        } else {
            splitLines(&pending, adding: chunk[0..<count]) { line in
                linesRead += 1
                onLine(index, line, arrival)
            }
        }
        connections[index].pending = pending
    }

    /// Hands over each whole frame's line, answers pings, and keeps a frame cut short for the next read.
    private func readFrames(_ index: Int, _ frames: inout [UInt8], _ arrival: Double, _ onLine: (Int, String, Double) -> Void) {
        var at = 0
        while let frame = ServerFrame.next(in: frames, at: at) {
            let payload = frames[frame.payload]
            switch frame.opcode {
            case 0x1:
                linesRead += 1
                onLine(index, String(decoding: payload, as: UTF8.self), arrival)
            case 0x9: sendLine(pongFrame(Array(payload)), to: connections[index].fd)
            case 0x8: fail("connection \(index): the server closed the WebSocket")
            default: break
            }
            at = frame.payload.upperBound
        }
        frames.removeFirst(at)
    }

    func closeAll() {
        for connection in connections { connection.fd.close() }
        connections = []
    }
}

/// One frame from the server (never masked, RFC 6455 §5.1): its opcode and where its payload lies.
enum ServerFrame {
    /// The frame that begins at `start`, if it is whole in `bytes`.
    static func next(in bytes: [UInt8], at start: Int) -> (opcode: UInt8, payload: Range<Int>)? {
        guard bytes.count - start >= 2 else { return nil }
        var length = Int(bytes[start + 1] & 0x7F), header = 2
        if length == 126 {
            guard bytes.count - start >= 4 else { return nil }
            length = Int(bytes[start + 2]) << 8 | Int(bytes[start + 3])
            header = 4
        } else if length == 127 {
            fail("a frame of a 64-bit length: no server line is that long")
        }
        guard bytes.count - start >= header + length else { return nil }
        return (bytes[start] & 0x0F, start + header..<start + header + length)
    }
}

/// A masked pong carrying `payload` (at most 125 bytes, as the ping's).
func pongFrame(_ payload: [UInt8]) -> [UInt8] {
    let mask: [UInt8] = [0x5A, 0x13, 0xC4, 0x77]
    return [0x8A, 0x80 | UInt8(payload.count)] + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
}
