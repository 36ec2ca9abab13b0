import Foundation
import WordGamePOSIX

/// What the server prints on start, and the projector shows: where to
/// connect and the exact commands, naming only what students can run: `nc`
/// everywhere, the built client where it is, and `swift run` only where the
/// source tree is.
public enum JoinInstructions {
    /// Where the terminal client can be run from on this machine.
    public struct ClientLocations: Equatable, Sendable {
        /// The built `wordgame-client` beside the running binary, if there is one.
        public var binary: String?
        /// The source tree this was built from, if it is still there (`swift run` works in it).
        public var sourceTree: String?

        public init(binary: String? = nil, sourceTree: String? = nil) {
            self.binary = binary
            self.sourceTree = sourceTree
        }

        public static func discover() -> ClientLocations {
            let beside = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent()
                .appendingPathComponent("wordgame-client").path
            // This file is Sources/WordGameCommandLine/JoinInstructions.swift: three steps up is the tree.
            let tree = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().path
            return ClientLocations(
                binary: beside.flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil },
                sourceTree: FileManager.default.fileExists(atPath: tree + "/Package.swift") ? tree : nil)
        }
    }

    /// The join lines for a server on `bindAddress:port`; with `room`, for that room.
    public static func text(bindAddress: String, port: UInt16, room: String? = nil,
                            client: ClientLocations, networkAddresses: [String] = networkAddresses()) -> String {
        let everywhere = bindAddress == "0.0.0.0" || bindAddress == "::"
        let roomFlag = room.map { " --room \($0)" } ?? ""
        var lines: [String] = []
        let others = everywhere ? networkAddresses : []
        if !others.isEmpty {
            lines.append("Join from another machine on the network:")
            for address in others {
                lines.append("  nc \(address) \(port)")
                lines.append("  wordgame-client --host \(address) --port \(port)\(roomFlag)   (where the client is installed)")
            }
        }
        let local = everywhere ? "127.0.0.1" : bindAddress
        lines.append("Join from this machine:")
        lines.append("  nc \(local) \(port)")
        if let binary = client.binary { lines.append("  \(binary) --host \(local) --port \(port)\(roomFlag)") }
        if let tree = client.sourceTree {
            lines.append("  swift run wordgame-client --host \(local) --port \(port)\(roomFlag)   (in \(tree))")
        }
        lines.append("With nc, type NAME <your name>, then JOIN \(room ?? "<room>"). Stop the server with Ctrl-C.")
        return lines.joined(separator: "\n")
    }

    /// This machine's addresses that others on the network can reach.
    public static func networkAddresses() -> [String] { NetworkInterfaces.ipv4Addresses().filter { !$0.hasPrefix("127.") } }
}
