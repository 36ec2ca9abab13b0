import Glibc

/// What the server prints on start: where it listens and the exact commands to join.
public enum JoinInstructions {
    public static func text(bindAddress: String, port: UInt16) -> String {
        let everywhere = bindAddress == "0.0.0.0" || bindAddress == "::"
        let local = everywhere ? "127.0.0.1" : bindAddress
        var lines = ["Join from this machine:"] + commands(address: local, port: port)
        if everywhere {
            let others = interfaceAddresses().filter { !$0.hasPrefix("127.") }
            if !others.isEmpty {
                lines.append("Join from another machine on the network:")
                lines += others.flatMap { commands(address: $0, port: port) }
            }
        }
        lines.append("With nc, type NAME <your name>, then JOIN. Stop the server with Ctrl-C.")
        return lines.joined(separator: "\n")
    }

    /// The terminal client (run from the repository) and plain nc.
    static func commands(address: String, port: UInt16) -> [String] {
        ["  swift run wordgame-client --host \(address) --port \(port)", "  nc \(address) \(port)"]
    }

    /// This machine's IPv4 addresses. The corresponding C function is `getifaddrs`.
    static func interfaceAddresses() -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var addresses: [String] = []
        var cursor = first
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                var raw = v4.pointee.sin_addr
                _ = inet_ntop(AF_INET, &raw, &text, socklen_t(INET_ADDRSTRLEN))
            }
            let string = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !addresses.contains(string) { addresses.append(string) }
        }
        return addresses
    }
}
