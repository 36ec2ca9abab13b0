import Foundation
import Testing
import WordGame
import WordListFiles

@Suite struct WordListTests {
    @Test func defaultListLoads() throws {
        let words = try WordList.load(path: Fixtures.defaultWordsPath)
        #expect(words.entries.count >= 300)
    }

    @Test(.enabled(if: Fixtures.hasBabbelWords, "needs ../shared/fixtures/babbel-words.json"))
    func originalListLoadsTrimmedWithDuplicatesFolded() throws {
        let words = try WordList.load(path: Fixtures.babbelWordsPath)
        #expect(words.entries.count == 295)  // 297 entries, 2 duplicates
        #expect(words.entries.allSatisfy { $0.english == $0.english.trimmingCharacters(in: .whitespacesAndNewlines) })
        #expect(words.entries.contains(WordEntry(english: "holidays", spanish: "vacaciones")))
        #expect(words.isCorrect(english: "pair", spanish: "pareja"))
        #expect(words.isCorrect(english: "partner", spanish: "pareja"))
    }

    @Test func trimsAndFoldsDuplicates() throws {
        let words = try Fixtures.list([("dog ", " perro"), ("dog", "perro"), ("cat\r\n", "gato")])
        #expect(words.entries == [WordEntry(english: "dog", spanish: "perro"), WordEntry(english: "cat", spanish: "gato")])
    }

    static let badFiles: [(String, String)] = [
        ("not json at all", "not valid JSON"),
        ("{\"text_eng\": \"dog\", \"text_spa\": \"perro\"}", "expected a JSON array"),
        ("[]", "the list has no entries"),
        ("[\"dog\"]", "entry 1 is not an object"),
        ("[{\"eng\": \"dog\", \"spa\": \"perro\"}]", "entry 1 has no \"text_eng\""),
        ("[{\"text_eng\": \"dog\", \"text_spa\": \"perro\"}, {\"text_eng\": \"cat\"}]", "entry 2 has no \"text_spa\""),
        ("[{\"text_eng\": 7, \"text_spa\": \"siete\"}]", "entry 1: \"text_eng\" is not a string"),
        ("[{\"text_eng\": \"dog\", \"text_spa\": \"  \"}]", "entry 1: \"text_spa\" is empty"),
        ("[{\"text_eng\": \"dog\", \"text_spa\": \"perro\"}]", "too few distinct translations"),
        ("[{\"text_eng\": \"dog\", \"text_spa\": \"perro\"}, {\"text_eng\": \"hound\", \"text_spa\": \"perro\"}]",
         "too few distinct translations"),
    ]

    @Test(arguments: badFiles)
    func badFileNamesTheFileAndTheProblem(contents: String, problem: String) throws {
        let path = try Fixtures.temporaryFile(contents)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = #expect(throws: WordListError.self) { try WordList.load(path: path) }
        let message = error.map(String.init(describing:)) ?? ""
        #expect(message.hasPrefix("word list \(path): "), "\(message)")
        #expect(message.contains(problem), "\(message)")
        #expect(!message.contains("\n"))
    }

    @Test func missingFileAndDirectoryAreNamed() {
        let missing = #expect(throws: WordListError.self) { try WordList.load(path: "/nonexistent/words.json") }
        #expect(missing?.description == "word list /nonexistent/words.json: cannot read the file: no such file")
        let directory = #expect(throws: WordListError.self) { try WordList.load(path: NSTemporaryDirectory()) }
        #expect(directory?.description.hasSuffix("cannot read the file: it is a directory") == true)
    }

    @Test func loadingNeverModifiesTheFile() throws {
        let contents = "[\r\n {\"text_eng\": \"dog \", \"text_spa\": \"perro\"},\r\n {\"text_eng\": \"cat\", \"text_spa\": \"gato \"}\r\n]"
        let path = try Fixtures.temporaryFile(contents)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        _ = try WordList.load(path: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}
