import WordGame
import WordGameProtocol

/// The start of a projector session, before its screen: the greeting, then
/// `HOST` (a new room), `HOST <room> <key>` (taking one back) or `WATCH <room>`.
public enum PresentSession {
    public enum Role: Equatable, Sendable {
        case host
        case reclaim(room: String, key: String)
        case watch(room: String)

        var command: ClientCommand {
            switch self {
            case .host: return .host(reclaim: nil)
            case .reclaim(let room, let key): return .host(reclaim: .init(room: room, key: key))
            case .watch(let room): return .watch(room: room)
            }
        }

        /// The command's name, for a line that says it got no answer (never the key: it is not shown).
        var commandName: String {
            if case .watch = self { return "WATCH" }
            return "HOST"
        }

        /// What the player is told when the room is on another server of a fleet.
        func elsewhere(at there: ServerLocation) -> String {
            switch self {
            case .host: return ClientTexts.hostingElsewhere(at: there)
            case .reclaim(let room, _): return ClientTexts.roomElsewhere(room, "taking it back", at: there)
            case .watch(let room): return ClientTexts.roomElsewhere(room, "watching it", at: there)
            }
        }
    }

    /// Opens the session; returns the accepted reply (`OK HOST` or `OK WATCH`).
    /// What follows it is left in the connection for the screen. A room on
    /// another server of a fleet is opened there, on this connection; `told`
    /// hears the line that says so.
    public static func open(_ connection: ServerConnection, as role: Role,
                            told: (String) -> Void = { _ in }) throws(ClientError) -> ServerMessage {
        try JoinRoom.greeting(connection)
        var follower = MoveFollower()
        return try follower.ask(connection, [role.command], what: role.commandName, tell: { told(role.elsewhere(at: $0)) }) {
            message throws(ClientError) in
            switch message {
            case let reply where reply.isAcceptance: return reply
            case .error(let problem): throw ClientError(problem.text)
            case .bye(let text): throw ClientError(text)
            default: return nil
            }
        }
    }
}

private extension ServerMessage {
    var isAcceptance: Bool {
        switch self {
        case .hosted, .watchingRoom: return true
        default: return false
        }
    }
}
