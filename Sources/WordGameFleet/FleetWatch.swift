/// What one server makes of its looks at the fleet (`DirectoryEvent.members`):
/// a server alive at the previous look whose record has expired since is
/// news once (it stopped answering), and one reported so that is alive again
/// is news too (it came back). Pure: looks in, news out.
///
/// A server that stopped cleanly took itself off the list and its rooms with
/// it (`FleetDirectory.leave`): absent, not silent, it is no news. Nor is one
/// that was already silent at this server's first look, or a look missed
/// (Redis out of reach): news compares two looks this server made.
public struct FleetWatch: Sendable {
    public enum News: Equatable, Sendable {
        /// Alive at the last look, its record expired now: its rooms and seats are gone unless it comes back.
        case stoppedAnswering(serverID: String)
        /// Reported as stopped, and alive again.
        case cameBack(serverID: String)
    }

    /// This server's own id, never news to itself.
    public let serverID: String
    private var alive: Set<String> = []
    /// Those reported as stopped, until they come back or leave the list (past the gone memory).
    private var stopped: Set<String> = []

    public init(serverID: String) { self.serverID = serverID }

    /// The news in a new look, sorted by id; the look becomes the one the next is compared with.
    public mutating func look(alive nowAlive: [String], silent nowSilent: [String]) -> [News] {
        let nowAlive = Set(nowAlive).subtracting([serverID]), nowSilent = Set(nowSilent).subtracting([serverID])
        let vanished = alive.intersection(nowSilent).subtracting(stopped)
        let back = stopped.intersection(nowAlive)
        stopped = stopped.union(vanished).subtracting(back).intersection(nowSilent)
        alive = nowAlive
        return vanished.sorted().map { .stoppedAnswering(serverID: $0) } + back.sorted().map { .cameBack(serverID: $0) }
    }
}
