import WordGameServer

/// The command line of `wordgame-client`.
public struct ClientOptions: Equatable {
    public var host: String?
    public var port: UInt16 = 4000
    public var name: String?
    public var room: String?
    public var game = GameFlags()
    public var lineMode = false
    public var showHelp = false
    /// Rule flags given: they only make sense for a solo game.
    public var setsRules = false

    public init() {}

    public static let usage = """
        USAGE: wordgame-client [options]

        The falling-words game in a terminal. With no options it plays a solo game at once.

        OPTIONS:
          --host HOST          join a room on a wordgame-server instead of playing solo
          --port N             the server's port (default 4000)
          --name NAME          your nickname, 1 to 16 characters (asked for if missing with --host)
          --room ROOM          the room to join (default "main")
          --words PATH         solo: JSON word list [{"text_eng": ..., "text_spa": ...}]
          --round-ms N         solo: time per pair in milliseconds (default 5000)
          --pairs N            solo: pairs per game (default 15)
          --max-incorrect N    solo: out after N wrong attempts (default 3)
          --seed N             solo: deal a reproducible game
          --line-mode          plain lines instead of the full screen (automatic when not a terminal)
          -h, --help           show this help

        KEYS: y, c or → correct · n, w or ← wrong · q or Ctrl-C quit · R restart after a game.
        """

    public static func parse(_ arguments: [String]) throws(UsageError) -> ClientOptions {
        var options = ClientOptions()
        var scanner = ArgumentScanner(arguments)
        while let flag = try scanner.nextFlag() {
            if try options.game.read(flag, from: &scanner) {
                options.setsRules = true
                continue
            }
            switch flag.flag {
            case "-h", "--help": options.showHelp = true
            case "--host": options.host = try scanner.value(for: flag)
            case "--port", "-p": options.port = try scanner.integer(for: flag, in: 1...65_535)
            case "--name": options.name = try scanner.value(for: flag)
            case "--room": options.room = try scanner.value(for: flag)
            case "--line-mode": options.lineMode = true
            default: throw UsageError("unknown option '\(flag.flag)'")
            }
        }
        if options.host != nil && options.setsRules {
            throw UsageError("--words, --round-ms, --pairs, --max-incorrect and --seed are for solo games; a hosted room plays the server's rules")
        }
        return options
    }
}
