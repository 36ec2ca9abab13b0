/// Where Redis is: `redis://HOST:PORT`, and nothing else.
///
/// HOST is a name, an IPv4 address, or an IPv6 address in brackets
/// (`redis://[::1]:6379`); PORT is 1 to 65535 and required. No user or
/// password, database number, path, query or TLS (`rediss://`): the directory
/// runs on the school's own network, and a URL that asks for more than this
/// client does is refused rather than half-honoured.
public struct RedisURL: Equatable, Sendable, CustomStringConvertible {
    public var host: String
    public var port: UInt16

    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// Nil unless `text` is exactly `redis://HOST:PORT` as described above.
    public init?(_ text: String) {
        let scheme = "redis://"
        guard text.hasPrefix(scheme) else { return nil }
        let rest = text.dropFirst(scheme.count)
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
            guard Self.isHostName(hostPart) else { return nil }
        }
        guard !portPart.isEmpty, portPart.count <= 5, portPart.allSatisfy({ $0.isASCII && $0.isNumber }),
              let port = Int(portPart), (1...65_535).contains(port) else { return nil }
        self.host = String(hostPart)
        self.port = UInt16(port)
    }

    /// Letters, digits, dots and hyphens (a DNS name or an IPv4 address), at most 253 characters.
    private static func isHostName(_ host: Substring) -> Bool {
        guard !host.isEmpty, host.count <= 253, !host.hasPrefix("."), !host.hasPrefix("-") else { return false }
        return host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
    }

    public var description: String { host.contains(":") ? "redis://[\(host)]:\(port)" : "redis://\(host):\(port)" }
}
