import WordGamePOSIX

// What a browser does on the wire, for the benchmarks' WebSocket players:
// the handshake, and lines sent as masked text frames (RFC 6455).

/// A connect to the web port on 127.0.0.1 and its handshake; returns the
/// socket and what came after the handshake's reply in the same reads.
func dialWebSocket(port: UInt16) -> (socket: FileDescriptor, alreadyRead: [UInt8]) {
    let socket = dialLoopback(port: port, "wordgame-server's web port")
    // A fixed key: the server checks its form, and the bench measures the server, not the key.
    sendLine("GET /ws HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
             + "Sec-WebSocket-Key: d29yZGdhbWUgYmVuY2ggIQ==\r\nSec-WebSocket-Version: 13\r\n"
             + "Sec-WebSocket-Protocol: wordgame.2\r\nOrigin: http://127.0.0.1:\(port)\r\n\r\n", to: socket)
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4_096)
    let deadline = now() + 10
    while true {
        if let end = received.firstRange(of: [13, 10, 13, 10]) {
            guard received.starts(with: Array("HTTP/1.1 101".utf8)) else {
                fail("the web port refused the handshake: \(String(decoding: received, as: UTF8.self))")
            }
            return (socket, Array(received[end.upperBound...]))
        }
        if now() > deadline { fail("no handshake reply within 10 s") }
        _ = Poll.waitUntilReadable(socket, milliseconds: 100)
        let result = chunk.withUnsafeMutableBytes { raw in try? Socket.receive(socket, into: raw) }
        if case .done(let n)? = result {
            if n == 0 { fail("the web port closed during the handshake") }
            received += chunk[0..<n]
        }
    }
}

/// `text` (one or more lines, each ending in LF) as masked text frames, one a line.
func textFrames(_ text: String) -> [UInt8] {
    // Any key will do (the server unmasks every byte alike); this one is not zero, so masking is real.
    let mask: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
    var frames: [UInt8] = []
    for line in text.split(separator: "\n") {
        let payload = Array(line.utf8)
        precondition(payload.count < 126, "the bench's lines are short")
        frames += [0x81, 0x80 | UInt8(payload.count)] + mask
        frames += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    }
    return frames
}
