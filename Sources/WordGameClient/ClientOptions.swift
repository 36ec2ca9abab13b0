import WordGameCommandLine
import WordGameProtocol
import WordGameResults

/// The command line of `wordgame-client`.
public struct ClientOptions: Equatable {
    public var host: String?
    public var port: UInt16 = 4000
    public var name: String?
    public var room: String?
    /// `--resume CODE`: take back the seat that code holds (the code kept on disk is tried without it).
    public var resume: String?
    public var game = GameFlags()
    public var lineMode = false
    public var showHelp = false
    /// Rule flags given: they only make sense for a server this process runs.
    public var setsRules = false
    /// `--present`: the projector screen, hosting (or watching) a room instead of playing.
    public var present = false
    /// `--key`: with `--present --host --room`, take back the host seat of that room.
    public var key: String?
    /// `--watch`: with `--present --host --room`, show the room without hosting it.
    public var watch = false
    /// Where the in-process class server keeps results; nil with `--no-results`.
    public var resultsDirectory: String? = ResultsWriter.defaultDirectory
    var setsResults = false
    /// `--word-lists DIR`: the lists the in-process class server offers the host (`RULES LIST`).
    public var wordListsDirectory: String?
    /// `--upload FILE`: the projector uploads this list once its room is hosted, and the room plays it.
    public var upload: String?
    /// `--languages "English,French"`: the upload's languages, when its file does not name them.
    public var languages: String?
    /// `--list-key KEY`: replaces the list saved before under the file's name.
    public var listKey: String?

    public init() {}

    public static let usage = """
        USAGE: wordgame-client [options]

        The falling-words game in a terminal. With no options it plays a solo game at once.

        OPTIONS:
          --host HOST          join a room on a wordgame-server instead of playing solo
          --port N             the server's port (default 4000)
          --name NAME          your nickname, 1 to 16 characters (asked for if missing with --host)
          --room ROOM          the room to join (default "main")
          --resume CODE        take your seat back with the resume code the keys' help (?) shows; run
                               again within the grace, the client does it by itself with the code it
                               keeps in $XDG_STATE_HOME/wordgame (~/.local/state/wordgame)
          --words PATH         solo: JSON word list [{"text_eng": ..., "text_spa": ...}]
          --round-ms N         solo: time per pair in milliseconds (default 5000)
          --pairs N            solo: pairs per game (default 15)
          --max-incorrect N    solo: out after N wrong attempts (default 3)
          --seed N             solo: deal a reproducible game
          --line-mode          plain lines instead of the full screen (automatic when not a terminal)
          -h, --help           show this help

        PROJECTOR (for a teacher; it hosts a room and does not play):
          --present            the projector screen: the room code in big letters, who joined,
                               each pair and who is still thinking, the podium and the ranking.
                               Without --host it runs the server too, for the network, on port
                               4000 or the next free one (--port N to start from N)
          --results DIR        where that server keeps results (default wordgame-results)
          --word-lists DIR     every *.json in DIR is a word list the rules screen (R) offers
          --no-results         keep no results
          --room ROOM --key KEY   with --host: take back the host seat of your room
          --room ROOM --watch     with --host: show a room someone else hosts (a second screen)
          --upload FILE        upload a word list of your own and play it: a spreadsheet's tab-separated
                               text, Quizlet's export, CSV (with , or ;) or a JSON list; named after the
                               file (words.tsv: "words"). What was not read is listed when you quit
          --languages "English,French"
                               the upload's two languages, when its first line does not name them
                               (the word that stays, then the word that falls)
          --list-key KEY       replace the list you uploaded before under that name (its key was shown)

        KEYS: y, c or → correct · n, w or ← wrong · q or Ctrl-C quit · R restart after a game.
        On the projector: S start · L lock · K remove a player · E end the game · C close · ? help.
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
            case "--resume": options.resume = try resumeCode(try scanner.value(for: flag))
            case "--line-mode": options.lineMode = true
            case "--present": options.present = true
            case "--key": options.key = try scanner.value(for: flag)
            case "--watch": options.watch = true
            case "--results":
                options.resultsDirectory = try scanner.value(for: flag)
                options.setsResults = true
            case "--word-lists": options.wordListsDirectory = try scanner.value(for: flag)
            case "--upload": options.upload = try scanner.value(for: flag)
            case "--languages":
                let text = try scanner.value(for: flag)
                guard ListFileLines.languages(text) != nil else {
                    throw UsageError("--languages takes two languages with a comma between, e.g. \"English,French\", not '\(text)'")
                }
                options.languages = text
            case "--list-key": options.listKey = try scanner.value(for: flag)
            case "--no-results":
                options.resultsDirectory = nil
                options.setsResults = true
            default: throw UsageError("unknown option '\(flag.flag)'")
            }
        }
        try options.check()
        return options
    }

    /// A resume code as the server gives them: 8 letters and digits of the room-code alphabet, any case.
    static func resumeCode(_ typed: String) throws(UsageError) -> String {
        let code = typed.uppercased()
        guard code.count == 8, code.allSatisfy(RoomCode.alphabet.contains) else {
            throw UsageError("--resume takes the 8-character resume code the game showed (e.g. K7PXABCD), not '\(typed)'")
        }
        return code
    }

    /// Flags that make no sense together, refused before anything starts.
    private func check() throws(UsageError) {
        if resume != nil && (host == nil || present) {
            throw UsageError("--resume takes a seat back in a room on a server: it needs --host, and the projector uses --key")
        }
        if host != nil && setsRules {
            throw UsageError("--words, --round-ms, --pairs, --max-incorrect and --seed are for a game this program runs; "
                + "a hosted room plays the server's rules")
        }
        if !present {
            if key != nil || watch || setsResults || wordListsDirectory != nil || upload != nil {
                throw UsageError("--key, --watch, --results, --no-results, --word-lists and --upload go with --present")
            }
        }
        if upload == nil && (languages != nil || listKey != nil) {
            throw UsageError("--languages and --list-key go with --upload FILE")
        }
        if upload != nil && watch { throw UsageError("--upload needs the host's seat; --watch only shows a room") }
        if !present { return }
        if lineMode { throw UsageError("--present needs a full screen; it has no --line-mode") }
        if name != nil { throw UsageError("the projector does not play, so it takes no --name") }
        if host == nil {
            if key != nil || watch || room != nil {
                throw UsageError("--room, --key and --watch need --host: without it, --present makes a new room")
            }
        } else {
            if setsResults || wordListsDirectory != nil {
                throw UsageError("--results, --no-results and --word-lists are for the server --present runs; "
                    + "with --host, that server has its own")
            }
            if key != nil && watch { throw UsageError("--key takes back your room; --watch shows one without hosting: choose one") }
            if (key != nil || watch) && room == nil { throw UsageError("--key and --watch need the room: --room CODE") }
            if room != nil && key == nil && !watch {
                throw UsageError("with --present, --room needs --key (to take your room back) or --watch")
            }
        }
    }
}
