import WordGamePOSIX

/// Who may read `/metrics` and `/healthz`: peers whose address is in one of
/// these networks (`--metrics-from CIDR`). By default this machine and the
/// private ranges (RFC 1918, IPv6 unique-local and link-local), where a
/// school's Prometheus and its load balancer live; a peer from anywhere else
/// gets `403`. An address list rather than a token: a scraper needs no secret
/// file, nothing secret is in the pages (no names, codes or keys), and a
/// server reachable from the internet does not tell it how busy it is.
public struct MetricsAccess: Equatable, Sendable {
    /// One network: its address's bytes (4 or 16) and the prefix's length in bits.
    public struct Network: Equatable, Sendable {
        let bytes: [UInt8]
        let prefix: Int

        /// `10.0.0.0/8`, `fd00::/8`, or one address (`192.168.1.5`, a prefix of all its bits). Nil if not one.
        public init?(_ text: String) {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count <= 2, let bytes = MetricsAccess.addressBytes(String(parts[0])) else { return nil }
            let bits = bytes.count * 8
            if parts.count == 2 {
                guard let prefix = Int(parts[1]), (0...bits).contains(prefix), parts[1].allSatisfy(\.isASCII) else { return nil }
                self.prefix = prefix
            } else {
                prefix = bits
            }
            self.bytes = bytes
        }

        func contains(_ address: [UInt8]) -> Bool {
            guard address.count == bytes.count else { return false }
            var left = prefix
            for (mine, theirs) in zip(bytes, address) where left > 0 {
                let mask: UInt8 = left >= 8 ? 0xFF : ~(0xFF >> UInt8(left))
                if mine & mask != theirs & mask { return false }
                left -= 8
            }
            return true
        }
    }

    public var networks: [Network]

    public init(networks: [Network]) { self.networks = networks }

    /// This machine and the private ranges.
    public static let `default` = MetricsAccess(networks: ["127.0.0.0/8", "::1/128", "10.0.0.0/8", "172.16.0.0/12",
                                                          "192.168.0.0/16", "fc00::/7", "fe80::/10"].compactMap(Network.init))

    /// Whether a peer at `address` (as the server accepted it: `inet_ntop`'s text) may read the pages.
    /// An IPv4 address mapped into IPv6 (`::ffff:10.1.2.3`, a dual-stack listener's) is judged as the IPv4 one.
    public func allows(_ address: String) -> Bool {
        guard var bytes = Self.addressBytes(address) else { return false }
        if bytes.count == 16, bytes[..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            bytes = Array(bytes[12...])
        }
        return networks.contains { $0.contains(bytes) }
    }

    /// The address's bytes: 4 for IPv4, 16 for IPv6; nil if it is neither.
    static func addressBytes(_ text: String) -> [UInt8]? { SocketAddress.numericBytes(text) }
}
