import WebCodec
import WordGameProtocol

/// A connection to the web port (Protocol.md §11): first an HTTP request,
/// then either a page (the server answers and closes) or a WebSocket whose
/// text messages are the protocol's lines, one line each. A message is read
/// as a line typed over TCP is (`LineFramer`), so the rules are the same
/// whichever way a player came: the same length limit, the same UTF-8 check.
final class WebFraming: Framing {
    /// What a web connection may do: set by the server's options.
    struct Policy {
        /// The path of the WebSocket endpoint.
        var path = "/ws"
        /// The subprotocol echoed to a client that offers it.
        var subprotocol = WebFraming.subprotocol
        /// A line's limit, and so a message's (a longer message is closed with 1009).
        var maxLineBytes = LineFramer.defaultMaxLineBytes
        /// Whether a handshake's `Origin` may connect (the server's own pages, and any origin the operator allows).
        var isOriginAllowed: @Sendable (_ origin: String?, _ host: String?) -> Bool = WebSocketOriginPolicy.sameOriginOrAbsent
    }

    /// The subprotocol of this version of the protocol.
    static let subprotocol = "wordgame.2"

    private enum Stage {
        case request(HTTPRequestParser)
        case webSocket(WebSocketFrameDecoder, LineFramer)
        /// Answered or closed: what comes is thrown away.
        case done
    }

    private let policy: Policy
    private var stage: Stage = .request(HTTPRequestParser())
    /// Bytes read and not yet taken (one read at most: the socket is read again once they are).
    private var input: [UInt8] = []
    /// What the last read's frames held, one unit a turn of `next`.
    private var pending: [Inbound] = []
    private var pendingIndex = 0

    init(policy: Policy) { self.policy = policy }

    func append(_ bytes: UnsafeRawBufferPointer) { input.append(contentsOf: bytes) }

    var hasInput: Bool { !input.isEmpty || pendingIndex < pending.count }

    var discardedByteCount: Int { 0 }

    func discardInput() {
        input = []
        pending = []
        pendingIndex = 0
    }

    var output: OutputFraming { .webSocket }

    var startsAsSession: Bool { false }

    func goodbye() -> [UInt8]? {
        guard isWebSocket else { return nil }
        stage = .done
        return WebSocketFrameEncoder.close(code: WebSocketCloseCode.normalClosure)
    }

    /// Whether the handshake is done: frames come and go.
    var isWebSocket: Bool { if case .webSocket = stage { true } else { false } }

    func next() -> Inbound {
        if pendingIndex < pending.count {
            defer { pendingIndex += 1 }
            return pending[pendingIndex]
        }
        pending = []
        pendingIndex = 0
        let bytes = input
        input = []
        switch stage {
        case .request(var parser):
            let result = parser.feed(bytes)
            stage = .request(parser)
            return answer(result, bytes)
        case .webSocket(var decoder, var framer):
            let events = decoder.feed(bytes[...])
            stage = .webSocket(decoder, framer)
            // Reading a close, a binary message or a broken frame ends the stage (`read` sets it `done`).
            for event in events where isWebSocket { pending.append(meaning(of: event, &framer)) }
            if case .webSocket = stage { stage = .webSocket(decoder, framer) }
            return pending.isEmpty ? .frames([]) : next()
        case .done:
            return .frames([])
        }
    }

    /// The request's head, once whole: a WebSocket handshake, or a page.
    private func answer(_ result: HTTPParseResult, _ bytes: [UInt8]) -> Inbound {
        switch result {
        case .incomplete:
            return .frames([])
        case .invalid(let status, let reason):
            stage = .done
            return .end(farewell: HTTPResponse.error(status, message: reason).serialized())
        case .complete(let head, let consumed):
            guard WebSocketHandshake.isUpgradeRequest(head) else {
                stage = .done
                return .request(head)
            }
            guard head.path == policy.path else {
                stage = .done
                return .end(farewell: HTTPResponse.error(.notFound, message: "the WebSocket endpoint is \(policy.path)").serialized())
            }
            switch WebSocketHandshake.evaluate(head, subprotocol: policy.subprotocol, isOriginAllowed: policy.isOriginAllowed) {
            case .accept(let response, _):
                stage = .webSocket(WebSocketFrameDecoder(maxMessageBytes: policy.maxLineBytes),
                                   LineFramer(maxLineBytes: policy.maxLineBytes))
                input = Array(bytes[consumed...])  // frames sent right behind the handshake
                return .opened(reply: response)
            case .reject(_, _, let response):
                stage = .done
                return .end(farewell: response)
            }
        }
    }

    /// One frame's meaning. A text message is one line, read as the line framer reads a typed line.
    private func meaning(of event: WebSocketEvent, _ framer: inout LineFramer) -> Inbound {
        switch event {
        case .text(let text):
            return .frames(framer.feed((Array(text.utf8) + [0x0A])[...]))
        case .binary:
            stage = .done
            return .end(farewell: WebSocketFrameEncoder.close(code: WebSocketCloseCode.unsupportedData, reason: "lines are text messages"))
        case .ping(let payload):
            return .reply(WebSocketFrameEncoder.pong(payload))
        case .pong:
            return .frames([])
        case .close(let code, _):
            stage = .done
            return .end(farewell: WebSocketFrameEncoder.close(code: code ?? WebSocketCloseCode.normalClosure))
        case .failure(let code, let reason):
            stage = .done
            return .end(farewell: WebSocketFrameEncoder.close(code: code, reason: reason))
        }
    }
}
