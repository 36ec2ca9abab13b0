import Foundation
import Testing
import WordGamePOSIX
@testable import WordGameResults

/// Results folders on disk, read as `wordgame-report` reads them: one per
/// server, by whatever paths lead to them.
@Suite struct HistoryFoldersTests {
    static let g = ReportTests.games

    func folder(_ path: String, games: [GameSummary]) throws {
        try AtomicFile.makeDirectory(path)
        try AtomicFile.write(games.map { GameResultsLine.encode($0) + "\n" }.joined(), to: path + "/history.jsonl")
    }

    @Test func severalFoldersByAnyPathAreEachReadOnce() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("wordgame-folders-\(UUID().uuidString)").path
        try AtomicFile.makeDirectory(base)
        defer { try? FileManager.default.removeItem(atPath: base) }
        try folder(base + "/a", games: [Self.g[0], Self.g[2]])
        try folder(base + "/b", games: [Self.g[1], Self.g[0]])  // g1 copied from a
        try FileManager.default.createSymbolicLink(atPath: base + "/link", withDestinationPath: base + "/a")

        let files = try HistoryFolders.read([base + "/a", base + "/./a", base + "/link", base + "/b", base + "/a/", base + "/b//"])
        #expect(files.map(\.path) == [base + "/a/history.jsonl", base + "/./a/history.jsonl", base + "/link/history.jsonl",
                                      base + "/b/history.jsonl"], "the same path is read once")
        let union = try HistoryUnion(files)
        #expect(union.sources == [.init(path: base + "/a/history.jsonl", games: 2, repeated: 0),
                                  .init(path: base + "/b/history.jsonl", games: 2, repeated: 1)], "other spellings by identity")
        #expect(Report(games: union.games) == Report(games: Self.g))
    }

    /// Every bad folder is told, in the order given, each once: a report of part of a fleet would mislead.
    /// An empty folder is a server's before its first game: no games, no problem.
    @Test func aFolderThatIsNotThereOrHoldsNoHistoryIsAProblemAndAnEmptyOneHasNoGames() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("wordgame-folders-\(UUID().uuidString)").path
        try AtomicFile.makeDirectory(base + "/empty")
        try AtomicFile.makeDirectory(base + "/server-c/wordgame-results")
        defer { try? FileManager.default.removeItem(atPath: base) }
        try folder(base + "/good", games: [Self.g[0]])
        #expect(throws: HistoryFolders.Problems(problems: [.noFolder(path: base + "/gone"), .notResults(path: base + "/server-c")])) {
            try HistoryFolders.read([base + "/good", base + "/gone", base + "/empty", base + "/server-c", base + "/gone/"])
        }
        let files = try HistoryFolders.read([base + "/good", base + "/empty"])
        #expect(files.map(\.path) == [base + "/good/history.jsonl", base + "/empty/history.jsonl"])
        #expect(files.map(\.games.count) == [1, 0])
        #expect(try HistoryUnion(files).games == [Self.g[0]])
    }

    @Test func theHistoryIsInTheFolderWithoutADoubledSlash() {
        #expect(["x", "x/", "x//", "/srv/r/", "/", "//"].map(HistoryFolders.historyPath)
                == ["x/history.jsonl", "x/history.jsonl", "x/history.jsonl", "/srv/r/history.jsonl", "/history.jsonl", "/history.jsonl"])
    }
}
