/// Incremental decoder for client→server WebSocket frames (RFC 6455 §5),
/// reassembling fragmented messages and validating them.
///
/// Feed chunks exactly as they arrive from the socket; any split gives the
/// same events. Every rule violation produces one terminal `.failure` with
/// the close code to send, as early as the offending byte allows: a length
/// over the limit fails on the length bytes, before any payload is buffered;
/// invalid UTF-8 fails on the first impossible byte, even mid-fragment.
///
/// Memory is bounded: at most `maxMessageBytes` of message payload, 14 header
/// bytes and one control payload of 125 bytes (`bufferedByteCount`).
///
/// Decisions:
/// - Unmasked frames fail with 1002 (§5.1: a server MUST close on them).
/// - Any RSV bit fails with 1002: no extension is ever negotiated (§5.2).
/// - Non-minimal length encodings (a 16-bit length below 126, a 64-bit length
///   below 65536) fail with 1002. §5.2 says the minimal form MUST be used but
///   names no receiver action; browsers and every mainstream client comply,
///   and Autobahn does not send such frames, so refusing costs nothing and
///   leaves one encoding per frame.
/// - A 64-bit length with the most significant bit set fails with 1002 (§5.2).
/// - Close codes are checked with `WebSocketCloseCode.isValidInCloseFrame`.
public struct WebSocketFrameDecoder: Sendable {
    /// Default largest message (all fragments together), in payload bytes.
    ///
    /// The game's protocol lines are at most 512 bytes; 4 KiB leaves ample
    /// room while keeping thousands of connections cheap. For comparison,
    /// swift-nio's `NIOWebSocketFrameDecoder` defaults `maxFrameSize` to
    /// 16 KiB (1 << 14), and uWebSockets defaults `maxPayloadLength` to 16 KiB.
    /// Passing it fails the connection with 1009 Message Too Big (§7.4.1).
    /// Raise it (`init(maxMessageBytes:)`) for an Autobahn echo run, whose
    /// cases send messages of up to 16 MiB.
    public static let defaultMaxMessageBytes = 4 * 1024

    /// The limit this decoder enforces.
    public let maxMessageBytes: Int

    private enum Stage: Sendable {
        case header
        case payload
        /// A Close frame was received; later bytes are ignored.
        case closed
        /// The connection failed; later bytes are ignored.
        case failed
    }

    private var stage = Stage.header
    /// The header of the frame being read, up to 14 bytes.
    private var headerBytes = FrameHeaderBytes()
    // The frame being read, valid once the header is complete.
    private var frameIsFinal = false
    private var frameOpcode = WebSocketOpcode.continuation
    /// The four masking-key octets, first octet in the most significant byte.
    private var maskingKey: UInt32 = 0
    private var maskOffset = 0
    private var payloadRemaining = 0
    /// Opcode (text or binary) of the message being reassembled, if any.
    private var messageOpcode: WebSocketOpcode?
    private var messageBytes: [UInt8] = []
    private var messageUTF8 = UTF8Validator()
    private var controlBytes: [UInt8] = []

    /// - Parameter maxMessageBytes: largest message payload accepted; values
    ///   below 125 are raised to 125 so that every legal control frame fits
    ///   the same accounting.
    public init(maxMessageBytes: Int = WebSocketFrameDecoder.defaultMaxMessageBytes) {
        self.maxMessageBytes = max(maxMessageBytes, WebSocketFrameFormat.maxControlPayloadByteCount)
    }

    /// Bytes currently held: header bytes, message payload, control payload.
    /// Never above `maxMessageBytes + 14 + 125`.
    public var bufferedByteCount: Int {
        headerBytes.count + messageBytes.count + controlBytes.count
    }

    /// True after a `.close` or `.failure` event; later input is ignored.
    public var isFinished: Bool {
        switch stage {
        case .closed, .failed: true
        case .header, .payload: false
        }
    }

    /// Decodes a chunk, calling `onEvent` for each event in order.
    public mutating func feed(_ chunk: UnsafeRawBufferPointer, _ onEvent: (WebSocketEvent) -> Void) {
        var index = 0
        while index < chunk.count {
            switch stage {
            case .closed, .failed:
                return
            case .header:
                if let event = consumeHeaderByte(chunk[index]) { onEvent(event) }
                index += 1
            case .payload:
                let available = min(payloadRemaining, chunk.count - index)
                if let event = consumePayload(UnsafeRawBufferPointer(rebasing: chunk[index..<(index + available)])) {
                    onEvent(event)
                }
                index += available
            }
        }
    }

    /// Decodes a chunk and returns the events in order.
    public mutating func feed(_ chunk: [UInt8]) -> [WebSocketEvent] {
        var events: [WebSocketEvent] = []
        chunk.withUnsafeBytes { feed($0) { events.append($0) } }
        return events
    }

    /// Decodes a chunk and returns the events in order.
    public mutating func feed(_ chunk: ArraySlice<UInt8>) -> [WebSocketEvent] {
        var events: [WebSocketEvent] = []
        chunk.withUnsafeBytes { feed($0) { events.append($0) } }
        return events
    }

    // MARK: - Header

    private mutating func consumeHeaderByte(_ byte: UInt8) -> WebSocketEvent? {
        headerBytes.append(byte)
        switch headerBytes.count {
        case 2:
            if let failure = validateFixedHeader() { return failure }
        case 3 where headerBytes[1] & WebSocketFrameFormat.shortLengthBits == WebSocketFrameFormat.sixtyFourBitLengthMarker
            && headerBytes[2] & 0x80 != 0:
            return fail(WebSocketCloseCode.protocolError, "64-bit length with the most significant bit set")
        case 4 where headerBytes[1] & WebSocketFrameFormat.shortLengthBits == WebSocketFrameFormat.sixteenBitLengthMarker:
            let length = Int(headerBytes[2]) << 8 | Int(headerBytes[3])
            if length < Int(WebSocketFrameFormat.sixteenBitLengthMarker) {
                return fail(WebSocketCloseCode.protocolError, "16-bit length used for a payload under 126 bytes")
            }
            if let failure = checkMessageSize(adding: length) { return failure }
            payloadRemaining = length
        case 10 where headerBytes[1] & WebSocketFrameFormat.shortLengthBits == WebSocketFrameFormat.sixtyFourBitLengthMarker:
            var length: UInt64 = 0
            for index in 2..<10 { length = length << 8 | UInt64(headerBytes[index]) }
            if length <= UInt64(UInt16.max) {
                return fail(WebSocketCloseCode.protocolError, "64-bit length used for a payload under 65536 bytes")
            }
            // Compare in UInt64: the length may not fit in Int on every platform.
            if length > UInt64(maxMessageBytes) {
                return fail(WebSocketCloseCode.messageTooBig, "message exceeds \(maxMessageBytes) bytes")
            }
            if let failure = checkMessageSize(adding: Int(length)) { return failure }
            payloadRemaining = Int(length)
        default:
            break
        }
        guard headerBytes.count >= 2, headerBytes.count == fullHeaderByteCount() else { return nil }
        let keyStart = headerBytes.count - WebSocketFrameFormat.maskingKeyByteCount
        maskingKey = (keyStart..<headerBytes.count).reduce(0) { $0 << 8 | UInt32(headerBytes[$1]) }
        maskOffset = 0
        headerBytes.removeAll()
        stage = .payload
        if !frameOpcode.isControl {
            reserveMessageCapacity(for: payloadRemaining)
        }
        return payloadRemaining == 0 ? finishFrame() : nil
    }

    /// Makes room for a data frame's payload in one allocation. Grows at least
    /// geometrically, so a message sent as many tiny fragments is not copied
    /// once per fragment, and never beyond `maxMessageBytes`, so capacity stays
    /// within the same bound as the bytes held.
    private mutating func reserveMessageCapacity(for payloadCount: Int) {
        let needed = messageBytes.count + payloadCount
        guard needed > messageBytes.capacity else { return }
        messageBytes.reserveCapacity(min(maxMessageBytes, max(needed, messageBytes.capacity * 2)))
    }

    /// Header length implied by the second byte (the mask bit is known to be set).
    private func fullHeaderByteCount() -> Int {
        switch headerBytes[1] & WebSocketFrameFormat.shortLengthBits {
        case WebSocketFrameFormat.sixteenBitLengthMarker: 2 + 2 + WebSocketFrameFormat.maskingKeyByteCount
        case WebSocketFrameFormat.sixtyFourBitLengthMarker: 2 + 8 + WebSocketFrameFormat.maskingKeyByteCount
        default: 2 + WebSocketFrameFormat.maskingKeyByteCount
        }
    }

    /// Checks everything the first two bytes reveal.
    private mutating func validateFixedHeader() -> WebSocketEvent? {
        let first = headerBytes[0], second = headerBytes[1]
        if first & WebSocketFrameFormat.reservedBits != 0 {
            return fail(WebSocketCloseCode.protocolError, "reserved bits set without a negotiated extension")
        }
        guard let opcode = WebSocketOpcode(rawValue: first & WebSocketFrameFormat.opcodeBits) else {
            return fail(WebSocketCloseCode.protocolError, "reserved opcode \(first & WebSocketFrameFormat.opcodeBits)")
        }
        if second & WebSocketFrameFormat.maskBit == 0 {
            return fail(WebSocketCloseCode.protocolError, "client frame is not masked")
        }
        let isFinal = first & WebSocketFrameFormat.finBit != 0
        let shortLength = second & WebSocketFrameFormat.shortLengthBits
        if opcode.isControl {
            if !isFinal {
                return fail(WebSocketCloseCode.protocolError, "fragmented control frame")
            }
            if Int(shortLength) > WebSocketFrameFormat.maxControlPayloadByteCount {
                return fail(WebSocketCloseCode.protocolError, "control frame payload over 125 bytes")
            }
        } else if opcode == .continuation {
            if messageOpcode == nil {
                return fail(WebSocketCloseCode.protocolError, "continuation frame without a message to continue")
            }
        } else {
            if messageOpcode != nil {
                return fail(WebSocketCloseCode.protocolError, "new data frame while a fragmented message is open")
            }
            messageOpcode = opcode
            messageUTF8 = UTF8Validator()
        }
        frameIsFinal = isFinal
        frameOpcode = opcode
        if shortLength < WebSocketFrameFormat.sixteenBitLengthMarker {
            if !opcode.isControl, let failure = checkMessageSize(adding: Int(shortLength)) { return failure }
            payloadRemaining = Int(shortLength)
        }
        return nil
    }

    /// Fails with 1009 if a data frame of `length` bytes would push the message
    /// past the limit — decided from the header, before buffering the payload.
    private mutating func checkMessageSize(adding length: Int) -> WebSocketEvent? {
        if frameOpcode.isControl { return nil }
        if length > maxMessageBytes - messageBytes.count {
            return fail(WebSocketCloseCode.messageTooBig, "message exceeds \(maxMessageBytes) bytes")
        }
        return nil
    }

    // MARK: - Payload

    private mutating func consumePayload(_ maskedBytes: UnsafeRawBufferPointer) -> WebSocketEvent? {
        if frameOpcode.isControl {
            Self.appendUnmasked(maskedBytes, key: maskingKey, keyOffset: &maskOffset, to: &controlBytes)
        } else {
            let firstNewByte = messageBytes.count
            Self.appendUnmasked(maskedBytes, key: maskingKey, keyOffset: &maskOffset, to: &messageBytes)
            if messageOpcode == .text {
                let isStillValid = messageBytes.withUnsafeBytes {
                    messageUTF8.consume(UnsafeRawBufferPointer(rebasing: $0[firstNewByte...]))
                }
                if !isStillValid {
                    return fail(WebSocketCloseCode.invalidPayloadData, "text message is not valid UTF-8")
                }
            }
        }
        payloadRemaining -= maskedBytes.count
        return payloadRemaining == 0 ? finishFrame() : nil
    }

    /// Copies `maskedBytes` to the end of `buffer` and unmasks them in place
    /// (§5.3: payload octet i is XORed with masking-key octet i mod 4, where
    /// i counts from the start of the frame's payload, across chunks).
    private static func appendUnmasked(
        _ maskedBytes: UnsafeRawBufferPointer, key: UInt32, keyOffset: inout Int, to buffer: inout [UInt8]
    ) {
        let start = buffer.count
        buffer.append(contentsOf: maskedBytes)
        var offset = keyOffset
        buffer.withUnsafeMutableBufferPointer { bytes in
            for index in start..<bytes.count {
                bytes[index] ^= UInt8(truncatingIfNeeded: key >> UInt32(24 - 8 * offset))
                offset = (offset + 1) & 3
            }
        }
        keyOffset = offset
    }

    // MARK: - Frame completion

    private mutating func finishFrame() -> WebSocketEvent? {
        stage = .header
        switch frameOpcode {
        case .ping:
            defer { controlBytes = [] }
            return .ping(controlBytes)
        case .pong:
            defer { controlBytes = [] }
            return .pong(controlBytes)
        case .close:
            return finishCloseFrame()
        case .continuation, .text, .binary:
            guard frameIsFinal, let opcode = messageOpcode else { return nil }
            messageOpcode = nil
            if opcode == .text {
                guard messageUTF8.isAtCodePointBoundary else {
                    return fail(WebSocketCloseCode.invalidPayloadData, "text message ends inside a UTF-8 sequence")
                }
                let text = String(decoding: messageBytes, as: UTF8.self)
                // Released, not kept: an idle player's decoder holds no buffer.
                messageBytes = []
                return .text(text)
            }
            let payload = messageBytes
            messageBytes = []
            return .binary(payload)
        }
    }

    /// Close payload: empty, or a 2-byte code followed by a UTF-8 reason (§5.5.1).
    private mutating func finishCloseFrame() -> WebSocketEvent {
        let payload = controlBytes
        controlBytes = []
        if payload.isEmpty {
            return closed(code: nil, reason: "")
        }
        if payload.count == 1 {
            return fail(WebSocketCloseCode.protocolError, "close payload of 1 byte")
        }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        guard WebSocketCloseCode.isValidInCloseFrame(code) else {
            return fail(WebSocketCloseCode.protocolError, "close code \(code) is not allowed")
        }
        let reasonBytes = payload[2...]
        guard UTF8Validator.isValid(reasonBytes) else {
            return fail(WebSocketCloseCode.invalidPayloadData, "close reason is not valid UTF-8")
        }
        return closed(code: code, reason: String(decoding: reasonBytes, as: UTF8.self))
    }

    private mutating func closed(code: UInt16?, reason: String) -> WebSocketEvent {
        stage = .closed
        releaseBuffers()
        return .close(code: code, reason: reason)
    }

    private mutating func fail(_ closeCode: UInt16, _ reason: String) -> WebSocketEvent {
        stage = .failed
        releaseBuffers()
        return .failure(closeCode: closeCode, reason: reason)
    }

    private mutating func releaseBuffers() {
        headerBytes.removeAll()
        messageBytes = []
        controlBytes = []
        messageOpcode = nil
    }
}
