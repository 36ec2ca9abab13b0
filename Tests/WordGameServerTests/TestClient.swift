import Foundation
import Glibc
import Testing
import WordGameProtocol
import WordGameTestSupport

struct TestFailure: Error, CustomStringConvertible {
    var description: String
}

/// A blocking socket client for tests: connects to 127.0.0.1 only. It
/// starts in human mode, as every connection does; `TestServer.client()` and
/// `machineMode()` make it read the lines of Protocol.md, as programs do.
final class TestClient {
    /// -1 once `abort()` closed it.
    private(set) var fd: Int32
    let label: String
    private var reader: LineReader
    /// Every line read, for failure messages.
    private(set) var transcript: [String] = []

    /// `receiveBuffer`: a small receive buffer, for a client that falls behind.
    init(port: UInt16, label: String = "client", receiveBuffer: Int32? = nil) throws {
        self.label = label
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        reader = LineReader(fd: fd)
        guard fd >= 0 else { throw TestFailure(description: "socket failed") }
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(fd)
            throw TestFailure(description: "connect to 127.0.0.1:\(port) failed: \(String(cString: strerror(errno)))")
        }
    }

    deinit { if fd >= 0 { close(fd) } }

    func send(_ line: String) { sendRaw(Array((line + "\n").utf8)) }

    func sendRaw(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            offset += n
        }
    }

    /// Switches to machine mode after the greeting was read: `MODE MACHINE`, and its reply next.
    func machineMode() throws {
        send("MODE MACHINE")
        try expectMachineModeReply()
    }

    /// `OK MODE MACHINE`: the one reply `ServerMessage` does not parse (`LineMode.confirmation`).
    func expectMachineModeReply() throws {
        let reply = try nextLine()
        guard reply == LineMode.machine.confirmation else {
            throw TestFailure(description: "\(label): \(reply ?? "the end of the stream") instead of \(LineMode.machine.confirmation)")
        }
    }

    /// The next line, which must be `expected` exactly: a human-mode line, compared whole.
    func expectLine(_ expected: String, timeout: Double = 5, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let line = try nextLine(timeout: timeout)
        #expect(line == expected, "\(label)", sourceLocation: sourceLocation)
    }

    /// When the line `next` or `nextLine` returned last arrived (`LineReader.now()` seconds).
    private(set) var lastArrival = 0.0

    /// The next raw line, or nil at end of stream; throws on timeout.
    func nextLine(timeout: Double = 5) throws -> String? {
        do {
            guard let (line, arrival) = try reader.nextTimed(timeout: timeout) else { return nil }
            transcript.append(line)
            lastArrival = arrival
            return line
        } catch {
            throw TestFailure(description: "\(label): \(error); read so far:\n\(transcript.suffix(15).joined(separator: "\n"))")
        }
    }

    /// Reads what the socket holds now (call after `poll` says it is readable).
    func readAvailable() { reader.readOnce() }

    /// Takes the lines already read, up to and including the first message
    /// that `matches`, and returns when that one arrived; nil when none of them
    /// matches (all were taken). Lines after the match stay for the next read.
    func takeBuffered(until matches: (ServerMessage) -> Bool) -> Double? {
        while let (line, arrival) = reader.takeLine() {
            transcript.append(line)
            if let message = try? ServerMessage(line: line), matches(message) {
                lastArrival = arrival
                return arrival
            }
        }
        return nil
    }

    /// The next message, parsed; throws on timeout, end of stream or a line that does not parse.
    func next(timeout: Double = 5) throws -> ServerMessage {
        guard let line = try nextLine(timeout: timeout) else {
            throw TestFailure(description: "\(label): connection closed; read:\n\(transcript.suffix(15).joined(separator: "\n"))")
        }
        return try ServerMessage(line: line)
    }

    /// Skips messages until one matches; returns it.
    @discardableResult
    func waitFor(timeout: Double = 5, _ matches: (ServerMessage) -> Bool) throws -> ServerMessage {
        try waitFor(timeout: timeout) { matches($0) ? $0 : nil }
    }

    /// Skips messages until `extract` finds what it wants in one; returns that.
    func waitFor<T>(timeout: Double = 5, _ extract: (ServerMessage) -> T?) throws -> T {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let found = extract(try next(timeout: max(0.01, deadline.timeIntervalSinceNow))) { return found }
        }
    }

    func waitForRound(timeout: Double = 5) throws -> RoundInfo {
        try waitFor(timeout: timeout) { if case .round(let round) = $0 { round } else { nil } }
    }

    func waitForResult(timeout: Double = 5) throws -> RoundResult {
        try waitFor(timeout: timeout) { if case .result(let result) = $0 { result } else { nil } }
    }

    func waitForReveal(timeout: Double = 5) throws -> Reveal {
        try waitFor(timeout: timeout) { if case .reveal(let reveal) = $0 { reveal } else { nil } }
    }

    func waitForError(timeout: Double = 5) throws -> ProtocolError {
        try waitFor(timeout: timeout) { if case .error(let error) = $0 { error } else { nil } }
    }

    func waitForGameOver(timeout: Double = 5) throws -> GameOver {
        try waitFor(timeout: timeout) { if case .gameOver(let over) = $0 { over } else { nil } }
    }

    /// Nil if nothing arrives for `seconds`; otherwise the line that did (consumed).
    func staysQuiet(for seconds: Double) throws -> String? {
        do { return try nextLine(timeout: seconds) } catch is TestFailure { return nil }
    }

    /// Every line that arrives within `seconds` (nothing is left unread in that time).
    func lines(for seconds: Double) throws -> [String] {
        let end = Date().addingTimeInterval(seconds)
        var lines: [String] = []
        while case let left = end.timeIntervalSinceNow, left > 0, let line = try staysQuiet(for: left) { lines.append(line) }
        return lines
    }

    /// Reads to the end of the stream; throws if it stays open.
    func waitForClose(timeout: Double = 5) throws {
        while try nextLine(timeout: timeout) != nil {}
    }

    /// The resume code from the last TOKEN read by `join`.
    private(set) var token: String?

    /// Says NAME and JOIN and reads through the join lines (up to the INFO after YOU).
    func join(as name: String, room: String? = nil) throws {
        send("NAME \(name)")
        send(room.map { "JOIN \($0)" } ?? "JOIN")
        token = try waitFor { if case .token(let code, _) = $0 { code } else { nil } }
        try waitFor { if case .you = $0 { true } else { false } }
        try waitFor { if case .info = $0 { true } else { false } }
    }

    /// Closes the socket now with a real RST (SO_LINGER 0, then close), which
    /// makes the server's epoll report a hang-up; nothing may be read after it.
    func abort() {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        close(fd)
        fd = -1
    }

    /// Shuts the connection down both ways, as a peer that went away would: the server
    /// reads end of stream. (With SO_LINGER 0 set first; it is `abort()` that sends an RST.)
    func reset() {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
        shutdown(fd, Int32(SHUT_RDWR))
    }
}

extension TestClient {
    /// The text of a `NOTICE` of `event`, for `waitFor`.
    static func notice(_ event: NoticeEvent) -> (ServerMessage) -> String? {
        { if case .notice(event, let text) = $0 { text } else { nil } }
    }
}

extension ServerMessage {
    func isError(_ code: ProtocolError.Code) -> Bool {
        if case .error(let error) = self { error.code == code } else { false }
    }
}
