import WebCodec
import WordGameProtocol

/// A connection to the web port (Protocol.md §11): first an HTTP request,
/// then either a page (the server answers and closes) or a WebSocket whose
/// text messages are the protocol's lines, one line each. A message is read
/// as a line typed over TCP is (`LineFramer`), so the rules are the same
/// whichever way a player came: the same length limit, the same UTF-8 check.
final class WebFraming: Framing {
    /// What a web connection may do: set by the server's options, and shared
    /// by every web connection (a reference, so that none carries a copy).
    final class Policy: Sendable {
        /// The path of the WebSocket endpoint.
        let path = "/ws"
        /// The subprotocol echoed to a client that offers it.
        let subprotocol = WebFraming.subprotocol
        /// A line's limit, and so a message's (a longer message is closed with 1009).
        let maxLineBytes: Int
        /// Whether a handshake's `Origin` may connect (the server's own pages, and any origin the operator allows).
        let isOriginAllowed: @Sendable (_ origin: String?, _ host: String?) -> Bool

        init(maxLineBytes: Int = LineFramer.defaultMaxLineBytes,
             isOriginAllowed: @escaping @Sendable (String?, String?) -> Bool = WebSocketOriginPolicy.sameOriginOrAbsent) {
            self.maxLineBytes = maxLineBytes
            self.isOriginAllowed = isOriginAllowed
        }
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

    var output: any OutputFraming { WebSocketLines.shared }

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
            let unit = pending[pendingIndex]
            pendingIndex += 1
            // Released once drained: an idle player's framing holds no buffer.
            if pendingIndex == pending.count { (pending, pendingIndex) = ([], 0) }
            return unit
        }
        let bytes = input
        input = []
        switch stage {
        case .request(var parser):
            let result = parser.feed(bytes)
            stage = .request(parser)
            return answer(result, bytes)
        case .webSocket(var decoder, var framer):
            // Out of the enum while they work, so that they are not copied on write.
            stage = .done
            let events = decoder.feed(bytes[...])
            var units: [Inbound] = []
            for event in events {
                let unit = Self.meaning(of: event, &framer)
                units.append(unit)
                // After a close, a binary message or a broken frame, nothing more is read: the stage stays done.
                if case .end = unit { break }
            }
            if units.last.map(Self.ends) != true { stage = .webSocket(decoder, framer) }
            guard units.count > 1 else { return units.first ?? .frames([]) }
            pending = units
            return next()
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

    private static func ends(_ unit: Inbound) -> Bool { if case .end = unit { true } else { false } }

    /// One frame's meaning. A text message is one line, read as the line framer reads a typed line.
    private static func meaning(of event: WebSocketEvent, _ framer: inout LineFramer) -> Inbound {
        switch event {
        case .text(let text):
            var line = [UInt8]()
            line.reserveCapacity(text.utf8.count + 1)
            line.append(contentsOf: text.utf8)
            line.append(0x0A)
            return .frames(framer.feed(line[...]))
        case .binary:
            return .end(farewell: WebSocketFrameEncoder.close(code: WebSocketCloseCode.unsupportedData, reason: "lines are text messages"))
        case .ping(let payload):
            return .reply(WebSocketFrameEncoder.pong(payload))
        case .pong:
            return .frames([])
        case .close(let code, _):
            return .end(farewell: WebSocketFrameEncoder.close(code: code ?? WebSocketCloseCode.normalClosure))
        case .failure(let code, let reason):
            return .end(farewell: WebSocketFrameEncoder.close(code: code, reason: reason))
        }
    }
}
