import CSystem
import Glibc
import WordGame
import WordGameProtocol
import WordGameServer

/// What a full-screen loop drives: state changed only by server messages,
/// keys and time, and drawn by pure code. The game (`ClientState`) and the
/// projector (`PresentState`) are two of these.
public protocol TerminalScreen {
    mutating func receive(_ message: ServerMessage, at now: Instant)
    mutating func tick(at now: Instant)
    /// A key press; returns the commands to send.
    mutating func press(_ key: Key, at now: Instant) -> [ClientCommand]
    /// True while something moves, so the loop draws about 30 frames a second.
    func isAnimating(at now: Instant) -> Bool
    var hasQuit: Bool { get }
    /// Why the server sent us away, if it did.
    var goodbye: String? { get }
    func frame(columns: Int, rows: Int, now: Instant) -> Frame
}

extension ClientState: TerminalScreen {
    public mutating func press(_ key: Key, at now: Instant) -> [ClientCommand] { press(key) }
    public func frame(columns: Int, rows: Int, now: Instant) -> Frame { Renderer.frame(self, columns: columns, rows: rows, now: now) }
}

extension PresentState: TerminalScreen {
    public func frame(columns: Int, rows: Int, now: Instant) -> Frame {
        PresentRenderer.frame(self, columns: columns, rows: rows, now: now)
    }
}

/// A full screen: raw mode, the alternate screen, a frame redrawn as things
/// move. One loop polls the keyboard, the server and a signal pipe;
/// everything it learns goes through the screen's state, which draws itself.
public final class TerminalLoop<Screen: TerminalScreen> {
    private let connection: ServerConnection
    public private(set) var state: Screen
    /// Sees each message after the state has: the solo history is kept here.
    public var observe: ((ServerMessage, inout Screen) -> Void)?
    private var decoder = KeyDecoder()
    private let signals: WakePipe
    private let color: Bool
    private var columns = 80
    private var rows = 24
    private var lastFrame = ""

    /// About 30 frames a second while something moves; the word moves one row at a time,
    /// so most ticks draw nothing new and write nothing.
    static var frameMilliseconds: Int32 { 33 }

    public init(connection: ServerConnection, screen: Screen) throws {
        self.connection = connection
        state = screen
        signals = try WakePipe()
        color = getenv("NO_COLOR").map { String(cString: $0).isEmpty } ?? true
    }

    /// Plays until the player quits or the server goes away; returns the exit status.
    public func run() throws(ClientError) -> Int32 {
        for signal in [SIGWINCH, SIGTERM, SIGINT, SIGHUP] {
            do { try signals.forwardSignal(signal) } catch { throw ClientError("cannot watch signals: \(error)") }
        }
        guard csystem_terminal_enter(STDIN_FILENO) == 0 else { throw ClientError("cannot put the terminal in raw mode") }
        defer { csystem_terminal_restore() }
        measure()
        var polls = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                     pollfd(fd: connection.fd, events: Int16(POLLIN), revents: 0),
                     pollfd(fd: signals.readFD, events: Int16(POLLIN), revents: 0)]
        var exitMessage: String?
        loop: while true {
            for message in connection.readAvailable() {
                state.receive(message, at: .now())
                observe?(message, &state)
            }
            if let goodbye = state.goodbye, !state.hasQuit { exitMessage = goodbye; break }
            if connection.isClosed { exitMessage = state.hasQuit ? nil : "The server closed the connection."; break }
            if state.hasQuit { break }
            state.tick(at: .now())
            draw()
            let now = Instant.now()
            let timeout: Int32 = decoder.isWaiting ? 50 : state.isAnimating(at: now) ? Self.frameMilliseconds : 1_000
            let ready = poll(&polls, 3, timeout)
            if ready == 0 && decoder.isWaiting { handle(decoder.flush()) }
            if polls[2].revents != 0 {
                for signal in signals.drain().map(Int32.init) {
                    if signal == SIGWINCH { measure() } else {
                        connection.send(.quit)
                        break loop
                    }
                }
            }
            if polls[0].revents != 0 {
                var chunk = [UInt8](repeating: 0, count: 256)
                let n = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
                if n <= 0 { connection.send(.quit); break }
                handle(decoder.feed(chunk[0..<n]))
            }
        }
        csystem_terminal_restore()
        if let exitMessage {
            print("wordgame-client: \(ScreenText.safe(exitMessage))")
            return 1
        }
        return 0
    }

    private func handle(_ keys: [Key]) {
        for key in keys {
            state.press(key, at: .now()).forEach(connection.send)
            if state.hasQuit { return }
        }
    }

    /// Draws the frame if it differs from the last one: a single write, no flicker.
    private func draw() {
        let frame = state.frame(columns: columns, rows: rows, now: .now()).ansi(color: color)
        guard frame != lastFrame else { return }
        lastFrame = frame
        var bytes = Array(frame.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeMutableBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if n <= 0 { if errno == EINTR || errno == EAGAIN { continue }; return }
            offset += n
        }
        bytes.removeAll()
    }

    private func measure() {
        var height: UInt16 = 0, width: UInt16 = 0
        if csystem_window_size(STDOUT_FILENO, &height, &width) == 0, height > 0, width > 0 {
            rows = Int(height)
            columns = Int(width)
        }
        lastFrame = ""  // redraw whole after a resize
    }
}
