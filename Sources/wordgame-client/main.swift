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

let connection: ServerConnection
do { connection = try ServerConnection(host: host, port: port) } catch { fail(error.description) }

let defaultName: String = {
    let user = ProcessInfo.processInfo.environment["USER"].map { String($0.prefix(16)) } ?? ""
    return (try? Names.nickname(user).get()) ?? "Player"
}()
let wantedName: String
if let name = options.name {
    wantedName = name
} else if options.host == nil {
    wantedName = defaultName
} else {
    guard let typed = askName(nil) else { fail("a name is needed to join a room (--name NAME)") }
    wantedName = typed
}

let name: String
do {
    name = try JoinRoom.join(connection, name: wantedName, room: options.room, askAgain: options.name == nil ? askName : nil)
} catch {
    fail(error.description)
}

// A solo game keeps the player's history; a room's results belong to its host.
let journal = soloServer == nil ? nil : SoloHistoryFile.forUser().map(SoloJournal.init)
// After a dropped connection the client takes its seat back; the solo server is in this process and does not drop.
let resumes = soloServer == nil
let status: Int32
if interactive {
    do {
        let loop = try TerminalLoop(connection: connection, screen: ClientState(name: name), resumes: resumes)
        loop.observe = journal.map { journal in { journal.observe($0, &$1) } }
        status = try loop.run()
    } catch {
        fail("\(error)")
    }
} else {
    status = LineModeGame(connection: connection, name: name, journal: journal, resumes: resumes).run()
}
soloServer?.stop()
exit(status)
