import Foundation
import Testing
import WordGameTestSupport
import WordGame
import WordListFiles
import WordGameProtocol
import WordGamePOSIX
import WordGameResults

/// The built `wordgame-report`, run as a teacher would run it, over a results
/// folder the real server wrote while two bots played on 127.0.0.1.
@Suite struct ReportEndToEndTests {
    /// The binary next to this test bundle (`swift test` builds both).
    static let binary: URL = {
        let beside = Bundle.main.executableURL!.deletingLastPathComponent().appendingPathComponent("wordgame-report")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return TestServer.repositoryRoot.appendingPathComponent(".build/debug/wordgame-report")
    }()

    func report(_ arguments: [String], timeout: Double = 20) throws -> ProgramRun {
        try ProgramRun.run(Self.binary, arguments, timeout: timeout)
    }

    /// What one bot lived over both games, from its own socket.
    struct Played {
        var correct = 0
        var answers = 0
        var milliseconds: Int64 = 0
        var ranks: [Int] = []
    }

    /// Ana always claims `correct`, Zoë always `wrong`: exactly one of them is
    /// right on every pair, and Ana is fooled by every wrong pair.
    @Test func twoGamesPlayedAreReportedAndWrittenAsCSV() async throws {
        try await onOwnThread {
            let directory = ResultsFilesTests.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let server = try TestServer(rules: Rules(roundMilliseconds: 3_000, maxIncorrect: 10, pairCount: 3), resultsDirectory: directory)
            let names = ["Ana", "Zoë"]
            let bots = try names.map { try server.player($0) }  // Ana joins first: the room's host
            var played = Array(repeating: Played(), count: bots.count)
            var wrongPairs = Set<String>()
            for game in 1...2 {
                var correctThisGame = Array(repeating: 0, count: bots.count)
                bots[0].send(game == 1 ? "START" : "AGAIN")
                for number in 1...3 {
                    for (index, bot) in bots.enumerated() {
                        #expect(try bot.waitForRound().number == number)
                        bot.send("ANSWER \(number) \(index == 0 ? "y" : "n")")
                    }
                    for (index, bot) in bots.enumerated() {
                        let reveal = try bot.waitForReveal()
                        if index == 0 && reveal.truth == .wrong { wrongPairs.insert(reveal.spanish + "|" + reveal.english) }
                        played[index].answers += 1
                        if try bot.waitForResult().verdict == .right { correctThisGame[index] += 1 }
                    }
                }
                for (index, bot) in bots.enumerated() {
                    let over = try bot.waitForGameOver()
                    #expect(over.correct == correctThisGame[index], "\(names[index]) game \(game): GAMEOVER agrees with the RESULTs")
                    played[index].correct += correctThisGame[index]
                    played[index].milliseconds += over.milliseconds
                    played[index].ranks.append(over.rank)
                }
            }
            #expect(played[0].correct + played[1].correct == 6, "one of the two is right on every pair")
            server.server.results?.waitUntilIdle()

            let prefix = directory + "/class"
            let run = try report([directory, "--csv", prefix])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stderr.isEmpty, "\(run.stderr)")
            #expect(run.stdout.hasPrefix("2 games, 2 players, "), "\(run.stdout)")
            #expect(run.stdout.contains("from \(directory)/history.jsonl\n"), "\(run.stdout)")
            for title in ["Players", "Most-missed English words (top 10)", "Wrong Spanish words taken for correct (top 10)",
                          "Hardest pairs (top 10)"] {
                #expect(run.stdout.contains("\n\(title)\n"), "\(title)")
            }
            for name in ["players", "missed", "fooled", "pairs"] {
                #expect(run.stdout.contains("wrote \(prefix)-\(name).csv\n"), "\(run.stdout)")
                let bytes = try Data(contentsOf: URL(fileURLWithPath: "\(prefix)-\(name).csv"))
                #expect(bytes.starts(with: [0xEF, 0xBB, 0xBF]), "\(name): UTF-8 BOM")
            }

            let players = try csv(prefix + "-players.csv")
            #expect(players.first == ["player", "games", "accuracy_percent", "mean_ms", "best_rank", "correct"])
            #expect(players.count == 3)
            for (index, name) in names.enumerated() {
                let row = try #require(players.first { $0.first == name }, "\(players)")
                let mine = played[index]
                let tenths = (mine.correct * 2_000 + mine.answers) / (2 * mine.answers)
                let mean = (mine.milliseconds * 2 + Int64(mine.answers)) / (2 * Int64(mine.answers))
                #expect(row == [name, "2", "\(tenths / 10).\(tenths % 10)", "\(mean)", "\(mine.ranks.min()!)", "\(mine.correct)"],
                        "\(name): \(row) vs \(mine)")
                // The same row in the printed table: the name, then the same figures, aligned.
                #expect(run.stdout.split(separator: "\n").contains { line in
                    line.hasPrefix(name + " ") && line.split(separator: " ").map(String.init) == row.map { $0.isEmpty ? "-" : $0 }
                }, "\(name) in:\n\(run.stdout)")
            }

            let missed = try csv(prefix + "-missed.csv")
            #expect(missed.first == ["english", "missed", "answers"])
            #expect(missed.dropFirst().reduce(0) { $0 + Int($1[1])! } == 6, "12 answers, 6 of them right")
            #expect(missed.dropFirst().reduce(0) { $0 + Int($1[2])! } == 12,
                    "every pair was missed by one of the two, so every word is listed")

            let fooled = try csv(prefix + "-fooled.csv")
            #expect(fooled.first == ["spanish_shown", "english", "players_fooled"])
            #expect(Set(fooled.dropFirst().map { $0[0] + "|" + $0[1] }) == wrongPairs, "Ana took every wrong pair for correct")
            #expect(fooled.dropFirst().allSatisfy { $0[2] == "1" }, "only Ana was fooled: \(fooled)")

            // The hardest pairs: each game's pairs file, added up pair by pair, is the report's table.
            let pairs = try csv(prefix + "-pairs.csv")
            #expect(pairs.first == ["english", "spanish_shown", "truth", "translation", "right", "wrong", "timeouts"])
            var added: [String: [Int]] = [:]
            for file in try FileManager.default.contentsOfDirectory(atPath: directory) where file.hasSuffix("_pairs.csv") {
                for row in try csv(directory + "/" + file).dropFirst() {
                    let key = row[9] + "|" + row[10] + "|" + row[11], counts = row[13...15].map { Int($0)! }
                    added[key] = zip(added[key] ?? [0, 0, 0], counts).map(+)
                }
            }
            let reported = Dictionary(uniqueKeysWithValues: pairs.dropFirst().map { row in
                (row[0] + "|" + row[1] + "|" + row[2], row[4...6].map { Int($0)! })
            })
            #expect(reported == added)
            // Every pair was missed by one of two: one right, one wrong, whatever the pair.
            #expect(pairs.dropFirst().allSatisfy { Int($0[4])! == Int($0[5])! && $0[6] == "0" }, "\(pairs)")
        }
    }

    @Test func aMissingFolderIsOneLineAndExitOneAndAnEmptyOneHasNoGamesYet() async throws {
        try await onOwnThread {
            let directory = ResultsFilesTests.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let run = try report([directory + "/gone"])
            #expect(run.status == 1)
            #expect(run.stdout.isEmpty)
            #expect(run.stderr == "wordgame-report: \(directory)/gone: no such folder\n")
            // A server's folder before its first game: there, and empty.
            try AtomicFile.makeDirectory(directory)
            let empty = try report([directory])
            #expect(empty.status == 0 && empty.stderr.isEmpty, "\(empty)")
            #expect(empty.stdout == "no games yet in \(directory)/history.jsonl\n")
        }
    }

    @Test func aBadLineIsNamedByNumberAndAnEmptyFileIsNoGamesYet() async throws {
        try await onOwnThread {
            let directory = ResultsFilesTests.temporaryDirectory()
            try AtomicFile.makeDirectory(directory)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let path = directory + "/history.jsonl"
            try AtomicFile.write("", to: path)
            let empty = try report([directory])
            #expect(empty.status == 0 && empty.stdout == "no games yet in \(path)\n" && empty.stderr.isEmpty, "\(empty)")

            try AtomicFile.write("\n{\"game\": \"cut short", to: path)
            let bad = try report([directory])
            #expect(bad.status == 1)
            #expect(bad.stdout.isEmpty)
            #expect(bad.stderr.split(separator: "\n").count == 1, "\(bad.stderr)")
            #expect(bad.stderr.contains("\(path) line 2: not a game record"), "\(bad.stderr)")
        }
    }

    /// One game of three pairs on a server of its own, in a hosted room (a code of its own, so two servers'
    /// game ids differ): the first player always claims `correct`, the second `wrong`, so one of them is right.
    func playOneGame(resultsDirectory: String, names: [String]) throws {
        let rules = Rules(roundMilliseconds: 3_000, maxIncorrect: 10, pairCount: 3)
        let server = try TestServer(rules: rules, resultsDirectory: resultsDirectory)
        let (host, room, _) = try server.teacher()
        let bots = try names.map { try server.player($0, room: room) }
        host.send("START")
        for number in 1...3 {
            for (index, bot) in bots.enumerated() {
                #expect(try bot.waitForRound().number == number)
                bot.send("ANSWER \(number) \(index == 0 ? "y" : "n")")
            }
            for bot in bots { _ = try bot.waitForResult() }
        }
        for bot in bots { _ = try bot.waitForGameOver() }
        server.server.results?.waitUntilIdle()
    }

    /// Two servers of a fleet, each with its results folder, and a third folder holding a copy of the
    /// first one's history: one summary of the two games, each counted once, by whatever path a folder is named.
    @Test func severalFoldersAreReportedAsOne() async throws {
        try await onOwnThread {
            let base = ResultsFilesTests.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: base) }
            let a = base + "/server-a", b = base + "/server-b", copy = base + "/copied", link = base + "/link-to-a"
            try playOneGame(resultsDirectory: a, names: ["Ana", "Zoë"])
            try playOneGame(resultsDirectory: b, names: ["ana", "Bo"])  // Ana again, her name typed otherwise
            try AtomicFile.makeDirectory(copy)
            try FileManager.default.copyItem(atPath: a + "/history.jsonl", toPath: copy + "/history.jsonl")
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: a)

            let prefix = base + "/fleet"
            let run = try report([a, b, copy, link, base + "/./server-b/", a, "--csv", prefix, "--top", "1"])
            #expect(run.status == 0 && run.stderr.isEmpty, "\(run)")
            let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let first = lines.first ?? ""
            #expect(first.hasPrefix("2 games, 3 players, ") && first.hasSuffix(", from 3 history files:"), "\(run.stdout)")
            #expect(Array(lines.dropFirst().prefix(4)) == ["  \(a)/history.jsonl: 1 game", "  \(b)/history.jsonl: 1 game",
                                                           "  \(copy)/history.jsonl: 1 game, 1 already counted", ""],
                    "the link and the other spellings are the folders already named: \(run.stdout)")
            let missedTitle = try #require(lines.firstIndex(of: "Most-missed English words (top 1)"), "\(run.stdout)")
            #expect(lines[missedTitle + 1].hasPrefix("english") && lines[missedTitle + 3] == "", "--top 1: one word")

            let players = try csv(prefix + "-players.csv")
            #expect(players.dropFirst().map { [$0[0], $0[1]] }.sorted { $0[0] < $1[0] } == [["Bo", "1"], ["Zoë", "1"], ["ana", "2"]],
                    "one line for Ana, spelled as in the game that ended last: \(players)")
            #expect(players.dropFirst().reduce(0) { $0 + Int($1[5])! } == 6, "one of the two right on each of 6 pairs")
            let missed = try csv(prefix + "-missed.csv")
            #expect(missed.dropFirst().reduce(0) { $0 + Int($1[2])! } == 12, "2 games, 2 players, 3 pairs: the copy adds none")
        }
    }

    /// Each bad folder is named on its own line, as one bad folder is; nothing is reported from the others.
    @Test func everyBadFolderAmongSeveralIsALineAndExitOne() async throws {
        try await onOwnThread {
            let base = ResultsFilesTests.temporaryDirectory()
            try AtomicFile.makeDirectory(base + "/no-history")
            defer { try? FileManager.default.removeItem(atPath: base) }
            try AtomicFile.makeDirectory(base + "/good")
            try AtomicFile.write("", to: base + "/good/history.jsonl")
            try AtomicFile.write("", to: base + "/no-history/notes.txt")
            let run = try report([base + "/good", base + "/gone", base + "/no-history", base + "/gone"])
            #expect(run.status == 1)
            #expect(run.stdout.isEmpty)
            #expect(run.stderr == """
                wordgame-report: \(base)/gone: no such folder
                wordgame-report: \(base)/no-history: no history.jsonl, yet the folder is not empty: is it a server's results folder?

                """)

            try AtomicFile.makeDirectory(base + "/also-empty")
            try AtomicFile.write("", to: base + "/also-empty/history.jsonl")
            let empty = try report([base + "/good", base + "/also-empty"])
            #expect(empty.status == 0 && empty.stderr.isEmpty, "\(empty)")
            #expect(empty.stdout == "no games yet in 2 history files:\n  \(base)/good/history.jsonl: 0 games\n"
                    + "  \(base)/also-empty/history.jsonl: 0 games\n")
        }
    }

    @Test(arguments: [["--top", "0"], ["--top", "1001"], ["--top"], ["--bogus"], ["--csv"]])
    func badArgumentsGiveUsageAndExit64(arguments: [String]) async throws {
        try await onOwnThread {
            let run = try report(arguments)
            #expect(run.status == 64)
            #expect(run.stderr.hasPrefix("wordgame-report: ") && run.stderr.contains("USAGE: wordgame-report"), "\(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
    }

    @Test func helpGoesToStandardOutput() async throws {
        try await onOwnThread {
            let run = try report(["-h"])
            #expect(run.status == 0 && run.stderr.isEmpty)
            #expect(run.stdout.hasPrefix("USAGE: wordgame-report [DIR ...] [--csv PREFIX] [--top N]"))
            #expect(run.stdout.contains("give several, one per server of a fleet"), "\(run.stdout)")
        }
    }

    private func csv(_ path: String) throws -> [[String]] {
        CSV.parse(try String(contentsOfFile: path, encoding: .utf8))
    }
}
