import WordGame
import WordGameProtocol
import WordGameCommandLine

/// The start of every session, before the game screen: greeting, NAME, JOIN.
public enum JoinRoom {
    /// Joins `room` as `name`. `askAgain` is asked for another name when the
    /// server refuses one (nil: fail instead). Returns the accepted name; the
    /// room's first messages are left in the connection for the game loop.
    /// `greeted`: the greeting was read already (a RESUME was tried first on this connection).
    /// A room on another server of a fleet is joined there, on this connection
    /// (`MoveFollower`); `told` hears the line that says so.
    public static func join(_ connection: ServerConnection, name: String, room: String?, greeted: Bool = false,
                            askAgain: ((String) -> String?)?, told: (String) -> Void = { _ in }) throws(ClientError) -> String {
        if !greeted { try greeting(connection) }
        var name = name
        var follower = MoveFollower()
        while true {
            let reply = try follower.ask(connection, [.name(name), .join(room: room)], what: "NAME and JOIN",
                                         tell: { told(ClientTexts.joiningElsewhere(room: room, at: $0)) }) { message throws(ClientError) in
                try Self.reply(message, connection, room: room)
            }
            switch reply {
            case .joined:
                return name
            case .nameRefused(let problem):
                guard let ask = askAgain else { throw ClientError("\(problem) \(ClientTexts.chooseAnotherName)") }
                guard let another = ask(problem) else { throw ClientError(problem) }
                name = another
            case .roomRefused(let problem):
                // Another name would not help: a mistyped code, a locked room.
                throw ClientError(problem)
            }
        }
    }

    /// Reads the server's first line: a wordgame server of our protocol, or an error that says what it is not.
    public static func greeting(_ connection: ServerConnection) throws(ClientError) {
        guard case .welcome(let version, _) = try connection.next(timeout: 10) else {
            throw ClientError("that is not a wordgame server (no WORDGAME greeting)")
        }
        guard version == protocolVersion else {
            throw ClientError("the server speaks protocol \(version); this client speaks \(protocolVersion)")
        }
    }

    private enum Reply { case joined, nameRefused(String), roomRefused(String) }

    /// What a line of the reply to NAME and JOIN decides, if anything.
    private static func reply(_ message: ServerMessage, _ connection: ServerConnection, room: String?) throws(ClientError) -> Reply? {
        switch message {
        case .joined:
            return .joined
        case .error(let error) where [.badName, .nameTaken, .noName].contains(error.code):
            // A refused NAME is followed by a refused JOIN (no-name): read past it.
            if error.code == .badName { _ = try? connection.next(timeout: 2) }
            return .nameRefused(ClientTexts.nameRefused(error, room: room))
        // `moved` here came without a MOVED the client could read: said as the server wrote it.
        case .error(let error) where [.badRoom, .noRoom, .roomLocked, .tooManyRooms, .directoryDown, .moved, .roomGone]
            .contains(error.code):
            return .roomRefused(ClientTexts.roomRefused(error, room: room))
        case .bye(let text):
            throw ClientError(text)
        default:
            return nil
        }
    }
}
