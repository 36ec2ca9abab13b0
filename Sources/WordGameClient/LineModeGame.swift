import Glibc
import WordGame
import WordGameProtocol
import WordGameServer

/// The client without a screen, for pipes and scripts: it prints each event
/// as a sentence (see `LineModeText`) and reads lines from stdin. `y`/`n`
/// answer the current pair, `r` starts or restarts, `q` quits, and anything
/// else goes to the server as typed. The end of stdin quits. A connection
/// that drops while the server holds our seat is taken back on a new one.
public final class LineModeGame {
    private let link: ServerLink
    private var state: ClientState
    private var input = LineFramer(maxLineBytes: 4096)
    private let journal: SoloJournal?
    /// The message before the one being delivered.
    private var previous: ServerMessage?

    /// `journal`: where a solo game's history is kept (nil in a room). `resumes`: take
    /// the seat back after a drop (false for a server in this process).
    public init(connection: ServerConnection, name: String, journal: SoloJournal? = nil, resumes: Bool = true) {
        link = ServerLink(connection, resumes: resumes)
        state = ClientState(name: name)
        self.journal = journal
    }

    /// Plays until the player quits or the server goes away; returns the exit status.
    public func run() -> Int32 {
        let playerKeys: [String: Character] = ["yes": "y", "no": "n", "quit": "q", "exit": "q", "again": "r", "start": "r"]
        var polls = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0), link.pollDescriptor]
        while true {
            deliver(link.read(at: .now()))
            // BYE was printed as it arrived: the server ended the session, on purpose (no reconnecting).
            if state.goodbye != nil { return state.hasQuit ? 0 : 1 }
            switch link.settle(seat: state.resumableSeat, at: .now()) {
            case .connected:
                state.reconnecting = nil
            case .reconnecting(let status):
                if state.reconnecting == nil { say(status.banner(at: .now())) }
                state.reconnecting = status
            case .lost(let why):
                return finish(why)
            }
            polls[1] = link.pollDescriptor
            _ = poll(&polls, 2, min(1_000, link.millisecondsUntilDue(at: .now()) ?? 1_000))
            guard polls[0].revents != 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if n <= 0 { return quit() }
            for case .line(let raw) in input.feed(chunk[0..<n]) {
                let line = raw.trimmingCharacters(in: " \t").lowercased()
                guard !line.isEmpty else { continue }
                let key = playerKeys[line] ?? (line.count == 1 ? line.first : nil)
                guard !link.isReconnecting || key == "q" else { say("Not connected: reconnecting… (q quits)"); continue }
                // This client reads the lines for programs: a typed MODE HUMAN would leave it reading sentences.
                if case .success(.mode) = ClientCommand.parse(raw) {
                    say("MODE is for nc; this client keeps the server's lines for programs.")
                    continue
                }
                guard let key else { link.sendLine(raw); continue }
                let commands = state.press(.character(key))
                commands.forEach(link.send)
                if state.hasQuit { return awaitBye() }
                if commands.isEmpty && "yncw".contains(key) { say("No pair to answer now.") }
            }
        }
    }

    private func deliver(_ messages: [ServerMessage]) {
        for message in messages {
            state.receive(message, at: .now())
            journal?.observe(message, &state)
            // The INFO after a TOKEN tells people at nc to type RESUME after a drop: this client does it for them.
            let explainsToken: Bool
            if case .info = message, case .token? = previous { explainsToken = true } else { explainsToken = false }
            previous = message
            if explainsToken { continue }
            LineModeText.lines(for: message, state: state).forEach(say)
        }
    }

    /// Network text is made safe before it reaches the terminal, even here.
    private func say(_ line: String) {
        print(ScreenText.safe(line))
        fflush(nil)
    }

    private func quit() -> Int32 {
        link.send(.quit)
        return awaitBye()
    }

    /// Quitting while reconnecting needs no goodbye: there is no connection to hear one on.
    private func awaitBye() -> Int32 {
        if !link.isReconnecting, case .bye(let text)? = try? link.connection.next(timeout: 2) { say(text) }
        return 0
    }

    private func finish(_ reason: String) -> Int32 {
        say(reason)
        return 1
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text.removeFirst() }
        while let last = text.last, set.contains(last) { text.removeLast() }
        return String(text)
    }
}
