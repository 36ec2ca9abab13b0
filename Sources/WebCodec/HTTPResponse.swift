/// An HTTP/1.1 response to serialize (RFC 9112 §4 and §6).
///
/// Pure byte building; the caller chooses every policy header. Always added:
/// `Content-Length` (so the client knows where the body ends, RFC 9112 §6.3),
/// `X-Content-Type-Options: nosniff`, and `Connection: close` or
/// `Connection: keep-alive`. Added for specific statuses when the caller did
/// not supply them: `Allow: GET` on 405 (RFC 9110 §15.5.6 requires Allow),
/// and `Upgrade: websocket` plus `Sec-WebSocket-Version: 13` on 426
/// (RFC 9110 §15.5.22 requires Upgrade; RFC 6455 §4.4 names the version).
///
/// Header names and values are sanitized: in a value, a byte that could end a
/// line or is otherwise a control character becomes a space; in a name, any
/// non-token byte becomes `-`. Caller-provided text can therefore never
/// inject a header or split the response.
public struct HTTPResponse: Sendable {
    public var status: HTTPStatus
    public var contentType: String?
    public var cacheControl: String?
    public var contentSecurityPolicy: String?
    public var keepAlive: Bool
    /// Further fields, written after the standard ones, in order.
    public var extraHeaders: [HTTPHeaderField]
    public var body: [UInt8]

    public init(
        status: HTTPStatus,
        contentType: String? = nil,
        cacheControl: String? = nil,
        contentSecurityPolicy: String? = nil,
        keepAlive: Bool = false,
        extraHeaders: [HTTPHeaderField] = [],
        body: [UInt8] = []
    ) {
        self.status = status
        self.contentType = contentType
        self.cacheControl = cacheControl
        self.contentSecurityPolicy = contentSecurityPolicy
        self.keepAlive = keepAlive
        self.extraHeaders = extraHeaders
        self.body = body
    }

    /// A plain-text error reply that closes the connection, e.g. for an
    /// `.invalid(status, reason)` parse result. `no-store` keeps caches from
    /// keeping errors.
    public static func error(_ status: HTTPStatus, message: String) -> HTTPResponse {
        HTTPResponse(status: status,
                     contentType: "text/plain; charset=utf-8",
                     cacheControl: "no-store",
                     keepAlive: false,
                     body: Array("\(status.code) \(status.reasonPhrase): \(message)\n".utf8))
    }

    /// The response bytes: status line, header fields, empty line, body.
    public func serialized() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256 + body.count)
        append("HTTP/1.1 \(status.code) \(status.reasonPhrase)", to: &output)
        output.append(contentsOf: [HTTPSyntax.carriageReturn, HTTPSyntax.lineFeed])

        // 1xx responses have no body and no Content-Length (RFC 9110 §8.6).
        let isInformational = status.code < 200
        if let contentType { appendField("Content-Type", contentType, to: &output) }
        if !isInformational { appendField("Content-Length", String(body.count), to: &output) }
        if let cacheControl { appendField("Cache-Control", cacheControl, to: &output) }
        appendField("X-Content-Type-Options", "nosniff", to: &output)
        if let contentSecurityPolicy { appendField("Content-Security-Policy", contentSecurityPolicy, to: &output) }
        if !isInformational { appendField("Connection", keepAlive ? "keep-alive" : "close", to: &output) }
        if status == .methodNotAllowed && !hasExtraHeader("Allow") {
            appendField("Allow", "GET", to: &output)
        }
        if status == .upgradeRequired {
            if !hasExtraHeader("Upgrade") { appendField("Upgrade", "websocket", to: &output) }
            if !hasExtraHeader("Sec-WebSocket-Version") {
                appendField("Sec-WebSocket-Version", WebSocketHandshake.supportedVersion, to: &output)
            }
        }
        for field in extraHeaders { appendField(field.name, field.value, to: &output) }
        output.append(contentsOf: [HTTPSyntax.carriageReturn, HTTPSyntax.lineFeed])
        if !isInformational { output.append(contentsOf: body) }
        return output
    }

    /// A serialized response without its body: the reply to `HEAD`, which has the header fields `GET` would have,
    /// `Content-Length` included, and no content (RFC 9110 §9.3.2).
    public static func headers(of serialized: [UInt8]) -> [UInt8] {
        let end: [UInt8] = [HTTPSyntax.carriageReturn, HTTPSyntax.lineFeed, HTTPSyntax.carriageReturn, HTTPSyntax.lineFeed]
        guard serialized.count >= end.count else { return serialized }
        for start in 0...(serialized.count - end.count) where serialized[start..<start + end.count].elementsEqual(end) {
            return Array(serialized[..<(start + end.count)])
        }
        return serialized
    }

    private func hasExtraHeader(_ name: String) -> Bool {
        extraHeaders.contains { HTTPSyntax.equalsIgnoringASCIICase($0.name, name) }
    }

    private func appendField(_ name: String, _ value: String, to output: inout [UInt8]) {
        // A name is a token (RFC 9110 §5.1); anything else becomes "-".
        for byte in name.utf8 {
            output.append(HTTPSyntax.isTokenCharacter(byte) ? byte : UInt8(ascii: "-"))
        }
        output.append(HTTPSyntax.colon)
        output.append(HTTPSyntax.space)
        append(value, to: &output)
        output.append(contentsOf: [HTTPSyntax.carriageReturn, HTTPSyntax.lineFeed])
    }

    /// Appends text, replacing CR, LF, NUL and other controls (except HTAB)
    /// with a space: the single point that makes header injection impossible.
    private func append(_ text: String, to output: inout [UInt8]) {
        for byte in text.utf8 {
            output.append(HTTPSyntax.isForbiddenInFieldValue(byte) ? HTTPSyntax.space : byte)
        }
    }
}
