/// Where a room or a seat is when another server of the fleet has it: the
/// fields of `MOVED` (Protocol.md §5). The client connects there and sends the
/// same command again; a browser goes to `web`.
public struct Elsewhere: Equatable, Sendable {
    /// A host name, an IPv4 address, or an IPv6 address (without brackets).
    public let host: String
    /// The game's TCP port there (lines, as `nc` speaks them).
    public let port: Int
    /// Its web port's address, `http://<host>:<web-port>` with no path; empty
    /// when that server has no web port.
    public let web: String

    /// The longest host, as DNS allows (253), and the longest web address it makes.
    public static let maxHostBytes = 253
    public static let maxWebBytes = 300

    /// Nil unless every field is one a client may act on: a host of 1 to 253
    /// ASCII letters, digits, `.`, `-` or `:` (a name, an IPv4 address, an IPv6
    /// address; it is put into a command line and a URL, so nothing else), a
    /// port from 1 to 65535, and a web address that is empty or exactly
    /// `webAddress(host:webPort:)` of such a host and port.
    public init?(host: String, port: Int, web: String) {
        guard Self.isPlainHost(host[...]), (1...65_535).contains(port), web.utf8.count <= Self.maxWebBytes,
              web.isEmpty || Self.isWebAddress(web)
        else { return nil }
        self.host = host
        self.port = port
        self.web = web
    }

    /// `http://HOST:PORT` for this server's host (bracketed if IPv6) and `webPort`.
    public static func webAddress(host: String, webPort: Int) -> String {
        "http://" + (host.contains(":") ? "[\(host)]" : host) + ":\(webPort)"
    }

    /// `http://`, a host (an IPv6 one, and only it, in brackets), `:`, and a port as §2 writes numbers; nothing after.
    private static func isWebAddress(_ web: String) -> Bool {
        guard web.hasPrefix("http://"), let colon = web.lastIndex(of: ":") else { return false }
        var host = web[web.index(web.startIndex, offsetBy: 7)..<colon]
        let port = web[web.index(after: colon)...]
        if host.hasPrefix("[") && host.hasSuffix("]") {
            host = host.dropFirst().dropLast()
            guard host.contains(":") else { return false }
        } else if host.contains(":") {
            return false
        }
        guard let number = Int(port), (1...5).contains(port.count), port.first != "0",
              port.allSatisfy({ $0.isASCII && $0.isNumber }), (1...65_535).contains(number)
        else { return false }
        return isPlainHost(host)
    }

    /// 1 to 253 ASCII letters, digits, `.`, `-` or `:`.
    private static func isPlainHost(_ host: Substring) -> Bool {
        (1...maxHostBytes).contains(host.utf8.count)
            && host.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x3A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x2E || byte == 0x2D
            }
    }
}
