import WordGame
import WordGameProtocol

/// A command waiting for the directory's answer, and whose it is. Its
/// connection's later lines wait meanwhile (`ConnectionControl.awaitDirectory`),
/// so replies keep the order of the lines.
struct DirectoryWait {
    enum Request: Equatable {
        /// `HOST`: a claim of a fresh code; `tries` codes were taken already.
        case host(code: String, tries: Int)
        /// `HOST` while the server drains: another server to make the room on.
        case hostElsewhere
        /// `JOIN <room>` of a room not here: a claim if JOIN would make it, else a lookup.
        case join(room: String, creating: Bool)
        case watch(room: String)
        case reclaim(ClientCommand.HostClaim)
        /// `RESUME <code>`, as typed.
        case resume(code: String)
    }

    let player: PlayerID
    let request: Request
    /// The player was told the directory settles (an `INFO`, once a command).
    var toldSettling = false
}

/// The hub's commands waiting for the fleet's directory: those asked, by
/// the ticket their answer comes back with, and those to ask again once the
/// directory has settled, soonest first. Each holds one connection's lines
/// back, so there are at most as many as connections.
struct DirectoryWaits {
    private var asked: [Int: DirectoryWait] = [:]
    private var lastTicket = 0
    private var retries: [(at: Instant, wait: DirectoryWait)] = []

    /// A ticket no wait has had.
    mutating func newTicket() -> Int {
        lastTicket += 1
        return lastTicket
    }

    mutating func asked(_ wait: DirectoryWait, ticket: Int) { asked[ticket] = wait }

    /// The wait the answer with `ticket` is for, taken; nil if none (forgotten, or answered already).
    mutating func answered(ticket: Int) -> DirectoryWait? { asked.removeValue(forKey: ticket) }

    /// `wait` asks again at `instant`.
    mutating func retry(_ wait: DirectoryWait, at instant: Instant) {
        let index = retries.firstIndex { $0.at > instant } ?? retries.endIndex
        retries.insert((instant, wait), at: index)
    }

    /// The soonest wait due to ask again by `now`, taken.
    mutating func dueRetry(at now: Instant) -> DirectoryWait? {
        guard let first = retries.first, first.at <= now else { return nil }
        retries.removeFirst()
        return first.wait
    }

    var nextRetry: Instant? { retries.first?.at }
}
