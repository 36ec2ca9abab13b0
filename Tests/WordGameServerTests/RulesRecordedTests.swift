import Foundation
import Testing
import WordGame
import WordGameResults

/// The results files record the rules each game was played by, its word list included, and
/// a history written before rooms chose their rules still reads.
@Suite struct RulesRecordedTests {
    static let pair = Pair(english: "dog", spanish: "perro", isCorrect: true, translation: "perro")

    func results(_ rules: Rules, list: String) -> GameResults {
        var record = GameRecord(room: "k7px", number: 1, rules: rules, wordList: list, startedAt: 1_700_000_000,
                                pairs: [Self.pair], players: ["Ana"])
        record.add(.init(verdicts: [.wrong], milliseconds: [900]))
        record.finish(at: 1_700_000_010, ranks: [0: 1], stoppedEarly: false)
        return GameResults(record: record, timeZone: TimeZone(identifier: "UTC")!)
    }

    @Test func historyHasTheListAndNeverIsZero() throws {
        let line = results(Rules(roundMilliseconds: 8_500, maxIncorrect: Rules.neverOut, pairCount: 1), list: "animals").summaryLine
        #expect(line.contains(#""rules":{"max_incorrect":0,"pairs":1,"round_ms":8500,"word_list":"animals"}"#), "\(line)")
        let back = try ReportHistory.parse(line + "\n", path: "h")
        #expect(back.first?.rules.wordList == "animals")
    }

    @Test func thePlayersFileHasTheRulesOnEveryRow() {
        let never = results(Rules(roundMilliseconds: 8_500, maxIncorrect: Rules.neverOut, pairCount: 1), list: "animals").playersCSV
        let rows = never.split(separator: "\r\n")
        #expect(rows[0].hasSuffix("out_at_pair,left_at_pair,pairs,round_ms,out_after,word_list"), "\(rows[0])")
        #expect(rows[1].hasSuffix(",1,8500,never,animals"), "\(rows[1])")
        let original = results(.original, list: WordListName.standard).playersCSV
        #expect(original.split(separator: "\r\n")[1].hasSuffix(",15,5000,3,default"))
    }

    @Test func anOldHistoryLineWithoutAListStillReads() throws {
        let old = #"{"ended":"2026-11-23T11:08:00+00:00","game":"g","number":1,"pairs":[],"players":[],"room":"main","#
            + #""rules":{"max_incorrect":3,"pairs":15,"round_ms":5000},"started":"2026-11-23T11:07:37+00:00","stopped_early":false}"#
        let games = try ReportHistory.parse(old + "\n", path: "h")
        #expect(games.count == 1)
        #expect(games[0].rules.wordList == nil)
        #expect(games[0].rules.maxIncorrect == 3)
    }
}
