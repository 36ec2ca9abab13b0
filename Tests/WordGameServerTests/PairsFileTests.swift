import Foundation
import Testing
import WordGame
import WordGameProtocol
import WordGameResults

/// The results' third file, `<game>_pairs.csv`: every pair played, the hardest first, as the projector's
/// `HARDEST` table orders them, with the list and its languages. Pure: a record in, the file's text out.
@Suite struct PairsFileTests {
    static let pairs = [
        Pair(english: "dog", spanish: "perro", isCorrect: true, translation: "perro"),
        Pair(english: "=cat", spanish: "casa, grande", isCorrect: false, translation: "gato"),
        Pair(english: "sun", spanish: "luna", isCorrect: false, translation: "sol"),
    ]

    /// Ana, Bo and Cy; Cy leaves during pair 3, so nobody but Ana and Bo plays it.
    static func record() -> GameRecord {
        var record = GameRecord(room: "k7px", number: 2, rules: .original, wordList: "animals", startedAt: 1_700_000_000,
                                pairs: pairs, players: ["Ana", "Bo", "Cy"])
        record.add(.init(verdicts: [.right, .right, .wrong], milliseconds: [900, 800, 700]))
        record.add(.init(verdicts: [.wrong, .timeout, .right], milliseconds: [900, 5_000, 700]))
        record.add(.init(verdicts: [.right, .away, nil], milliseconds: [900, 5_000, 0]))
        record.leave(slot: 2, duringPair: 3)
        record.finish(at: 1_700_000_030, ranks: [0: 1, 1: 2], stoppedEarly: false)
        return record
    }

    @Test func everyPairHardestFirstWithTheListAndItsLanguagesAndFormulasDefused() {
        let results = GameResults(record: Self.record(), timeZone: TimeZone(identifier: "UTC")!)
        let id = "2023-11-14_221320_k7px_2"
        #expect(results.pairsCSV == CSV.byteOrderMark
            + "game,date,time,room,word_list,from_language,to_language,rank,pair,english,spanish_shown,truth,translation,"
            + "right,wrong,timeouts\r\n"
            + "\(id),2023-11-14,22:13:20,k7px,animals,English,Spanish,1,2,'=cat,\"casa, grande\",wrong,gato,1,1,1\r\n"
            + "\(id),2023-11-14,22:13:20,k7px,animals,English,Spanish,2,1,dog,perro,correct,perro,2,1,0\r\n"
            + "\(id),2023-11-14,22:13:20,k7px,animals,English,Spanish,3,3,sun,luna,wrong,sol,1,0,0\r\n")
    }

    @Test func theLanguagesAreTheListsWhenGiven() {
        let results = GameResults(record: Self.record(), timeZone: TimeZone(identifier: "UTC")!, languages: ("English", "French"))
        let rows = CSV.parse(results.pairsCSV)
        #expect(rows.dropFirst().allSatisfy { $0[5] == "English" && $0[6] == "French" })
    }

    /// The file and the projector's table are one order: the file's first 100 rows are `HARDEST`'s.
    @Test func theFileAndTheProjectorsTableAgree() {
        var record = GameRecord(room: "main", number: 1, rules: Rules(pairCount: 150), startedAt: 0,
                                pairs: (1...150).map {
                                    Pair(english: "w\($0)", spanish: "s\($0)", isCorrect: $0 % 3 == 0, translation: "t\($0)")
                                },
                                players: ["Ana", "Bo"])
        var generator = SeededGenerator(seed: 3)
        let verdicts: [Verdict?] = [.right, .wrong, .timeout, .away, nil]
        for _ in 1...150 {
            record.add(.init(verdicts: [verdicts.randomElement(using: &generator)!, verdicts.randomElement(using: &generator)!],
                             milliseconds: [1, 1]))
        }
        let rows = CSV.parse(GameResults(record: record).pairsCSV).dropFirst()
        let table = HardestPair.table(record.pairTallies)
        #expect(rows.count == 150 && table.count == hardestListed)
        for (row, line) in zip(rows, table) {
            let shown: [String] = [row[7], row[8], row[9], row[13], row[14], row[15]]
            let sent: [String] = ["\(line.rank)", "\(line.reveal.number)", line.reveal.english, "\(line.right)", "\(line.wrong)",
                                  "\(line.timeout)"]
            #expect(shown == sent)
        }
    }
}
