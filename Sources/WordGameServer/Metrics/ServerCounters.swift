import WordGame
import WordGamePOSIX

/// What the server has done since it started, for `/metrics` (`MetricsPage`):
/// plain integers, bumped where each event happens, on the loop thread, the
/// only thread that touches them (no locks, no atomics on the hot path).
/// What is true now (who is connected, rooms, games on) is not kept here: it
/// is counted from the tables that hold it when `/metrics` is read.
/// Nothing here holds a name, a room's code or a key.
final class ServerCounters {
    /// Answers a room took (`ANSWER` counted for the open pair).
    var answers = 0
    /// Pieces of output queued for a connection: a line, or lines that leave together (a pair's close to one reader is one).
    var messagesQueued = 0
    /// Bytes handed to the kernel on connections closed since: the open ones' are added when the page is made.
    var bytesSentByClosed = 0
    /// Connections turned away when accepted, by why.
    private(set) var refused = Array(repeating: 0, count: Refusal.allCases.count)
    /// How long each round's close took on the loop, from judging to the last reader's lines queued.
    private(set) var roundClose = Histogram(boundsNanoseconds: Histogram.roundCloseBounds)
    /// The fleet's record written to Redis, and its answer back on the loop.
    private(set) var directoryRoundTrip = Histogram(boundsNanoseconds: Histogram.directoryBounds)
    /// Answers of the directory, and the ones that were errors (Redis down or refusing).
    var directoryAnswers = 0, directoryErrors = 0

    /// Why a connection was turned away when accepted; the raw value is the metric's label.
    enum Refusal: String, CaseIterable {
        case serverFull = "server_full"
        case perAddress = "per_address"
        case noDescriptors = "no_descriptors"
    }

    func refused(_ why: Refusal) {
        refused[Refusal.allCases.firstIndex(of: why)!] += 1
    }

    func refusedCount(_ why: Refusal) -> Int { refused[Refusal.allCases.firstIndex(of: why)!] }

    /// The monotonic clock, read around a round's close (rooms never read it themselves).
    func roundCloseStarts() -> Instant { .now() }

    func roundClosed(since start: Instant) {
        roundClose.observe(nanoseconds: Instant.now().nanoseconds - start.nanoseconds)
    }

    func directoryAnswered(roundTripNanoseconds: Int64) {
        directoryRoundTrip.observe(nanoseconds: roundTripNanoseconds)
    }
}
