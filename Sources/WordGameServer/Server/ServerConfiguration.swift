import WordGamePOSIX
import WordGameResults

/// How a server listens and what it plays.
public struct ServerConfiguration: Sendable {
    /// 0.0.0.0 by default, so a class on the same network can join; tests use 127.0.0.1.
    public var bindAddress: String
    /// 0 picks a free port (tests); the chosen one is `Server.port`.
    public var port: UInt16
    public var game: GameSettings
    /// Connection counts, timeouts and pacing (Protocol.md §8).
    public var limits: ConnectionLimits
    /// A client line longer than this is refused with an error line (Protocol.md, "Limits").
    public var maxLineBytes: Int
    /// A client whose unsent output exceeds this has stopped reading: it is dropped.
    public var maxQueuedBytes: Int
    /// Where the server reports what an operator should know (stderr by default).
    public var log: @Sendable (String) -> Void
    /// One line per event that matters (joined, left, game over…), for the
    /// console: called on the loop thread, so it must not block (see `EventLog`).
    public var events: @Sendable (String) -> Void
    /// The folder finished games are written to; nil keeps no results.
    public var resultsDirectory: String?
    /// How many threads send a big turn's lines (`SendThreads.swift`).
    public var sendThreads: SendThreads
    /// The folder the lesson is kept in across restarts (`--state`); nil keeps nothing (`--no-state`).
    public var stateDirectory: String?
    /// The state folder a server keeps its lesson in unless told otherwise: `wordgame-state` beside the results folder.
    public static func defaultStateDirectory(besideResults results: String?) -> String {
        StateFile.defaultDirectory(besideResults: results)
    }
    /// The web port (pages and the game over WebSocket); nil: none.
    public var web: WebConfiguration?
    /// One of a fleet of servers sharing rooms through a directory in Redis; nil: a server on its own.
    public var fleet: FleetConfiguration?
    /// The server's name at the head of its console lines (`ConsoleLine`) when it is on its own (`--name`); nil:
    /// `host:port`. A member of a fleet is named by its id in the fleet.
    public var name: String?
    /// The address students reach this machine at, for that `host:port`; nil: the bind address.
    public var reachableHost: String?
    /// The service manager that started the server (systemd's `Type=notify`), told when it is ready, draining and
    /// stopping, and pinged by the loop for its watchdog; nil: none listens.
    public var serviceManager: ServiceNotifier?
    /// How long a drain (SIGHUP) waits for the games on the server to end before it stops anyway.
    public var drainLimitMilliseconds = Self.defaultDrainLimitMilliseconds
    /// Half an hour: a class's games last minutes, so a drain that waits longer waits for a room nobody ends.
    public static let defaultDrainLimitMilliseconds = 30 * 60_000

    public init(bindAddress: String = "0.0.0.0", port: UInt16 = 4000, game: GameSettings,
                limits: ConnectionLimits = ConnectionLimits(), maxLineBytes: Int = 512, maxQueuedBytes: Int = 256 * 1024,
                log: @escaping @Sendable (String) -> Void = { _ in }, events: @escaping @Sendable (String) -> Void = { _ in },
                resultsDirectory: String? = nil, stateDirectory: String? = nil, sendThreads: SendThreads = SendThreads(),
                web: WebConfiguration? = nil,
                fleet: FleetConfiguration? = nil, name: String? = nil, reachableHost: String? = nil) {
        self.bindAddress = bindAddress
        self.port = port
        self.game = game
        self.limits = limits
        self.maxLineBytes = maxLineBytes
        self.maxQueuedBytes = maxQueuedBytes
        self.log = log
        self.events = events
        self.resultsDirectory = resultsDirectory
        self.stateDirectory = stateDirectory
        self.sendThreads = sendThreads
        self.web = web
        self.fleet = fleet
        self.name = name
        self.reachableHost = reachableHost
    }
}
