import WordGame
import WordGamePOSIX
import WordGameProtocol

/// One client: its socket, its framing and input, its output queue, and its
/// session with the hub (`Session`). The event loop's alone, except that a send thread may run
/// `WritePath.transmit` on it while the loop waits (`SendStream`).
final class Connection: SpeaksForASeat {
    let id: ConnectionID
    /// The seat it speaks for: the hub and rooms know it by this. Changes once
    /// if `RESUME` hands it a held seat (`ConnectionTable.rebind`).
    var player: PlayerID
    let socket: FileDescriptor
    /// The peer's address as text: connections per address are capped.
    let address: String
    let connectedAt: Instant
    /// When its last whole line arrived: silence past the idle limit closes it.
    var lastLineAt: Instant
    /// Bytes came since housekeeping last looked, and when it last saw some:
    /// one silent for a while is pinged, if its transport can (`OutputFraming.keepAlive`).
    var heard = false
    var lastHeardAt: Instant
    /// Its talk with the hub: from the start for lines over TCP, from its
    /// handshake for a WebSocket, never for a page request.
    var session: Session?
    /// How its bytes become lines (chosen by the listener that accepted it).
    let framing: any Framing
    /// How its lines become bytes (its framing's plug, kept here for the write path's fan-out).
    let outputFraming: any OutputFraming
    /// Paces its lines (`ConnectionLimits.burstLines`, `lineIntervalMilliseconds`).
    var pacing: TokenBucket
    var output = OutputQueue()
    /// The turn in which one of its lines put its address on hold: it runs
    /// nothing more in that turn (see `InputPath.heldUntil`).
    var heldInTurn = 0
    /// Whether EPOLLIN is requested: off while input waits its turn, so the
    /// kernel holds the rest and the client feels it.
    var wantsReadable = true
    /// Whether EPOLLOUT is requested (only while output is left after EAGAIN,
    /// or a tracked line waits in the kernel).
    var wantsWritable = false
    /// In the input path's list of connections with input waiting.
    var inBacklog = false
    /// Close once the output queue is empty (after BYE); nothing more is
    /// queued for it, and its input is discarded.
    var closeWhenFlushed = false
    /// In the write path's list of connections to flush.
    var isDirty = false
    /// Its output queue passed the cap: it is dropped at the next flush.
    var overflowed = false
    /// Closed; its descriptor is released at the end of the current batch.
    var isClosed = false
    /// The socket reports writable only when everything written has been
    /// transmitted (see `Socket.tuneForGame`), so the loop can wait for it.
    let tracksTransmission: Bool

    init(id: ConnectionID, player: PlayerID, socket: FileDescriptor, address: String, framing: any Framing, at now: Instant,
         limits: ConnectionLimits, tracksTransmission: Bool) {
        self.id = id
        self.player = player
        self.socket = socket
        self.address = address
        self.framing = framing
        connectedAt = now
        lastLineAt = now
        lastHeardAt = now
        outputFraming = framing.output
        session = framing.startsAsSession ? Session(mode: .human) : nil
        self.tracksTransmission = tracksTransmission
        pacing = TokenBucket(capacity: limits.burstLines, intervalMilliseconds: limits.lineIntervalMilliseconds, now: now)
    }

    /// Whether nothing more should be read or executed for it.
    var isClosing: Bool { isClosed || closeWhenFlushed || overflowed }
}
