import Foundation
import Testing
import WordGame
import WordListFiles
import WordGameProtocol
import WordGamePOSIX
import WordGameResults

/// Results files written by the real server on 127.0.0.1, read back as a
/// spreadsheet would, and checked row by row against the game as played.
@Suite struct ResultsTests {
    static func temporaryDirectory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("wordgame-results-\(UUID().uuidString)").path
    }

    /// What one player lived in one round, seen from their socket.
    struct Lived: Equatable {
        var answer: String  // correct, wrong, timeout
        var verdict: String
        var milliseconds: Int64
    }

    @Test func aGameIsKeptAsCSVFilesAndAHistoryLine() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try TestServer(rules: Rules(roundMilliseconds: 1_500, maxIncorrect: 10, pairCount: 4), resultsDirectory: directory)
        let host = try server.client("teacher")
        host.send("HOST")
        let room = try host.waitFor { if case .hosted(let room, _) = $0 { room } else { nil } }
        // Names a spreadsheet could take for formulas, and one with every CSV special character.
        let names = ["=SUM(A1)", "Zoë \"Z\", Jr", "@bob"]
        let players = try names.map { try server.player($0, room: room) }
        host.send("START")
        var lived = Array(repeating: [Lived](), count: players.count)
        var booked = Array(repeating: Int64(0), count: players.count)
        var pairs: [Reveal] = []
        for number in 1...4 {
            for (index, player) in players.enumerated() {
                _ = try player.waitForRound()
                if index == 2 && number == 2 { continue }  // @bob lets pair 2 time out
                player.send("ANSWER \(number) \((number + index) % 2 == 0 ? "y" : "n")")
            }
            for (index, player) in players.enumerated() {
                let reveal = try player.waitForReveal()
                if index == 0 { pairs.append(reveal) }
                let result = try player.waitForResult()
                let total = try player.waitFor { if case .top(let top) = $0, top.name == names[index] { top.milliseconds } else { nil } }
                let answer = index == 2 && number == 2 ? "timeout" : (number + index) % 2 == 0 ? "correct" : "wrong"
                lived[index].append(Lived(answer: answer, verdict: result.verdict.rawValue.lowercased(), milliseconds: total - booked[index]))
                booked[index] = total
            }
        }
        let finals = try players.map { try $0.waitForGameOver() }
        let saved = try host.waitFor { if case .info(let text) = $0, text.contains("results") { text } else { nil } }
        server.server.results?.waitUntilIdle()

        let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        let answersFile = try #require(files.first { $0.hasSuffix("_answers.csv") })
        let playersFile = try #require(files.first { $0.hasSuffix("_players.csv") })
        #expect(files.contains("history.jsonl"))
        #expect(saved.contains(playersFile), "the host is told where: \(saved)")
        let gameID = String(answersFile.dropLast("_answers.csv".count))
        #expect(gameID.hasSuffix("_\(room)_1"))

        let answersText = try String(contentsOfFile: directory + "/" + answersFile, encoding: .utf8)
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/" + answersFile)).starts(with: [0xEF, 0xBB, 0xBF]), "UTF-8 BOM")
        let answers = CSV.parse(answersText)
        #expect(answers.first == GameResults.answersHeader)
        #expect(answers.count == 1 + names.count * 4)
        for (index, name) in names.enumerated() {
            let rows = answers.dropFirst().filter { $0[4] == CSV.defused(name) }
            #expect(rows.count == 4, "\(name)")
            for (round, row) in rows.enumerated() {
                let reveal = pairs[round]
                #expect(row[0] == gameID && row[3] == room && row[5] == "\(round + 1)")
                #expect(row[6] == reveal.english && row[7] == reveal.spanish && row[8] == reveal.truth.rawValue.lowercased())
                let mine = lived[index][round]
                #expect(row[9] == mine.answer && row[11] == mine.verdict, "\(name) pair \(round + 1): \(row)")
                #expect(Int64(row[10]) == mine.milliseconds, "\(name) pair \(round + 1): booked \(row[10]), TOP said \(mine.milliseconds)")
            }
        }
        #expect(answers.contains { $0[4] == "'=SUM(A1)" } && answers.contains { $0[4] == "'@bob" }, "formulas defused")
        #expect(answersText.contains("\"Zoë \"\"Z\"\", Jr\""), "RFC 4180 quoting")

        let playerRows = CSV.parse(try String(contentsOfFile: directory + "/" + playersFile, encoding: .utf8))
        #expect(playerRows.first == GameResults.playersHeader)
        for (index, name) in names.enumerated() {
            let row = try #require(playerRows.first { $0[5] == CSV.defused(name) })
            #expect(row[4] == "\(finals[index].rank)" && row[6] == "\(finals[index].correct)", "\(row)")
            #expect(Int(row[7])! + Int(row[8])! == finals[index].wrong)
            #expect(row[9] == "\(finals[index].milliseconds)", "total time as GAMEOVER showed it")
        }
        let history = try String(contentsOfFile: directory + "/history.jsonl", encoding: .utf8)
        #expect(history.split(separator: "\n").count == 1)
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let summary = try decoder.decode(GameSummary.self, from: Data(history.utf8))
        #expect(summary.game == gameID && summary.players.count == 3 && summary.pairs.count == 4)
        #expect(summary.players.first { $0.name == "@bob" }?.timeouts == 1)
    }

    @Test func anUnwritableFolderCostsALogLineAndNothingElse() throws {
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
