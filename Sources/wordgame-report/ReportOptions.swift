import WordGameResults

/// The command line of `wordgame-report`.
struct ReportOptions: Equatable {
    var directory = ResultsWriter.defaultDirectory
    /// Write `PREFIX-players.csv`, `PREFIX-missed.csv` and `PREFIX-fooled.csv`.
    var csvPrefix: String?
    var top = 10
    var showHelp = false

    static let topRange = 1...1_000

    static let usage = """
        USAGE: wordgame-report [DIR] [--csv PREFIX] [--top N]

        Statistics over the games a wordgame-server kept in DIR/history.jsonl:
        a line per player (games, accuracy, mean answer time, best rank, correct
        answers), the English words the class missed most, and the wrong Spanish
        words most players took for correct.

        ARGUMENTS:
          DIR            the server's results folder (default: wordgame-results)

        OPTIONS:
          --csv PREFIX   also write PREFIX-players.csv, PREFIX-missed.csv and
                         PREFIX-fooled.csv (every word, not only the top N)
          --top N        words in each class table, 1 to 1000 (default 10)
          -h, --help     show this help
        """

    struct UsageError: Error, Equatable {
        var message: String
        init(_ message: String) { self.message = message }
    }

    static func parse(_ arguments: [String]) throws(UsageError) -> ReportOptions {
        var options = ReportOptions()
        var directory: String?
        var remaining = arguments[...]
        func value(_ flag: String, _ inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            guard let next = remaining.popFirst() else { throw UsageError("\(flag) needs a value") }
            return next
        }
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("-"), argument != "-" else {
                guard directory == nil else { throw UsageError("one results folder at a time: '\(directory!)' and '\(argument)'") }
                directory = argument
                continue
            }
            // `--top=5` as well as `--top 5`.
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let flag = parts[0], inline = argument.hasPrefix("--") && parts.count == 2 ? parts[1] : nil
            switch flag {
            case "-h", "--help": options.showHelp = true
            case "--csv":
                let prefix = try value(flag, inline)
                guard !prefix.isEmpty else { throw UsageError("--csv needs a file name prefix") }
                options.csvPrefix = prefix
            case "--top":
                let text = try value(flag, inline)
                guard let top = Int(text), topRange.contains(top) else {
                    throw UsageError("--top takes a whole number from \(topRange.lowerBound) to \(topRange.upperBound), not '\(text)'")
                }
                options.top = top
            default: throw UsageError("unknown option '\(argument)'")
            }
        }
        options.directory = directory ?? options.directory
        return options
    }
}
