import Foundation
import WordGame
import WordGamePOSIX
import WordGameProtocol

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
    /// A line to leave on the normal screen when the loop ends (the last score), if any.
    var farewell: String? { get }
    /// Why the server sent us away, if it did.
    var goodbye: String? { get }
    /// The seat the server holds for us if the connection drops (nil: a drop ends the session).
    var resumableSeat: HeldSeat? { get }
    /// Set by the loop while it takes the seat back on a new connection, for the screen to say so.
    var reconnecting: Reconnecting? { get set }
    func frame(columns: Int, rows: Int, now: Instant) -> Frame
    /// The window's size changed (and at the start).
    mutating func resized(columns: Int, rows: Int)
}

extension TerminalScreen {
    public mutating func resized(columns: Int, rows: Int) {}
}

extension ClientState: TerminalScreen {
    public func frame(columns: Int, rows: Int, now: Instant) -> Frame { Renderer.frame(self, columns: columns, rows: rows, now: now) }
}

extension PresentState: TerminalScreen {
    /// The projector prints its own farewell (the host key), see `PresentApp`.
    public var farewell: String? { nil }

    public func frame(columns: Int, rows: Int, now: Instant) -> Frame {
        PresentRenderer.frame(self, columns: columns, rows: rows, now: now)
    }
}

/// A full screen: raw mode, the alternate screen, a frame redrawn as things
/// move. One loop polls the keyboard, the server and a signal pipe;
/// everything it learns goes through the screen's state, which draws itself.
/// A connection that drops while the server holds our seat is taken back on
/// a new one (`ServerLink`), the loop going on meanwhile.
public final class TerminalLoop<Screen: TerminalScreen> {
    private let link: ServerLink
    public private(set) var state: Screen
    /// Sees each message after the state has: the solo history is kept here.
    public var observe: ((ServerMessage, inout Screen) -> Void)?
    /// Sees the state after each turn's messages, and the server it is on: the seat file is kept here (`SeatKeeper`).
    public var afterTurn: ((Screen, ServerLocation) -> Void)?
    /// The server the screen is on: the one it was started with, or the one a reconnect found the seat on.
    public var server: ServerLocation { link.connection.server }
    private var decoder = KeyDecoder()
    private let signals: WakePipe
    private let color: Bool
    private var columns = 80
    private var rows = 24
    private var lastFrame = ""

    /// About 30 frames a second while something moves; the word moves one row at a time,
    /// so most ticks draw nothing new and write nothing.
    static var frameMilliseconds: Int32 { 33 }

    /// `resumes`: take the seat back after a drop (false for a server in this process).
    public init(connection: ServerConnection, screen: Screen, resumes: Bool = true) throws {
        link = ServerLink(connection, resumes: resumes)
        state = screen
        signals = try WakePipe()
        color = ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
    }

    /// The terminal went away (its window closed: SIGHUP, or its input ended, which a terminal in raw
    /// mode only does on a hang-up). Nobody quit: the seat is held for RESUME and its file kept, as for
    /// a client killed outright, so the same command in a new window takes the seat back.
    public private(set) var terminalGone = false

    /// Plays until the player quits or the server goes away; returns the exit status.
    public func run() throws(ClientError) -> Int32 {
        for signal in [Signal.windowChanged, Signal.terminate, Signal.interrupt, Signal.hangUp] {
            do { try signals.forwardSignal(signal) } catch { throw ClientError("cannot watch signals: \(error)") }
        }
        guard Terminal.enterFullScreen() else { throw ClientError("cannot put the terminal in raw mode") }
        defer { Terminal.restore() }
        measure()
        var polls = [PollEntry(.standardInput), link.pollEntry, PollEntry(signals.readEnd)]
        var exitMessage: String?
        loop: while true {
            for message in link.read(at: .now()) {
                state.receive(message, at: .now())
                observe?(message, &state)
            }
            // A BYE ends the session on purpose: no reconnecting.
            if let goodbye = state.goodbye, !state.hasQuit { exitMessage = goodbye; break }
            if state.hasQuit { break }
            switch link.settle(seat: state.resumableSeat, at: .now()) {
            case .connected: state.reconnecting = nil
            case .reconnecting(let status): state.reconnecting = status
            case .lost(let why): exitMessage = why; break loop
            }
            afterTurn?(state, link.connection.server)
            state.tick(at: .now())
            draw()
            let now = Instant.now()
            var timeout: Int32 = decoder.isWaiting ? 50 : state.isAnimating(at: now) ? Self.frameMilliseconds : 1_000
            if let due = link.millisecondsUntilDue(at: now) { timeout = min(timeout, due) }
            polls[1] = link.pollEntry
            let ready = Poll.wait(&polls, milliseconds: timeout)
            if ready == 0 && decoder.isWaiting { handle(decoder.flush()) }
            if polls[2].isReady {
                for signal in signals.drain().map(Int32.init) {
                    if signal == Signal.windowChanged { measure() } else if signal == Signal.hangUp {
                        terminalGone = true
                        break loop
                    } else {
                        link.send(.quit)
                        break loop
                    }
                }
            }
            if polls[0].isReady {
                var chunk = [UInt8](repeating: 0, count: 256)
                let n = chunk.withUnsafeMutableBytes { raw in (try? FileDescriptor.standardInput.read(into: raw)) ?? .done(0) }
                guard case .done(let count) = n else { continue }
                if count <= 0 { terminalGone = true; break }
                handle(decoder.feed(chunk[0..<count]))
            }
        }
        link.finishSending()
        Terminal.restore()
        // The alternate screen is gone with the game: the score stays on the normal one.
        if let farewell = state.farewell { print(ScreenText.safe(farewell)) }
        if let exitMessage {
            print("wordgame-client: \(ScreenText.safe(exitMessage))")
            return 1
        }
        return 0
    }

    private func handle(_ keys: [Key]) {
        for key in keys {
            state.press(key, at: .now()).forEach(link.send)
            if state.hasQuit { return }
        }
    }

    /// Draws the frame if it differs from the last one: a single write, no flicker.
    private func draw() {
        let frame = state.frame(columns: columns, rows: rows, now: .now()).ansi(color: color)
        guard frame != lastFrame else { return }
        lastFrame = frame
        try? FileDescriptor.standardOutput.writeAll(frame.utf8)
    }

    private func measure() {
        if let size = Terminal.windowSize() {
            rows = size.rows
            columns = size.columns
            state.resized(columns: columns, rows: rows)
        }
        lastFrame = ""  // redraw whole after a resize
    }
}
