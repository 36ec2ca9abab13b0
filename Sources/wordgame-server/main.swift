import Foundation
import WordGame
import WordGameServer

// Argument parsing and wiring only: everything else lives in WordGameServer.

func fail(_ message: String, usage: Bool = false) -> Never {
    FileHandle.standardError.write(Data("wordgame-server: \(message)\n".utf8))
    if usage { FileHandle.standardError.write(Data("\n\(ServerOptions.usage)\n".utf8)) }
    exit(usage ? 64 : 1)
}

let options: ServerOptions
do {
    options = try ServerOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    fail(error.description, usage: true)
}
if options.showHelp {
    print(ServerOptions.usage)
    exit(0)
}

guard let wordsPath = options.game.wordsPath ?? DefaultWordList.path() else {
    fail("cannot find the default word list \(DefaultWordList.relativePath) (looked in: \(DefaultWordList.candidates().joined(separator: ", "))); give one with --words PATH")
}
let words: WordList
do {
    words = try WordList.load(path: wordsPath)
} catch {
    fail(error.description)
}

let settings = GameSettings(words: words, rules: options.game.rules, seed: options.game.seed, autoStart: options.autoStart,
                            countdownMilliseconds: options.countdownSeconds * 1_000)
let configuration = ServerConfiguration(
    bindAddress: options.bindAddress, port: options.port, game: settings, maxConnections: options.maxConnections,
    log: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })

let server: Server
do {
    server = try Server(configuration: configuration)
    try server.stopOnTerminationSignals()
} catch {
    fail("cannot listen on \(options.bindAddress) port \(options.port): \(error)")
}

let rules = options.game.rules
let start = options.autoStart > 0
    ? "Games start by themselves when \(options.autoStart) player\(options.autoStart == 1 ? " is" : "s are") ready\(options.countdownSeconds > 0 ? ", after a \(options.countdownSeconds) s countdown" : ""); a room's host can also type START."
    : "A room's first player is its host and types START to begin."
print("""
    wordgame-server: listening on \(options.bindAddress) port \(server.port)
    Words: \(words.entries.count) pairs from \(wordsPath)
    Rules: \(rules.pairCount) pairs a game, \(rules.roundMilliseconds) ms a pair, out after \(rules.maxIncorrect) wrong attempts\(options.game.seed.map { ", seed \($0)" } ?? "").
    \(start)
    \(JoinInstructions.text(bindAddress: options.bindAddress, port: server.port))
    """)
fflush(nil)  // all streams: the banner must show before the loop blocks, even when piped
server.run()
print("wordgame-server: stopped")
exit(0)
