import Foundation
import Glibc
import WordGameTestSupport

/// A WebSocket client written for the tests from RFC 6455 alone, over a
/// blocking socket to 127.0.0.1: it sends what a browser sends (masked
/// frames), and also what no browser should, to see the server refuse it.
final class WebSocketTestClient {
    struct Frame: Equatable {
        var opcode: UInt8
        var payload: [UInt8]
        var text: String { String(decoding: payload, as: UTF8.self) }
        /// A close frame's status code.
        var closeCode: UInt16? { opcode == 8 && payload.count >= 2 ? UInt16(payload[0]) << 8 | UInt16(payload[1]) : nil }
    }

    let socket: RawSocket
    /// The handshake's reply, head only.
    private(set) var response = ""
    private var buffer: [UInt8] = []

    /// Connects and sends the handshake; `headers` replace or add to a browser's.
    init(port: UInt16, path: String = "/ws", headers: [(String, String?)] = [], expectUpgrade: Bool = true) throws {
        socket = try RawSocket(port: port)
        var fields: [(String, String?)] = [
            ("Host", "127.0.0.1:\(port)"), ("Upgrade", "websocket"), ("Connection", "Upgrade"),
            ("Sec-WebSocket-Key", Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()),
            ("Sec-WebSocket-Version", "13"), ("Sec-WebSocket-Protocol", "wordgame.2"), ("Origin", "http://127.0.0.1:\(port)"),
        ]
        for (name, value) in headers {
            if let index = fields.firstIndex(where: { $0.0.lowercased() == name.lowercased() }) {
                fields[index].1 = value
            } else {
                fields.append((name, value))
            }
        }
        var request = "GET \(path) HTTP/1.1\r\n"
        for case let (name, value?) in fields { request += "\(name): \(value)\r\n" }
        socket.send(Array((request + "\r\n").utf8))
        response = try readHead()
        if expectUpgrade && !response.hasPrefix("HTTP/1.1 101") {
            throw TestFailure(description: "no upgrade: \(response)")
        }
    }

    private func readHead() throws -> String {
        while true {
            if let end = buffer.firstRange(of: [13, 10, 13, 10]) {
                let head = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
                buffer.removeFirst(end.upperBound)
                return head
            }
            guard let chunk = try socket.receive(timeout: 5), !chunk.isEmpty else { return String(decoding: buffer, as: UTF8.self) }
            buffer += chunk
        }
    }

    /// A masked frame, as a browser sends it; `fin`, `rsv` and `masked` can be set wrong on purpose.
    func send(opcode: UInt8, _ payload: [UInt8], fin: Bool = true, rsv: UInt8 = 0, masked: Bool = true) {
        var frame: [UInt8] = [(fin ? 0x80 : 0) | (rsv << 4) | opcode]
        let maskBit: UInt8 = masked ? 0x80 : 0
        if payload.count < 126 {
            frame.append(maskBit | UInt8(payload.count))
        } else if payload.count < 65_536 {
            frame += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(maskBit | 127)
            frame += (0..<8).reversed().map { UInt8(truncatingIfNeeded: UInt64(payload.count) >> (8 * UInt64($0))) }
        }
        if masked {
            let mask = (0..<4).map { _ in UInt8.random(in: 0...255) }
            frame += mask
            frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        } else {
            frame += payload
        }
        socket.send(frame)
    }

    func sendLine(_ line: String) { send(opcode: 1, Array(line.utf8)) }

    /// The next frame; nil at the end of the stream. Throws after `timeout` seconds of nothing.
    func next(timeout: Double = 5) throws -> Frame? {
        while true {
            if let frame = takeFrame() { return frame }
            guard let chunk = try socket.receive(timeout: timeout) else { throw TestFailure(description: "no frame within \(timeout) s") }
            if chunk.isEmpty { return nil }
            buffer += chunk
        }
    }

    /// The next text message, skipping others; nil at the end of the stream.
    func nextLine(timeout: Double = 5) throws -> String? {
        while let frame = try next(timeout: timeout) {
            if frame.opcode == 1 { return frame.text }
        }
        return nil
    }

    /// Text messages until one starts with `prefix`; returns it.
    func waitFor(_ prefix: String, timeout: Double = 5) throws -> String {
        while let line = try nextLine(timeout: timeout) {
            if line.hasPrefix(prefix) { return line }
        }
        throw TestFailure(description: "the stream ended before \(prefix)")
    }

    /// Frames until a close frame; returns its code (nil if the stream ended without one).
    func closeCode(timeout: Double = 5) throws -> UInt16? {
        while let frame = try next(timeout: timeout) {
            if frame.opcode == 8 { return frame.closeCode }
        }
        return nil
    }

    private func takeFrame() -> Frame? {
        guard buffer.count >= 2 else { return nil }
        var length = Int(buffer[1] & 0x7F), offset = 2
        if length == 126 {
            guard buffer.count >= 4 else { return nil }
            length = Int(buffer[2]) << 8 | Int(buffer[3])
            offset = 4
        } else if length == 127 {
            guard buffer.count >= 10 else { return nil }
            length = buffer[2..<10].reduce(0) { $0 << 8 | Int($1) }
            offset = 10
        }
        guard buffer.count >= offset + length else { return nil }
        let frame = Frame(opcode: buffer[0] & 0x0F, payload: Array(buffer[offset..<(offset + length)]))
        buffer.removeFirst(offset + length)
        return frame
    }
}

/// A blocking TCP socket to 127.0.0.1 (the tests' peer; it does not share the server's code).
final class RawSocket {
    let fd: Int32

    init(port: UInt16) throws {
        fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            Glibc.close(fd)
            throw TestFailure(description: "connect to 127.0.0.1:\(port) failed")
        }
    }

    deinit { Glibc.close(fd) }

    func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            offset += n
        }
    }

    /// What arrives within `timeout` seconds: bytes, empty at the end of the stream, nil if nothing came.
    func receive(timeout: Double) throws -> [UInt8]? {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, Int32(timeout * 1_000)) > 0 else { return nil }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let n = chunk.withUnsafeMutableBytes { Glibc.recv(fd, $0.baseAddress, $0.count, 0) }
        return n <= 0 ? [] : Array(chunk[0..<n])
    }

    /// Everything until the server closes (or `timeout` seconds of nothing).
    func readAll(timeout: Double = 5) throws -> String {
        String(decoding: try readAllBytes(timeout: timeout), as: UTF8.self)
    }

    func readAllBytes(timeout: Double = 5) throws -> [UInt8] {
        var bytes: [UInt8] = []
        while let chunk = try receive(timeout: timeout), !chunk.isEmpty { bytes += chunk }
        return bytes
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
}
