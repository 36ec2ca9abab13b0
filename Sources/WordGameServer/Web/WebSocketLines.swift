import WebCodec
import WordGameProtocol

/// Lines on a WebSocket: each line a text message of its own, without its
/// line end (Protocol.md §11). Server frames are never masked, so a line's
/// frame is two bytes of header (four past 125 bytes) and the line.
enum WebSocketLines {
    /// `lines` (each ending in LF) as text frames, one a line.
    static func wrap(_ lines: [UInt8]) -> [UInt8] {
        var frames: [UInt8] = []
        frames.reserveCapacity(lines.count + lines.count / 16 + 8)
        append(lines[...], into: &frames)
        return frames
    }

    /// Appends `lines` (each ending in LF) to `frames` as text frames.
    static func append(_ lines: ArraySlice<UInt8>, into frames: inout [UInt8]) {
        var start = lines.startIndex
        while start < lines.endIndex {
            let end = lines[start...].firstIndex(of: 0x0A) ?? lines.endIndex
            WebSocketFrameEncoder.appendText(lines[start..<end], into: &frames)
            start = end + 1
        }
    }

    /// Appends one message's line as a text frame, its line written first
    /// into `scratch` (kept by the caller, so that a close to thousands of
    /// players allocates nothing a player).
    static func append(_ message: ServerMessage, into frames: inout [UInt8], scratch: inout [UInt8]) {
        scratch.removeAll(keepingCapacity: true)
        message.encode(into: &scratch)
        WebSocketFrameEncoder.appendText(scratch[...], into: &frames)
    }
}
