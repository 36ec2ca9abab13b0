import WordGame
import WordGameProtocol

/// A client started again takes its seat back before anything else: with
/// the code kept on disk (`SeatFile`) or given with `--resume`, it sends
/// `RESUME` as the first command. If the server holds no seat for the code
/// (the grace ran out, the seat was given up, a mistyped code), the caller
/// joins as usual on the same connection, and says so in one line.
public enum ResumeAtStart {
    public enum Outcome: Equatable {
        /// The seat is back: `OK RESUME` is left in the connection, for the game's loop to read first.
        case resumed(name: String, room: String)
        /// No seat for this code: why, in words for the player.
        case notHeld(String)
    }

    /// Reads the greeting, sends `RESUME code` and waits for the answer (at most `MoveFollower.replySeconds`).
    /// A seat on another server of a fleet is taken back there, on this connection; `told` hears the line that says so.
    public static func resume(_ connection: ServerConnection, code: String,
                              told: (String) -> Void = { _ in }) throws(ClientError) -> Outcome {
        try JoinRoom.greeting(connection)
        var follower = MoveFollower()
        return try follower.ask(connection, [.resume(code: code)], what: "RESUME",
                                tell: { told(ClientTexts.resumingElsewhere(at: $0)) }) { message throws(ClientError) in
            switch message {
            case .resumed(let name, let room):
                connection.putBack(message)
                return .resumed(name: name, room: room)
            // slow-down comes only for a code the server does not hold (a right one is delayed, never refused).
            case .error(let problem) where [.badCode, .slowDown, .badArgument].contains(problem.code):
                return .notHeld("The server holds no seat for resume code \(code.uppercased()) any more "
                    + "(the time to come back ran out, or the seat was given up)")
            case .error(let problem) where [.alreadyInRoom, .unknownCommand, .roomGone].contains(problem.code):
                return .notHeld(ClientTexts.withoutCommands(problem.text))
            // The seat may be held elsewhere, so it is not given up: the same command later may find it.
            case .error(let problem) where problem.code == .directoryDown || problem.code == .moved:
                throw ClientError(ClientTexts.withoutCommands(problem.text))
            case .bye(let text):
                throw ClientError(text)
            default:
                return nil
            }
        }
    }
}
