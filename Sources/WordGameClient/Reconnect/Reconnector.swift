import WordGame
import WordGamePOSIX
import WordGameProtocol

/// Takes a held seat back after a drop: tries `RESUME` on new connections,
/// on `ReconnectSchedule`'s timetable, until one succeeds, the server says it
/// holds no seat for the code, or the grace runs out. It never blocks: the
/// loop polls `pollEntry` and calls `advance` each time round, so keys
/// (q above all) and the screen go on meanwhile. Should another server of
/// a fleet hold the seat now (`MOVED`), the tries go there.
public final class Reconnector {
    public let seat: HeldSeat
    private var address: SocketAddress
    private var server: ServerLocation
    /// Set once a `MOVED` sent the tries to another server: the screen says where.
    private var moved = false
    private var follower = MoveFollower()
    private var schedule: ReconnectSchedule
    private var attempt: ResumeAttempt?
    private let jitter: () -> Double
    /// Why it gave up, once it has: what the player is told.
    public private(set) var failure: String?

    /// `droppedAt`: when the drop was noticed; the grace counts from then. `server`: the same server as
    /// `address`, by the name the client knows it by.
    public init(seat: HeldSeat, address: SocketAddress, server: ServerLocation, droppedAt: Instant,
                jitter: @escaping () -> Double = { Double.random(in: 0..<1) }) {
        self.seat = seat
        self.address = address
        self.server = server
        schedule = ReconnectSchedule(droppedAt: droppedAt, graceSeconds: seat.triesForSeconds, restarting: seat.restarting)
        self.jitter = jitter
    }

    /// For the screen: the try under way (or the next), and the deadline.
    public var status: Reconnecting {
        Reconnecting(attempt: max(1, schedule.attempts + (attempt == nil ? 1 : 0)), deadline: schedule.deadline,
                     movedTo: moved ? server : nil, restarting: seat.restarting)
    }

    /// The descriptor of the try under way (a negative fd, which poll skips, between tries).
    public var pollEntry: PollEntry { attempt?.pollEntry ?? .none }

    /// How long the loop may sleep before `advance` has something to do.
    public func millisecondsUntilDue(at now: Instant) -> Int32 {
        if attempt != nil { return 100 }  // a try's own time limit is checked this often
        return Int32(clamping: schedule.millisecondsUntilDue(at: now))
    }

    /// Moves on as far as it goes without waiting. Returns the new connection
    /// and the messages from `OK RESUME` on once the seat is back; sets
    /// `failure` when it gives up.
    public func advance(at now: Instant) -> (connection: ServerConnection, messages: [ServerMessage])? {
        guard failure == nil else { return nil }
        // At most two turns: a try that ends, then perhaps a new one that fails at once (a refused connect).
        for _ in 0..<2 {
            if schedule.isOver(at: now) {
                attempt = nil
                failure = "Your seat in room \(ClientTexts.spoken(seat.room)) was given up after \(seat.triesForSeconds) s; "
                    + "the server did not come back."
                return nil
            }
            if attempt == nil {
                guard schedule.isDue(at: now) else { return nil }
                schedule.started()
                attempt = ResumeAttempt(to: address, server: server, code: seat.token.code, at: now)
            }
            switch attempt!.advance(at: now) {
            case .pending:
                return nil
            case .resumed(let connection, let messages):
                attempt = nil
                return (connection, messages)
            case .failed:
                attempt = nil
                schedule.failed(at: now, jitter: jitter())
            case .slowDown:
                attempt = nil
                schedule.failed(at: now, slowDown: true, jitter: jitter())
            case .moved(let move):
                // Not a failure: the next turn tries there at once.
                attempt = nil
                do { try go(move) } catch {
                    failure = error.description
                    return nil
                }
            case .refused(let problem):
                attempt = nil
                failure = problem.code == .badCode
                    ? "The server no longer holds your seat in room \(ClientTexts.spoken(seat.room)); run wordgame-client again to join."
                    : "The server cannot give your seat in room \(ClientTexts.spoken(seat.room)) back: "
                        + "\(ClientTexts.withoutCommands(problem.text))"
                return nil
            }
        }
        return nil
    }

    /// Sends the next tries to the server a `MOVED` named. Its name is looked up here, in the loop: a
    /// server's `MOVED` names what its fleet advertises, an address or a name the resolver knows at once.
    private func go(_ move: Move) throws(ClientError) {
        try follower.allow(move)
        let there = ServerLocation(move.place)
        let found: SocketAddress?
        do { found = try SocketAddress.resolve(host: there.host, port: there.port).first } catch { throw ClientError(error.description) }
        guard let found else { throw ClientError("cannot find host \(there.host)") }
        (address, server, moved) = (found, there, true)
    }
}
