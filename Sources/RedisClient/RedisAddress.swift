/// One Redis process's place: HOST:PORT, as a URL writes it. HOST is a name,
/// an IPv4 address, or an IPv6 address in brackets (`[::1]:6379`); PORT is 1
/// to 65535 and required.
public struct RedisAddress: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var host: String
    public var port: UInt16

    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// Nil unless `text` is exactly HOST:PORT as above.
    public init?(_ text: Substring) {
        let hostPart: Substring, portPart: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            hostPart = text[text.index(after: text.startIndex)..<close]
            let after = text[text.index(after: close)...]
            guard after.hasPrefix(":") else { return nil }
            portPart = after.dropFirst()
            guard !hostPart.isEmpty, hostPart.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
        } else {
            guard let colon = text.lastIndex(of: ":") else { return nil }
            hostPart = text[..<colon]
            portPart = text[text.index(after: colon)...]
            guard Self.isHostName(hostPart) else { return nil }
        }
        guard let port = Self.port(portPart) else { return nil }
        self.init(host: String(hostPart), port: port)
    }

    /// 1 to 65535 in plain digits (no sign, at most five of them).
    static func port(_ text: Substring) -> UInt16? {
        guard !text.isEmpty, text.count <= 5, text.allSatisfy({ $0.isASCII && $0.isNumber }),
              let port = Int(text), (1...65_535).contains(port) else { return nil }
        return UInt16(port)
    }

    /// Letters, digits, dots and hyphens (a DNS name or an IPv4 address), at most 253 characters.
    private static func isHostName(_ host: Substring) -> Bool {
        guard !host.isEmpty, host.count <= 253, !host.hasPrefix("."), !host.hasPrefix("-") else { return false }
        return host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
