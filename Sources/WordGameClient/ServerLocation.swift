import WordGameProtocol

/// A server as the client names it: the host it was given (a name or an
/// address, as typed or as a `MOVED` said) and the game's port there. Kept,
/// unlike a resolved `SocketAddress`, where people read it and in the seat
/// file, so that a client run again goes back to the server its seat is on.
public struct ServerLocation: Codable, Equatable, Sendable, CustomStringConvertible {
    public var host: String
    public var port: UInt16

    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// Where a `MOVED` sends a command (its port is range-checked already).
    public init(_ place: Elsewhere) {
        self.init(host: place.host, port: UInt16(clamping: place.port))
    }

    /// "192.0.2.3 port 4001", as the server's own texts say it.
    public var description: String { "\(host) port \(port)" }
}
