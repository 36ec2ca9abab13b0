import WordGame
import WordGamePOSIX

/// Every open connection, found by descriptor (events), by id, and by the seat
/// it speaks for (messages); connections per address; and descriptors closed
/// during a batch of events, released after it, so that a new connection
/// cannot take a number that a later event of the batch still names.
/// The event loop's alone.
final class ConnectionTable {
    private let affinity: ThreadAffinity
    private var bySocket: [FileDescriptor: Connection] = [:]
    private var byPlayer = SeatTable<Connection>()
    /// Open connections per peer address (`ConnectionLimits.maxPerAddress`).
    private var perAddress: [String: Int] = [:]
    private var closedDuringBatch: [FileDescriptor] = []
    private var nextID = 1

    init(affinity: ThreadAffinity) { self.affinity = affinity }

    var count: Int { bySocket.count }
    var isEmpty: Bool { bySocket.isEmpty }
    var all: Dictionary<FileDescriptor, Connection>.Values { bySocket.values }

    func connection(on socket: FileDescriptor) -> Connection? { bySocket[socket] }

    /// The connection that speaks for `player` now; nil while its seat is held.
    @inline(__always)
    func connection(for player: PlayerID) -> Connection? { byPlayer[player] }

    func connections(from address: String) -> Int { perAddress[address, default: 0] }

    /// A fresh connection id and, for now, a seat of its own: numbers are never reused.
    func nextIdentity() -> (ConnectionID, PlayerID) {
        affinity.check()
        defer { nextID += 1 }
        return (ConnectionID(rawValue: nextID), PlayerID(nextID))
    }

    func add(_ connection: Connection) {
        affinity.check()
        bySocket[connection.socket] = connection
        byPlayer.add(connection)
        perAddress[connection.address, default: 0] += 1
    }

    /// Takes the connection out; its descriptor is closed at the end of the batch.
    func remove(_ connection: Connection) {
        affinity.check()
        bySocket[connection.socket] = nil
        byPlayer.remove(connection)
        let left = perAddress[connection.address, default: 1] - 1
        perAddress[connection.address] = left > 0 ? left : nil
        closedDuringBatch.append(connection.socket)
    }

    /// `RESUME`: the connection speaking for `newcomer` speaks for `held` from now on (`SeatTable.rebind`).
    func rebind(_ held: PlayerID, to newcomer: PlayerID) {
        affinity.check()
        byPlayer.rebind(held, to: newcomer, fresh: { nextIdentity().1 })
    }

    func releaseClosedDescriptors() {
        for socket in closedDuringBatch { socket.close() }
        closedDuringBatch.removeAll(keepingCapacity: true)
    }
}
