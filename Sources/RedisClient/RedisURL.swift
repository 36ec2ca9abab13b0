/// Where Redis is, and as whom: `redis://[USER@]HOST:PORT[/DB]`, and nothing else.
///
/// HOST is a name, an IPv4 address, or an IPv6 address in brackets
/// (`redis://[::1]:6379`); PORT is 1 to 65535 and required. USER is an ACL
/// user's name (`AUTH USER PASSWORD` once connected); DB is the database
/// number (`SELECT DB`), 0 when not given. Never a password: a URL is given
/// on the command line, where anyone on the machine reads it with `ps`, so
/// the password comes from a file or the environment (`RedisPassword`). No
/// query or TLS (`rediss://`) either: a URL that asks for more than this
/// client does is refused rather than half-honoured.
public struct RedisURL: Equatable, Sendable, CustomStringConvertible {
    public var host: String
    public var port: UInt16
    /// The ACL user to log in as; nil: `AUTH PASSWORD` alone (the `default` user, `requirepass`).
    public var user: String?
    /// The database's number (`SELECT`), 0 to `maxDatabase`.
    public var database: Int

    /// Redis's own default is 16 databases; a server configured with more may be given up to this.
    public static let maxDatabase = 65_535

    public init(host: String, port: UInt16, user: String? = nil, database: Int = 0) {
        self.host = host
        self.port = port
        self.user = user
        self.database = database
    }

    /// Why a text is not a URL this client takes; never quotes a password the text may hold.
    public enum ParseError: Error, Equatable, Sendable {
        /// `USER:PASSWORD@`: the password would show in `ps`.
        case passwordInURL
        /// Anything else the format above does not allow.
        case malformed
    }

    /// Nil unless `text` is exactly the format above.
    public init?(_ text: String) {
        guard case .success(let url) = Self.parse(text) else { return nil }
        self = url
    }

    /// The URL in `text`, or why it is not one.
    public static func parse(_ text: String) -> Result<RedisURL, ParseError> {
        let scheme = "redis://"
        guard text.hasPrefix(scheme) else { return .failure(.malformed) }
        var rest = text.dropFirst(scheme.count)
        var user: String?
        if let at = rest.firstIndex(of: "@") {
            let userPart = rest[..<at]
            if userPart.contains(":") { return .failure(.passwordInURL) }
            guard isUserName(userPart) else { return .failure(.malformed) }
            user = String(userPart)
            rest = rest[rest.index(after: at)...]
        }
        var database = 0
        if let slash = rest.firstIndex(of: "/") {
            let number = rest[rest.index(after: slash)...]
            guard !number.isEmpty, number.count <= 5, number.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let value = Int(number), value <= maxDatabase else { return .failure(.malformed) }
            database = value
            rest = rest[..<slash]
        }
        guard let (host, port) = hostAndPort(rest) else { return .failure(.malformed) }
        return .success(RedisURL(host: host, port: port, user: user, database: database))
    }

    private static func hostAndPort(_ rest: Substring) -> (String, UInt16)? {
        let hostPart: Substring, portPart: Substring
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            hostPart = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            guard after.hasPrefix(":") else { return nil }
            portPart = after.dropFirst()
            guard !hostPart.isEmpty, hostPart.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
        } else {
            guard let colon = rest.lastIndex(of: ":") else { return nil }
            hostPart = rest[..<colon]
            portPart = rest[rest.index(after: colon)...]
            guard isHostName(hostPart) else { return nil }
        }
        guard !portPart.isEmpty, portPart.count <= 5, portPart.allSatisfy({ $0.isASCII && $0.isNumber }),
              let port = Int(portPart), (1...65_535).contains(port) else { return nil }
        return (String(hostPart), UInt16(port))
    }

    /// Letters, digits, dots and hyphens (a DNS name or an IPv4 address), at most 253 characters.
    private static func isHostName(_ host: Substring) -> Bool {
        guard !host.isEmpty, host.count <= 253, !host.hasPrefix("."), !host.hasPrefix("-") else { return false }
        return host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
    }

    /// An ACL user's name as a URL can carry it plainly: 1 to 64 letters, digits, '-', '_' or '.'.
    public static func isUserName(_ name: Substring) -> Bool {
        !name.isEmpty && name.count <= 64 && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }
    }

    public var description: String {
        let place = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        return "redis://\(user.map { $0 + "@" } ?? "")\(place)\(database == 0 ? "" : "/\(database)")"
    }
}
