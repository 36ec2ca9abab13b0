/// The outcome of `WebSocketHandshake.evaluate`.
public enum WebSocketHandshakeResult: Sendable, Equatable {
    /// Send `response` (101 Switching Protocols); from then on the connection
    /// speaks WebSocket frames. `subprotocol` is the one echoed, if any.
    case accept(response: [UInt8], subprotocol: String?)
    /// Send `response` (an error reply with `Connection: close`) and close.
    case reject(HTTPStatus, reason: String, response: [UInt8])
}

/// The server side of the RFC 6455 opening handshake (§4.2.1 and §4.2.2).
///
/// The caller has already parsed the head with `HTTPRequestParser` and routed
/// it to its WebSocket path; `isUpgradeRequest` helps with that routing.
///
/// Checks, in order, with the reply each failure earns:
/// 1. method `GET` — else 405 with `Allow: GET`;
/// 2. `Upgrade` lists the token `websocket` (any case) — else 426, which
///    carries `Upgrade: websocket` and `Sec-WebSocket-Version: 13`;
/// 3. `Connection` lists the token `upgrade` (any case, e.g.
///    `keep-alive, Upgrade`) — else 400;
/// 4. exactly one `Sec-WebSocket-Version` equal to `13` — else 426 with
///    `Sec-WebSocket-Version: 13` (§4.4);
/// 5. exactly one `Sec-WebSocket-Key` that is canonical base64 of 16 bytes —
///    else 400;
/// 6. the origin predicate — else 403;
/// 7. subprotocol negotiation — see `evaluate`.
///
/// `Sec-WebSocket-Extensions` offers (such as permessage-deflate) are ignored:
/// not echoing one means it is not in use (§9.1), and the frame decoder then
/// rejects RSV bits.
public enum WebSocketHandshake {
    /// The only protocol version defined by RFC 6455 (§4.1 item 9).
    public static let supportedVersion = "13"

    /// The GUID appended to the client's key (RFC 6455 §1.3).
    public static let acceptKeyGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// Length of the decoded `Sec-WebSocket-Key` (RFC 6455 §4.1 item 7).
    public static let keyByteCount = 16

    /// Whether the client asks to switch to WebSocket (`Upgrade` lists
    /// `websocket`). Use it to route; `evaluate` does the full check.
    public static func isUpgradeRequest(_ head: HTTPRequestHead) -> Bool {
        head.listField("Upgrade", containsToken: "websocket")
    }

    /// `Sec-WebSocket-Accept` for a client key: base64(SHA-1(key + GUID))
    /// (RFC 6455 §4.2.2 item 5.4). The key is used as sent, without decoding.
    public static func acceptValue(forKey key: String) -> String {
        Base64.encode(SHA1.hash(Array((key + acceptKeyGUID).utf8)))
    }

    /// Decides the handshake and builds the reply bytes.
    ///
    /// - Parameters:
    ///   - subprotocol: the one subprotocol this server speaks (e.g.
    ///     `"wordgame.v2"`), or nil if it uses none. Decision: if the client
    ///     offers no `Sec-WebSocket-Protocol`, the handshake is accepted
    ///     without one, so plain tools can connect. If it offers a list that
    ///     contains ours (exact, case-sensitive match, because a browser checks
    ///     the echo byte for byte against what it offered), ours is echoed. If
    ///     it offers only others, the reply is 400 naming the expected
    ///     subprotocol: RFC 6455 §4.2.2 would let us accept without echoing,
    ///     but a browser then fails the connection with an opaque error, while
    ///     a 400 with a reason is visible in its network panel. With
    ///     `subprotocol == nil`, offers are ignored (accept, no echo).
    ///   - isOriginAllowed: called with the `Origin` value (nil if absent;
    ///     several `Origin` lines are joined with ", ") and the `Host` value.
    ///     Defaults to `WebSocketOriginPolicy.sameOriginOrAbsent`.
    public static func evaluate(
        _ head: HTTPRequestHead,
        subprotocol: String?,
        isOriginAllowed: (_ origin: String?, _ host: String?) -> Bool = WebSocketOriginPolicy.sameOriginOrAbsent
    ) -> WebSocketHandshakeResult {
        guard head.method == "GET" else {
            return reject(.methodNotAllowed, "a WebSocket handshake must use GET")
        }
        guard isUpgradeRequest(head) else {
            return reject(.upgradeRequired, "this resource needs a WebSocket upgrade")
        }
        guard head.listField("Connection", containsToken: "upgrade") else {
            return reject(.badRequest, "Connection must list 'Upgrade'")
        }
        guard head.uniqueValue(of: "Sec-WebSocket-Version") == supportedVersion else {
            return reject(.upgradeRequired, "Sec-WebSocket-Version must be \(supportedVersion)")
        }
        guard let key = head.uniqueValue(of: "Sec-WebSocket-Key") else {
            return reject(.badRequest, "exactly one Sec-WebSocket-Key is required")
        }
        guard Base64.decodeStrict(key)?.count == keyByteCount else {
            return reject(.badRequest, "Sec-WebSocket-Key must be base64 of \(keyByteCount) bytes")
        }
        let origins = head.values(of: "Origin")
        let origin = origins.isEmpty ? nil : origins.joined(separator: ", ")
        let hosts = head.values(of: "Host")
        let host = hosts.isEmpty ? nil : hosts.joined(separator: ", ")
        guard isOriginAllowed(origin, host) else {
            return reject(.forbidden, "origin not allowed")
        }

        var echoedSubprotocol: String?
        let offered = HTTPSyntax.listElements(head.values(of: "Sec-WebSocket-Protocol"))
        guard offered.allSatisfy({ HTTPSyntax.isToken($0.utf8) }) else {
            return reject(.badRequest, "Sec-WebSocket-Protocol must be a list of tokens")
        }
        if let subprotocol, !offered.isEmpty {
            guard offered.contains(where: { $0 == subprotocol }) else {
                return reject(.badRequest, "unsupported subprotocol; this server speaks '\(subprotocol)'")
            }
            echoedSubprotocol = subprotocol
        }

        var response = HTTPResponse(status: .switchingProtocols, extraHeaders: [
            HTTPHeaderField(name: "Upgrade", value: "websocket"),
            HTTPHeaderField(name: "Connection", value: "Upgrade"),
            HTTPHeaderField(name: "Sec-WebSocket-Accept", value: acceptValue(forKey: key)),
        ])
        if let echoedSubprotocol {
            response.extraHeaders.append(HTTPHeaderField(name: "Sec-WebSocket-Protocol", value: echoedSubprotocol))
        }
        return .accept(response: response.serialized(), subprotocol: echoedSubprotocol)
    }

    private static func reject(_ status: HTTPStatus, _ reason: String) -> WebSocketHandshakeResult {
        .reject(status, reason: reason, response: HTTPResponse.error(status, message: reason).serialized())
    }
}
