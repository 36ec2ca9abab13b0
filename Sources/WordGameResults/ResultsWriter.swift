import Dispatch
import Foundation
import WordGame
import WordGamePOSIX

/// Writes every finished game to a results folder, off the event loop (as
/// Redis hands file work to its `bio` threads): three CSV files per game (answers, players, pairs) and a
/// line appended to `history.jsonl`. A folder that cannot be written, or a
/// full disk, costs one log line per game and never stops a game or the server.
public final class ResultsWriter: @unchecked Sendable {
    /// Absolute, so the banner and log lines say exactly where.
    public let directory: String
    public static let historyFile = "history.jsonl"
    public static let defaultDirectory = "wordgame-results"

    private let queue = DispatchQueue(label: "wordgame.results")
    private let log: @Sendable (String) -> Void
    private let warn: @Sendable (String) -> Void
    private let saved: @Sendable (SaveOutcome) -> Void

    /// What became of one game's results, told to `saved` (on the writer's queue).
    public struct SaveOutcome: Sendable, Equatable {
        public var room: String
        public var game: Int
        /// The players file, or why nothing was written.
        public var result: Result<String, AtomicFile.Failure>
    }

    /// `log`: one line per game written; `warn`: one per game that could not be
    /// (a problem is never silenced with the routine lines). `saved`: the same
    /// news, for the server to tell the room's host.
    public init(directory: String, log: @escaping @Sendable (String) -> Void, warn: (@Sendable (String) -> Void)? = nil,
                saved: @escaping @Sendable (SaveOutcome) -> Void = { _ in }) {
        self.directory = directory.hasPrefix("/") ? directory : FileManager.default.currentDirectoryPath + "/" + directory
        self.log = log
        self.warn = warn ?? log
        self.saved = saved
    }

    /// Why results cannot be kept, or nil when the folder is there and writable (it is made if needed).
    public func problem() -> String? {
        do {
            try AtomicFile.makeDirectory(directory)
            try AtomicFile.checkWritable(directory)
        } catch {
            return error.description
        }
        return nil
    }

    /// Queues the game's files; returns at once. `languages`: its list's (the pairs file names them).
    public func save(_ record: GameRecord, languages: (from: String, to: String) = GameResults.originalLanguages) {
        queue.async { [self] in
            let outcome = SaveOutcome(room: record.room, game: record.number, result: writeFiles(record, languages: languages))
            switch outcome.result {
            case .success(let players): log("results of \(record.room) game \(record.number): \(players)")
            case .failure(let failure): warn("results of \(record.room) game \(record.number) not kept: \(failure)")
            }
            saved(outcome)
        }
    }

    /// Blocks until every queued game is written (tests, and a clean shutdown).
    public func waitUntilIdle() { queue.sync {} }

    private func writeFiles(_ record: GameRecord, languages: (from: String, to: String)) -> Result<String, AtomicFile.Failure> {
        let results = GameResults(record: record, languages: languages)
        let base = directory + "/" + results.id
        do {
            try AtomicFile.makeDirectory(directory)
            try AtomicFile.write(results.answersCSV, to: base + "_answers.csv")
            try AtomicFile.write(results.playersCSV, to: base + "_players.csv")
            try AtomicFile.write(results.pairsCSV, to: base + "_pairs.csv")
            try AtomicFile.appendLine(results.summaryLine, to: directory + "/" + Self.historyFile)
            return .success(base + "_players.csv")
        } catch {
            return .failure(error)
        }
    }
}
