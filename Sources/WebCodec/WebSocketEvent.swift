/// What the frame decoder reports, in wire order.
public enum WebSocketEvent: Sendable, Equatable {
    /// A complete text message, already checked to be UTF-8 (RFC 6455 §5.6).
    case text(String)
    /// A complete binary message.
    case binary([UInt8])
    /// A ping; the server answers with a pong carrying the same payload
    /// (RFC 6455 §5.5.2).
    case ping([UInt8])
    /// A pong (solicited or not, §5.5.3); usually only refreshes a liveness timer.
    case pong([UInt8])
    /// The peer's Close frame (§5.5.1). `code` is nil when the frame had no
    /// payload. The server replies with a Close frame (echoing the code, or
    /// 1000 when nil) and closes the TCP connection. Terminal: the decoder
    /// ignores whatever follows, as a peer may send nothing after Close.
    case close(code: UInt16?, reason: String)
    /// The peer broke the protocol (§7.1.7 "Fail the WebSocket Connection"):
    /// send a Close frame with `closeCode` (1002, 1007 or 1009) and close.
    /// Terminal: the decoder takes no more input.
    case failure(closeCode: UInt16, reason: String)
}
