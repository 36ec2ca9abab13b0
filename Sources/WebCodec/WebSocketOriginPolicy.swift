/// Origin checks for the WebSocket opening handshake (RFC 6455 §4.2.1 item 8,
/// §10.2).
///
/// Browsers let any web page open a WebSocket to any server and attach the
/// page's origin in `Origin`; they do not enforce same-origin for WebSockets.
/// Without a check, a hostile site visited by a student could drive the game
/// in that student's name (cross-site WebSocket hijacking). Non-browser
/// clients (command-line tools, test suites) send no `Origin` at all.
public enum WebSocketOriginPolicy {
    /// The default policy: allow a missing `Origin` (not a browser, so no
    /// ambient browser credentials to abuse), and allow an `Origin` whose host
    /// and port equal those of the request's `Host` field (the page was served
    /// by this server). Refuse everything else, including `Origin: null`
    /// (sandboxed frames, `file:` pages) and several `Origin` lines (the
    /// handshake passes those as a value containing a comma, which never
    /// parses as an origin).
    ///
    /// Behind a reverse proxy the proxy must forward the client's `Host`
    /// unchanged, or every browser will be refused.
    ///
    /// The scheme is not compared (RFC 6454 §5 would): behind a proxy that
    /// adds TLS the page is `https://host` while this server sees plain HTTP,
    /// and a page at this host and port can only come from this server or the
    /// proxy in front of it. Protocol.md §11 says so.
    public static func sameOriginOrAbsent(origin: String?, host: String?) -> Bool {
        guard let origin else { return true }
        guard let host, let parsedOrigin = parseOrigin(origin),
              let parsedHost = parseHostAndPort(host)
        else { return false }
        let hostPort = parsedHost.port == parsedOrigin.defaultPort ? nil : parsedHost.port
        return parsedOrigin.host == parsedHost.host && parsedOrigin.port == hostPort
    }

    /// A serialized origin (RFC 6454 §6.2): `scheme "://" host [ ":" port ]`,
    /// with lowercase host and the scheme's default port dropped.
    struct Origin: Equatable {
        let host: String
        /// nil when absent or equal to the default port of the scheme.
        let port: Int?
        let defaultPort: Int
    }

    static func parseOrigin(_ text: String) -> Origin? {
        let lowered = String(decoding: text.utf8.map(HTTPSyntax.asciiLowercased), as: UTF8.self)
        let defaultPort: Int
        let authority: Substring
        if lowered.hasPrefix("http://") {
            defaultPort = 80
            authority = lowered.dropFirst("http://".count)
        } else if lowered.hasPrefix("https://") {
            defaultPort = 443
            authority = lowered.dropFirst("https://".count)
        } else {
            return nil
        }
        guard let hostAndPort = parseHostAndPort(String(authority)) else { return nil }
        let port = hostAndPort.port == defaultPort ? nil : hostAndPort.port
        return Origin(host: hostAndPort.host, port: port, defaultPort: defaultPort)
    }

    /// `host [ ":" port ]` where host is a registered name, an IPv4 address or
    /// a bracketed IPv6 literal (RFC 3986 §3.2.2). Returns the lowercase host.
    static func parseHostAndPort(_ text: String) -> (host: String, port: Int?)? {
        let bytes = Array(text.utf8.map(HTTPSyntax.asciiLowercased))
        var hostEnd: Int
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")) else { return nil }
            guard bytes[1..<close].allSatisfy(isIPv6LiteralCharacter), close > 1 else { return nil }
            hostEnd = close + 1
        } else {
            hostEnd = bytes.firstIndex(of: UInt8(ascii: ":")) ?? bytes.count
            guard hostEnd > 0, bytes[..<hostEnd].allSatisfy(isRegisteredNameCharacter) else { return nil }
        }
        let host = String(decoding: bytes[..<hostEnd], as: UTF8.self)
        if hostEnd == bytes.count { return (host, nil) }
        guard bytes[hostEnd] == UInt8(ascii: ":") else { return nil }
        let digits = bytes[(hostEnd + 1)...]
        guard !digits.isEmpty, digits.count <= 5,
              digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        let port = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        guard port <= 65535 else { return nil }
        return (host, port)
    }

    private static func isRegisteredNameCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    private static func isIPv6LiteralCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: ":"), UInt8(ascii: "."):
            return true
        default:
            return false
        }
    }
}
