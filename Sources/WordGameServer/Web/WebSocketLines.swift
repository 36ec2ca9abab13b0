import WebCodec
import WordGameProtocol

/// Lines on a WebSocket: each line a text message of its own, without its
/// line end (Protocol.md §11). Server frames are never masked, so a line's
/// frame is two bytes of header (four past 125 bytes) and the line.
final class WebSocketLines: OutputFraming {
    static let shared = WebSocketLines()

    /// `lines` (each ending in LF) as text frames, one a line.
    func wrap(_ lines: [UInt8]) -> [UInt8] {
        var frames: [UInt8] = []
        frames.reserveCapacity(lines.count + lines.count / 16 + 8)
        var start = lines.startIndex
        while start < lines.endIndex {
            let end = lines[start...].firstIndex(of: 0x0A) ?? lines.endIndex
            WebSocketFrameEncoder.appendText(lines[start..<end], into: &frames)
            start = end + 1
        }
        return frames
    }

    /// The message's line is written first into `scratch`, then framed.
    func append(_ message: ServerMessage, into frames: inout [UInt8], scratch: inout [UInt8]) {
        scratch.removeAll(keepingCapacity: true)
        message.encode(into: &scratch)
        WebSocketFrameEncoder.appendText(scratch[...], into: &frames)
    }

    /// A browser's tab can vanish without a close (a phone asleep, a lost network): a ping finds it.
    var keepAlive: [UInt8]? { WebSocketFrameEncoder.ping([]) }
}
