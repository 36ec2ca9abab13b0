import Foundation
import WordGame
import WordGameClient
import WordGamePOSIX
import WordGameProtocol

// Argument parsing and wiring only: the game lives in WordGameClient.

func fail(_ message: String, usage: Bool = false) -> Never {
    StandardError.write("wordgame-client: \(message)")
    if usage { StandardError.write("\n\(ClientOptions.usage)") }
    exit(usage ? 64 : 1)
}

let options: ClientOptions
do {
    options = try ClientOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    fail(error.description, usage: true)
}
if options.showHelp {
    print(ClientOptions.usage)
    exit(0)
}

Signal.ignoreBrokenPipe()

/// A terminal that can place the cursor: TERM unset, `dumb` (Emacs' shell, some IDE consoles)
/// or `unknown` cannot, and gets line mode instead of a screen of escape codes.
let addressable = !["", "dumb", "unknown"].contains(ProcessInfo.processInfo.environment["TERM"] ?? "")

if options.present {
    guard Terminal.isTerminal(.standardInput) && Terminal.isTerminal(.standardOutput) else { fail("--present needs a terminal to draw on") }
    guard addressable else { fail("--present needs a terminal that can place the cursor (TERM is dumb or unset)") }
    do {
        let (status, farewell) = try PresentApp.run(options, words: { () throws(ClientError) in
            try GameWords.load(options.game.wordsPath)
        })
        farewell.forEach { print($0) }
        exit(status)
    } catch {
        fail(error.description)
    }
}

let interactive = Terminal.isTerminal(.standardInput) && Terminal.isTerminal(.standardOutput) && !options.lineMode && addressable

/// Asks for a name on the normal terminal (or reads one line in line mode).
func askName(_ reason: String?) -> String? {
    if let reason { print(reason) }
    // At a terminal the name is typed on the prompt's line; a script reads whole lines.
    print("Your name: ", terminator: interactive ? "" : "\n")
    StandardOutput.flush()
    guard let line = readLine(), !line.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
    return line
}

// Solo by default: the same server, in this process, on 127.0.0.1.
var soloServer: SoloServer?
let host: String, port: UInt16
if let chosen = options.host {
    host = chosen
    port = options.port
} else {
    let words: WordList
    do { words = try GameWords.load(options.game.wordsPath) } catch { fail(error.description) }
    do { soloServer = try SoloServer(words: words, rules: options.game.rules, seed: options.game.seed) } catch {
        fail("cannot start the solo game: \(error)")
    }
    host = "127.0.0.1"
    port = soloServer!.port
}

// A seat survives its client: the code kept on disk (or --resume) takes it back before anything else.
let keeper = options.host.map { SeatKeeper(host: $0, port: port) }
var resumeCode = options.resume
/// The file the code was read from, if it was: a code the server no longer holds goes with it.
var savedFile: SeatFile?
/// The server the seat is on, where the file says: a server of a fleet may have sent the client to another.
var seatServer: ServerLocation?
if resumeCode == nil, let chosen = options.host, let file = SeatFile.forSeat(host: chosen, port: port, room: options.room ?? "main") {
    switch file.load() {
    case .none: break
    case .problem(let line): StandardError.write("wordgame-client: \(line)")
    // Another name on the command line is another player: their seat is not this one.
    case .saved(let saved) where options.name.map({ $0.lowercased() == saved.name.lowercased() }) ?? true:
        resumeCode = saved.code
        savedFile = file
        seatServer = saved.server
    case .saved: break
    }
}

/// A line for the player before the game's screen opens (which hides it: `startNotice` says it there).
func say(_ line: String) {
    print(ScreenText.safe(line))
    StandardOutput.flush()
}

let typedServer = ServerLocation(host: host, port: port)
let firstServer = seatServer ?? typedServer
let connection: ServerConnection
do {
    connection = try ServerConnection(host: firstServer.host, port: firstServer.port)
} catch where firstServer != typedServer {
    // A server keeps its seats in memory: the seat went with it, and the server typed takes the player in.
    say("Your seat was on \(seatServer!), which cannot be reached; joining room \(options.room ?? "main") on \(typedServer) again.")
    resumeCode = nil
    savedFile?.discard()
    do { connection = try ServerConnection(host: host, port: port) } catch { fail(error.description) }
} catch {
    fail(error.description)
}

var resumedAs: String?
/// Said on the game's screen too: the line printed before it is hidden under the full screen.
var startNotice: String?
if let code = resumeCode {
    do {
        switch try ResumeAtStart.resume(connection, code: code, told: say) {
        case .resumed(let name, _): resumedAs = name
        case .notHeld(let why):
            savedFile?.discard()
            say("\(why); joining room \(options.room ?? "main") again.")
            startNotice = "Resume code \(code.uppercased()) is no longer held: you joined again."
        }
    } catch {
        fail(error.description)
    }
}

let defaultName: String = {
    let user = ProcessInfo.processInfo.environment["USER"].map { String($0.prefix(16)) } ?? ""
    return (try? Names.nickname(user).get()) ?? "Player"
}()
let wantedName: String
if let resumedAs {
    wantedName = resumedAs
} else if let name = options.name {
    wantedName = name
} else if options.host == nil {
    wantedName = defaultName
} else {
    guard let typed = askName(nil) else { fail("a name is needed to join a room (--name NAME)") }
    wantedName = typed
}

let name: String
if let resumedAs {
    name = resumedAs
} else {
    do {
        name = try JoinRoom.join(connection, name: wantedName, room: options.room, greeted: resumeCode != nil,
                                 askAgain: options.name == nil ? askName : nil, told: say)
    } catch {
        fail(error.description)
    }
}

// A solo game keeps the player's history; a room's results belong to its host.
let journal = soloServer == nil ? nil : SoloHistoryFile.forUser().map(SoloJournal.init)
// After a dropped connection the client takes its seat back; the solo server is in this process and does not drop.
let resumes = soloServer == nil
let status: Int32
var terminalGone = false
if interactive {
    do {
        var screen = ClientState(name: name)
        screen.showsResumeCode = keeper != nil
        // The game is not on the server typed (a MOVED, or a seat kept on another of the fleet): said on the screen too.
        screen.notice = startNotice ?? (connection.server == typedServer ? nil : ClientTexts.sentOn(to: connection.server))
        let loop = try TerminalLoop(connection: connection, screen: screen, resumes: resumes)
        loop.observe = journal.map { journal in { journal.observe($0, &$1) } }
        loop.afterTurn = keeper.map { keeper in { keeper.track($0.resumableSeat, name: $0.name, on: $1) } }
        status = try loop.run()
        terminalGone = loop.terminalGone
    } catch {
        fail("\(error)")
    }
} else {
    let game = LineModeGame(connection: connection, name: name, journal: journal, resumes: resumes, showsResumeCode: keeper != nil)
    game.afterTurn = keeper.map { keeper in { keeper.track($0.resumableSeat, name: $0.name, on: $1) } }
    status = game.run()
}
// Every way the loop ends gives the seat up (quit, BYE, a reconnect that gave up), but a client killed
// outright or a terminal closed under it: those keep it, for the same command to take it back.
if !terminalGone { keeper?.release() }
if let problem = keeper?.problem { StandardError.write("wordgame-client: \(problem)") }
soloServer?.stop()
exit(status)
