/// Where a server takes players, and how loaded it is: the value of its
/// `wordgame:server:<id>` key, written `<host> <port> <web-port> <load>`.
public struct FleetAddress: Equatable, Sendable, CustomStringConvertible {
    /// How other servers' players reach it: a name or an address (IPv6 without brackets).
    public var host: String
    /// The game's TCP port.
    public var port: UInt16
    /// The web port (pages and WebSocket); nil when the server has none (written 0).
    public var webPort: UInt16?
    /// The server's own measure (its connection count), for an operator or a balancer to read.
    public var load: Int

    /// Nil if `host` is empty, longer than 253 bytes, or holds a space or a control character
    /// (it would break the record), a port is 0, or `load` is negative.
    public init?(host: String, port: UInt16, webPort: UInt16? = nil, load: Int) {
        guard (1...253).contains(host.utf8.count), host.utf8.allSatisfy({ $0 > 0x20 && $0 != 0x7F }),
              port > 0, webPort != 0, load >= 0
        else { return nil }
        self.host = host
        self.port = port
        self.webPort = webPort
        self.load = load
    }

    /// Parses a record as written by `record`; nil for anything else.
    public init?(record: [UInt8]) {
        let fields = record.split(separator: 0x20, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard fields.count == 4, let port = UInt16(fields[1]), let webPort = UInt16(fields[2]), let load = Int(fields[3])
        else { return nil }
        self.init(host: fields[0], port: port, webPort: webPort == 0 ? nil : webPort, load: load)
    }

    public var record: [UInt8] { Array("\(host) \(port) \(webPort ?? 0) \(load)".utf8) }

    public var description: String { "\(host) port \(port)" + (webPort.map { ", web port \($0)" } ?? "") + " (load \(load))" }
}
