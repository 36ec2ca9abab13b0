@testable import WordGameServer

/// The fleet's directory as a test plays it: it keeps what the hub asked, in
/// order, and the test answers (`HubWorld.answerDirectory`), as Redis would
/// through the server's `FleetLink`.
final class DirectoryDouble: RoomDirectory {
    enum Request: Equatable, CustomStringConvertible {
        case claimRoom(String)
        case findRoom(String)
        case findSeat(String)
        case findServerForNewRoom

        var description: String {
            switch self {
            case .claimRoom(let room): "claim room \(room)"
            case .findRoom(let room): "find room \(room)"
            case .findSeat(let code): "find seat \(code)"
            case .findServerForNewRoom: "find a server for a new room"
            }
        }
    }

    /// Requests not answered yet, oldest first.
    var pending: [(ticket: Int, request: Request)] = []
    /// Every request, in order.
    private(set) var asked: [Request] = []
    /// Seats registered and released, and rooms released, in order.
    private(set) var registeredSeats: [String] = []
    private(set) var releasedSeats: [String] = []
    private(set) var releasedRooms: [String] = []
    /// Rooms claimed over a gone room of the same name (a name JOIN makes), in order.
    private(set) var claimedReplacingGone: [String] = []
    /// Whether the hub said its server drains.
    private(set) var markedDraining = false
    /// Whether the next request is refused at once, as a full queue refuses it.
    var full = false

    private func take(_ request: Request, _ ticket: Int) -> Bool {
        guard !full else { return false }
        asked.append(request)
        pending.append((ticket, request))
        return true
    }

    func claim(room: String, ticket: Int, replacingGone: Bool) -> Bool {
        guard take(.claimRoom(room), ticket) else { return false }
        if replacingGone { claimedReplacingGone.append(room) }
        return true
    }
    func find(room: String, ticket: Int) -> Bool { take(.findRoom(room), ticket) }
    func find(seat: String, ticket: Int) -> Bool { take(.findSeat(seat), ticket) }
    func findServerForNewRoom(ticket: Int) -> Bool { take(.findServerForNewRoom, ticket) }
    func markDraining() { markedDraining = true }
    func release(room: String) { releasedRooms.append(room) }
    func register(seat: String) { registeredSeats.append(seat) }
    func release(seat: String) { releasedSeats.append(seat) }
}
