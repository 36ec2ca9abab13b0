import WebCodec
import WordGame
import WordGamePOSIX
import WordGameProtocol

/// Connections to the web port turned away when accepted (past
/// `--max-connections` or the address's share), held until their request
/// is read, so that a WebSocket is refused in the protocol's words
/// (Protocol.md §11). An HTTP error in place of the handshake reaches a page
/// only as close 1006, which says nothing; so a handshake the server would
/// accept gets its 101, then the lines the game's port sends a refused
/// connection (the greeting, `ERROR server-full`, `BYE`), each a text
/// message, then a close frame with 1013, Try Again Later (RFC 6455 §7.4,
/// IANA's registry), whose reason is the `BYE`'s words. Any other request
/// gets the `503` it would have got at once.
///
/// They are not connections: never in the table, never counted against the
/// caps, never a session. What they may cost is bounded
/// (`ConnectionLimits.webRefusalsHeld`, `webRefusalMilliseconds`, and a
/// request head's 8 KiB); past it, a refusal is the `503` at once.
/// The event loop's alone.
final class WebRefusals {
    private struct Held {
        var request = HTTPRequestParser()
        let why: String
        let bye: String
        let deadline: Instant
    }

    private let policy: WebFraming.Policy
    private let epoll: Epoll
    private let limits: ConnectionLimits
    private var held: [FileDescriptor: Held] = [:]
    /// Answered: closed at the end of the batch of events, as the table's
    /// are, so that no new connection takes a number a later event still names.
    private var finished: [FileDescriptor] = []

    init(policy: WebFraming.Policy, epoll: Epoll, limits: ConnectionLimits) {
        self.policy = policy
        self.epoll = epoll
        self.limits = limits
    }

    deinit {
        for socket in held.keys { socket.close() }
        releaseClosedDescriptors()
    }

    var count: Int { held.count }

    /// Takes a refused connection to wait for its request; false when it
    /// cannot (as many held as allowed, or no descriptors to spare beside
    /// `connections` and the reserve), and the caller refuses it at once.
    func hold(_ socket: FileDescriptor, why: String, bye: String, connections: Int, at now: Instant) -> Bool {
        guard held.count < limits.webRefusalsHeld else { return false }
        if let limit = DescriptorLimit.current(),
           connections + held.count >= limit - ConnectionLimits.reservedDescriptors { return false }
        do { try epoll.add(socket) } catch { return false }
        held[socket] = Held(why: why, bye: bye, deadline: now.adding(milliseconds: limits.webRefusalMilliseconds))
        return true
    }

    /// An event for `socket`, if it is one of these: what came is read, and answered once the request is whole.
    func handle(_ socket: FileDescriptor) {
        guard var waiting = held[socket] else { return }
        let result = withUnsafeTemporaryAllocation(byteCount: 4_096, alignment: 1) { buffer -> HTTPParseResult? in
            switch try? Socket.receive(socket, into: buffer) {
            case .wouldBlock?: return .incomplete
            case .done(let count)? where count > 0: return waiting.request.feed(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            default: return nil  // gone (or failed) before its request came whole
            }
        }
        switch result {
        case nil:
            finish(socket, [])
        case .incomplete?:
            held[socket] = waiting
        case .complete(let head, _)?:
            finish(socket, answer(head, waiting) ?? refusal(waiting))
        case .invalid?:
            finish(socket, refusal(waiting))
        }
    }

    /// The soonest time limit, when one is held.
    var nextDeadline: Instant? { held.values.lazy.map(\.deadline).min() }

    /// Those whose request has not come whole in time get the `503`.
    func expire(at now: Instant) {
        for (socket, waiting) in held where waiting.deadline <= now { finish(socket, refusal(waiting)) }
    }

    func releaseClosedDescriptors() {
        for socket in finished { socket.close() }
        finished.removeAll(keepingCapacity: true)
    }

    /// A WebSocket handshake the server would accept: its 101, the refusal's
    /// lines as text messages, the close frame. Nil for anything else.
    private func answer(_ head: HTTPRequestHead, _ waiting: Held) -> [UInt8]? {
        guard WebSocketHandshake.isUpgradeRequest(head), head.path == policy.path,
              case .accept(let response, _) = WebSocketHandshake.evaluate(head, subprotocol: policy.subprotocol,
                                                                         isOriginAllowed: policy.isOriginAllowed)
        else { return nil }
        return response + WebSocketLines.shared.wrap(ListenerKind.refusalLines(waiting.why, bye: waiting.bye))
            + WebSocketFrameEncoder.close(code: WebSocketCloseCode.tryAgainLater, reason: waiting.bye)
    }

    private func refusal(_ waiting: Held) -> [UInt8] {
        HTTPResponse.error(.serviceUnavailable, message: waiting.why).serialized()
    }

    /// One send: a fresh socket's buffer takes these few hundred bytes whole.
    private func finish(_ socket: FileDescriptor, _ bytes: [UInt8]) {
        if !bytes.isEmpty { bytes.withUnsafeBytes { _ = try? Socket.send(socket, $0) } }
        held[socket] = nil
        try? epoll.remove(socket)
        finished.append(socket)
    }
}
