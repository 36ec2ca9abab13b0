import Glibc
import WordGame
import WordGameProtocol
import WordGameServer

/// A problem the client reports in one line before exiting non-zero.
public struct ClientError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// The client's TCP connection: connect, send commands, read parsed server lines.
/// Its first line, on every connection it makes (a reconnect's too), is
/// `MODE MACHINE`: a server starts each connection in human mode, with
/// sentences for people at `nc`, and this client reads Protocol.md's lines.
public final class ServerConnection {
    public let fd: Int32
    private var framer = LineFramer(maxLineBytes: 64 * 1024)
    /// Messages read but not yet taken.
    private var inbox: [ServerMessage] = []
    public private(set) var isClosed = false
    /// Where this connection goes: a reconnect goes back there.
    public let address: ServerAddress
    /// When the last byte from the server arrived (or when the connection was made).
    public private(set) var lastHeard: Instant
    /// When we last sent a line (or when the connection was made).
    public private(set) var lastSent: Instant

    /// Connects to `host:port` (a name or an address). The corresponding C functions are `getaddrinfo` and `connect`.
    public init(host: String, port: UInt16) throws(ClientError) {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_family = AF_UNSPEC
        var results: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &results)
        guard status == 0, let first = results else {
            throw ClientError("cannot find host \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(results) }
        var lastError = ECONNREFUSED
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            cursor = entry.pointee.ai_next
            let candidate = socket(entry.pointee.ai_family, entry.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), entry.pointee.ai_protocol)
            if candidate < 0 { lastError = errno; continue }
            if connect(candidate, entry.pointee.ai_addr, entry.pointee.ai_addrlen) == 0 {
                _ = fcntl(candidate, F_SETFL, fcntl(candidate, F_GETFL) | O_NONBLOCK)
                fd = candidate
                address = ServerAddress(entry.pointee)
                lastHeard = .now()
                lastSent = lastHeard
                send(.mode(.machine))
                return
            }
            lastError = errno
            close(candidate)
        }
        throw ClientError("cannot reach a wordgame server at \(host) port \(port): \(String(cString: strerror(lastError)))")
    }

    /// A connected non-blocking socket to `address` (a reconnect made it).
    /// `then`: commands sent with `MODE MACHINE`, in the same write, before
    /// the greeting is read. A `RESUME` goes so: when the server holds the
    /// address's lines after wrong codes elsewhere, both lines then wait out
    /// one hold together, not one each.
    init(connected fd: Int32, address: ServerAddress, then commands: [ClientCommand] = []) {
        self.fd = fd
        self.address = address
        lastHeard = .now()
        lastSent = lastHeard
        sendLine(([ClientCommand.mode(.machine)] + commands).map(\.line).joined(separator: "\n"))
    }

    deinit { close(fd) }

    /// Gives the connection up (it went silent): it reads as closed from now on.
    public func abandon() {
        shutdown(fd, Int32(SHUT_RDWR))
        isClosed = true
    }

    public func send(_ command: ClientCommand) { sendLine(command.line) }

    /// Sends a raw line (line mode passes through what the player typed).
    public func sendLine(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        lastSent = .now()
        var offset = 0
        while offset < bytes.count && !isClosed {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n > 0 { offset += n; continue }
            if n < 0 && (errno == EAGAIN || errno == EINTR) {
                var writable = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&writable, 1, 1_000)
                continue
            }
            isClosed = true
        }
    }

    /// At most this much is read in one call: the rest waits in the socket,
    /// so a flood from the server never starves the keyboard or grows memory.
    public static let maxBytesPerRead = 64 * 1024

    /// Reads what the socket holds now, up to `maxBytesPerRead`, without
    /// blocking; returns the messages (lines that do not parse are skipped,
    /// as Protocol.md asks of clients).
    public func readAvailable() -> [ServerMessage] {
        var messages = inbox
        inbox = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        var budget = Self.maxBytesPerRead
        while !isClosed && budget > 0 {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                budget -= n
                lastHeard = .now()
                for frame in framer.feed(chunk[0..<n]) {
                    if case .line(let line) = frame, let message = try? ServerMessage(line: line) { messages.append(message) }
                }
                continue
            }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { break }
            isClosed = true  // end of stream, or reset
        }
        return messages
    }

    /// Waits up to `timeout` seconds for the next message (used before the game loop starts).
    public func next(timeout: Double) throws(ClientError) -> ServerMessage {
        let deadline = Instant.now().adding(milliseconds: Int(timeout * 1000))
        while true {
            if !inbox.isEmpty { return inbox.removeFirst() }
            if isClosed { throw ClientError("the server closed the connection") }
            let left = deadline.milliseconds(since: .now())
            if left <= 0 { throw ClientError("the server did not answer within \(Int(timeout)) s") }
            var readable = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&readable, 1, Int32(left))
            inbox = readAvailable()  // empty before: nothing is lost
        }
    }
}
