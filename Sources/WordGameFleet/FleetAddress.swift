/// Where a server takes players, and how loaded it is: the value of its
/// `wordgame:server:<id>` key, written `<host> <port> <load>`.
public struct FleetAddress: Equatable, Sendable, CustomStringConvertible {
    public var host: String
    public var port: UInt16
    /// The server's own measure (its connection count), for picking the least loaded.
    public var load: Int

    /// Nil if `host` is empty, longer than 253 bytes, or holds a space or a control character
    /// (it would break the record), or `load` is negative.
    public init?(host: String, port: UInt16, load: Int) {
        guard (1...253).contains(host.utf8.count), host.utf8.allSatisfy({ $0 > 0x20 && $0 != 0x7F }), load >= 0 else { return nil }
        self.host = host
        self.port = port
        self.load = load
    }

    /// Parses a record as written by `record`; nil for anything else.
    public init?(record: [UInt8]) {
        let fields = record.split(separator: 0x20, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        guard fields.count == 3, let port = UInt16(fields[1]), let load = Int(fields[2]) else { return nil }
        self.init(host: fields[0], port: port, load: load)
    }

    public var record: [UInt8] { Array("\(host) \(port) \(load)".utf8) }

    public var description: String { "\(host):\(port) (load \(load))" }
}
