/// Server→client frames (RFC 6455 §5.2). A server never masks (§5.1), and
/// every message goes out as one unfragmented frame with the minimal length
/// encoding.
///
/// The `append…(into:)` functions write the header and payload straight into
/// the caller's output buffer: no intermediate array per frame, so wrapping
/// each protocol line for thousands of connections costs only the copy into
/// the output buffer (and that buffer's growth, which a caller avoids by
/// reusing it with `removeAll(keepingCapacity: true)`).
public enum WebSocketFrameEncoder {
    // MARK: - Appending into an existing buffer

    /// Appends one final frame carrying `payload`.
    ///
    /// For `.text` the payload must be UTF-8; that is the caller's promise and
    /// is not re-checked here (use `appendText(_: String, into:)` to have the
    /// type system guarantee it). Control payloads over 125 bytes are cut to
    /// 125, so that no input can make this produce an illegal frame.
    public static func appendFrame(opcode: WebSocketOpcode, payload: UnsafeRawBufferPointer, into output: inout [UInt8]) {
        let payloadCount = opcode.isControl
            ? min(payload.count, WebSocketFrameFormat.maxControlPayloadByteCount)
            : payload.count
        output.append(WebSocketFrameFormat.finBit | opcode.rawValue)
        if payloadCount < Int(WebSocketFrameFormat.sixteenBitLengthMarker) {
            output.append(UInt8(truncatingIfNeeded: payloadCount))
        } else if payloadCount <= Int(UInt16.max) {
            output.append(WebSocketFrameFormat.sixteenBitLengthMarker)
            output.append(UInt8(truncatingIfNeeded: payloadCount >> 8))
            output.append(UInt8(truncatingIfNeeded: payloadCount))
        } else {
            output.append(WebSocketFrameFormat.sixtyFourBitLengthMarker)
            let length = UInt64(payloadCount)
            for shift in stride(from: 56, through: 0, by: -8) {
                output.append(UInt8(truncatingIfNeeded: length >> UInt64(shift)))
            }
        }
        output.append(contentsOf: UnsafeRawBufferPointer(rebasing: payload[0..<payloadCount]))
    }

    /// Appends a text frame whose payload is `utf8` (must be UTF-8).
    public static func appendText(_ utf8: UnsafeRawBufferPointer, into output: inout [UInt8]) {
        appendFrame(opcode: .text, payload: utf8, into: &output)
    }

    /// Appends a text frame whose payload is `utf8` (must be UTF-8).
    public static func appendText(_ utf8: ArraySlice<UInt8>, into output: inout [UInt8]) {
        utf8.withUnsafeBytes { appendFrame(opcode: .text, payload: $0, into: &output) }
    }

    /// Appends a text frame carrying `text`.
    public static func appendText(_ text: String, into output: inout [UInt8]) {
        let appended: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            appendFrame(opcode: .text, payload: UnsafeRawBufferPointer(bytes), into: &output)
        }
        if appended == nil {
            // Only non-native (bridged) strings lack contiguous UTF-8.
            Array(text.utf8).withUnsafeBytes { appendFrame(opcode: .text, payload: $0, into: &output) }
        }
    }

    // MARK: - Whole frames

    /// A text frame carrying `utf8` (must be UTF-8).
    public static func text(_ utf8: [UInt8]) -> [UInt8] {
        frame(.text, utf8)
    }

    /// A text frame carrying `text`.
    public static func text(_ text: String) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(WebSocketFrameFormat.unmaskedHeaderByteCount(payloadCount: text.utf8.count) + text.utf8.count)
        appendText(text, into: &output)
        return output
    }

    /// A binary frame carrying `bytes`.
    public static func binary(_ bytes: [UInt8]) -> [UInt8] {
        frame(.binary, bytes)
    }

    /// A ping carrying at most the first 125 bytes of `payload`.
    public static func ping(_ payload: [UInt8]) -> [UInt8] {
        frame(.ping, payload)
    }

    /// A pong carrying at most the first 125 bytes of `payload`: the answer to
    /// a ping echoes its payload (RFC 6455 §5.5.3).
    public static func pong(_ payload: [UInt8]) -> [UInt8] {
        frame(.pong, payload)
    }

    /// A Close frame (§5.5.1). With `code == nil` the payload is empty and
    /// `reason` is dropped (a reason needs a code). Otherwise the reason is cut
    /// at a code-point boundary to fit the 125-byte control payload (2 code
    /// bytes + at most 123 reason bytes), so the peer never sees broken UTF-8.
    /// The caller must not pass 1005, 1006 or 1015 (§7.4.1); see
    /// `WebSocketCloseCode`.
    public static func close(code: UInt16?, reason: String = "") -> [UInt8] {
        guard let code else { return frame(.close, []) }
        var payload: [UInt8] = [UInt8(truncatingIfNeeded: code >> 8), UInt8(truncatingIfNeeded: code)]
        let reasonLimit = WebSocketFrameFormat.maxControlPayloadByteCount - payload.count
        var reasonBytes = 0
        for scalar in reason.unicodeScalars {
            let scalarBytes = UTF8.width(scalar)
            if reasonBytes + scalarBytes > reasonLimit { break }
            reasonBytes += scalarBytes
        }
        payload.append(contentsOf: reason.utf8.prefix(reasonBytes))
        return frame(.close, payload)
    }

    private static func frame(_ opcode: WebSocketOpcode, _ payload: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(WebSocketFrameFormat.unmaskedHeaderByteCount(payloadCount: payload.count) + payload.count)
        payload.withUnsafeBytes { appendFrame(opcode: opcode, payload: $0, into: &output) }
        return output
    }
}
