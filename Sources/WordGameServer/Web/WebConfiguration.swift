/// The web port: pages for browsers and the game over WebSocket (Protocol.md §11).
public struct WebConfiguration: Sendable {
    /// 0 picks a free port (tests); the chosen one is `Server.webPort`.
    public var port: UInt16
    public var site: WebSite
    /// The host students reach the server at ("192.168.1.23"): the join
    /// address on the host page and in its QR code is made of it and the port.
    public var joinHost: String
    /// Origins whose pages may open the game's WebSocket besides the
    /// server's own ("http://school.example"), for a server behind a proxy.
    public var allowedOrigins: [String]
    /// Who may read `/metrics` and `/healthz` (`--metrics-from`).
    public var metricsAccess: MetricsAccess

    public init(port: UInt16 = WebConfiguration.defaultPort, site: WebSite, joinHost: String, allowedOrigins: [String] = [],
                metricsAccess: MetricsAccess = .default) {
        self.port = port
        self.site = site
        self.joinHost = joinHost
        self.allowedOrigins = allowedOrigins
        self.metricsAccess = metricsAccess
    }

    public static let defaultPort: UInt16 = 8080

    /// The address a student opens: `http://host:port/`, an IPv6 host in brackets.
    public static func joinAddress(host: String, port: UInt16) -> String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return "http://\(shown)\(port == 80 ? "" : ":\(port)")/"
    }
}
