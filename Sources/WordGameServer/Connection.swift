import WordGameProtocol

/// Identifies a connection for its whole life. Never reused, unlike file
/// descriptor numbers, so a late event can never reach the wrong player.
public typealias ConnectionID = Int

/// One client: its socket, its input framer and its output queue.
/// Owned by the event loop thread.
final class Connection {
    let id: ConnectionID
    let fd: Int32
    var framer: LineFramer
    var output = OutputQueue()
    /// Whether EPOLLOUT is requested (only while output is left after EAGAIN).
    var wantsWritable = false
    /// Close once the output queue is empty (after BYE).
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

    init(id: ConnectionID, fd: Int32, maxLineBytes: Int, tracksTransmission: Bool) {
        self.id = id
        self.fd = fd
        self.tracksTransmission = tracksTransmission
        framer = LineFramer(maxLineBytes: maxLineBytes)
    }
}
