import WebCodec
import WordGameProtocol

/// How a connection's bytes become lines, and (through its `OutputFraming`)
/// its lines bytes: the seam between a transport and the game. Lines over
/// TCP (`LineFraming`) are one framing; WebSocket messages, each one line,
/// after an HTTP request (`WebFraming`), are another. The listener that accepts a connection picks
/// its framing (`ListenerKind.makeFraming`). Rooms, the hub and matches
/// never learn which it was: they get lines as commands and send messages.
///
/// A framing belongs to its connection, and so to the event loop.
protocol Framing: AnyObject {
    /// Bytes just read from the socket. The connection reads again only once
    /// they are all taken, so what waits here is one read at most.
    func append(_ bytes: UnsafeRawBufferPointer)

    /// Whether bytes wait to be taken.
    var hasInput: Bool { get }

    /// Takes the next unit of input (a line, or part of one) and says what it
    /// holds. The input path takes one unit at a time, and admits the lines of
    /// one that holds several one at a time, so that every line is paced.
    func next() -> Inbound

    /// Bytes of a line that never ends, thrown away so far: past the limit
    /// (`ConnectionLimits.maxDiscardedBytes`) the connection is closed.
    var discardedByteCount: Int { get }

    /// Forgets what is waiting (the connection is closing).
    func discardInput()

    /// How lines leave on this transport: the output half of the seam.
    var output: any OutputFraming { get }

    /// Whether the connection is a player's session from the start (lines
    /// over TCP), or only once its transport says so (`Inbound.opened`: a
    /// WebSocket after its handshake; a page request never is one).
    var startsAsSession: Bool { get }

    /// The last bytes the transport sends when the server ends the session
    /// (a WebSocket close frame); nil when it has none, or has sent them.
    func goodbye() -> [UInt8]?
}

/// What a unit of input holds.
enum Inbound: Equatable {
    /// Lines (or problems with them) for the hub, in order; often one, none
    /// for part of a line.
    case frames([LineFramer.Frame])
    /// Bytes the transport itself answers with, at once and in order (a
    /// WebSocket pong).
    case reply([UInt8])
    /// The peer ends the connection the transport's way, or the transport
    /// ends it; `farewell` is its last bytes (a close frame, an HTTP error).
    case end(farewell: [UInt8])
    /// The session begins (a WebSocket handshake accepted): `reply` goes
    /// first, then the hub greets the connection as any other.
    case opened(reply: [UInt8])
    /// A request for a page or a file, answered by the server, which then closes the connection.
    case request(HTTPRequestHead)
}
