import Foundation
import Testing
import WordGamePOSIX
@testable import WordGameResults

/// The report's figures over three hand-built games, checked one by one.
@Suite struct ReportTests {
    typealias Answer = GameSummary.AnswerSummary

    static func answer(_ claim: String, _ ms: Int, _ verdict: String) -> Answer {
        Answer(answer: claim, ms: ms, verdict: verdict)
    }

    /// Totals worked out from the answers, as the server books them.
    static func player(_ name: String, rank: Int?, leftAt: Int? = nil, _ answers: [Answer?]) -> GameSummary.PlayerSummary {
        let given = answers.compactMap { $0 }
        return GameSummary.PlayerSummary(
            name: name, rank: rank, correct: given.filter { $0.verdict == "right" }.count,
            wrong: given.filter { $0.verdict == "wrong" }.count, timeouts: given.filter { $0.verdict == "timeout" }.count,
            totalMs: given.reduce(0) { $0 + Int64($1.ms) }, outAt: nil, leftAt: leftAt, answers: answers)
    }

    static func game(_ number: Int, _ started: String, _ ended: String, pairs: [(String, String, String, String)],
                     players: [GameSummary.PlayerSummary]) -> GameSummary {
        GameSummary(game: "g\(number)", room: "k7px", number: number, started: started, ended: ended, stoppedEarly: false,
                    rules: .init(pairs: pairs.count, roundMs: 5_000, maxIncorrect: 3),
                    pairs: pairs.map { .init(english: $0.0, spanish: $0.1, truth: $0.2, translation: $0.3) }, players: players)
    }

    static let dog = ("dog", "perro", "correct", "perro"), cat = ("cat", "perro", "wrong", "gato")
    static let house = ("house", "leche", "wrong", "casa")

    /// Zoë plays twice (the second time as ZOË), Bo twice with a timeout, Cy
    /// leaves both of his games (never ranked), Dee plays once.
    static let games = [
        game(1, "2026-11-23T10:00:00+01:00", "2026-11-23T10:01:00+01:00", pairs: [dog, cat, house], players: [
            player("Zoë", rank: 1, [answer("correct", 1_000, "right"), answer("wrong", 2_000, "right"), answer("wrong", 1_500, "right")]),
            player("Bo", rank: 2, [answer("correct", 800, "right"), answer("correct", 1_200, "wrong"),
                                   answer("timeout", 5_000, "timeout")]),
        ]),
        game(2, "2026-11-23T11:00:00+01:00", "2026-11-23T11:01:00+01:00", pairs: [cat, dog], players: [
            player("Bo", rank: 1, [answer("correct", 700, "wrong"), answer("correct", 500, "right")]),
            player("ZOË", rank: 2, [answer("correct", 600, "wrong"), answer("wrong", 900, "wrong")]),
            player("Cy", rank: nil, leftAt: 2, [answer("wrong", 400, "right"), nil]),
        ]),
        game(3, "2026-11-24T09:00:00+01:00", "2026-11-24T09:02:00+01:00", pairs: [house, dog], players: [
            player("Dee", rank: 1, [answer("wrong", 1_000, "right"), answer("wrong", 1_001, "wrong")]),
            player("Cy", rank: nil, leftAt: 2, [answer("correct", 300, "wrong"), nil]),
        ]),
    ]

    @Test func playersAreMatchedRegardlessOfCaseAndEveryFigureIsExact() {
        let report = Report(games: Self.games)
        #expect(report.games == 3)
        #expect(report.players.map(\.name) == ["ZOË", "Cy", "Dee", "Bo"], "accuracy, then games (Cy before Dee at 50%), latest spelling")
        let rows = report.players.map { [$0.accuracyText, $0.meanMilliseconds.map(String.init), $0.bestRank.map(String.init)] }
        #expect(rows == [["60.0", "1200", "1"], ["50.0", "350", nil], ["50.0", "1001", "1"], ["40.0", "800", "1"]],
                "Bo's 5,000 ms timeout is not an answer time; Dee's 1,000.5 ms rounds up")
        #expect(report.players.map(\.games) == [2, 2, 1, 2])
        #expect(report.players.map(\.correct) == [3, 1, 1, 2])
        #expect(report.players.map(\.attempts) == [5, 2, 2, 5], "timeouts count as attempts")
    }

    @Test func missedWordsCountWrongAnswersAndTimeoutsOutOfEveryAnswer() {
        #expect(Report(games: Self.games).missed == [
            .init(english: "cat", missed: 3, answers: 5),
            .init(english: "dog", missed: 2, answers: 5),
            .init(english: "house", missed: 2, answers: 4),  // Bo's timeout and Cy's wrong answer
        ])
    }

    @Test func foolingPairsCountPlayersNotAnswers() {
        // Bo took "perro" for "cat" in both games: one player fooled, not two.
        #expect(Report(games: Self.games).fooled == [
            .init(spanish: "perro", english: "cat", players: 2),
            .init(spanish: "leche", english: "house", players: 1),
        ])
    }

    @Test func accuracyRoundsHalfUpToOneDecimal() {
        func accuracy(_ correct: Int, _ attempts: Int) -> String? {
            Report.Player(name: "x", games: 1, correct: correct, attempts: attempts, answered: 0, answeredMilliseconds: 0,
                          bestRank: nil).accuracyText
        }
        #expect(accuracy(2, 3) == "66.7" && accuracy(1, 3) == "33.3" && accuracy(1, 16) == "6.3" && accuracy(0, 4) == "0.0")
        #expect(accuracy(7, 7) == "100.0" && accuracy(0, 0) == nil)
    }

    @Test func theSummaryLineGivesTheDateRange() {
        let report = Report(games: Self.games)
        #expect(report.summaryLine(source: "r/history.jsonl") == "3 games, 4 players, 2026-11-23 to 2026-11-24, from r/history.jsonl")
        #expect(Report(games: [Self.games[2]]).summaryLine(source: "h") == "1 game, 2 players, on 2026-11-24, from h")
        var stopped = Self.games[2]
        stopped.stoppedEarly = true
        #expect(Report(games: [Self.games[1], stopped]).summaryLine(source: "h").hasPrefix("2 games (1 stopped early), "),
                "a game cut short is told apart: its players played fewer pairs")
    }

    /// The projector's order over every game: the share missed among those who played the pair, then timeouts,
    /// then the pair seen first; one pair in two games is one row, its counts added.
    @Test func theHardestPairsAddUpOverTheGamesInTheProjectorsOrder() {
        #expect(Report(games: Self.games).hardest == [
            // cat shown with perro: 1 of 2 missed in game 1, 2 of 3 in game 2: 3 of 5.
            .init(english: "cat", spanish: "perro", truth: "wrong", translation: "gato", right: 2, wrong: 3, timeouts: 0),
            // house: Bo's timeout in game 1, Cy's wrong answer in game 3 (Cy left game 3 after it): 2 of 4.
            .init(english: "house", spanish: "leche", truth: "wrong", translation: "casa", right: 2, wrong: 1, timeouts: 1),
            // dog, in all three games: 2 of 5.
            .init(english: "dog", spanish: "perro", truth: "correct", translation: "perro", right: 3, wrong: 2, timeouts: 0),
        ])
    }

    @Test func topCutsTheClassTables() {
        let report = Report(games: Self.games)
        #expect(report.missedTable(top: 1).rows == [[.text("cat"), .number(3), .number(5)]])
        #expect(report.missedTable(top: 1).title == "Most-missed English words (top 1)")
        #expect(report.missedTable().rows.count == 3 && report.fooledTable().rows.count == 2)
    }

    /// One small game, whole: columns aligned by terminal columns, so the decomposed
    /// ë of "Zoë" (two scalars) is one wide.
    @Test func theReportTextIsExact() {
        let small = Self.game(3, "2026-11-24T09:00:00+01:00", "2026-11-24T09:02:00+01:00", pairs: [Self.house, Self.dog], players: [
            Self.player("Zoe\u{308}", rank: 1, [Self.answer("wrong", 1_000, "right"), Self.answer("wrong", 1_001, "wrong")]),
            Self.player("Cy", rank: nil, leftAt: 2, [Self.answer("correct", 300, "wrong"), nil]),
        ])
        let expected = """
            1 game, 2 players, on 2026-11-24, from r/history.jsonl

            Players
            player  games  accuracy %  mean ms  best rank  correct
            Zoe\u{308}         1        50.0     1001          1        1
            Cy          1         0.0      300          -        0

            Most-missed English words (top 10)
            english  missed  answers
            dog           1        1
            house         1        2

            Wrong Spanish words taken for correct (top 10)
            spanish shown  english  players fooled
            leche          house                 1

            Hardest pairs (top 10)
            english  spanish shown  truth    translation  right  wrong  timeouts
            dog      perro          correct  perro            0      1         0
            house    leche          wrong    casa             1      1         0

            """
        #expect(Report(games: [small]).text(source: "r/history.jsonl", top: 10) == expected)
    }

    @Test func anEmptyTableSaysSoAndItsCSVHasTheHeaderAndBOM() {
        let table = Report(games: [Self.games[0]]).fooledTable()
        #expect(table.rows.count == 1)
        let none = Report(games: []).fooledTable(top: 5)
        #expect(none.text == "Wrong Spanish words taken for correct (top 5)\nspanish shown  english  players fooled\n(none)\n")
        #expect(none.csv == "\u{FEFF}spanish_shown,english,players_fooled\r\n")
    }

    @Test func theCSVHasTheSameRowsWithEmptyCellsForMissingFigures() {
        let rows = CSV.parse(Report(games: Self.games).playersTable.csv)
        #expect(rows.first == ["player", "games", "accuracy_percent", "mean_ms", "best_rank", "correct"])
        #expect(rows[2] == ["Cy", "2", "50.0", "350", "", "1"])
    }

    @Test func aLineThatIsNotAGameIsNamedByItsNumber() throws {
        let good = GameResultsLine.encode(Self.games[0])
        let text = good + "\n\n{\"game\": \"g2\"}\n"
        #expect(throws: ReportHistory.Problem.badLine(path: "h.jsonl", line: 3, reason: "no \"room\"")) {
            try ReportHistory.parse(text, path: "h.jsonl")
        }
        #expect(throws: ReportHistory.Problem.badLine(path: "h.jsonl", line: 2, reason: "not valid JSON")) {
            try ReportHistory.parse(good + "\n{oops\n", path: "h.jsonl")
        }
        let wrongType = good.replacingOccurrences(of: "\"total_ms\":7000", with: "\"total_ms\":\"slow\"")
        #expect(wrongType != good)
        #expect(throws: ReportHistory.Problem.badLine(path: "h", line: 1, reason: "\"players.1.total_ms\" is not a whole number")) {
            try ReportHistory.parse(wrongType, path: "h")
        }
        #expect(try ReportHistory.parse(good + "\n\n  \n" + good + "\n", path: "h") == [Self.games[0], Self.games[0]],
                "blank lines skipped")
        #expect(ReportHistory.Problem.badLine(path: "h", line: 2, reason: "not valid JSON").description
                == "h line 2: not a game record (not valid JSON)")
    }

    @Test func anEmptyFileHoldsNoGamesAndAMissingOneIsSaidSo() throws {
        let path = NSTemporaryDirectory() + "wordgame-history-\(UUID().uuidString).jsonl"
        try AtomicFile.write("", to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try ReportHistory.load(path: path).isEmpty)
        #expect(throws: ReportHistory.Problem.missing(path: path + ".gone")) { try ReportHistory.load(path: path + ".gone") }
        #expect(ReportHistory.Problem.missing(path: "d/history.jsonl").description
                == "d/history.jsonl: no such file (no games have been saved there yet?)")
    }
}

/// A game as the server writes it to history.jsonl (`GameResults.summaryLine`'s encoder).
enum GameResultsLine {
    static func encode(_ summary: GameSummary) -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try! encoder.encode(summary), as: UTF8.self)
    }
}
