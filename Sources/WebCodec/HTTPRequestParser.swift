/// Incremental, strict parser for an HTTP/1.1 request head (RFC 9112 §2–§5).
///
/// Feed it chunks exactly as they arrive from the socket; any split gives the
/// same result. It holds at most one line (bounded by
/// `HTTPRequestLimits.maxHeadBytes`) plus the fields parsed so far.
///
/// Decisions, each stricter than the RFC minimum because browsers never need
/// the leniency and every leniency is a place where two parsers can disagree:
/// - Line ends must be CRLF. A bare LF (which RFC 9112 §2.2 lets a recipient
///   accept) or a bare CR is 400.
/// - The version must be exactly `HTTP/1.1`; any other well-formed
///   `HTTP/x.y` (such as `HTTP/1.0`) is 505, malformed versions are 400.
///   WebSocket needs 1.1 (RFC 6455 §4.1) and every browser sends it.
/// - Only origin-form targets (`/path?query`) are accepted. RFC 9112 §3.2.2
///   asks servers to accept absolute-form too, but only proxies receive it.
/// - Whitespace before a field's colon and obs-fold continuation lines are
///   400 (RFC 9112 §5.1 and §5.2 allow exactly that).
/// - Field values may not contain control bytes or DEL, and must be UTF-8.
/// - Exactly one `Host` field, else 400 (RFC 9112 §3.2 requires this).
/// - No request bodies: any `Transfer-Encoding`, or repeated or malformed
///   `Content-Length`, is 400; `Content-Length` above zero is 413 Content Too
///   Large (we accept exactly zero body bytes). This also removes the
///   request-smuggling surface.
/// - Empty lines before the request line are skipped (RFC 9112 §2.2 SHOULD),
///   but they count towards the head limit.
public struct HTTPRequestParser: Sendable {
    private var line: [UInt8] = []
    private var headBytesSeen = 0
    private var requestLine: (method: String, target: String)?
    private var fields: [HTTPHeaderField] = []
    private var outcome: HTTPParseResult?

    public init() {}

    /// Bytes currently held in the line buffer; never above
    /// `HTTPRequestLimits.maxHeadBytes`.
    public var bufferedByteCount: Int { line.count }

    /// Forgets everything, ready for the next request on a kept-alive connection.
    public mutating func reset() {
        self = HTTPRequestParser()
    }

    /// Parses the next chunk. After `.complete` or `.invalid` the parser is
    /// finished: further calls consume nothing and repeat the outcome (with
    /// `consumed: 0`) until `reset()`.
    public mutating func feed(_ chunk: UnsafeRawBufferPointer) -> HTTPParseResult {
        if let outcome {
            if case .complete(let head, _) = outcome { return .complete(head, consumed: 0) }
            return outcome
        }
        for index in 0..<chunk.count {
            if let result = consume(chunk[index]) {
                switch result {
                case .complete(let head, _):
                    outcome = .complete(head, consumed: index + 1)
                default:
                    outcome = result
                }
                line = []
                fields = []
                return outcome ?? .incomplete
            }
        }
        return .incomplete
    }

    /// Parses the next chunk; see `feed(_: UnsafeRawBufferPointer)`.
    public mutating func feed(_ chunk: [UInt8]) -> HTTPParseResult {
        chunk.withUnsafeBytes { feed($0) }
    }

    /// Parses the next chunk; see `feed(_: UnsafeRawBufferPointer)`.
    public mutating func feed(_ chunk: ArraySlice<UInt8>) -> HTTPParseResult {
        chunk.withUnsafeBytes { feed($0) }
    }

    /// Handles one byte; returns a terminal result or nil to go on.
    private mutating func consume(_ byte: UInt8) -> HTTPParseResult? {
        headBytesSeen += 1
        if headBytesSeen > HTTPRequestLimits.maxHeadBytes {
            return .invalid(.requestHeaderFieldsTooLarge,
                            reason: "request head exceeds \(HTTPRequestLimits.maxHeadBytes) bytes")
        }
        if byte == HTTPSyntax.lineFeed {
            guard line.last == HTTPSyntax.carriageReturn else {
                return .invalid(.badRequest, reason: "line ends with a bare LF")
            }
            line.removeLast()
            let result = finishLine()
            line.removeAll(keepingCapacity: true)
            return result
        }
        if line.last == HTTPSyntax.carriageReturn {
            return .invalid(.badRequest, reason: "bare CR inside a line")
        }
        line.append(byte)
        if requestLine == nil && byte != HTTPSyntax.carriageReturn
            && line.count > HTTPRequestLimits.maxRequestLineBytes {
            return .invalid(.uriTooLong,
                            reason: "request line exceeds \(HTTPRequestLimits.maxRequestLineBytes) bytes")
        }
        return nil
    }

    private mutating func finishLine() -> HTTPParseResult? {
        if requestLine == nil {
            if line.isEmpty { return nil }  // skipped leading empty line
            switch parseRequestLine(line) {
            case .success(let parsed):
                requestLine = parsed
                return nil
            case .failure(let refusal):
                return .invalid(refusal.status, reason: refusal.reason)
            }
        }
        if line.isEmpty { return finishHead() }
        guard fields.count < HTTPRequestLimits.maxHeaderFields else {
            return .invalid(.requestHeaderFieldsTooLarge,
                            reason: "more than \(HTTPRequestLimits.maxHeaderFields) header fields")
        }
        switch parseFieldLine(line) {
        case .success(let field):
            fields.append(field)
            return nil
        case .failure(let refusal):
            return .invalid(refusal.status, reason: refusal.reason)
        }
    }

    /// A refusal carried through `Result`.
    private struct Refusal: Error {
        let status: HTTPStatus
        let reason: String
        static func badRequest(_ reason: String) -> Refusal { Refusal(status: .badRequest, reason: reason) }
    }

    /// request-line = method SP request-target SP HTTP-version (RFC 9112 §3),
    /// with exactly one SP between the parts.
    private func parseRequestLine(_ line: [UInt8]) -> Result<(method: String, target: String), Refusal> {
        let parts = line.split(separator: HTTPSyntax.space, omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            return .failure(.badRequest("request line is not 'method target version'"))
        }
        let method = parts[0], target = parts[1], version = parts[2]
        guard HTTPSyntax.isToken(method) else {
            return .failure(.badRequest("method is not a token"))
        }
        guard target.first == UInt8(ascii: "/") else {
            return .failure(.badRequest("request target is not origin-form (must start with '/')"))
        }
        guard target.allSatisfy(HTTPSyntax.isRequestTargetCharacter) else {
            return .failure(.badRequest("request target contains a forbidden character"))
        }
        guard hasWellFormedPercentEscapes(target) else {
            return .failure(.badRequest("request target has a malformed percent escape"))
        }
        if !version.elementsEqual("HTTP/1.1".utf8) {
            if isWellFormedVersion(version) {
                return .failure(Refusal(status: .httpVersionNotSupported, reason: "only HTTP/1.1 is supported"))
            }
            return .failure(.badRequest("malformed HTTP version"))
        }
        return .success((String(decoding: method, as: UTF8.self), String(decoding: target, as: UTF8.self)))
    }

    /// HTTP-version = "HTTP" "/" DIGIT "." DIGIT (RFC 9112 §2.3).
    private func isWellFormedVersion(_ version: ArraySlice<UInt8>) -> Bool {
        let bytes = Array(version)
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        return bytes.count == 8 && bytes[0..<5].elementsEqual("HTTP/".utf8)
            && isDigit(bytes[5]) && bytes[6] == UInt8(ascii: ".") && isDigit(bytes[7])
    }

    private func hasWellFormedPercentEscapes(_ target: ArraySlice<UInt8>) -> Bool {
        var index = target.startIndex
        while index < target.endIndex {
            if target[index] == UInt8(ascii: "%") {
                guard index + 2 < target.endIndex,
                      HTTPQuery.hexValue(target[index + 1]) != nil,
                      HTTPQuery.hexValue(target[index + 2]) != nil
                else { return false }
                index += 3
            } else {
                index += 1
            }
        }
        return true
    }

    /// field-line = field-name ":" OWS field-value OWS (RFC 9112 §5).
    private func parseFieldLine(_ line: [UInt8]) -> Result<HTTPHeaderField, Refusal> {
        if let first = line.first, HTTPSyntax.isOptionalWhitespace(first) {
            return .failure(.badRequest("obsolete line folding is not accepted"))
        }
        guard let colon = line.firstIndex(of: HTTPSyntax.colon) else {
            return .failure(.badRequest("header line without a colon"))
        }
        let name = line[..<colon]
        guard HTTPSyntax.isToken(name) else {
            return .failure(.badRequest("header name is not a token (no whitespace before the colon)"))
        }
        var valueStart = colon + 1
        var valueEnd = line.endIndex
        while valueStart < valueEnd && HTTPSyntax.isOptionalWhitespace(line[valueStart]) { valueStart += 1 }
        while valueEnd > valueStart && HTTPSyntax.isOptionalWhitespace(line[valueEnd - 1]) { valueEnd -= 1 }
        let value = line[valueStart..<valueEnd]
        guard !value.contains(where: HTTPSyntax.isForbiddenInFieldValue) else {
            return .failure(.badRequest("header value contains a control character"))
        }
        guard UTF8Validator.isValid(value) else {
            return .failure(.badRequest("header value is not UTF-8"))
        }
        return .success(HTTPHeaderField(name: String(decoding: name, as: UTF8.self),
                                        value: String(decoding: value, as: UTF8.self)))
    }

    /// Checks that need every field: Host, and the absence of a body.
    private func finishHead() -> HTTPParseResult {
        guard let requestLine else {
            return .invalid(.internalServerError, reason: "head ended before the request line")
        }
        let head = HTTPRequestHead(method: requestLine.method, target: requestLine.target, headers: fields)
        let hosts = head.values(of: "Host")
        guard hosts.count == 1 else {
            return .invalid(.badRequest, reason: hosts.isEmpty ? "missing Host" : "more than one Host")
        }
        guard hosts[0].utf8.allSatisfy(Self.isHostCharacter) else {
            return .invalid(.badRequest, reason: "malformed Host")
        }
        if !head.values(of: "Transfer-Encoding").isEmpty {
            return .invalid(.badRequest, reason: "request bodies are not accepted (Transfer-Encoding)")
        }
        let lengths = head.values(of: "Content-Length")
        if lengths.count > 1 {
            return .invalid(.badRequest, reason: "more than one Content-Length")
        }
        if let length = lengths.first {
            let digits = length.utf8
            guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                return .invalid(.badRequest, reason: "malformed Content-Length")
            }
            guard digits.allSatisfy({ $0 == UInt8(ascii: "0") }) else {
                return .invalid(.contentTooLarge, reason: "request bodies are not accepted")
            }
        }
        return .complete(head, consumed: 0)
    }

    /// Host = uri-host [ ":" port ] (RFC 9110 §7.2): reg-name characters,
    /// percent escapes, and brackets and colons for IPv6 literals.
    private static func isHostCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "@"):
            return false
        case UInt8(ascii: "["), UInt8(ascii: "]"):
            return true
        default:
            return HTTPSyntax.isRequestTargetCharacter(byte)
        }
    }
}
