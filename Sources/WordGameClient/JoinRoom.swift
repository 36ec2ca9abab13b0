import WordGame
import WordGameProtocol
import WordGameCommandLine

/// The start of every session, before the game screen: greeting, NAME, JOIN.
public enum JoinRoom {
    /// Joins `room` as `name`. `askAgain` is asked for another name when the
    /// server refuses one (nil: fail instead). Returns the accepted name; the
    /// room's first messages are left in the connection for the game loop.
    /// `greeted`: the greeting was read already (a RESUME was tried first on this connection).
    public static func join(_ connection: ServerConnection, name: String, room: String?, greeted: Bool = false,
                            askAgain: ((String) -> String?)?) throws(ClientError) -> String {
        if !greeted { try greeting(connection) }
        var name = name
        while true {
            connection.send(.name(name))
            connection.send(.join(room: room))
            switch try reply(connection, room: room) {
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

    /// How long the server has to answer NAME and JOIN, whatever else it sends meanwhile.
    static let replySeconds = 10.0

    /// Reads until the JOIN succeeds or one of the two commands is refused,
    /// within `replySeconds` in all: a server that floods other lines cannot
    /// hold the client here.
    private static func reply(_ connection: ServerConnection, room: String?) throws(ClientError) -> Reply {
        let deadline = Instant.now().adding(milliseconds: Int(replySeconds * 1_000))
        while true {
            let left = Double(deadline.milliseconds(since: .now())) / 1_000
            guard left > 0 else { throw ClientError("the server did not answer NAME and JOIN within \(Int(replySeconds)) s") }
            switch try connection.next(timeout: left) {
            case .joined:
                return .joined
            case .error(let error) where [.badName, .nameTaken, .noName].contains(error.code):
                // A refused NAME is followed by a refused JOIN (no-name): read past it.
                if error.code == .badName { _ = try? connection.next(timeout: 2) }
                return .nameRefused(ClientTexts.nameRefused(error, room: room))
            case .error(let error) where [.badRoom, .noRoom, .roomLocked, .tooManyRooms].contains(error.code):
                return .roomRefused(ClientTexts.roomRefused(error, room: room))
            case .bye(let text):
                throw ClientError(text)
            default:
                continue
            }
        }
    }
}
