import WordGame
import WordGameProtocol

/// Once a second: closes connections that never entered a room within the
/// registration limit, and connections silent past the idle limit
/// (Protocol.md §8). Each is told why in a BYE; an idle member's seat is held
/// for the resume grace like any drop.
extension Server {
    static let housekeepingMilliseconds = 1_000

    func housekeeping(at now: Instant) {
        guard now >= nextHousekeeping else { return }
        nextHousekeeping = now.adding(milliseconds: Self.housekeepingMilliseconds)
        if !addressHolds.isEmpty { addressHolds = addressHolds.filter { now < $0.value.until } }
        let registrationEnds = now.adding(milliseconds: -limits.registrationMilliseconds)
        let idleSince = now.adding(milliseconds: -limits.idleMilliseconds)
        for connection in connections.values where !connection.isClosing {
            if connection.connectedAt < registrationEnds && !hub.hasEnteredARoom(connection.id) {
                let seconds = limits.registrationMilliseconds / 1_000
                sendOff(connection, [.bye("You did not join a room within \(seconds) s of connecting. Connect again when you are ready.")], at: now)
            } else if connection.lastLineAt < idleSince {
                let minutes = limits.idleMilliseconds / 60_000
                let span = minutes > 0 ? "\(minutes) minute\(minutes == 1 ? "" : "s")" : "\(limits.idleMilliseconds / 1_000) s"
                sendOff(connection, [.bye("Nothing came from you for \(span); the connection is closed. Connect again to play.")], at: now)
            }
        }
    }

    /// The server ends a connection on its own initiative: the hub lets go
    /// of it first (a member's seat is held), then `lines`, ending with BYE,
    /// are the last it gets; its unexecuted input is thrown away.
    func sendOff(_ connection: Connection, _ lines: [ServerMessage], at now: Instant) {
        hub.disconnected(connection.id, at: now)
        send(lines, to: connection.id)
        closeAfterFlush(connection.id)
        connection.input.clear()
    }
}
