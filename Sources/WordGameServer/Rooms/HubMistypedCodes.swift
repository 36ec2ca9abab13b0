import WordGameProtocol

/// JOIN of a room that does not exist: a code nobody holds, or a name no code can be (Protocol.md §4, JOIN).
extension Hub {
    /// Whether JOIN of `roomName`, a room nobody holds, makes it. Never on a server started with `--hosted-only`,
    /// and never for a name shaped like a code (`RoomCode.looksLikeCode`): that is a code, and a code nobody holds
    /// is a typo, a room of before a restart, or a stopped server's; as a new room, the student would sit alone as
    /// its host, waiting for a game that never starts.
    func makesRoom(_ roomName: String) -> Bool {
        settings.openRooms && !RoomCode.looksLikeCode(roomName)
    }

    /// Why JOIN `roomName` (lower case, absent) is refused as a mistyped code, or nil.
    ///
    /// A name of a code's length holding a character codes never use (O, 0, I,
    /// 1…) is a mistyped code: it is told which characters codes use, and the
    /// hosted room a look-alike explains, if one is live. On a server where JOIN
    /// makes rooms, such a name makes none when it holds a digit or a look-alike
    /// explains it: the student would sit alone in a room the class never finds.
    /// Other names (`room`, `class`, `ana-1`) still make rooms, for friends.
    func mistypedCode(_ roomName: String) -> String? {
        guard RoomCode.isImpossibleCode(roomName) else { return nil }
        let meant = RoomCode.readings(of: roomName).first { rooms[$0.lowercased()]?.isHosted == true }
        if settings.openRooms && meant == nil && !RoomCode.holdsDigit(roomName) { return nil }
        return HubTexts.notACode(roomName.uppercased(), meant: meant, openRooms: settings.openRooms)
    }
}
