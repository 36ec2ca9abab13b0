import WordGame
import WordGamePOSIX
import WordGameProtocol

/// The client without a screen, for pipes, scripts and terminals that cannot
/// place the cursor: it prints each event as a sentence (see `LineModeText`)
/// and reads lines from stdin. `y`/`n` answer the current pair, `r` starts or
/// restarts, `q` quits, `?` lists the keys; anything else gets that list too
/// (the protocol is for `nc`, not for this client's player). The end of stdin
/// quits. A connection that drops while the server holds our seat is taken
/// back on a new one.
public final class LineModeGame {
    private let link: ServerLink
    private var state: ClientState
    private var input = LineFramer(maxLineBytes: 4096)
    private let journal: SoloJournal?
    /// Sees the state after each turn's messages, and the server the game is on: the seat file is kept here (`SeatKeeper`).
    public var afterTurn: ((ClientState, ServerLocation) -> Void)?

    /// `journal`: where a solo game's history is kept (nil in a room). `resumes`: take
    /// the seat back after a drop (false for a server in this process).
    /// `showsResumeCode`: `?` says the seat's resume code (it outlives this client).
    public init(connection: ServerConnection, name: String, journal: SoloJournal? = nil, resumes: Bool = true,
                showsResumeCode: Bool = false) {
        link = ServerLink(connection, resumes: resumes)
        state = ClientState(name: name)
        state.showsResumeCode = showsResumeCode
        self.journal = journal
    }

    /// Plays until the player quits or the server goes away; returns the exit status.
    public func run() -> Int32 {
        let playerKeys: [String: Character] = ["yes": "y", "no": "n", "quit": "q", "exit": "q", "again": "r", "start": "r",
                                               "help": "?"]
        var polls = [PollEntry(.standardInput), link.pollEntry]
        while true {
            deliver(link.read(at: .now()))
            // BYE was printed as it arrived: the server ended the session, on purpose (no reconnecting).
            if state.goodbye != nil { return state.hasQuit ? 0 : 1 }
            switch link.settle(seat: state.resumableSeat, at: .now()) {
            case .connected:
                state.reconnecting = nil
            case .reconnecting(let status):
                // Said again should the tries go to another server (a MOVED).
                if state.reconnecting?.movedTo != status.movedTo || state.reconnecting == nil { say(status.banner(at: .now())) }
                state.reconnecting = status
            case .lost(let why):
                return finish(why)
            }
            afterTurn?(state, link.connection.server)
            polls[1] = link.pollEntry
            Poll.wait(&polls, milliseconds: min(1_000, link.millisecondsUntilDue(at: .now()) ?? 1_000))
            guard polls[0].isReady else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let result = chunk.withUnsafeMutableBytes { raw in (try? FileDescriptor.standardInput.read(into: raw)) ?? .done(0) }
            guard case .done(let n) = result else { continue }
            if n <= 0 { return quit() }
            for case .line(let raw) in input.feed(chunk[0..<n]) {
                let line = raw.trimmingCharacters(in: " \t").lowercased()
                guard !line.isEmpty else { continue }
                let key = playerKeys[line] ?? (line.count == 1 ? line.first : nil)
                guard !link.isReconnecting || key == "q" else { say("Not connected: reconnecting… (q quits)"); continue }
                // A typed q (and Enter) is deliberate: no "quit?" question as on the full screen.
                if key == "q" { return quit() }
                guard let key, key != "?", key != "h" else { LineModeText.keys(state).forEach(say); continue }
                let now = Instant.now()
                let commands = state.press(.character(key), at: now)
                commands.forEach(link.send)
                if state.hasQuit { return awaitBye() }
                if commands.isEmpty, let why = LineModeText.whyNoAnswer(key, state: state, at: now) { say(why) }
            }
        }
    }

    private func deliver(_ messages: [ServerMessage]) {
        for message in messages {
            state.receive(message, at: .now())
            journal?.observe(message, &state)
            LineModeText.lines(for: message, state: state).forEach(say)
        }
    }

    /// Network text is made safe before it reaches the terminal, even here.
    private func say(_ line: String) {
        print(ScreenText.safe(line))
        StandardOutput.flush()
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
