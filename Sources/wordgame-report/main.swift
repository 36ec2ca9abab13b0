import Foundation
import WordGamePOSIX
import WordGameResults

// Argument parsing, files and exit codes only: the figures are worked out in
// WordGameResults (`Report`), where they are unit-tested.

func fail(_ message: String, usage: Bool = false) -> Never {
    StandardError.write("wordgame-report: \(message)")
    if usage { StandardError.write("\n\(ReportOptions.usage)") }
    exit(usage ? 64 : 1)  // 64: EX_USAGE (sysexits.h), as wordgame-server
}

func fail(_ messages: [String]) -> Never {
    for message in messages { StandardError.write("wordgame-report: \(message)") }
    exit(1)
}

let options: ReportOptions
do {
    options = try ReportOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    fail(error.description, usage: true)
}
if options.showHelp {
    print(ReportOptions.usage)
    exit(0)
}

let files: [HistoryFile]
do {
    files = try HistoryFolders.read(options.folders)
} catch {
    // Every bad folder, a line each: a fleet's report is not made from some of its servers.
    fail(error.problems.map(\.description))
}
let history: HistoryUnion
do {
    history = try HistoryUnion(files)
} catch {
    fail(error.description)
}
// No games is an answer, not a failure: the servers may simply not have finished one yet.
guard !history.games.isEmpty else {
    print("no games yet in \(history.source)")
    exit(0)
}

let report = Report(games: history.games)
print(report.text(source: history.source, top: options.top), terminator: "")
if let prefix = options.csvPrefix {
    // The files hold every word, not the top N: sorting and cutting is what a spreadsheet is for.
    let files = [("players", report.playersTable), ("missed", report.missedTable()), ("fooled", report.fooledTable()),
                 ("pairs", report.hardestTable())]
    print("")
    for (name, table) in files {
        let file = "\(prefix)-\(name).csv"
        do {
            try AtomicFile.write(table.csv, to: file)
        } catch {
            fail("cannot write \(error.description)")
        }
        print("wrote \(file)")
    }
}
