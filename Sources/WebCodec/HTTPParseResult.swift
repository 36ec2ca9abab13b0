/// What `HTTPRequestParser.feed` learned from a chunk.
public enum HTTPParseResult: Sendable, Equatable {
    /// The head is not finished; feed more bytes.
    case incomplete
    /// The head is finished. `consumed` counts the bytes of the chunk just fed
    /// that belong to the head; the rest of that chunk belongs to whatever
    /// follows (the next request, or WebSocket frames after an upgrade).
    case complete(HTTPRequestHead, consumed: Int)
    /// The request is refused: reply with `status` (see `HTTPResponse`) and
    /// close the connection. `reason` is for logs and the plain-text body.
    case invalid(HTTPStatus, reason: String)
}
