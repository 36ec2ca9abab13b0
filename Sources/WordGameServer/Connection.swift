import WordGame
import WordGameProtocol

/// Identifies a player's session. Never reused, unlike file descriptor
/// numbers, so a late event can never reach the wrong player. A connection
/// that takes back a held seat with `RESUME` takes on that seat's ID.
public typealias ConnectionID = Int

/// One client: its socket, its input and its output queue.
/// Owned by the event loop thread.
final class Connection {
    /// Changes once if `RESUME` hands this connection a held seat's ID (`Server.adopt`).
    var id: ConnectionID
    let fd: Int32
    /// The peer's address as text: connections per address are capped.
    let address: String
    let connectedAt: Instant
    /// When its last whole line arrived: silence past the idle limit closes it.
    var lastLineAt: Instant
    var framer: LineFramer
    /// Bytes read from the socket and not yet executed. The socket is read
    /// again only once they are gone, so this never grows past one read.
    var input = InputBuffer()
    /// Paces its lines (`ConnectionLimits.burstLines`, `lineIntervalMilliseconds`).
    var pacing: TokenBucket
    /// Whether EPOLLIN is requested: off while `input` holds lines waiting
    /// their turn, so the kernel holds the rest and the client feels it.
    var wantsReadable = true
    /// In the loop's list of connections with input waiting.
    var inBacklog = false
    /// The turn in which one of its lines put its address on hold: it runs
    /// nothing more in that turn (see `Server.heldUntil`).
    var heldInTurn = 0
    var output = OutputQueue()
    /// What it reads: sentences (the default, for `nc`) or Protocol.md's lines (`MODE MACHINE`).
    var mode = LineMode.human
    /// In human mode, lines whose reading depends on what comes next for
    /// this reader (`HumanText.readsWithNext`): they go out with the next
    /// batch, or when the turn's output is flushed.
    var heldHuman: HumanBatch?
    /// Whether EPOLLOUT is requested (only while output is left after EAGAIN).
    var wantsWritable = false
    /// Close once the output queue is empty (after BYE); nothing more is
    /// queued for it, and its input is discarded.
    var closeWhenFlushed = false
    /// In the loop's list of connections to flush.
    var isDirty = false
    /// Its output queue passed the cap: it is dropped at the next flush.
    var overflowed = false
    /// Closed; its descriptor is released at the end of the current batch.
    var isClosed = false
    /// The socket reports writable only when everything written has been
    /// transmitted (see `Socket.tuneForGame`), so the loop can wait for it.
    let tracksTransmission: Bool

    init(id: ConnectionID, fd: Int32, address: String, at now: Instant, maxLineBytes: Int, limits: ConnectionLimits,
         tracksTransmission: Bool) {
        self.id = id
        self.fd = fd
        self.address = address
        connectedAt = now
        lastLineAt = now
        self.tracksTransmission = tracksTransmission
        framer = LineFramer(maxLineBytes: maxLineBytes)
        pacing = TokenBucket(capacity: limits.burstLines, intervalMilliseconds: limits.lineIntervalMilliseconds, now: now)
    }

    /// Whether nothing more should be read or executed for it.
    var isClosing: Bool { isClosed || closeWhenFlushed || overflowed }
}

/// Bytes received but not yet executed, handed out a line at a time.
struct InputBuffer {
    private var bytes: [UInt8] = []
    private var head = 0

    var isEmpty: Bool { head == bytes.count }

    mutating func append(_ chunk: UnsafeRawBufferPointer) {
        bytes.append(contentsOf: chunk)  // nothing consumed is kept: `takeLine` clears once all is taken
    }

    /// The bytes up to and including the next line end (LF or CR), or all
    /// that is left when no line end comes.
    mutating func takeLine() -> ArraySlice<UInt8> {
        let start = head
        var end = head
        while end < bytes.count {
            let byte = bytes[end]
            end += 1
            if byte == 0x0A || byte == 0x0D { break }
        }
        head = end
        let line = bytes[start..<end]
        if isEmpty { clear() }  // the line keeps what it needs; an idle connection keeps nothing
        return line
    }

    /// Forgets what is left (the connection is closing).
    mutating func clear() {
        bytes = []
        head = 0
    }
}
