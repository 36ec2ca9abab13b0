import Foundation
import WordGame

/// The files of one finished game: a row per player per pair, a row per
/// player, and the JSON summary. Pure: no file is touched here.
public struct GameResults: Sendable {
    public let record: GameRecord
    /// Names the game and its files: `2026-11-23_101502_k7px_1`.
    public let id: String
    /// Local date and time the game started, as the CSVs show them.
    public let date: String
    public let time: String
    /// The list's two languages: the word that stays (English), and the word shown with it (Spanish).
    public let languages: (from: String, to: String)
    private let started: String
    private let ended: String

    public init(record: GameRecord, timeZone: TimeZone = .current, languages: (from: String, to: String) = GameResults.originalLanguages) {
        self.record = record
        self.languages = languages
        let start = Date(timeIntervalSince1970: record.startedAt)
        let stamp = Self.formatter("yyyy-MM-dd_HHmmss", timeZone).string(from: start)
        id = "\(stamp)_\(record.room)_\(record.number)"
        date = Self.formatter("yyyy-MM-dd", timeZone).string(from: start)
        time = Self.formatter("HH:mm:ss", timeZone).string(from: start)
        let iso = Self.formatter("yyyy-MM-dd'T'HH:mm:ssxxx", timeZone)
        started = iso.string(from: start)
        ended = iso.string(from: Date(timeIntervalSince1970: record.endedAt))
    }

    private static func formatter(_ format: String, _ timeZone: TimeZone) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = format
        return formatter
    }

    /// The languages of a list of the original format, `[{"text_eng", "text_spa"}]`.
    public static let originalLanguages = (from: "English", to: "Spanish")

    public static let answersHeader = ["game", "date", "time", "room", "player", "pair", "english", "spanish_shown", "truth",
                                       "answer", "time_ms", "verdict"]
    public static let playersHeader = ["game", "date", "time", "room", "rank", "player", "correct", "wrong", "timeouts",
                                       "away", "total_ms", "out_at_pair", "left_at_pair", "pairs", "round_ms", "out_after",
                                       "word_list"]

    /// A row per player per pair played: the answer (`correct`, `wrong`,
    /// `timeout`, `away` for a pair missed while the seat was held empty, or
    /// `out` / `left` once they no longer played), the effective time booked,
    /// and the verdict.
    public var answersCSV: String {
        var rows: [[CSV.Cell]] = []
        rows.reserveCapacity(record.players.count * record.rounds.count)
        for (slot, player) in record.players.enumerated() {
            let totals = record.totals(slot: slot)
            for (index, round) in record.rounds.enumerated() {
                let pair = record.pairs[index]
                var row: [CSV.Cell] = [.text(id), .text(date), .text(time), .text(record.room), .text(player), .number(Int64(index + 1)),
                                       .text(pair.english), .text(pair.spanish), .text(pair.isCorrect ? "correct" : "wrong")]
                if let verdict = round.verdicts[slot], let answer = record.answer(slot: slot, round: index) {
                    row += [.text(Self.word(for: answer)), .number(Int64(round.milliseconds[slot])), .text(verdict.rawValue.lowercased())]
                } else {
                    let gone = record.leftDuring[slot].map { index + 1 >= $0 } ?? false
                    row += [.text(gone || totals.outAt == nil ? "left" : "out"), .empty, .empty]
                }
                rows.append(row)
            }
        }
        return CSV.file(header: Self.answersHeader, rows: rows)
    }

    /// A row per player, best first; players who left come last, unranked. `wrong` is the wrong
    /// attempts as every screen counts them, timeouts included; `timeouts` says how many of those
    /// had no answer in time; `away`, the pairs missed while the seat was held empty (no attempt).
    public var playersCSV: String {
        let rows = playerOrder.map { slot -> [CSV.Cell] in
            let totals = record.totals(slot: slot)
            return [.text(id), .text(date), .text(time), .text(record.room),
                    record.finalRanks[slot].map { .number(Int64($0)) } ?? .empty, .text(record.players[slot]),
                    .number(Int64(totals.correct)), .number(Int64(totals.wrong + totals.timeouts)), .number(Int64(totals.timeouts)),
                    .number(Int64(totals.away)), .number(totals.milliseconds), totals.outAt.map { .number(Int64($0)) } ?? .empty,
                    record.leftDuring[slot].map { .number(Int64($0)) } ?? .empty] + rulesCells
        }
        return CSV.file(header: Self.playersHeader, rows: rows)
    }

    /// The rules the game was played by, on every row of the players file: a sheet of several
    /// games shows each one's (`out_after` is `never` when nobody could be out).
    private var rulesCells: [CSV.Cell] {
        let rules = record.rules
        return [.number(Int64(rules.pairCount)), .number(Int64(rules.roundMilliseconds)),
                rules.maxIncorrect == Rules.neverOut ? .text("never") : .number(Int64(rules.maxIncorrect)), .text(record.wordList)]
    }

    /// Slots by final rank, ties in join order, then those who left in join order.
    private var playerOrder: [Int] {
        record.players.indices.sorted { a, b in
            switch (record.finalRanks[a], record.finalRanks[b]) {
            case let (x?, y?): return x != y ? x < y : a < b
            case (_?, nil): return true
            case (nil, _?): return false
            case (nil, nil): return a < b
            }
        }
    }

    public var summary: GameSummary {
        let pairs = record.pairs.prefix(record.rounds.count).map {
            GameSummary.PairSummary(english: $0.english, spanish: $0.spanish, truth: $0.isCorrect ? "correct" : "wrong",
                                    translation: $0.translation)
        }
        let players = playerOrder.map { slot -> GameSummary.PlayerSummary in
            let totals = record.totals(slot: slot)
            let answers = record.rounds.indices.map { index -> GameSummary.AnswerSummary? in
                guard let verdict = record.rounds[index].verdicts[slot], let answer = record.answer(slot: slot, round: index) else {
                    return nil
                }
                return GameSummary.AnswerSummary(answer: Self.word(for: answer), ms: Int(record.rounds[index].milliseconds[slot]),
                                                 verdict: verdict.rawValue.lowercased())
            }
            return GameSummary.PlayerSummary(name: record.players[slot], rank: record.finalRanks[slot], correct: totals.correct,
                                             wrong: totals.wrong, timeouts: totals.timeouts, away: totals.away,
                                             totalMs: totals.milliseconds, outAt: totals.outAt, leftAt: record.leftDuring[slot],
                                             answers: answers)
        }
        return GameSummary(game: id, room: record.room, number: record.number, started: started, ended: ended,
                           stoppedEarly: record.stoppedEarly,
                           rules: .init(pairs: record.rules.pairCount, roundMs: record.rules.roundMilliseconds,
                                        maxIncorrect: record.rules.maxIncorrect, wordList: record.wordList),
                           pairs: Array(pairs), players: players)
    }

    /// The summary as one line of JSON (no line end).
    public var summaryLine: String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(summary)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    static func word(for answer: GameRecord.RecordedAnswer) -> String {
        switch answer {
        case .given(let claim): claim == .correct ? "correct" : "wrong"
        case .timeout: "timeout"
        case .away: "away"
        }
    }
}
