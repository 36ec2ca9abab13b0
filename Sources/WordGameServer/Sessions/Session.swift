import WordGame
import WordGameProtocol

/// A connection's side of its talk with the hub, apart from sockets and
/// framing: how it reads (Protocol.md's lines or sentences, with the
/// sentences held for its next batch), where its seat stands, and its lines
/// not yet run (the rest of a unit that held several, and those that wait
/// while a command asks the fleet's directory). A line is run here
/// (`run`): the hub gets the commands, and what is the connection's own
/// business (MODE, a bad line) is answered to it alone. Pure: the server
/// keeps one in each `Connection` that is a session, the test harness one
/// in each of its clients, so what a line does is written once.
///
/// A class, because the hub's requests about a seat (`ConnectionControl`)
/// reach its session while one of its lines is being run.
final class Session {
    /// What running a line gives the connection itself, besides what the hub sends to its seat.
    enum Reply: Equatable {
        case nothing
        /// Lines in the order the reader gets them, each ending in LF, as its transport's lines.
        case lines([UInt8])
        /// A message for this connection alone, in its mode.
        case message(ServerMessage)
    }

    /// Sentences (the default, for `nc`) or Protocol.md's lines (`MODE MACHINE`, and every browser).
    var mode: LineMode
    /// In human mode, the sentences held until the reader's next batch.
    var human = HumanStream()
    /// What the hub has said of its seat, for admitting input and housekeeping.
    var seat = SeatStanding()
    /// Its last command waits for the fleet's directory (or the list store): its next lines wait too.
    private(set) var awaitsDirectory = false
    /// The hub holds an upload open for it (`UPLOAD`): its `LINE`s are not paced by the token bucket.
    var uploadOpen = false
    /// Lines taken from the transport and not yet run, in order: the rest of
    /// a unit that held several (run one at a time, as pacing admits them),
    /// and lines that came while a command waited for the directory. At most
    /// one read's worth: the socket is not read again while any wait.
    private var waitingLines: [LineFramer.Frame] = []
    private var firstWaiting = 0

    init(mode: LineMode) { self.mode = mode }

    /// Runs one line from the connection speaking for `player`. A line that
    /// comes while a command waits for the directory waits too.
    func run(_ frame: LineFramer.Frame, as player: PlayerID, in hub: Hub, at now: Instant, maxLineBytes: Int) -> Reply {
        guard !awaitsDirectory else {
            queue([frame][...])
            return .nothing
        }
        switch CommandReader.read(frame, maxLineBytes: maxLineBytes) {
        case .command(let command):
            hub.handle(command, from: player, at: now)
            return .nothing
        case .nothing:
            hub.heard(player)
            return .nothing
        case .mode(let mode):
            hub.heard(player)
            // What was held goes first, in the mode it was written for, then the confirmation in the new one.
            let held = human.release() ?? []
            self.mode = mode
            return .lines(held + Array((mode.confirmation + "\n").utf8))
        case .problem(let problem):
            hub.heard(player)
            return .message(.error(problem))
        }
    }

    // MARK: Lines not yet run

    /// The hub's command waits for the directory (true), or has its answer (false).
    func awaitDirectory(_ waiting: Bool) { awaitsDirectory = waiting }

    /// Lines taken from the transport, to run after those already waiting.
    func queue(_ frames: ArraySlice<LineFramer.Frame>) {
        guard !frames.isEmpty else { return }
        waitingLines += frames
    }

    var hasWaitingLines: Bool { firstWaiting < waitingLines.count }

    /// Whether the oldest line not yet run is a `LINE` of the open upload, which runs without a
    /// token (Protocol.md §8): 500 lines of a list take well under a second, not 25.
    var nextIsUploadLine: Bool {
        guard uploadOpen, hasWaitingLines, case .line(let text) = waitingLines[firstWaiting] else { return false }
        return ClientCommand.isUploadLine(text)
    }

    /// The oldest line not yet run, taken; nil if none waits.
    func takeWaitingLine() -> LineFramer.Frame? {
        guard hasWaitingLines else { return nil }
        defer {
            firstWaiting += 1
            // Released once drained: an idle session holds no buffer.
            if firstWaiting == waitingLines.count { (waitingLines, firstWaiting) = ([], 0) }
        }
        return waitingLines[firstWaiting]
    }

    /// Every line not yet run, taken, in order (one that waits again keeps those after it waiting).
    func takeWaitingLines() -> [LineFramer.Frame] {
        defer { (waitingLines, firstWaiting) = ([], 0) }
        return Array(waitingLines[firstWaiting...])
    }
}
