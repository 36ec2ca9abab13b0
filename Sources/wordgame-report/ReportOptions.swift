import WordGameResults
import WordGameCommandLine

/// The command line of `wordgame-report`.
struct ReportOptions: Equatable {
    /// One folder per server; the games of all of them are summarised as one (`HistoryUnion`).
    var folders = [ResultsWriter.defaultDirectory]
    /// Write `PREFIX-players.csv`, `PREFIX-missed.csv`, `PREFIX-fooled.csv` and `PREFIX-pairs.csv`.
    var csvPrefix: String?
    var top = 10
    var showHelp = false

    static let topRange = 1...1_000

    static let usage = """
        USAGE: wordgame-report [DIR ...] [--csv PREFIX] [--top N]

        Statistics over the games wordgame-servers kept in DIR/history.jsonl:
        a line per player (games, accuracy, mean answer time, best rank, correct
        answers), the English words the class missed most, the wrong Spanish
        words most players took for correct, and the hardest pairs (the most
        missed for those who played them, as the projector orders them).

        ARGUMENTS:
          DIR            a server's results folder (default: wordgame-results);
                         give several, one per server of a fleet, for one summary
                         of all their games. A folder given twice is read once,
                         and a game found in two folders (the same game id, as
                         from a copied history.jsonl) is counted once.

        OPTIONS:
          --csv PREFIX   also write PREFIX-players.csv, PREFIX-missed.csv,
                         PREFIX-fooled.csv and PREFIX-pairs.csv (every word and
                         pair, not only the top N)
          --top N        rows in each class table, 1 to 1000 (default 10)
          -h, --help     show this help
        """

    static func parse(_ arguments: [String]) throws(UsageError) -> ReportOptions {
        var options = ReportOptions()
        var folders: [String] = []
        var scanner = ArgumentScanner(arguments)
        while let argument = scanner.next() {
            switch argument {
            case .positional(let folder): folders.append(folder)
            case .flag(let flag):
                switch flag.flag {
                case "-h", "--help": options.showHelp = true
                case "--csv":
                    let prefix = try scanner.value(for: flag)
                    guard !prefix.isEmpty else { throw UsageError("--csv needs a file name prefix") }
                    options.csvPrefix = prefix
                case "--top": options.top = try scanner.integer(for: flag, in: topRange)
                default: throw UsageError("unknown option '\(flag.flag)'")
                }
            }
        }
        if !folders.isEmpty { options.folders = folders }
        return options
    }
}
