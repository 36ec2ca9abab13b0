import WordGame
import WordGamePOSIX
import WordGameProtocol

/// One try at taking a seat back: a non-blocking connect to the server,
/// `MODE MACHINE` and `RESUME <code>` at once, its greeting, and the reply.
/// It never blocks: the loop polls `pollEntry` with its other
/// descriptors and calls `advance`.
final class ResumeAttempt {
    enum Outcome {
        case pending
        /// The seat is ours: the new connection, and `OK RESUME` with whatever came after it.
        case resumed(ServerConnection, [ServerMessage])
        /// No luck this time (refused, reset, no answer, server full): try again later.
        case failed(String)
        /// `ERROR slow-down`: too many wrong codes from this address lately; wait longer.
        case slowDown
        /// The server holds no seat for this code (`ERROR bad-code`), or does not know RESUME
        /// (`ERROR unknown-command`), or says it is elsewhere without a place the client could read
        /// (`ERROR moved` alone), or the seat was on a fleet's server that stopped (`ERROR room-gone`):
        /// trying again here is pointless.
        case refused(ProtocolError)
        /// Another server of the fleet holds the seat (`MOVED`, `ERROR moved`): the next try goes there.
        case moved(Move)
    }

    /// A try gets this long from its connect to the server's reply.
    static let limitMilliseconds = 5_000

    private enum Phase {
        case connecting(FileDescriptor)
        case greeting(ServerConnection)
        case awaitingReply(ServerConnection)
        case over
    }

    private let address: SocketAddress
    private let server: ServerLocation
    private let code: String
    private let gaveUpAt: Instant
    private var phase: Phase
    private var moveReader = Move.Reader()

    /// `server`: the same server as `address`, by the name the client knows it by.
    init(to address: SocketAddress, server: ServerLocation, code: String, at now: Instant) {
        self.address = address
        self.server = server
        self.code = code
        gaveUpAt = now.adding(milliseconds: Self.limitMilliseconds)
        phase = (try? address.startConnect()).map(Phase.connecting) ?? .over
    }

    deinit {
        if case .connecting(let socket) = phase { socket.close() }
    }

    /// What the loop polls for this try: writable while connecting, readable after.
    var pollEntry: PollEntry {
        switch phase {
        case .connecting(let socket): return PollEntry(socket, input: false, output: true)
        case .greeting(let connection), .awaitingReply(let connection): return connection.pollEntry
        case .over: return .none
        }
    }

    /// Moves the try on as far as it goes without waiting.
    func advance(at now: Instant) -> Outcome {
        if case .connecting(let socket) = phase, Poll.waitUntilWritable(socket, milliseconds: 0) {
            let error = SocketAddress.connectError(socket)
            guard error == 0 else { return fail(Errno.text(error)) }
            phase = .greeting(ServerConnection(connected: socket, address: address, server: server, then: [.resume(code: code)]))
        }
        switch phase {
        case .over:
            return .failed("cannot connect")
        case .connecting:
            return now >= gaveUpAt ? fail("no connection") : .pending
        case .greeting(let connection), .awaitingReply(let connection):
            let messages = connection.readAvailable()
            for (index, message) in messages.enumerated() {
                if let outcome = take(message, connection) {
                    if case .resumed = outcome { return .resumed(connection, Array(messages[index...])) }
                    return outcome
                }
            }
            if connection.isClosed { return fail("the server closed the connection") }
            return now >= gaveUpAt ? fail("no answer") : .pending
        }
    }

    /// One line of the new connection; an outcome once the try is decided.
    private func take(_ message: ServerMessage, _ connection: ServerConnection) -> Outcome? {
        if case .greeting = phase {
            // RESUME went with MODE MACHINE; a server of another version cannot be taken at its word.
            guard case .welcome(let version, _) = message, version == protocolVersion else {
                return fail("not a wordgame server of protocol \(protocolVersion)")
            }
            phase = .awaitingReply(connection)
            return nil
        }
        if let move = moveReader.read(message) {
            phase = .over
            return .moved(move)
        }
        switch message {
        case .resumed:
            phase = .over
            return .resumed(connection, [])
        case .error(let problem) where [.badCode, .unknownCommand, .moved, .roomGone].contains(problem.code):
            phase = .over
            return .refused(problem)
        case .error(let problem) where problem.code == .slowDown:
            phase = .over
            return .slowDown
        case .error(let problem):
            return fail(problem.text)
        case .bye(let text):
            return fail(text)
        default:
            return nil
        }
    }

    private func fail(_ why: String) -> Outcome {
        if case .connecting(let socket) = phase { socket.close() }
        phase = .over
        return .failed(why)
    }
}
