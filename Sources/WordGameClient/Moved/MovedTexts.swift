import WordGameProtocol

/// What the client says when a server of a fleet sends it to another
/// (`MoveFollower`): the server's own `ERROR moved` text tells a person at
/// `nc` what to type there, and this client goes by itself.
extension ClientTexts {
    /// "Room K7PX is on another server: joining it at 192.0.2.3 port 4001…"
    static func roomElsewhere(_ room: String, _ doing: String, at there: ServerLocation) -> String {
        "Room \(spoken(room)) is on another server: \(doing) at \(there)…"
    }

    /// `room`: as `--room` gave it; nil is the server's main room.
    static func joiningElsewhere(room: String?, at there: ServerLocation) -> String {
        roomElsewhere(room ?? "main", "joining it", at: there)
    }

    static func resumingElsewhere(at there: ServerLocation) -> String {
        "Your seat is on another server: taking it back at \(there)…"
    }

    /// A new room (`HOST`) is never sent on by a server of this protocol; said should one do so.
    static func hostingElsewhere(at there: ServerLocation) -> String {
        "This server sends new rooms to another: hosting one at \(there)…"
    }

    /// On the game's screen, once it opens on the server a `MOVED` sent the client to.
    public static func sentOn(to there: ServerLocation) -> String {
        "This room is on another server of the school: you play on \(there)."
    }

    /// After `MoveFollower.maxMoves` moves in a row, the last server's words, without the commands to type.
    static func tooManyMoves(_ error: ProtocolError) -> String {
        "Sent on to another server \(MoveFollower.maxMoves) times in a row already, the client stops here. "
            + "The last server said: \(withoutCommands(error.text))"
    }
}
