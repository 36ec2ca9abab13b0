import WordGame
import WordGamePOSIX
import WordGameProtocol

/// The connection to the server as a loop sees it: kept up across drops.
/// Each time round the loop calls `read`, gives the messages to its state,
/// then `settle` with the seat the state holds. When the connection ends
/// without `BYE` (or goes silent) while a seat is held, the link reconnects
/// and resumes; without a seat, or once it gives up, it is lost.
public final class ServerLink {
    public enum Status: Equatable, Sendable {
        case connected
        case reconnecting(Reconnecting)
        /// The session is over: what to tell the player.
        case lost(String)
    }

    public private(set) var connection: ServerConnection
    private var reconnector: Reconnector?
    private var liveness: Liveness
    /// False for a server in this process (solo, the class server): a drop there ends the session.
    private let resumes: Bool

    /// `liveness`: how long a silence may last (tests shorten it).
    public init(_ connection: ServerConnection, resumes: Bool = true, liveness: Liveness = Liveness()) {
        self.connection = connection
        self.resumes = resumes
        self.liveness = liveness
    }

    public var isReconnecting: Bool { reconnector != nil }

    /// What the loop polls for the server: the connection, or the reconnect's try.
    public var pollEntry: PollEntry {
        reconnector?.pollEntry ?? connection.pollEntry
    }

    /// Gives what waits to go (a QUIT) up to a second to leave, before the client exits.
    public func finishSending() {
        if reconnector == nil { connection.drainOutput(milliseconds: 1_000) }
    }

    /// How long the loop may sleep before the link has something to do (nil: until the connection speaks).
    public func millisecondsUntilDue(at now: Instant) -> Int32? { reconnector?.millisecondsUntilDue(at: now) }

    /// Commands go to the connection; while reconnecting there is none, and they are dropped.
    public func send(_ command: ClientCommand) {
        guard reconnector == nil else { return }
        connection.send(command)
    }

    /// The server's messages since the last call. Once a reconnect succeeds,
    /// the new connection's, from `OK RESUME` on: they rebuild the state.
    public func read(at now: Instant) -> [ServerMessage] {
        guard let reconnector else { return connection.readAvailable() }
        guard let (fresh, messages) = reconnector.advance(at: now) else { return [] }
        connection = fresh
        self.reconnector = nil
        liveness = liveness.restarted()
        return messages
    }

    /// After the state took the messages: whether the session goes on. `seat`
    /// is the seat the state holds now (nil: not in a room, or no token).
    public func settle(seat: HeldSeat?, at now: Instant) -> Status {
        if let reconnector {
            if let failure = reconnector.failure { return .lost(failure) }
            return .reconnecting(reconnector.status)
        }
        let seat = resumes ? seat : nil
        if !connection.isClosed {
            switch liveness.check(lastHeard: connection.lastHeard, lastSent: connection.lastSent, watchesServer: seat != nil, at: now) {
            case .none: break
            case .ping: connection.send(.ping)
            case .dead: connection.abandon()
            }
        }
        guard connection.isClosed else { return .connected }
        guard let seat else { return .lost("The server closed the connection.") }
        connection.abandon()  // our end closes too, whatever happens next
        let started = Reconnector(seat: seat, address: connection.address, server: connection.server, droppedAt: now)
        reconnector = started
        return .reconnecting(started.status)
    }
}
