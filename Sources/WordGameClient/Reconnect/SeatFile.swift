import Foundation
import WordGamePOSIX
import WordGameProtocol

/// Where the terminal client keeps its resume code, so that a seat survives
/// its client (a `kill -9`, a closed terminal, a crash): one file per server
/// address, port and room in `$XDG_STATE_HOME/wordgame/` (by default
/// `~/.local/state/wordgame/`, as the XDG Base Directory spec says state
/// that outlives a restart goes). Written whole (`AtomicFile`), readable by
/// its owner only (the code takes the seat), removed when the seat is given up.
public struct SeatFile: Sendable {
    public let path: String

    /// What the file holds: the code, whose seat it is, the server it is on, and the process that wrote it.
    public struct Saved: Codable, Equatable, Sendable {
        public var code: String
        public var name: String
        public var room: String
        public var graceSeconds: Int
        /// The client that holds the seat now; another that took it over writes its own.
        public var pid: Int32
        /// The server the seat is on: the file is named for the one the client was told to use, which may
        /// have sent it to another server of its fleet (`MOVED`). Nil in files written before fleets.
        public var server: ServerLocation?

        public init(code: String, name: String, room: String, graceSeconds: Int, pid: Int32, server: ServerLocation? = nil) {
            (self.code, self.name, self.room, self.graceSeconds, self.pid) = (code, name, room, graceSeconds, pid)
            self.server = server
        }
    }

    public enum Loaded: Equatable, Sendable {
        case none
        case saved(Saved)
        /// Corrupt or unreadable: the one line to say (it names the file), then it is ignored.
        case problem(String)
    }

    public init(path: String) { self.path = path }

    /// The folder for this user, or nil when neither `XDG_STATE_HOME` nor `HOME` is set.
    public static func folder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        // The spec says a relative XDG_STATE_HOME is invalid and must be ignored.
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/wordgame" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/state/wordgame"
    }

    /// The file for a seat in `room` on the server at `host`:`port`.
    public static func forSeat(host: String, port: UInt16, room: String,
                               environment: [String: String] = ProcessInfo.processInfo.environment) -> SeatFile? {
        guard let folder = folder(environment: environment) else { return nil }
        // Rooms are named in any case and kept in lower case (Protocol.md, JOIN); `_` joins the parts,
        // so it is escaped within them, as is anything else a file name should not hold.
        let parts = [host.lowercased(), String(port), room.lowercased()].map(Self.escaped)
        return SeatFile(path: "\(folder)/\(parts.joined(separator: "_")).seat")
    }

    static func escaped(_ part: String) -> String {
        part.utf8.map { byte in
            let plain = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A)
                || byte == 0x2E || byte == 0x2D
            return plain ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded(2)
        }.joined()
    }

    public func load() -> Loaded {
        let data: [UInt8]
        do { data = try SmallFile.read(path, limit: Self.maxBytes) } catch {
            switch error {
            case .missing: return .none
            case .notAFile: return .problem(ignored("not a file"))
            case .tooBig: return .problem(ignored("not a saved seat: too big"))
            case .unreadable(let code): return .problem(ignored(Errno.text(code)))
            }
        }
        guard let saved = try? JSONDecoder().decode(Saved.self, from: Data(data)), saved.isWellFormed else {
            return .problem(ignored("not a saved seat"))
        }
        return .saved(saved)
    }

    /// A saved seat is a code, a name, a room and two numbers: far less than this.
    static let maxBytes = 4096

    private func ignored(_ why: String) -> String {
        "ignoring the saved seat \(path) (\(why)); joining as usual."
    }

    /// Writes the seat, whole, readable by its owner only.
    public func save(_ saved: Saved) throws(AtomicFile.Failure) {
        try AtomicFile.makeDirectory(AtomicFile.directory(of: path))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = String(decoding: (try? encoder.encode(saved)) ?? Data(), as: UTF8.self) + "\n"
        try AtomicFile.write(text, to: path, mode: 0o600)
    }

    /// The server holds no seat for the code it keeps: it goes, whoever wrote it.
    public func discard() { SmallFile.remove(path) }

    /// The seat was given up: the file goes, unless another client has taken the seat over and written its own.
    public func remove(writtenBy pid: Int32) {
        if case .saved(let saved) = load(), saved.pid != pid { return }
        SmallFile.remove(path)
    }
}

extension SeatFile.Saved {
    /// A code the server could have given (8 symbols of the room-code alphabet), a name, and a server a
    /// `MOVED` could have named (the same checks: it is where the client connects).
    var isWellFormed: Bool {
        code.count == 8 && code.uppercased().allSatisfy(RoomCode.alphabet.contains) && !name.isEmpty && graceSeconds > 0
            && server.map { Elsewhere(host: $0.host, port: Int($0.port), web: "") != nil } ?? true
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
