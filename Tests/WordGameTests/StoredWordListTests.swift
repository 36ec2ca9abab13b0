import Foundation
import Testing
import WordGame
import WordListFiles

/// Our own list format: written by the server for a list a host saved, read back whole, and told apart
/// from the original format, which is read as it always was.
@Suite struct StoredWordListTests {
    static let tricky = #"say "hi" \ back"# + "\u{1}\t漢"

    @Test func aSavedListIsWrittenAndReadBackWhole() throws {
        let list = try WordList(entries: [WordEntry(english: "the cat", spanish: "le chat"), WordEntry(english: Self.tricky, spanish: "x"),
                                          WordEntry(english: "dog", spanish: "chien")], from: "English", to: "Français")
        let stored = StoredWordList(list: list, saved: .init(date: "2026-03-02T09:41:07Z", key: "K7PXABCDEFGH"))
        let text = String(decoding: stored.fileBytes, as: UTF8.self)
        #expect(text.hasPrefix(
            #"{"wordgame_list": 1, "from": "English", "to": "Français", "saved": "2026-03-02T09:41:07Z", "key": "K7PXABCDEFGH","#))
        #expect(text.contains("\n  [\"the cat\", \"le chat\"],\n"), "one pair a line: \(text)")
        let back = try StoredWordList.parse(Data(stored.fileBytes))
        #expect(back.list.entries == list.entries && back.list.from == "English" && back.list.to == "Français")
        #expect(back.saved == stored.saved)
    }

    @Test func aFileWithoutSavedIsTheOperatorsAndTheOriginalFormatIsEnglishToSpanish() throws {
        let ours = #"{"wordgame_list": 1, "from": "Deutsch", "to": "English", "pairs": [["Katze", "cat"], ["Hund", "dog"]]}"#
        let operators = try StoredWordList.parse(Data(ours.utf8))
        #expect(operators.saved == nil && operators.list.from == "Deutsch" && operators.list.entries.count == 2)
        let original = #"[{"text_eng": "cat", "text_spa": "gato"}, {"text_eng": "dog", "text_spa": "perro"}]"#
        let old = try StoredWordList.parse(Data(original.utf8))
        #expect(old.saved == nil && old.list.from == "English" && old.list.to == "Spanish")
    }

    @Test(arguments: [
        (#"{"wordgame_list": 2, "from": "A", "to": "B", "pairs": []}"#, "this server reads version 1"),
        (#"{"wordgame_list": 1, "to": "B", "pairs": [["a", "b"], ["c", "d"]]}"#, "\"from\" is not a language's name"),
        (#"{"wordgame_list": 1, "from": " ", "to": "B", "pairs": [["a", "b"], ["c", "d"]]}"#, "\"from\" is not a language's name"),
        (#"{"wordgame_list": 1, "from": "A", "to": "B"}"#, "\"pairs\" is not an array"),
        (#"{"wordgame_list": 1, "from": "A", "to": "B", "pairs": [["a", "b"], ["c", 3]]}"#, "pair 2 is not two strings"),
        (#"{"wordgame_list": 1, "from": "A", "to": "B", "pairs": [["a", "b"], ["c", " "]]}"#, "pair 2 has an empty side"),
        (#"{"wordgame_list": 1, "from": "A", "to": "B", "pairs": [["a", "b"]]}"#, "at least 2 A words need a B word"),
        (#"{"wordgame_list": 1, "from": "A", "to": "B", "saved": "2026-01-01T00:00:00Z", "pairs": [["a", "b"], ["c", "d"]]}"#,
         "a saved list needs its \"key\""),
        (#"{"wordgame_list": 1, "from": "A", "to": "B", "saved": "x", "key": "../etc", "pairs": [["a", "b"], ["c", "d"]]}"#,
         "a saved list needs its \"key\""),
    ])
    func aFileOfOurFormatThatDoesNotHoldTogetherSaysWhy(json: String, problem: String) {
        #expect(throws: WordListProblem.self) { try StoredWordList.parse(Data(json.utf8)) }
        do {
            _ = try StoredWordList.parse(Data(json.utf8))
        } catch {
            #expect(error.description.contains(problem), "\(error.description)")
        }
    }

    @Test func datesAreISO8601InUTC() {
        typealias Saved = StoredWordList.Saved
        #expect(Saved.isoDate(secondsSince1970: 0) == "1970-01-01T00:00:00Z")
        #expect(Saved.isoDate(secondsSince1970: 1_763_900_000.9) == "2025-11-23T12:13:20Z")
        #expect(Saved.isoDate(secondsSince1970: 951_782_400) == "2000-02-29T00:00:00Z")
        #expect(Saved.isoDate(secondsSince1970: 4_107_542_399) == "2100-02-28T23:59:59Z")
    }
}
