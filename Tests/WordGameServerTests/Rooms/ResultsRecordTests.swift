import Foundation
import Testing
import WordGame
import WordGamePOSIX
import WordGameProtocol
@testable import WordGameResults
@testable import WordGameServer

/// What a room records of a finished game for the results files
/// (`HubWorld.games`), checked against what each player read, and the rows
/// and the history line `GameResults` makes of that record, without a file.
@Suite struct ResultsRecordTests {
    /// Names a spreadsheet could take for formulas, and one with every CSV special character.
    static let names = ["=SUM(A1)", "Zoë \"Z\", Jr", "@bob"]

    /// What one player lived in one pair, from their own lines.
    struct Lived: Equatable {
        var answer: String  // correct, wrong, timeout
        var verdict: String
        var milliseconds: Int64
    }

    /// A teacher's room of three, 4 pairs of 1.5 s. Player `i` answers pair
    /// `n` 200 + 100 i ms after it reached them, `y` when n + i is even;
    /// @bob lets pair 2 time out.
    static func play() throws -> (world: HubWorld, room: String, lived: [[Lived]], reveals: [Reveal], finals: [GameOver]) {
        let world = HubWorld(rules: Rules(roundMilliseconds: 1_500, maxIncorrect: 10, pairCount: 4))
        let host = world.connect()
        world.type("HOST", from: host)
        let room = try #require(world.messages(host).compactMap { if case .hosted(let room, _) = $0 { room } else { nil } }.first)
        let players = names.map { world.player($0, room: room) }
        world.type("START", from: host)
        var lived = Array(repeating: [Lived](), count: players.count)
        var booked = Array(repeating: Int64(0), count: players.count)
        var reveals: [Reveal] = []
        for number in 1...4 {
            world.deliverTracked()
            for (index, player) in players.enumerated() {
                world.advance(by: index == 0 ? 200 : 100)
                if index == 2 && number == 2 { continue }  // @bob lets pair 2 time out
                world.type("ANSWER \(number) \((number + index) % 2 == 0 ? "y" : "n")", from: player)
            }
            if number == 2 { world.advance(by: 1_500 - 400) }  // @bob's time runs out
            for (index, player) in players.enumerated() {
                let seen = world.messages(player)
                let reveal = try #require(seen.compactMap { if case .reveal(let reveal) = $0 { reveal } else { nil } }.first)
                if index == 0 { reveals.append(reveal) }
                let result = try #require(seen.compactMap { if case .result(let result) = $0 { result } else { nil } }.first)
                let total = try #require(seen.compactMap {
                    if case .top(let top) = $0, top.name == names[index] { top.milliseconds } else { nil }
                }.first)
                let answer = index == 2 && number == 2 ? "timeout" : (number + index) % 2 == 0 ? "correct" : "wrong"
                lived[index].append(Lived(answer: answer, verdict: result.verdict.rawValue.lowercased(),
                                          milliseconds: total - booked[index]))
                booked[index] = total
            }
        }
        let finals = try players.map { player in try #require(gameOver(in: player.transcript)) }
        return (world, room, lived, reveals, finals)
    }

    /// The first GAMEOVER among `lines`.
    static func gameOver(in lines: [String]) -> GameOver? {
        for line in lines { if case .gameOver(let over)? = try? ServerMessage(line: line) { return over } }
        return nil
    }

    @Test func aGameIsRecordedAsItWasPlayed() throws {
        let (world, room, lived, reveals, finals) = try Self.play()
        // The times booked are exactly those the players took.
        for (index, name) in Self.names.enumerated() {
            let expected = (1...4).map { number in index == 2 && number == 2 ? 1_500 : Int64(200 + 100 * index) }
            #expect(lived[index].map(\.milliseconds) == expected, "\(name)")
        }
        #expect(world.games.count == 1)
        let record = try #require(world.games.first)
        #expect(record.room == room && record.number == 1 && record.players == Self.names)
        #expect(record.rules == Rules(roundMilliseconds: 1_500, maxIncorrect: 10, pairCount: 4))
        #expect(record.startedAt == 1_763_900_000 && record.endedAt == 1_763_900_000)
        #expect(!record.stoppedEarly && record.leftDuring == [nil, nil, nil])
        #expect(record.rounds.count == 4)
        for (round, reveal) in reveals.enumerated() {
            let pair = record.pairs[round]
            #expect(pair.english == reveal.english && pair.spanish == reveal.spanish && pair.isCorrect == (reveal.truth == .correct))
            for slot in Self.names.indices {
                let mine = lived[slot][round]
                #expect(record.rounds[round].verdicts[slot]?.rawValue.lowercased() == mine.verdict, "\(Self.names[slot]) pair \(round + 1)")
                #expect(Int64(record.rounds[round].milliseconds[slot]) == mine.milliseconds, "\(Self.names[slot]) pair \(round + 1)")
                let answer = record.answer(slot: slot, round: round)
                #expect(answer == (mine.answer == "timeout" ? .timeout : .given(mine.answer == "correct" ? .correct : .wrong)))
            }
        }
        #expect(record.finalRanks == finals.map(\.rank))
        for slot in Self.names.indices {
            let totals = record.totals(slot: slot)
            #expect(totals.correct == finals[slot].correct && totals.wrong + totals.timeouts == finals[slot].wrong)
            #expect(totals.milliseconds == finals[slot].milliseconds, "total time as GAMEOVER showed it")
        }
    }

    @Test func theResultsFilesHoldTheGameAsPlayed() throws {
        let (world, room, lived, reveals, finals) = try Self.play()
        let results = GameResults(record: try #require(world.games.first), timeZone: TimeZone(identifier: "UTC")!)
        let gameID = "2025-11-23_121320_\(room)_1"
        #expect(results.id == gameID)

        let answersText = results.answersCSV
        #expect(Array(answersText.utf8).starts(with: [0xEF, 0xBB, 0xBF]), "UTF-8 BOM")
        let answers = CSV.parse(answersText)
        #expect(answers.first == GameResults.answersHeader)
        #expect(answers.count == 1 + Self.names.count * 4)
        for (index, name) in Self.names.enumerated() {
            let rows = answers.dropFirst().filter { $0[4] == CSV.defused(name) }
            #expect(rows.count == 4, "\(name)")
            for (round, row) in rows.enumerated() {
                let reveal = reveals[round]
                #expect(Array(row[0...5]) == [gameID, "2025-11-23", "12:13:20", room, CSV.defused(name), "\(round + 1)"])
                #expect(row[6] == reveal.english && row[7] == reveal.spanish && row[8] == reveal.truth.rawValue.lowercased())
                let mine = lived[index][round]
                #expect(row[9] == mine.answer && row[11] == mine.verdict, "\(name) pair \(round + 1): \(row)")
                #expect(Int64(row[10]) == mine.milliseconds, "\(name) pair \(round + 1): booked \(row[10]), TOP said \(mine.milliseconds)")
            }
        }
        #expect(answers.contains { $0[4] == "'=SUM(A1)" } && answers.contains { $0[4] == "'@bob" }, "formulas defused")
        #expect(answersText.contains("\"Zoë \"\"Z\"\", Jr\""), "RFC 4180 quoting")

        let playerRows = CSV.parse(results.playersCSV)
        #expect(playerRows.first == GameResults.playersHeader)
        #expect(playerRows.count == 1 + Self.names.count)
        for (index, name) in Self.names.enumerated() {
            let row = try #require(playerRows.first { $0[5] == CSV.defused(name) })
            #expect(row[4] == "\(finals[index].rank)" && row[6] == "\(finals[index].correct)", "\(row)")
            #expect(row[7] == "\(finals[index].wrong)", "wrong attempts as the screens count them, timeouts included: \(row)")
            #expect(row[8] == (name == "@bob" ? "1" : "0") && row[9] == "0", "timeouts among them, and no pair missed away: \(row)")
            #expect(row[10] == "\(finals[index].milliseconds)", "total time as GAMEOVER showed it")
        }

        let line = results.summaryLine
        #expect(!line.contains("\n"), "one line of history.jsonl")
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let summary = try decoder.decode(GameSummary.self, from: Data(line.utf8))
        #expect(summary.game == gameID && summary.players.count == 3 && summary.pairs.count == 4)
        #expect(summary.players.first { $0.name == "@bob" }?.timeouts == 1)
    }

    /// The results writer's news goes to the room's host, in a sentence that says where, or why not.
    @Test func theHostIsToldWhereTheResultsAreOrWhyNot() throws {
        let world = HubWorld()
        let host = world.connect()
        world.type("HOST", from: host)
        let room = try #require(world.messages(host).compactMap { if case .hosted(let room, _) = $0 { room } else { nil } }.first)
        let ana = world.player("Ana", room: room)
        _ = world.take(host)
        world.hub.resultsSaved(ResultsWriter.SaveOutcome(room: room, game: 1, result: .success("/results/g_players.csv")))
        world.expect(host, [
            "SAVED 1",
            "INFO \"The results of game 1 are saved: /results/g_players.csv (and the answers and the pairs beside it).\"",
        ])
        let failure = AtomicFile.Failure(path: "/blocked/results", reason: "Not a directory")
        world.hub.resultsSaved(ResultsWriter.SaveOutcome(room: room, game: 2, result: .failure(failure)))
        world.expect(host, ["INFO \"The results of game 2 could not be saved: /blocked/results: Not a directory. The server goes on.\""])
        world.expect(ana, [])
    }

    /// The server stopped (SIGTERM) in the middle of a game: the game ends as the host's STOP ends it, before the
    /// goodbyes. Its record says it stopped early, after the pairs played, and ranks everyone who played by score,
    /// those out included; nobody is recorded as having left (it used to rank only those out, and the players
    /// still in as gone at the last pair, in a game "not stopped early").
    @Test func aGameCutShortByTheServerStoppingIsRecordedAsStoppedEarly() throws {
        let world = HubWorld(rules: Rules(roundMilliseconds: 1_500, maxIncorrect: 1, pairCount: 6))
        let host = world.connect()
        world.type("HOST", from: host)
        let room = try #require(world.messages(host).compactMap { if case .hosted(let room, _) = $0 { room } else { nil } }.first)
        let ana = world.player("Ana", room: room), bo = world.player("Bo", room: room), cy = world.player("Cy", room: room)
        world.type("START", from: host)
        world.deliverTracked()
        // Pair 1: Ana and Cy right, Bo wrong (out after one wrong); Ana the quicker.
        world.advance(by: 200)
        world.answer(from: ana, rightly: true)
        world.advance(by: 100)
        world.answer(from: cy, rightly: true)
        world.answer(from: bo, rightly: false)
        world.deliverTracked()
        world.advance(by: 300)  // pair 2 is open: the server stops
        for client in [host, ana, bo, cy] { _ = world.take(client) }
        world.hub.shutdown(reason: "The server is stopping.", at: world.now)
        let anaLines = world.messages(ana)
        let anaOver = try #require(anaLines.compactMap { if case .gameOver(let over) = $0 { over } else { nil } }.first)
        #expect((anaOver.rank, anaOver.ranked, anaOver.correct, anaOver.wrong) == (1, 3, 1, 0))
        let byeAfterGameOver = anaLines.firstIndex { if case .bye = $0 { true } else { false } }
            .map { bye in anaLines[..<bye].contains { if case .gameOver = $0 { true } else { false } } }
        #expect(byeAfterGameOver == true, "GAMEOVER, then BYE: \(anaLines)")
        let record = try #require(world.games.first)
        #expect(world.games.count == 1)
        #expect(record.stoppedEarly)
        #expect(record.rounds.count == 1, "the pair cut short is not a pair played")
        #expect(record.leftDuring == [nil, nil, nil], "nobody left: the game stopped")
        #expect(record.finalRanks == [1, 3, 2], "everyone who played, ranked by score: Ana, Cy, then Bo (out)")
        let line = GameResults(record: record, timeZone: TimeZone(identifier: "UTC")!).summaryLine
        #expect(line.contains("\"stopped_early\":true"), "\(line)")
    }
}
