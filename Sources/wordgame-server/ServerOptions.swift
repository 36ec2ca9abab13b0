import RedisClient
import WordGameCommandLine
import WordGameFleet
import WordGameProtocol
import WordGameResults
import WordGameServer
import WordListFiles

/// The command line of `wordgame-server`.
struct ServerOptions: Equatable {
    public var port: UInt16 = 4000
    /// The web port (pages for browsers, the game over WebSocket); nil with --no-web.
    public var webPort: UInt16? = WebConfiguration.defaultPort
    /// Origins besides the server's own whose pages may open the game's WebSocket.
    public var allowedOrigins: [String] = []
    /// Who may read /metrics and /healthz; the default (this machine and the private ranges) until --metrics-from names any.
    public var metricsFrom: [MetricsAccess.Network] = []
    public var metricsAccess: MetricsAccess { metricsFrom.isEmpty ? .default : MetricsAccess(networks: metricsFrom) }
    public var bindAddress = "0.0.0.0"
    public var game = GameFlags()
    /// A folder of word lists a room's host may choose (`RULES LIST <name>`); nil: the default list only.
    public var wordListsDirectory: String?
    public var autoStart = 0
    public var countdownSeconds = 0
    public var startDelaySeconds = GameSettings.defaultStartDelayMilliseconds / 1_000
    public var maxConnections = ConnectionLimits().maxConnections
    public var maxPerAddress = ConnectionLimits().maxPerAddress
    public var resumeGraceSeconds = GameSettings.defaultResumeGraceMilliseconds / 1_000
    /// How long a drain (SIGHUP) waits for the games on the server to end before it stops anyway.
    public var drainLimitSeconds = ServerConfiguration.defaultDrainLimitMilliseconds / 1_000
    /// Where finished games are written; nil with --no-results.
    public var resultsDirectory: String? = ResultsWriter.defaultDirectory
    /// Where the lesson is kept across restarts; nil: `wordgame-state` beside the results folder.
    public var stateDirectory: String?
    /// --no-state: nothing is kept, and a stop ends every game.
    public var keepsState = true
    /// The folder the lesson is kept in, or nil when none is.
    public var lessonDirectory: String? {
        keepsState ? stateDirectory ?? ServerConfiguration.defaultStateDirectory(besideResults: resultsDirectory) : nil
    }
    /// The lists folder: `--word-lists`, or `wordgame-lists` beside the results folder.
    public var listsDirectory: String {
        wordListsDirectory ?? WordListFolder.defaultDirectory(besideResults: resultsDirectory)
    }
    /// No console line per event.
    public var quiet = false
    /// JOIN enters only rooms that exist (made with HOST).
    public var hostedOnly = false
    /// Threads that send a big turn's lines (`SendThreads`).
    public var sendThreads = SendThreads.defaultCount
    /// The fleet's directory: nil for a server on its own.
    public var directory: RedisURL?
    /// The file the directory's password is read from; nil: `WORDGAME_DIRECTORY_PASSWORD`, if set.
    public var directoryPasswordFile: String?
    /// With a `redis-sentinel://` directory: the file the sentinels' password is read from; nil:
    /// `WORDGAME_SENTINEL_PASSWORD`, if set.
    public var sentinelPasswordFile: String?
    /// How other servers' players reach this one; nil: the address the banner gives students.
    public var advertisedHost: String?
    /// This server's name in the directory; nil: made from the machine's name, the port and a random part.
    public var serverID: String?
    /// The server's name on its console lines when it is on its own; nil: the address and port students reach it at.
    public var name: String?
    /// How long a key of the directory lives unrefreshed.
    public var directoryTTLMilliseconds = FleetTimings().ttlMilliseconds
    public var showHelp = false
    public var showVersion = false

    public init() {}

    /// Whether the directory is reached through Redis Sentinel.
    public var isBehindSentinel: Bool {
        if case .sentinels? = directory?.servers { return true }
        return false
    }

    /// The connection limits these options set; the rest keep their defaults.
    public var limits: ConnectionLimits {
        var limits = ConnectionLimits()
        limits.maxConnections = maxConnections
        limits.maxPerAddress = maxPerAddress
        return limits
    }

    public static let usage = """
        USAGE: wordgame-server [options]

        Hosts wordgame rooms on a TCP line protocol: join with wordgame-client or with nc.

        OPTIONS:
          --port N             TCP port to listen on (default 4000; 0 picks a free one)
          --web-port N         port for browsers: the students' page, the teacher's page and the
                               game over WebSocket (default 8080; 0 picks a free one)
          --no-web             no web port: nc and the terminal client only
          --allow-origin URL   also let pages from URL open the game (a proxy's address, say
                               http://games.school.example); may be given more than once
          --metrics-from CIDR  who may read the web port's /metrics and /healthz (10.0.0.0/8,
                               192.168.1.5, fd00::/8); may be given more than once (default:
                               127.0.0.0/8, ::1, 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16,
                               fc00::/7 and fe80::/10: this machine and the private ranges)
          --bind ADDR          address to listen on (default 0.0.0.0: every interface,
                               so a class on the same network can join; 127.0.0.1: this machine only)
          --words PATH         JSON word list [{"text_eng": ..., "text_spa": ...}]
                               (default: Resources/words.json); read, never modified
          --word-lists DIR     every *.json in DIR is a word list a room's host may choose with
                               RULES LIST <name> (the file's name without .json); each is
                               checked at start. --words stays every room's first list, "default".
                               Lists teachers save from the host page are written here too
                               (default: wordgame-lists beside the results folder)
          --round-ms N         time per pair in milliseconds (default 5000)
          --pairs N            pairs per game (default 15)
          --max-incorrect N    a player is out after N wrong attempts (default 3)
          --seed N             deal reproducible games (the same pairs for the same N)
          --auto-start N       also start a game by itself once N players are ready
                               (default 0: only the room's host starts, with START)
          --countdown SECONDS  with --auto-start, wait this long before starting (default 0)
          --start-delay SECONDS
                               a host's START begins the game after this countdown when it
                               brings in other players, so every screen shows it (default 5;
                               0 to 60; a host's second START skips it)
          --max-connections N  refuse players beyond N (default 10000; lowered to fit
                               the descriptor limit, ulimit -n, and the banner says so)
          --max-per-address N  refuse connections from one address beyond N (default 500:
                               a school behind one address fits)
          --resume-grace SECONDS
                               hold a dropped player's seat this long for RESUME
                               (default 60; 1 to 3600)
          --drain-limit SECONDS
                               a drain (SIGHUP, systemctl reload) waits this long at most for the
                               games on the server to end, then stops anyway (default 1800;
                               0 to 86400; with the lesson kept, they go on after the restart)
          --results DIR        keep every finished game in DIR: three CSV files a game and
                               history.jsonl (default: wordgame-results in the working directory)
          --no-results         keep no results files
          --state DIR          keep the lesson in DIR across a restart or a crash: rooms, codes and
                               keys, seats and scores, the game on (default: wordgame-state beside
                               the results folder)
          --no-state           keep no lesson: a stop or a crash ends every room and game
          --hosted-only        JOIN enters only rooms made with HOST (a mistyped code gets
                               an error, not an empty room of its own)
          --send-threads N     threads that share the sending when a turn writes to many
                               players at once, a round's close in a big room (default:
                               one per core, at most 8; 1 to 64; 1: the event loop alone)
          --directory redis://[USER@]HOST:PORT[/DB]
                               be one of a fleet of servers sharing one space of room codes,
                               whose directory is this Redis: a room, or a seat held for RESUME,
                               on another server is found there, and the player is sent on.
                               USER: Redis's ACL user to log in as (AUTH USER PASSWORD; without
                               it, AUTH PASSWORD); DB: the database's number (SELECT DB; default 0)
          --directory redis-sentinel://[USER@]HOST:PORT[,HOST:PORT...]/MASTER[/DB]
                               the same, with Redis behind Sentinel: the sentinels' addresses (1
                               to 9), asked in turn for the master named MASTER, which is
                               followed through a failover; USER, DB and the password as above
          --directory-password-file PATH
                               with --directory: the password to log in to Redis with, the file's
                               one line (default: the environment's WORDGAME_DIRECTORY_PASSWORD;
                               never on the command line, which anyone on the machine sees)
          --sentinel-password-file PATH
                               with --directory redis-sentinel://: the sentinels' own password
                               (their requirepass), the file's one line (default: the
                               environment's WORDGAME_SENTINEL_PASSWORD; without either, the
                               sentinels are asked without a login)
          --advertise HOST     with --directory: how players of other servers reach this one
                               (default: the address the banner gives students)
          --server-id ID       with --directory: this server's name in the directory, unique in
                               the fleet (default: this machine's name, the port, a random part)
          --directory-ttl-ms N with --directory: how long a dead server's rooms are sent players
                               before they are gone (default 10000; 1000 to 600000; refreshed
                               every third)
          --name NAME          the server's name at the head of each console line (1 to 64 letters,
                               digits, '-', '_' or '.'; default: its address and port; in a fleet,
                               its --server-id)
          --quiet              no console line per event (joined, left, game over…)
          --version            show the release and the protocol's version
          -h, --help           show this help

        A teacher types HOST (nc) or runs wordgame-client --present: a room with a code,
        run without playing. Without HOST, a room's first player is its host; the host
        types START to begin and AGAIN to play again. Stop the server with Ctrl-C:
        players are told, and it exits 0. Drain it with SIGHUP: it takes no new room, and
        exits 75 once no game is on (or at --drain-limit), for systemd to start it again.
        """

    public static func parse(_ arguments: [String]) throws(UsageError) -> ServerOptions {
        var options = ServerOptions()
        var scanner = ArgumentScanner(arguments)
        while let flag = try scanner.nextFlag() {
            if try options.game.read(flag, from: &scanner) { continue }
            switch flag.flag {
            case "-h", "--help": options.showHelp = true
            case "--version": options.showVersion = true
            case "--port", "-p": options.port = try scanner.integer(for: flag, in: 0...65_535)
            case "--web-port": options.webPort = try scanner.integer(for: flag, in: 0...65_535)
            case "--no-web": options.webPort = nil
            case "--allow-origin": options.allowedOrigins.append(try scanner.value(for: flag))
            case "--metrics-from":
                let text = try scanner.value(for: flag)
                guard let network = MetricsAccess.Network(text) else {
                    throw UsageError("--metrics-from takes an address or a network (10.0.0.0/8, fd00::/8), not '\(text)'")
                }
                options.metricsFrom.append(network)
            case "--bind": options.bindAddress = try scanner.value(for: flag)
            case "--auto-start": options.autoStart = try scanner.integer(for: flag, in: 0...100_000)
            case "--countdown": options.countdownSeconds = try scanner.integer(for: flag, in: 0...3_600)
            case "--start-delay": options.startDelaySeconds = try scanner.integer(for: flag, in: 0...60)
            case "--max-connections": options.maxConnections = try scanner.integer(for: flag, in: 1...1_000_000)
            case "--max-per-address": options.maxPerAddress = try scanner.integer(for: flag, in: 1...1_000_000)
            case "--resume-grace": options.resumeGraceSeconds = try scanner.integer(for: flag, in: 1...3_600)
            case "--drain-limit": options.drainLimitSeconds = try scanner.integer(for: flag, in: 0...86_400)
            case "--results": options.resultsDirectory = try scanner.value(for: flag)
            case "--no-results": options.resultsDirectory = nil
            case "--state": options.stateDirectory = try scanner.value(for: flag)
            case "--no-state": options.keepsState = false
            case "--send-threads": options.sendThreads = try scanner.integer(for: flag, in: SendThreads.countRange)
            case "--quiet": options.quiet = true
            case "--hosted-only": options.hostedOnly = true
            case "--word-lists": options.wordListsDirectory = try scanner.value(for: flag)
            case "--directory":
                // The text is quoted back only when it holds no password: an error must not show one.
                let text = try scanner.value(for: flag)
                switch RedisURL.parse(text) {
                case .success(let url): options.directory = url
                case .failure(.passwordInURL):
                    throw UsageError("--directory takes no password (the command line shows in ps): put it in a file given "
                                     + "with --directory-password-file, or in \(FleetConfiguration.passwordVariable)")
                case .failure(.malformed):
                    throw UsageError("--directory takes redis://[USER@]HOST:PORT[/DB] (DB 0 to \(RedisURL.maxDatabase); "
                                     + "no password or TLS) or redis-sentinel://[USER@]HOST:PORT[,HOST:PORT...]/MASTER[/DB], "
                                     + "not \(text.contains("@") ? "what was given" : "'\(text)'")")
                case .failure(.sentinel(let problem)):
                    throw UsageError("--directory redis-sentinel://[USER@]HOST:PORT[,HOST:PORT...]/MASTER[/DB]: \(problem)")
                }
            case "--directory-password-file": options.directoryPasswordFile = try scanner.value(for: flag)
            case "--sentinel-password-file": options.sentinelPasswordFile = try scanner.value(for: flag)
            case "--advertise":
                let host = try scanner.value(for: flag)
                guard Elsewhere(host: host, port: 1, web: "") != nil else {
                    throw UsageError("--advertise takes a host name or an address, without a port, not '\(host)'")
                }
                options.advertisedHost = host
            case "--server-id":
                let id = try scanner.value(for: flag)
                guard FleetKeys.isServerID(id) else {
                    throw UsageError("--server-id takes 1 to 64 letters, digits, '-', '_' or '.', not '\(id)'")
                }
                options.serverID = id
            case "--name":
                let name = try scanner.value(for: flag)
                guard FleetKeys.isServerID(name) else {
                    throw UsageError("--name takes 1 to 64 letters, digits, '-', '_' or '.', not '\(name)'")
                }
                options.name = name
            case "--directory-ttl-ms": options.directoryTTLMilliseconds = try scanner.integer(for: flag, in: 1_000...600_000)
            default: throw UsageError("unknown option '\(flag.flag)'")
            }
        }
        if options.directory == nil, options.advertisedHost != nil || options.serverID != nil || options.directoryPasswordFile != nil {
            throw UsageError("--advertise, --server-id and --directory-password-file are for a server of a fleet: "
                             + "give --directory redis://HOST:PORT too")
        }
        if options.sentinelPasswordFile != nil, !options.isBehindSentinel {
            throw UsageError("--sentinel-password-file is for a fleet whose Redis is behind Sentinel: "
                             + "give --directory redis-sentinel://HOST:PORT/MASTER too")
        }
        return options
    }
}

