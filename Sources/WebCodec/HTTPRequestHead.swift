/// One header field line, in the order received. Names keep their original
/// spelling; comparisons with `HTTPRequestHead.values(of:)` ignore ASCII case
/// (RFC 9110 §5.1).
public struct HTTPHeaderField: Sendable, Equatable {
    public let name: String
    /// The value with leading and trailing whitespace removed (RFC 9112 §5).
    public let value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// A parsed HTTP/1.1 request head: the request line and header fields.
///
/// Produced by `HTTPRequestParser`, which has already checked the syntax, the
/// limits in `HTTPRequestLimits`, exactly one `Host`, and the absence of a body.
public struct HTTPRequestHead: Sendable, Equatable {
    /// The method token, case-sensitive as RFC 9110 §9.1 says (`GET`, not `get`).
    public let method: String
    /// The origin-form request-target exactly as received, e.g. `/ws?room=a%20b`.
    public let target: String
    /// All header field lines in order; duplicates are kept.
    public let headers: [HTTPHeaderField]

    public init(method: String, target: String, headers: [HTTPHeaderField]) {
        self.method = method
        self.target = target
        self.headers = headers
    }

    /// The target before `?`, still percent-encoded (decoding a path invites
    /// `%2F` and `%2E%2E` confusion; route on the raw form).
    public var path: Substring {
        guard let questionMark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else {
            return Substring(target)
        }
        return Substring(target.utf8[..<questionMark])
    }

    /// The raw text after the first `?`, or nil if the target has no `?`.
    public var query: Substring? {
        guard let questionMark = target.utf8.firstIndex(of: UInt8(ascii: "?")) else {
            return nil
        }
        return Substring(target.utf8[target.utf8.index(after: questionMark)...])
    }

    /// Values of every field named `name`, ignoring ASCII case, in order.
    public func values(of name: String) -> [String] {
        headers.filter { HTTPSyntax.equalsIgnoringASCIICase($0.name, name) }.map(\.value)
    }

    /// The value of the single field named `name`; nil if absent or repeated.
    public func uniqueValue(of name: String) -> String? {
        let found = values(of: name)
        return found.count == 1 ? found[0] : nil
    }

    /// Whether a comma-separated field such as `Connection` contains `token`,
    /// ignoring ASCII case, across all lines of that field (RFC 9110 §5.6.1).
    public func listField(_ name: String, containsToken token: String) -> Bool {
        HTTPSyntax.listElements(values(of: name)).contains {
            HTTPSyntax.equalsIgnoringASCIICase(String($0), token)
        }
    }

    /// All query items, percent-decoded; throws on a malformed query.
    public func queryItems() throws(HTTPQueryError) -> [HTTPQueryItem] {
        guard let query else { return [] }
        return try HTTPQuery.decodeItems(query)
    }

    /// The decoded value of the first query item named `name` (compared after
    /// decoding). Nil when absent or when the query is malformed: a caller that
    /// needs to tell the two apart uses `queryItems()`.
    public func queryItem(_ name: String) -> String? {
        guard let items = try? queryItems() else { return nil }
        return items.first { $0.name == name }?.value
    }
}
