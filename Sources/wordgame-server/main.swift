import Foundation
import RedisClient
import WordGame
import WordGameCommandLine
import WordGameFleet
import WordGamePOSIX
import WordGameProtocol
import WordGameResults
import WordGameServer
import WordListFiles

// Argument parsing and wiring only: everything else lives in WordGameServer.

func fail(_ message: String, usage: Bool = false) -> Never {
    StandardError.write("wordgame-server: \(message)")
    if usage { StandardError.write("\n\(ServerOptions.usage)") }
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
if options.showVersion {
    print("wordgame-server \(Release.version) (protocol \(protocolVersion))")
    exit(0)
}

guard let wordsPath = options.game.wordsPath ?? DefaultWordList.path() else {
    fail("cannot find the default word list \(DefaultWordList.relativePath) "
         + "(looked in: \(DefaultWordList.candidates().joined(separator: ", "))); give one with --words PATH")
}
let words: WordList
do {
    words = try WordList.load(path: wordsPath)
} catch {
    fail(error.description)
}

// The lists folder: the operator's files and the lists hosts saved over the wire, side by side. The default
// folder may be missing (it is made when a host first saves a list); a folder named with --word-lists must be there.
let listsFolder = options.listsDirectory
let storedLists: [String: StoredWordList]
do {
    storedLists = try WordListFolder.load(listsFolder, missingIsEmpty: options.wordListsDirectory == nil)
} catch {
    fail(error.description)
}
let wordLists = storedLists.filter { $0.value.saved == nil }.mapValues(\.list)

// The console's writer thread only when there is something to write (--quiet keeps problems, on stderr).
let console: EventLog? = options.quiet ? nil : EventLog()
var settings = GameSettings(words: words, wordLists: wordLists, rules: options.game.rules, seed: options.game.seed,
                            autoStart: options.autoStart,
                            countdownMilliseconds: options.countdownSeconds * 1_000,
                            startDelayMilliseconds: options.startDelaySeconds * 1_000, openRooms: !options.hostedOnly,
                            resumeGraceMilliseconds: options.resumeGraceSeconds * 1_000)
settings.savedLists = storedLists.filter { $0.value.saved != nil }
settings.listsFolder = listsFolder
/// Where students reach this machine: the address it listens on, or else its first address on the network.
let everywhere = options.bindAddress == "0.0.0.0" || options.bindAddress == "::"
let joinHost = everywhere ? JoinInstructions.networkAddresses().first ?? "127.0.0.1" : options.bindAddress

let web: WebConfiguration?
if let webPort = options.webPort {
    guard let pages = ResourceLocation.path(WebSite.relativePath) else {
        let looked = ResourceLocation.candidates(WebSite.relativePath).joined(separator: ", ")
        fail("cannot find the web pages \(WebSite.relativePath) (looked in: \(looked)); run without a web port with --no-web")
    }
    do {
        web = WebConfiguration(port: webPort, site: try WebSite.load(from: pages), joinHost: joinHost,
                               allowedOrigins: options.allowedOrigins, metricsAccess: options.metricsAccess)
    } catch {
        fail(error.description)
    }
} else {
    web = nil
}

let fleet = options.directory.map { directory in
    var client = FleetConfiguration.clientOptions
    switch DirectoryPassword.load(file: options.directoryPasswordFile, environment: ProcessInfo.processInfo.environment) {
    case .success(let password): client.password = password
    case .failure(let problem): fail(problem.description)
    }
    if options.isBehindSentinel {
        switch DirectoryPassword.load(file: options.sentinelPasswordFile, environment: ProcessInfo.processInfo.environment,
                                      variable: FleetConfiguration.sentinelPasswordVariable, whose: "the sentinels'") {
        case .success(let password): client.sentinelPassword = password
        case .failure(let problem): fail(problem.description)
        }
    }
    if let user = directory.user, client.password == nil {
        fail("--directory logs in as \(user), and no password was given: put it in a file given with "
             + "--directory-password-file, or in \(FleetConfiguration.passwordVariable)")
    }
    let ttl = options.directoryTTLMilliseconds
    return FleetConfiguration(directory: directory, serverID: options.serverID ?? FleetServerID.make(port: options.port),
                              serverIDIsMadeUp: options.serverID == nil,
                              advertisedHost: options.advertisedHost ?? joinHost,
                              timings: FleetTimings(ttlMilliseconds: ttl, refreshMilliseconds: ttl / 3),
                              client: client)
}
// A wrong password or user is said at once; a Redis that does not answer is waited for (the server starts without it).
if let problem = fleet?.loginProblem() { fail(problem) }

var configuration = ServerConfiguration(
    bindAddress: options.bindAddress, port: options.port, game: settings, limits: options.limits,
    log: { StandardError.write($0) },
    events: { console?.write($0) },
    resultsDirectory: options.resultsDirectory, stateDirectory: options.lessonDirectory,
    sendThreads: SendThreads(count: options.sendThreads), web: web, fleet: fleet,
    name: options.name, reachableHost: joinHost)
configuration.drainLimitMilliseconds = options.drainLimitSeconds * 1_000
// Started by systemd as Type=notify: told when the server is ready, and pinged by its loop for WatchdogSec=.
configuration.serviceManager = ServiceNotifier(environment: ProcessInfo.processInfo.environment)

let server: Server
do {
    server = try Server(configuration: configuration)
    try server.stopOnTerminationSignals()
} catch {
    fail("cannot listen: \(error)")
}

let rules = options.game.rules
let rooms = options.autoStart > 0
    ? "Rooms made with JOIN start by themselves when \(options.autoStart) player\(options.autoStart == 1 ? " is" : "s are") ready"
        + "\(options.countdownSeconds > 0 ? ", after a \(options.countdownSeconds) s countdown" : ""); their host can also type START."
    : "A room made with JOIN has its first player as host, who types START to begin."
let results: String
if let writer = server.results {
    results = writer.problem().map { "Results: cannot be kept (\($0)); games go on without them." }
        ?? "Results: kept in \(writer.directory) (three CSV files a game, and \(ResultsWriter.historyFile))."
} else {
    results = "Results: not kept (--no-results)."
}
let listsNote: String = {
    let named = storedLists.keys.sorted().map { "\($0) (\(storedLists[$0]!.list.entries.count))" }.joined(separator: ", ")
    let picked = named.isEmpty ? "" : "\nWord lists a room's host may pick (RULES LIST <name>), from \(listsFolder): \(named)."
    return picked + "\nLists hosts upload are kept in \(listsFolder)."
}()
let lessonNote = server.lessonNote ?? "Lesson: not kept (--no-state): a stop or a crash ends every room."
let fleetNote = fleet.map { fleet in
    "\nFleet: one of the servers whose directory is \(fleet.directory), as \(server.fleetServerID ?? fleet.serverID); "
        + "players of the others are sent here "
        + "at \(fleet.advertisedHost) port \(server.port)\(server.webPort.map { " (web port \($0))" } ?? "")."
} ?? ""
let browsers = server.webPort.map { port in
    let address = WebConfiguration.joinAddress(host: joinHost, port: port)
    return "Browsers: students open \(address) and the teacher \(address)host (web port \(port))."
} ?? "Browsers: no web port (--no-web)."
print("""
    wordgame-server: listening on \(options.bindAddress) port \(server.port)
    \(browsers)
    Words: \(words.entries.count) pairs from \(wordsPath), \(words.from) → \(words.to)\(listsNote)
    Rules: \(rules.pairCount) pair\(rules.pairCount == 1 ? "" : "s") a game, \(spokenSeconds(rules.roundMilliseconds)) a pair, \
    out after \(rules.maxIncorrect) wrong attempts\
    \(options.game.seed.map { ", seed \($0)" } ?? "").
    Rooms: a teacher types HOST for a room with a code, run without playing\(options.hostedOnly ? "; JOIN enters only those" : ""). \
    \(options.hostedOnly ? "" : rooms)
    \(results)
    \(lessonNote)
    Limits: \(server.limits.maxConnections) connections, \(server.limits.maxPerAddress) from one address; \
    a dropped player's seat is held \(options.resumeGraceSeconds) s for RESUME.\(server.limitNote.map { "\nNote: \($0)." } ?? "")\
    \(fleetNote)
    \(JoinInstructions.text(bindAddress: options.bindAddress, port: server.port, client: .discover()))
    """)
StandardOutput.flush()  // the banner must show before the loop blocks, even when piped
server.run()
// The last line, dated and named as the event lines are: a log read later says when the server stopped.
if let console {
    console.write(server.consoleLine("wordgame-server: stopped"))
    console.flush()
} else {
    print(server.consoleLine("wordgame-server: stopped"))
}
// A drain (SIGHUP) is a stop to be started again: 75 (EX_TEMPFAIL), which the unit's RestartForceExitStatus= restarts.
exit(server.drained ? 75 : 0)

/// A pair's time as the pages and the terminal say it, "5 s" or "1.5 s", exact to the millisecond the flag gave.
func spokenSeconds(_ milliseconds: Int) -> String {
    let fraction = milliseconds % 1_000
    guard fraction > 0 else { return "\(milliseconds / 1_000) s" }
    var digits = String(fraction + 1_000).dropFirst()  // "050" for 50 ms
    while digits.hasSuffix("0") { digits = digits.dropLast() }
    return "\(milliseconds / 1_000).\(digits) s"
}
