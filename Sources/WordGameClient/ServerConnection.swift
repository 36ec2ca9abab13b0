import WordGame
import WordGamePOSIX
import WordGameProtocol

/// A problem the client reports in one line before exiting non-zero.
public struct ClientError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The client's TCP connection: connect, send commands, read parsed server lines.
/// Its first line, on every connection it makes (a reconnect's too), is
/// `MODE MACHINE`: a server starts each connection in human mode, with
/// sentences for people at `nc`, and this client reads Protocol.md's lines.
///
/// It never blocks the screen: what the socket does not take at once waits
/// here (`pendingOutput`) and goes when the loop sees the socket writable.
public final class ServerConnection {
    public private(set) var socket: FileDescriptor
    private var framer = LineFramer(maxLineBytes: ServerConnection.maxLineBytes)
    /// Messages read but not yet taken.
    private var inbox: [ServerMessage] = []
    /// Bytes written but not yet taken by the socket.
    private var pendingOutput: [UInt8] = []
    public private(set) var isClosed = false
    /// Where this connection goes: a reconnect goes back there.
    public private(set) var address: SocketAddress
    /// The same server by the name it was reached at: the one asked for, or the one a `MOVED` sent the client to.
    public private(set) var server: ServerLocation
    /// When the last byte from the server arrived (or when the connection was made).
    public private(set) var lastHeard: Instant
    /// When we last sent a line (or when the connection was made).
    public private(set) var lastSent: Instant

    /// How long a connect may take before the next address is tried (or the
    /// client gives up): a host that drops packets would otherwise hold the
    /// terminal for the kernel's two minutes.
    public static let connectTimeoutMilliseconds: Int32 = 10_000

    /// The longest line read from a server: far more than any line Protocol.md describes.
    static let maxLineBytes = 64 * 1024

    /// Lines the server has not taken yet, at most: a server that stops
    /// reading this long is gone for a player (a person types a few bytes a second).
    public static let maxPendingOutput = 64 * 1024

    /// Connects to `host:port` (a name or an address), each of its addresses in turn.
    public init(host: String, port: UInt16) throws(ClientError) {
        server = ServerLocation(host: host, port: port)
        (socket, address) = try Self.connect(to: server)
        lastHeard = .now()
        lastSent = lastHeard
        self.send(.mode(.machine))
    }

    private static func connect(to server: ServerLocation) throws(ClientError) -> (FileDescriptor, SocketAddress) {
        let candidates: [SocketAddress]
        do { candidates = try SocketAddress.resolve(host: server.host, port: server.port) } catch { throw ClientError(error.description) }
        var lastError = Errno("connect", code: Errno.connectionRefused)
        for candidate in candidates {
            do {
                return (try candidate.connect(timeoutMilliseconds: Self.connectTimeoutMilliseconds), candidate)
            } catch {
                lastError = error
            }
        }
        throw ClientError("cannot reach a wordgame server at \(server): \(Errno.text(lastError.code))")
    }

    /// Goes to the server a `MOVED` named, as if it had connected there first:
    /// a new socket, `MODE MACHINE` on it, nothing kept of the old one (its
    /// server hears `QUIT`: the connection was outside any room). If the new
    /// server cannot be reached, this connection stays as it was.
    public func move(to there: ServerLocation) throws(ClientError) {
        let (fresh, freshAddress) = try Self.connect(to: there)
        self.send(.quit)
        socket.close()
        (socket, address, server) = (fresh, freshAddress, there)
        framer = LineFramer(maxLineBytes: Self.maxLineBytes)
        (inbox, pendingOutput, isClosed) = ([], [], false)
        lastHeard = .now()
        lastSent = lastHeard
        self.send(.mode(.machine))
    }

    /// A connected non-blocking socket to `address` (a reconnect made it).
    /// `then`: commands sent with `MODE MACHINE`, in the same write, before
    /// the greeting is read. A `RESUME` goes so: when the server holds the
    /// address's lines after wrong codes elsewhere, both lines then wait out
    /// one hold together, not one each.
    init(connected socket: FileDescriptor, address: SocketAddress, server: ServerLocation, then commands: [ClientCommand] = []) {
        self.socket = socket
        self.address = address
        self.server = server
        lastHeard = .now()
        lastSent = lastHeard
        sendLine(([ClientCommand.mode(.machine)] + commands).map(\.line).joined(separator: "\n"))
    }

    deinit { socket.close() }

    /// Gives the connection up (it went silent): it reads as closed from now on.
    public func abandon() {
        Socket.shutdown(socket)
        isClosed = true
    }

    public func send(_ command: ClientCommand) { sendLine(command.line) }

    /// Sends a raw line (line mode passes through what the player typed).
    public func sendLine(_ line: String) {
        guard !isClosed else { return }
        lastSent = .now()
        pendingOutput += Array((line + "\n").utf8)
        flushOutput()
        if pendingOutput.count > Self.maxPendingOutput { isClosed = true }
    }

    /// Hands waiting output to the socket, as much as it takes now.
    public func flushOutput() {
        while !pendingOutput.isEmpty && !isClosed {
            let result = pendingOutput.withUnsafeBytes { raw in Result { () throws(Errno) in try Socket.send(socket, raw) } }
            switch result {
            case .success(.done(let count)): pendingOutput.removeFirst(count)
            case .success(.wouldBlock): return
            case .failure: isClosed = true
            }
        }
    }

    /// Waits up to `milliseconds` for what is still waiting to go (before the client exits).
    public func drainOutput(milliseconds: Int32) {
        let deadline = Instant.now().adding(milliseconds: Int(milliseconds))
        flushOutput()
        while !pendingOutput.isEmpty && !isClosed {
            let left = deadline.milliseconds(since: .now())
            guard left > 0, Poll.waitUntilWritable(socket, milliseconds: Int32(left)) else { return }
            flushOutput()
        }
    }

    /// What the loop waits on for this connection: input, and room for output while some waits.
    public var pollEntry: PollEntry { PollEntry(socket, input: true, output: !pendingOutput.isEmpty) }

    /// At most this much is read in one call: the rest waits in the socket,
    /// so a flood from the server never starves the keyboard or grows memory.
    public static let maxBytesPerRead = 64 * 1024

    /// Reads what the socket holds now, up to `maxBytesPerRead`, without
    /// blocking; returns the messages (lines that do not parse are skipped,
    /// as Protocol.md asks of clients). Waiting output goes first.
    public func readAvailable() -> [ServerMessage] {
        flushOutput()
        var messages = inbox
        inbox = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        var budget = Self.maxBytesPerRead
        while !isClosed && budget > 0 {
            let result = chunk.withUnsafeMutableBytes { raw in Result { () throws(Errno) in try Socket.receive(socket, into: raw) } }
            guard case .success(let outcome) = result else {
                isClosed = true  // reset
                break
            }
            guard case .done(let n) = outcome else { break }
            guard n > 0 else {
                isClosed = true  // end of stream
                break
            }
            budget -= n
            lastHeard = .now()
            for frame in framer.feed(chunk[0..<n]) {
                if case .line(let line) = frame, let message = try? ServerMessage(line: line) { messages.append(message) }
            }
        }
        return messages
    }

    /// Puts a message taken with `next` back, to be read first again: the loop that follows sees it too.
    public func putBack(_ message: ServerMessage) { inbox.insert(message, at: 0) }

    /// Waits up to `timeout` seconds for the next message (used before the game loop starts).
    public func next(timeout: Double) throws(ClientError) -> ServerMessage {
        let deadline = Instant.now().adding(milliseconds: Int(timeout * 1000))
        while true {
            if !inbox.isEmpty { return inbox.removeFirst() }
            if isClosed { throw ClientError("the server closed the connection") }
            let left = deadline.milliseconds(since: .now())
            if left <= 0 { throw ClientError("the server did not answer within \(Int(timeout)) s") }
            var entries = [pollEntry]
            Poll.wait(&entries, milliseconds: Int32(left))
            inbox = readAvailable()  // empty before: nothing is lost
        }
    }
}
