import WordGameProtocol

/// The fleet directory's keys in Redis, all in this one place:
///
/// - `wordgame:server:<id>` → `<host> <port> <load>`: a server's address and
///   load, set with a TTL its owner refreshes, so a dead server drops out by itself.
/// - `wordgame:room:<CODE>` → the owning server's id: a room code, claimed with `SET NX`.
/// - `wordgame:seat:<resume-code>` → the owning server's id: where `RESUME` finds its seat.
/// - `wordgame:key:<host-key>` → the owning server's id: where `HOST <room> <key>` goes.
///
/// Codes are upper-cased and every piece is checked (against `RoomCode.alphabet`
/// and its lengths, or the server-id syntax) before it becomes a key: nothing a
/// client typed reaches Redis unchecked, so no key can hold a space, a colon or
/// a glob character, or grow without bound. Pure.
public enum FleetKeys {
    public static let prefix = "wordgame:"
    /// Resume codes' length (the hub's `tokenLength`).
    public static let resumeCodeLength = 8
    /// Server ids: 1 to 64 of ASCII letters, digits, `-`, `_` and `.` (a host name fits).
    public static let serverIDMaxLength = 64

    /// The key of a server's record; nil if `id` is not a server id.
    public static func server(_ id: String) -> String? {
        isServerID(id) ? prefix + "server:" + id : nil
    }

    /// The key of a room's owner; nil unless `code` is a room code (4 or 5 characters, either case).
    public static func room(_ code: String) -> String? {
        checked(code, lengths: RoomCode.shortLength...RoomCode.longLength).map { prefix + "room:" + $0 }
    }

    /// The key of a resume code's server; nil unless it is one (8 characters of the alphabet).
    public static func seat(_ resumeCode: String) -> String? {
        checked(resumeCode, lengths: resumeCodeLength...resumeCodeLength).map { prefix + "seat:" + $0 }
    }

    /// The key of a host key's server; nil unless it is one (12 characters of the alphabet).
    public static func hostKey(_ key: String) -> String? {
        checked(key, lengths: RoomCode.keyLength...RoomCode.keyLength).map { prefix + "key:" + $0 }
    }

    public static func isServerID(_ id: String) -> Bool {
        (1...serverIDMaxLength).contains(id.utf8.count)
            && id.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x2D || byte == 0x5F || byte == 0x2E
            }
    }

    /// `code` in capitals if it has an allowed length and only the alphabet's characters.
    private static func checked(_ code: String, lengths: ClosedRange<Int>) -> String? {
        // Counted in bytes first, so a huge string is refused before it is upper-cased.
        guard lengths.contains(code.utf8.count) else { return nil }
        let upper = code.uppercased()
        guard lengths.contains(upper.count), upper.allSatisfy(RoomCode.alphabet.contains) else { return nil }
        return upper
    }
}
