import Foundation
import Testing
import WordGameClient
import WordGameProtocol
import WordGameTestSupport

/// The solo player's history: the best score and the last games, from real files.
@Suite struct SoloHistoryTests {
    func game(_ correct: Int, _ wrong: Int, ms: Int64 = 10_000, pairs: Int = 15, day: Int = 1) -> SoloHistory.Game {
        SoloHistory.Game(date: "2026-11-\(day < 10 ? "0" : "")\(day) 10:00", correct: correct, wrong: wrong, milliseconds: ms,
                         pairs: pairs, roundMilliseconds: 5_000, maxIncorrect: 3)
    }

    func temporaryFolder() -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("solo-\(UUID().uuidString)").path
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func theBestIsMostCorrectThenFewestWrongThenFastestAmongTheSameRules() {
        let history = SoloHistory(games: [game(9, 3), game(12, 2, day: 2), game(12, 1, ms: 30_000, day: 3), game(12, 1, ms: 20_000, day: 4),
                                          game(5, 0, pairs: 5, day: 5)])
        let latest = game(10, 3, day: 6)
        let summary = SoloHistory(games: history.games + [latest]).summary(after: latest)
        #expect(summary.best == game(12, 1, ms: 20_000, day: 4))
        #expect(!summary.bestIsLatest)
        #expect(summary.played == 5)  // the 5-pair game does not count
        #expect(summary.recent == [latest, game(12, 1, ms: 20_000, day: 4), game(12, 1, ms: 30_000, day: 3), game(12, 2, day: 2),
                                   game(9, 3)])
        let record = game(15, 0, day: 7)
        #expect(SoloHistory(games: history.games + [record]).summary(after: record).bestIsLatest)
    }

    @Test func theFileFollowsXDGAndFallsBackToTheHomeFolder() {
        #expect(SoloHistoryFile.forUser(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"])?.path == "/d/wordgame/solo-history.jsonl")
        #expect(SoloHistoryFile.forUser(environment: ["HOME": "/h"])?.path == "/h/.local/share/wordgame/solo-history.jsonl")
        // A relative XDG_DATA_HOME is invalid (the spec says to ignore it).
        #expect(SoloHistoryFile.forUser(environment: ["XDG_DATA_HOME": "rel", "HOME": "/h"])?.path
                == "/h/.local/share/wordgame/solo-history.jsonl")
        #expect(SoloHistoryFile.forUser(environment: [:]) == nil)
    }

    @Test func gamesAreAppendedAndReadBackAndABadLineIsSkipped() throws {
        let folder = temporaryFolder()
        let file = SoloHistoryFile(path: folder + "/deep/wordgame/solo-history.jsonl")
        _ = file.record(game(3, 3))
        try FileHandle(forWritingTo: URL(fileURLWithPath: file.path)).seekToEnd()
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file.path))
        handle.seekToEndOfFile()
        handle.write(Data("not json\n".utf8))
        handle.closeFile()
        let summary = file.record(game(7, 1, day: 2))
        #expect(summary.problem == nil)
        #expect(summary.best == game(7, 1, day: 2) && summary.bestIsLatest && summary.played == 2)
        #expect(file.load().games == [game(3, 3), game(7, 1, day: 2)])
        let lines = try String(contentsOfFile: file.path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 3 && lines[0].hasPrefix("{\"correct\":3,"))
    }

    @Test func theFileKeepsTheLastThousandGames() throws {
        let folder = temporaryFolder()
        let file = SoloHistoryFile(path: folder + "/solo-history.jsonl")
        // A full history with its slack: the next game cuts it back to the last thousand.
        let old = (0..<SoloHistoryFile.maxGames + SoloHistoryFile.trimSlack).map { index in
            "{\"correct\":\(index % 16),\"date\":\"2026-01-01 00:00\",\"max_incorrect\":3,\"milliseconds\":1,\"pairs\":15,"
                + "\"round_milliseconds\":5000,\"wrong\":0}\n"
        }
        try old.joined().write(toFile: file.path, atomically: true, encoding: .utf8)
        _ = file.record(game(1, 1))
        let games = file.load().games
        #expect(games.count == SoloHistoryFile.maxGames)
        #expect(games.first?.correct == (SoloHistoryFile.trimSlack + 1) % 16 && games.last == game(1, 1))  // the oldest went
    }

    @Test func aFullHistoryIsNotRewrittenAfterEveryGame() throws {
        let folder = temporaryFolder()
        let file = SoloHistoryFile(path: folder + "/solo-history.jsonl")
        let line = "{\"correct\":2,\"date\":\"2026-01-01 00:00\",\"max_incorrect\":3,\"milliseconds\":1,\"pairs\":15,"
            + "\"round_milliseconds\":5000,\"wrong\":0}\n"
        try String(repeating: line, count: SoloHistoryFile.maxGames).write(toFile: file.path, atomically: true, encoding: .utf8)
        _ = file.record(game(1, 1))
        #expect(file.load().games.count == SoloHistoryFile.maxGames + 1)  // appended, within the slack
    }

    @Test func anUnwritableFolderLosesOnlyTheHistory() throws {
        let folder = temporaryFolder()
        try "a file, not a folder".write(toFile: folder + "/wordgame", atomically: true, encoding: .utf8)
        let summary = SoloHistoryFile(path: folder + "/wordgame/solo-history.jsonl").record(game(4, 2))
        #expect(summary.best == game(4, 2))
        #expect(summary.problem?.contains("history not kept") == true)
    }

    @Test func theEndOfASoloGameShowsTheBestAndTheLastGames() async throws {
        try await onOwnThread {
            let data = temporaryFolder()
            for round in 1...2 {
                let client = try ClientProcess(["--pairs", "1", "--round-ms", "300", "--seed", "\(round)"],
                                               environment: ["XDG_DATA_HOME": data])
                try client.waitFor("Final score: 0 correct, 1 wrong", timeout: 20)
                let today = String(SoloHistoryFile(path: data + "/wordgame/solo-history.jsonl").load().games[0].date.prefix(10))
                let best = try client.waitFor(round == 1 ? "Your first game" : "Best of ")
                #expect(best == (round == 1 ? "Your first game of 1 pairs: your best scores start here."
                                            : "Best of 2 games: 0 correct, 1 wrong, \(today)"))
                let games = Array(repeating: "0✓ 1✗", count: round).joined(separator: " · ")
                #expect(try client.waitFor("Last games: ") == "Last games: " + games)
                client.type("q")
                #expect(client.waitForExit() == 0)
            }
            #expect(SoloHistoryFile(path: data + "/wordgame/solo-history.jsonl").load().games.count == 2)
        }
    }
}
