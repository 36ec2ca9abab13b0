import WordGame
import WordGamePOSIX
import WordGameProtocol

/// One client: its socket, its framing and input, its output queue, and how
/// it reads. The event loop's alone, except that a send thread may run
/// `WritePath.transmit` on it while the loop waits (`SendStream`).
final class Connection {
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
    /// a WebSocket silent for a while is pinged (`Server.housekeeping`).
    var heard = false
    var lastHeardAt: Instant
    /// The hub knows it: from the start for lines over TCP, from its
    /// handshake for a WebSocket, never for a page request.
    var isSession: Bool
    /// How its bytes become lines (chosen by the listener that accepted it).
    let framing: any Framing
    /// Paces its lines (`ConnectionLimits.burstLines`, `lineIntervalMilliseconds`).
    var pacing: TokenBucket
    var output = OutputQueue()
    /// What it reads: sentences (the default, for `nc`) or Protocol.md's lines (`MODE MACHINE`).
    var mode = LineMode.human
    /// In human mode, the lines held until the reader's next batch (`HumanStream`).
    var human = HumanStream()
    /// What the hub has said of its seat, for admission and housekeeping.
    var seat = SeatStanding()
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
    /// Its last command waits for the fleet's directory: its next lines wait too.
    var awaitsDirectory = false
    /// Lines of a unit already taken from the framing when the command before
    /// them began to wait (rare: a unit is one line but for a split CR LF).
    var deferredFrames: [LineFramer.Frame] = []
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
        isSession = framing.startsAsSession
        self.tracksTransmission = tracksTransmission
        pacing = TokenBucket(capacity: limits.burstLines, intervalMilliseconds: limits.lineIntervalMilliseconds, now: now)
    }

    /// Whether nothing more should be read or executed for it.
    var isClosing: Bool { isClosed || closeWhenFlushed || overflowed }

    /// What its lines are encoded as: its mode, on its transport.
    var format: OutputFormat { OutputFormat(mode: mode, framing: framing.output) }
}

/// Where the hub has a connection's seat: the transport's own copy, kept by
/// the hub (`ConnectionControl.seatChanged`), so that admitting input and
/// housekeeping never ask the hub.
struct SeatStanding: Equatable {
    /// In a room now: a hold on its address (wrong RESUME codes) does not slow it.
    var inRoom = false
    /// Has been in a room: registered, so the registration limit no longer applies.
    var enteredARoom = false
}
