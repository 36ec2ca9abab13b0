import Testing
import WordGamePOSIX
@testable import WordGameResults

/// Several history files reported as one (issue 22: a fleet's servers each keep
/// their own), pure: the files are made here, each with an identity of its own.
@Suite struct HistoryUnionTests {
    /// g1 and g2 on 2026-11-23, g3 on the 24th (`ReportTests.games`).
    static let g = ReportTests.games

    static func file(_ path: String, inode: UInt64, _ games: [GameSummary]) -> HistoryFile {
        HistoryFile(path: path, identity: FileIdentity(device: 1, inode: inode), games: games)
    }

    static func game(_ id: String, ended: String) -> GameSummary {
        var game = g[0]
        game.game = id
        game.ended = ended
        return game
    }

    @Test func severalFilesAreReportedExactlyAsOneFileOfAllTheirGames() throws {
        let union = try HistoryUnion([Self.file("a/history.jsonl", inode: 1, [Self.g[0], Self.g[2]]),
                                      Self.file("b/history.jsonl", inode: 2, [Self.g[1]])])
        #expect(union.games.map(\.game) == ["g1", "g2", "g3"], "in the order they ended, as one server appends them")
        #expect(Report(games: union.games) == Report(games: Self.g), "the first and last dates, and ZOË's latest spelling")
        #expect(union.sources == [.init(path: "a/history.jsonl", games: 2, repeated: 0),
                                  .init(path: "b/history.jsonl", games: 1, repeated: 0)])
    }

    @Test func aGameInTwoFilesCountsOnceByItsID() throws {
        let union = try HistoryUnion([Self.file("a", inode: 1, [Self.g[0], Self.g[1]]),
                                      Self.file("copy", inode: 2, [Self.g[1], Self.g[2]])])
        #expect(union.games.map(\.game) == ["g1", "g2", "g3"])
        #expect(Report(games: union.games) == Report(games: Self.g))
        #expect(union.sources.map(\.repeated) == [0, 1], "the copy is the one of the file given later")
        let twiceInOne = try HistoryUnion([Self.file("a", inode: 1, [Self.g[0], Self.g[0], Self.g[1]])])
        #expect(twiceInOne.games.map(\.game) == ["g1", "g2"] && twiceInOne.sources == [.init(path: "a", games: 3, repeated: 1)])
    }

    @Test func aFileReachedByTwoPathsIsReadOnce() throws {
        let union = try HistoryUnion([Self.file("x/history.jsonl", inode: 7, Self.g), Self.file("./x/history.jsonl", inode: 7, Self.g),
                                      Self.file("link/history.jsonl", inode: 7, Self.g)])
        #expect(union.sources == [.init(path: "x/history.jsonl", games: 3, repeated: 0)], "named by the first path given")
        #expect(union.games == Self.g)
        #expect(union.source == "x/history.jsonl", "one file: the report's first line as before")
    }

    /// Copies are equal: two records of one game that differ cannot both be right, and picking one would be a guess.
    @Test func twoDifferentRecordsOfOneGameAreRefused() {
        var edited = Self.g[1]
        edited.players[0].name = "Robert"
        #expect(throws: HistoryUnion.Problem.differentRecords(game: "g2", first: "a/history.jsonl", second: "b/history.jsonl")) {
            try HistoryUnion([Self.file("a/history.jsonl", inode: 1, [Self.g[0], Self.g[1]]),
                              Self.file("b/history.jsonl", inode: 2, [edited])])
        }
        #expect(HistoryUnion.Problem.differentRecords(game: "g2", first: "a/history.jsonl", second: "b/history.jsonl").description
                == "b/history.jsonl: game g2 is also in a/history.jsonl, with a different record (which one to count?)")
        #expect(throws: HistoryUnion.Problem.differentRecords(game: "g2", first: "a", second: "a")) {
            try HistoryUnion([Self.file("a", inode: 1, [Self.g[1], edited])])
        }
        #expect(HistoryUnion.Problem.differentRecords(game: "g2", first: "a", second: "a").description
                == "a: game g2 is there twice, with different records (which one to count?)")
    }

    /// 10:30 at +01:00 is 09:30 UTC, before 09:45 at +00:00, though its text sorts after.
    @Test func gamesAreInTheOrderTheyEndedAcrossUTCOffsets() throws {
        let paris1 = Self.game("p1", ended: "2026-11-23T10:30:00+01:00"), paris2 = Self.game("p2", ended: "2026-11-23T10:40:00+01:00")
        let london = Self.game("l1", ended: "2026-11-23T09:45:00+00:00"), alsoLondon = Self.game("l2", ended: "2026-11-23T09:40:00+00:00")
        let union = try HistoryUnion([Self.file("paris", inode: 1, [paris1, paris2]), Self.file("london", inode: 2, [london])])
        #expect(union.games.map(\.game) == ["p1", "p2", "l1"])
        #expect(Report(games: union.games).lastEnded == "2026-11-23T09:45:00+00:00")
        let tie = try HistoryUnion([Self.file("paris", inode: 1, [paris2]), Self.file("london", inode: 2, [alsoLondon])])
        #expect(tie.games.map(\.game) == ["p2", "l2"], "at the same instant, the file given first")
        let tieOtherWay = try HistoryUnion([Self.file("london", inode: 2, [alsoLondon]), Self.file("paris", inode: 1, [paris2])])
        #expect(tieOtherWay.games.map(\.game) == ["l2", "p2"])
        // One file keeps its own order, as the report of one folder always has.
        let one = try HistoryUnion([Self.file("paris", inode: 1, [paris2, paris1])])
        #expect(one.games.map(\.game) == ["p2", "p1"])
    }

    @Test func theFirstLineNamesEveryFileAndTheGamesEachBrought() throws {
        let union = try HistoryUnion([Self.file("server-a/wordgame-results/history.jsonl", inode: 1, [Self.g[0], Self.g[2]]),
                                      Self.file("server-b/wordgame-results/history.jsonl", inode: 2, [Self.g[1], Self.g[0]]),
                                      Self.file("server-c/wordgame-results/history.jsonl", inode: 3, [])])
        #expect(Report(games: union.games).summaryLine(source: union.source) == """
            3 games, 4 players, 2026-11-23 to 2026-11-24, from 3 history files:
              server-a/wordgame-results/history.jsonl: 2 games
              server-b/wordgame-results/history.jsonl: 2 games, 1 already counted
              server-c/wordgame-results/history.jsonl: 0 games
            """)
        let repeatedInOne = try HistoryUnion([Self.file("h", inode: 1, [Self.g[2], Self.g[2]])])
        #expect(repeatedInOne.source == "1 history file:\n  h: 2 games, 1 already counted", "a repeat is said even in one file")
        let oneGame = try HistoryUnion([Self.file("a", inode: 1, [Self.g[2]]), Self.file("b", inode: 2, [])])
        #expect(oneGame.source == "2 history files:\n  a: 1 game\n  b: 0 games")
    }

    @Test func aGameWhoseEndIsNotADateIsABadLine() {
        var game = Self.g[0]
        game.ended = "2026-11-23 10:01"
        #expect(throws: ReportHistory.Problem.badLine(path: "h", line: 2, reason: "\"ended\" is not a date and time")) {
            try ReportHistory.parse(GameResultsLine.encode(Self.g[1]) + "\n" + GameResultsLine.encode(game) + "\n", path: "h")
        }
    }
}
