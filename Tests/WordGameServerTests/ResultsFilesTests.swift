import Foundation
import Testing
import WordGameTestSupport
import WordGame
import WordGameProtocol
import WordGamePOSIX
import WordGameResults

/// Results files on disk, written by the real server on 127.0.0.1 as games
/// end: where they go, that they are there and whole, and what a folder that
/// cannot be written costs. What a game's record holds, row by row, is tested
/// without sockets or files (`ResultsRecordTests`).
@Suite struct ResultsFilesTests {
    static func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("wordgame-results-\(UUID().uuidString)").path
    }

    @Test func aGameIsKeptAsCSVFilesAndAHistoryLine() async throws {
        try await onOwnThread {
            let directory = Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let server = try TestServer(rules: Rules(roundMilliseconds: 1_500, maxIncorrect: 10, pairCount: 2), resultsDirectory: directory)
            let host = try server.client("teacher")
            host.send("HOST")
            defer { withExtendedLifetime(host) {} }
            let room = try host.waitFor { if case .hosted(let room, _) = $0 { room } else { nil } }
            let names = ["=SUM(A1)", "Zoë \"Z\", Jr"]
            let players = try names.map { try server.player($0, room: room) }
            host.send("START")
            var verdicts = Array(repeating: [String](), count: players.count)
            for number in 1...2 {
                for (index, player) in players.enumerated() {
                    _ = try player.waitForRound()
                    player.send("ANSWER \(number) \((number + index) % 2 == 0 ? "y" : "n")")
                }
                for (index, player) in players.enumerated() {
                    verdicts[index].append(try player.waitForResult().verdict.rawValue.lowercased())
                }
            }
            let finals = try players.map { try $0.waitForGameOver() }
            _ = try host.waitFor { $0 == .end(.ranking) }
            var hardest: [HardestPair] = []
            while case .hardest(let row) = try host.next() { hardest.append(row) }
            let saved = try host.waitFor { if case .info(let text) = $0, text.contains("results") { text } else { nil } }
            server.server.results?.waitUntilIdle()

            let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
            let answersFile = try #require(files.first { $0.hasSuffix("_answers.csv") })
            let playersFile = try #require(files.first { $0.hasSuffix("_players.csv") })
            let pairsFile = try #require(files.first { $0.hasSuffix("_pairs.csv") })
            #expect(files.count == 4 && files.contains("history.jsonl"), "\(files)")
            #expect(saved.contains(directory + "/" + playersFile), "the host is told where: \(saved)")
            let gameID = String(answersFile.dropLast("_answers.csv".count))
            #expect(gameID.hasSuffix("_\(room)_1"))
            #expect(playersFile == gameID + "_players.csv" && pairsFile == gameID + "_pairs.csv")

            #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + answersFile)).starts(with: [0xEF, 0xBB, 0xBF]), "UTF-8 BOM")
            let answers = CSV.parse(try String(contentsOfFile: directory + "/" + answersFile, encoding: .utf8))
            #expect(answers.first == GameResults.answersHeader)
            #expect(answers.count == 1 + names.count * 2)
            for (index, name) in names.enumerated() {
                let rows = answers.dropFirst().filter { $0[4] == CSV.defused(name) }
                #expect(rows.map { $0[0] } == [gameID, gameID] && rows.map { $0[11] } == verdicts[index], "\(name): \(rows)")
            }
            let playerRows = CSV.parse(try String(contentsOfFile: directory + "/" + playersFile, encoding: .utf8))
            #expect(playerRows.first == GameResults.playersHeader)
            for (index, name) in names.enumerated() {
                let row = try #require(playerRows.first { $0[5] == CSV.defused(name) })
                #expect(row[4] == "\(finals[index].rank)" && row[10] == "\(finals[index].milliseconds)", "\(row)")
            }
            // The pairs file holds the table the projector got, row for row, and agrees with the answers file.
            let pairRows = CSV.parse(try String(contentsOfFile: directory + "/" + pairsFile, encoding: .utf8))
            #expect(pairRows.first == GameResults.pairsHeader)
            let tableRows: [[String]] = hardest.map { row in
                let truth = row.reveal.truth == .correct ? "correct" : "wrong"
                let counts: [String] = ["\(row.right)", "\(row.wrong)", "\(row.timeout)"]
                return ["\(row.rank)", "\(row.reveal.number)", row.reveal.english, row.reveal.spanish, truth, row.reveal.translation]
                    + counts
            }
            let fileRows: [[String]] = pairRows.dropFirst().map { Array($0[7...15]) }
            #expect(fileRows == tableRows)
            for row in pairRows.dropFirst() {
                let verdicts: [String] = answers.dropFirst().filter { $0[5] == row[8] }.map { $0[11] }
                let counted: [String] = ["right", "wrong", "timeout"].map { kind in String(verdicts.filter { $0 == kind }.count) }
                #expect(counted == Array(row[13...15]), "\(row)")
            }
            let history = try String(contentsOfFile: directory + "/history.jsonl", encoding: .utf8)
            #expect(history.split(separator: "\n").count == 1)
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            let summary = try decoder.decode(GameSummary.self, from: Data(history.utf8))
            #expect(summary.game == gameID && summary.players.count == 2 && summary.pairs.count == 2)
        }
    }

    @Test func aPracticeGameIsNotWritten() async throws {
        try await onOwnThread {
            let directory = Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let server = try TestServer(rules: Rules(roundMilliseconds: 1_000, pairCount: 2), resultsDirectory: directory)
            let cy = try server.client("Cy")
            cy.send("PRACTICE default")
            for number in 1...2 {
                _ = try cy.waitForRound()
                cy.send("ANSWER \(number) y")
            }
            #expect(try cy.waitForGameOver().ranked == 1)
            // A game of a room afterwards is written: the writer had its chance at the practice game before it.
            let ana = try server.player("Ana")
            ana.send("START")
            for number in 1...2 {
                _ = try ana.waitForRound()
                ana.send("ANSWER \(number) y")
            }
            _ = try ana.waitForGameOver()
            server.server.results?.waitUntilIdle()
            let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
            #expect(files.count == 4 && files.allSatisfy { $0 == "history.jsonl" || $0.contains("_main_1_") }, "\(files)")
        }
    }

    @Test func anUnwritableFolderCostsALogLineAndNothingElse() async throws {
        try await onOwnThread {
            let base = Self.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: base) }
            try AtomicFile.makeDirectory(base)
            try AtomicFile.write("a file, not a folder", to: base + "/blocked")
            let server = try TestServer(rules: Rules(roundMilliseconds: 1_000, pairCount: 2), resultsDirectory: base + "/blocked/results")
            let ana = try server.player("Ana")
            for game in 1...2 {
                ana.send(game == 1 ? "START" : "AGAIN")
                for number in 1...2 {
                    _ = try ana.waitForRound()
                    ana.send("ANSWER \(number) y")
                }
                #expect(try ana.waitForGameOver().ranked == 1, "game \(game) ran to its end")
            }
            server.server.results?.waitUntilIdle()
            let failures = server.events.filter { $0.contains("not kept") }
            #expect(failures.count == 2, "\(server.events)")
            #expect(failures.allSatisfy { $0.contains(base + "/blocked") && $0.contains("Not a directory") }, "\(failures)")
            ana.send("PING")
            #expect(try ana.waitFor { $0 == .pong } == .pong)
        }
    }
}
