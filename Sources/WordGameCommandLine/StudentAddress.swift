import WordGamePOSIX

/// The address a projector shows students for a server it reached itself.
/// Reached at a network address, that address. Reached over loopback, the
/// server is on this machine, and students on others reach it at this
/// machine's network address only if it listens there too (bound to 0.0.0.0):
/// one bound to 127.0.0.1 is reached at the host the projector used, or not
/// at all. So a network address is shown only once a connection to it has
/// been accepted; nothing else is a promise that it works.
public enum StudentAddress {
    /// How long to wait for a connection to a network address of this machine: it answers at once or not at all.
    public static let probeMilliseconds: Int32 = 500

    public static func isLoopback(_ host: String) -> Bool {
        host.lowercased() == "localhost" || host.hasPrefix("127.") || host == "::1"
    }

    /// `listens`: whether a connection to that address and port is accepted (`accepts` by default).
    public static func forServer(reachedAt host: String, port: UInt16, networkAddresses: [String] = JoinInstructions.networkAddresses(),
                                 listens: (String, UInt16) -> Bool = accepts) -> String {
        guard isLoopback(host) else { return host }
        return networkAddresses.first { listens($0, port) } ?? host
    }

    /// Whether a TCP connection to `address`:`port` is accepted within `probeMilliseconds`; it is closed at once.
    public static func accepts(_ address: String, _ port: UInt16) -> Bool {
        guard let target = try? SocketAddress.resolve(host: address, port: port).first,
              let socket = try? target.connect(timeoutMilliseconds: probeMilliseconds) else { return false }
        socket.close()
        return true
    }
}
