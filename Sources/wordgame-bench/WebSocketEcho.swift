import Dispatch
import Foundation
import WebCodec
import WordGamePOSIX

/// `wordgame-bench ws-echo`: our WebSocket framing (WebCodec: the HTTP
/// request parser, the handshake, the frame decoder and encoder, as the
/// server uses them) behind an echo endpoint, for the Autobahn cases
/// (kosoku's fuzzing client drives them). Each message comes back as it
/// came, pings get pongs, the close handshake is answered, and every
/// protocol error closes with the decoder's code. It listens on 127.0.0.1
/// (`--port N`, a free one by default), prints `port <n>`, and serves a
/// thread a connection until killed.
///
/// Autobahn sends messages of up to 16 MiB, far past the game's 512-byte
/// lines: the decoder's limit here is 64 MiB, so the cases test the framing,
/// not the game's limit (which its own tests cover, with close 1009).
enum WebSocketEcho {
    static let maxMessageBytes = 64 * 1024 * 1024

    static func run(_ arguments: [String]) -> Never {
        let port = arguments.firstIndex(of: "--port").flatMap { arguments.count > $0 + 1 ? UInt16(arguments[$0 + 1]) : nil } ?? 0
        let listener: FileDescriptor
        do { listener = try Socket.listen(address: "127.0.0.1", port: port) } catch { fail("ws-echo: \(error)") }
        Signal.ignoreBrokenPipe()
        print("port \((try? Socket.localPort(listener)) ?? 0)")
        StandardOutput.flush()
        while true {
            _ = Poll.waitUntilReadable(listener, milliseconds: 1_000)
            while case .done(let accepted)? = try? Socket.accept(listener) {
                let socket = accepted.socket
                Thread { serve(socket) }.start()
            }
        }
    }

    /// One connection, blocking on its own thread: the handshake, then frames until a close.
    private static func serve(_ socket: FileDescriptor) {
        defer { socket.close() }
        var parser = HTTPRequestParser()
        var leftover: [UInt8] = []
        handshake: while true {
            guard let bytes = receive(socket) else { return }
            switch parser.feed(bytes) {
            case .incomplete: continue
            case .invalid(let status, let reason):
                try? Socket.sendAll(socket, HTTPResponse.error(status, message: reason).serialized())
                return
            case .complete(let head, let consumed):
                switch WebSocketHandshake.evaluate(head, subprotocol: nil, isOriginAllowed: { _, _ in true }) {
                case .accept(let response, _):
                    try? Socket.sendAll(socket, response)
                    leftover = Array(bytes[consumed...])
                    break handshake
                case .reject(_, _, let response):
                    try? Socket.sendAll(socket, response)
                    return
                }
            }
        }
        var decoder = WebSocketFrameDecoder(maxMessageBytes: maxMessageBytes)
        var pending = leftover
        while true {
            var reply: [UInt8] = []
            var finished = false
            decoder.feed(pending[...]).forEach { event in
                switch event {
                case .text(let text): WebSocketFrameEncoder.appendText(text, into: &reply)
                case .binary(let bytes): reply += WebSocketFrameEncoder.binary(bytes)
                case .ping(let payload): reply += WebSocketFrameEncoder.pong(payload)
                case .pong: break
                case .close(let code, _):
                    reply += WebSocketFrameEncoder.close(code: code ?? WebSocketCloseCode.normalClosure)
                    finished = true
                case .failure(let code, let reason):
                    reply += WebSocketFrameEncoder.close(code: code, reason: reason)
                    finished = true
                }
            }
            if !reply.isEmpty { try? Socket.sendAll(socket, reply) }
            if finished || decoder.isFinished { return }
            guard let bytes = receive(socket) else { return }
            pending = bytes
        }
    }

    /// The next bytes (nil at the end of the stream, or after 30 s of silence).
    private static func receive(_ socket: FileDescriptor) -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 256 * 1024)
        while true {
            guard Poll.waitUntilReadable(socket, milliseconds: 30_000) else { return nil }
            let result = chunk.withUnsafeMutableBytes { raw in try? Socket.receive(socket, into: raw) }
            switch result {
            case .done(let n)?: return n > 0 ? Array(chunk[0..<n]) : nil
            case .wouldBlock?: continue
            case nil: return nil
            }
        }
    }
}
