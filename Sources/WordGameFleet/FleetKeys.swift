import WordGameProtocol

/// The fleet directory's keys in Redis, all in this one place:
///
/// - `wordgame:server:<id>` → `<host> <port> <web-port> <load>`: a server's
///   address and load (`FleetAddress`), set with a TTL its owner refreshes, so
///   a dead server drops out by itself.
/// - `wordgame:room:<room>` → the owning server's id: a room, by its name in
///   lower case (a code made by `HOST`, or a name `JOIN` made), claimed with
///   `SET NX` semantics (`DirectoryScripts.claim`).
/// - `wordgame:seat:<resume-code>` → the owning server's id, while the seat
///   lives (from its `TOKEN` until it is given up): where `RESUME` finds it.
/// - `wordgame:was:room:<room>` and `wordgame:was:seat:<resume-code>` → the
///   id of the server that last held it, written with each claim and refresh
///   to live the gone memory (`FleetTimings.goneMemoryMilliseconds`, 12 h)
///   and deleted with the claim when it is given up: a room or seat whose
///   claim lapsed while this says a server that is not alive is gone, not
///   free (`DirectoryScripts`).
/// - `wordgame:servers`, a sorted set: each server's id, scored by when it
///   last wrote its record (Redis's clock, in milliseconds), so that the
///   others notice one that stops answering; an id silent for the gone memory
///   is removed.
/// - `wordgame:draining:<id>` → `1`, one TTL, written with each record of a
///   server that drains (SIGHUP): it takes no new room, so a server sending a
///   teacher's new room on (`DirectoryScripts.pick`) passes it by. A key of
///   its own rather than a field of the record: a server of an older release,
///   in a fleet being upgraded, still reads every record.
/// - `wordgame:epoch` (no expiry) and `wordgame:settling` (one TTL): the
///   directory's own memory that it is not new (`DirectoryScripts`).
///
/// Every piece is checked (room names as `JOIN` checks them, resume codes
/// against `RoomCode.alphabet`, server ids against their syntax) before it
/// becomes a key: nothing a client typed reaches Redis unchecked, so no key
/// can hold a space, a colon or a glob character, or grow without bound. Pure.
public enum FleetKeys {
    public static let prefix = "wordgame:"
    /// The prefix of server records: scripts append a holder's id to find its record.
    public static let serverPrefix = prefix + "server:"
    /// Set once by the first server to register with an empty Redis; never expires.
    public static let epoch = prefix + "epoch"
    /// Lives one TTL from the moment `epoch` was set: no new claim is taken meanwhile.
    public static let settling = prefix + "settling"
    /// The prefix of the draining marks: scripts append a server's id.
    public static let drainingPrefix = prefix + "draining:"
    /// The fleet's servers, each scored by its last record's time.
    public static let servers = prefix + "servers"
    /// Resume codes' length (the hub's `tokenLength`).
    public static let resumeCodeLength = 8
    /// Server ids: 1 to 64 of ASCII letters, digits, `-`, `_` and `.` (a host name fits).
    public static let serverIDMaxLength = 64

    /// The key of a server's record; nil if `id` is not a server id.
    public static func server(_ id: String) -> String? {
        isServerID(id) ? serverPrefix + id : nil
    }

    /// The key of a server's draining mark; nil if `id` is not a server id.
    public static func draining(_ id: String) -> String? {
        isServerID(id) ? drainingPrefix + id : nil
    }

    /// The key of a room's owner; nil unless `name` is a room name: 1 to 24
    /// ASCII letters, digits, `-` or `_` (folded to lower case, as rooms are).
    public static func room(_ name: String) -> String? {
        guard Names.roomLength.contains(name.utf8.count),
              name.utf8.allSatisfy({ isLetterOrDigit($0) || $0 == 0x2D || $0 == 0x5F }) else { return nil }
        return prefix + "room:" + name.lowercased()
    }

    /// The key of a seat's server; nil unless `code` is a resume code (8 characters of the alphabet, either case).
    public static func seat(_ code: String) -> String? {
        // Counted in bytes first, so a huge string is refused before it is upper-cased.
        guard code.utf8.count == resumeCodeLength else { return nil }
        let upper = code.uppercased()
        guard upper.count == resumeCodeLength, upper.allSatisfy(RoomCode.alphabet.contains) else { return nil }
        return prefix + "seat:" + upper
    }

    /// The key that remembers who last held the room or seat of `key` (one of `room`'s or `seat`'s keys):
    /// `wordgame:room:7bvy` is remembered by `wordgame:was:room:7bvy`.
    public static func was(_ key: String) -> String {
        prefix + "was:" + key.dropFirst(prefix.count)
    }

    public static func isServerID(_ id: String) -> Bool {
        (1...serverIDMaxLength).contains(id.utf8.count)
            && id.utf8.allSatisfy { isLetterOrDigit($0) || $0 == 0x2D || $0 == 0x5F || $0 == 0x2E }
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}
