import WordGame
import WordGameCommandLine
import WordGamePOSIX
import WordGameProtocol
import WordGameServer
import WordListFiles

/// `wordgame-client --present`: one command for the teacher. Without `--host`
/// it runs the class server in this process and hosts a room on it; with
/// `--host` it hosts (or takes back, or watches) a room on that server.
public enum PresentApp {
    /// Runs the screen until the teacher quits; returns the exit status and
    /// what to print once the terminal is back to normal.
    public static func run(_ options: ClientOptions,
                           words: () throws(ClientError) -> WordList) throws(ClientError) -> (status: Int32, farewell: [String]) {
        // A list to upload is read first: a file that cannot be is said before anything starts.
        let upload = try options.upload.map { path throws(ClientError) in try readList(path) }
        var server: Server?
        defer {
            server?.stop()
            server?.waitUntilStopped()  // also waits for results still being written
        }
        let host: String, port: UInt16
        if let remote = options.host {
            host = remote
            port = options.port
        } else {
            let list = try words()
            let lists = try wordLists(options.wordListsDirectory)
            do {
                server = try ClassServer.start(words: list, wordLists: lists, rules: options.game.rules, seed: options.game.seed,
                                               firstPort: options.port,
                                               resultsDirectory: options.resultsDirectory)
            } catch {
                let tried = error.code == Errno.addressInUse
                    ? "port \(options.port) or the \(ClassServer.portsTried - 1) after it"
                    : "port \(options.port)"
                throw ClientError("cannot listen on \(tried): \(error)")
            }
            host = "127.0.0.1"
            port = server!.port
        }
        if let problem = server?.results?.problem() {
            throw ClientError("results cannot be kept (\(problem)); choose a folder with --results DIR, or --no-results")
        }
        let connection = try ServerConnection(host: host, port: port)
        let role: PresentSession.Role
        if let room = options.room, let key = options.key {
            role = .reclaim(room: room, key: key)
        } else if let room = options.room, options.watch {
            role = .watch(room: room)
        } else {
            role = .host
        }
        // Said before the screen opens, and left on the terminal when it closes.
        let accepted = try PresentSession.open(connection, as: role) { line in
            print(ScreenText.safe(line))
            StandardOutput.flush()
        }
        // A room on another server of a fleet is played there (a MOVED): students are shown that server, which
        // takes them in at once. Students are on other machines: a server reached over loopback is reached by them
        // at this machine's network address only if it listens there (not when bound to 127.0.0.1).
        let there = connection.server
        let address = server == nil ? StudentAddress.forServer(reachedAt: there.host, port: there.port)
                                    : JoinInstructions.networkAddresses().first ?? "127.0.0.1"

        var state = PresentState()
        state.joinAddress = address
        state.joinPort = there.port
        state.ownsServer = server != nil
        state.receive(accepted, at: .now())
        var uploaded: [String] = []
        if let upload, let path = options.upload {
            let outcome = try PresentUpload.run(upload, languages: options.languages.flatMap(ListFileLines.languages),
                                                key: options.listKey, on: connection) { state.receive($0, at: .now()) }
            uploaded = PresentUpload.report(outcome, file: path)
            for line in uploaded { print(ScreenText.safe(line)) }
            StandardOutput.flush()
            let notRead = outcome.summary.skipped == 0 ? "" : "; \(outcome.summary.skipped) not read (listed when you quit)"
            state.lastNotice = "List \(outcome.summary.name): \(outcome.summary.pairs) pairs, \(outcome.summary.from) → "
                + "\(outcome.summary.to)\(notRead)"
            state.noticeAt = .now()
        }
        let loop: TerminalLoop<PresentState>
        // A drop takes the host's seat back on a new connection; a server in this process does not drop.
        do {
            loop = try TerminalLoop(connection: connection, screen: state, resumes: server == nil)
        } catch {
            throw ClientError("\(error)")
        }
        let status = try loop.run()
        return (status, uploaded + farewell(loop.state, server: server, at: loop.server))
    }

    /// What the teacher needs after the screen is gone: where the results are,
    /// and how to take the room back (the key is never shown on the projector).
    /// `there`: the server the room is on (after a reconnect, too).
    static func farewell(_ state: PresentState, server: Server?, at there: ServerLocation) -> [String] {
        var lines: [String] = []
        if let results = server?.results { lines.append("Results of this session's games: \(results.directory)") }
        if server == nil, let room = state.room, let key = state.key, state.screen != .closed {
            let portFlag = there.port == 4000 ? "" : " --port \(there.port)"
            lines.append("The room \(room.uppercased()) waits for its host. Take it back with:")
            lines.append("  wordgame-client --present --host \(there.host)\(portFlag) --room \(room) --key \(key)")
        }
        return lines
    }

    /// The list file of `--upload`, read whole (a few KiB; at most `ListFileLines.maxFileBytes`).
    static func readList(_ path: String) throws(ClientError) -> ListFileLines {
        let bytes: [UInt8]
        do { bytes = try FileContents.read(path) } catch {
            let why = switch error {
            case .missing: "no such file"
            case .isDirectory: "a folder, not a file"
            case .unreadable(let code?): Errno.text(code)
            case .unreadable(nil): "too large"
            }
            throw ClientError("--upload \(path): \(why)")
        }
        guard bytes.count <= ListFileLines.maxFileBytes else {
            throw ClientError("--upload \(path): \(bytes.count / 1_024) KiB, more than a list can be (an upload is at most 256 KiB)")
        }
        return try ListFileLines.read(path: path, bytes: bytes)
    }

    /// The lists of `--word-lists DIR`, each checked before the screen opens: a bad file is named with its problem.
    static func wordLists(_ folder: String?) throws(ClientError) -> [String: WordList] {
        guard let folder else { return [:] }
        do { return try WordListFolder.load(folder).mapValues(\.list) } catch { throw ClientError(error.description) }
    }
}
