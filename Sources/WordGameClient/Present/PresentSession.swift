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
    }

    /// Opens the session; returns the accepted reply (`OK HOST` or `OK WATCH`).
    /// What follows it is left in the connection for the screen.
    public static func open(_ connection: ServerConnection, as role: Role) throws(ClientError) -> ServerMessage {
        guard case .welcome(let version, _) = try connection.next(timeout: 10) else {
            throw ClientError("that is not a wordgame server (no WORDGAME greeting)")
        }
        guard version == protocolVersion else {
            throw ClientError("the server speaks protocol \(version); this client speaks \(protocolVersion)")
        }
        connection.send(role.command)
        while true {
            switch try connection.next(timeout: 10) {
            case let reply where reply.isAcceptance: return reply
            case .error(let problem): throw ClientError(problem.text)
            case .bye(let text): throw ClientError(text)
            default: continue
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
