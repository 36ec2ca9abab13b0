import WordGame
import WordGameProtocol

/// Follows `MOVED` for one command that names a room or a seat: on a server
/// of a fleet, the room may be on another server, and the client goes there
/// by itself and sends the same command again (Protocol.md §4, "A fleet of
/// servers"). At most `maxMoves` times in a row: servers that send a command
/// round in circles (or a hostile one that sends it to itself) cannot keep
/// the client from its player, and the last server's error is shown instead.
struct MoveFollower {
    static let maxMoves = 3

    /// How long a server has to answer a command, whatever else it sends meanwhile (on each server it is sent to).
    /// More than a fleet's directory may keep a new room waiting (its TTL, 10 s, after Redis restarts empty).
    static let replySeconds = 15.0

    private var moves = 0

    /// Counts one more move; past `maxMoves`, throws the text the player is shown.
    mutating func allow(_ move: Move) throws(ClientError) {
        guard moves < Self.maxMoves else { throw ClientError(ClientTexts.tooManyMoves(move.error)) }
        moves += 1
    }

    /// Sends `commands` (the greeting was read) and reads the reply until `decide` makes something of a line
    /// (nil: read on). A `MOVED` and its `ERROR moved` take the connection to the server they name, as if it had
    /// connected there first (`ServerConnection.move`): `tell` says so, and the commands go again there.
    /// `what`: the commands' names, for the line that says a server did not answer.
    mutating func ask<Answer>(_ connection: ServerConnection, _ commands: [ClientCommand], what: String,
                              tell: (ServerLocation) -> Void,
                              decide: (ServerMessage) throws(ClientError) -> Answer?) throws(ClientError) -> Answer {
        while true {
            commands.forEach(connection.send)
            let move: Move
            switch try reply(connection, what: what, decide: decide) {
            case .answer(let answer): return answer
            case .moved(let sent): move = sent
            }
            try allow(move)
            let there = ServerLocation(move.place)
            tell(there)
            try connection.move(to: there)
            try JoinRoom.greeting(connection)
        }
    }

    private enum Reply<Answer> {
        case answer(Answer)
        case moved(Move)
    }

    /// One server's reply, within `replySeconds` in all: a server that floods other lines cannot hold the client here.
    private func reply<Answer>(_ connection: ServerConnection, what: String,
                               decide: (ServerMessage) throws(ClientError) -> Answer?) throws(ClientError) -> Reply<Answer> {
        var reader = Move.Reader()
        let deadline = Instant.now().adding(milliseconds: Int(Self.replySeconds * 1_000))
        while true {
            let left = Double(deadline.milliseconds(since: .now())) / 1_000
            guard left > 0 else { throw ClientError("the server did not answer \(what) within \(Int(Self.replySeconds)) s") }
            let message = try connection.next(timeout: left)
            if let move = reader.read(message) { return .moved(move) }
            if let answer = try decide(message) { return .answer(answer) }
        }
    }
}
