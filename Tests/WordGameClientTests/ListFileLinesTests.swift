import Foundation
import Testing
import WordGame
@testable import WordGameClient

/// `--upload FILE`: the file's name is the list's, its lines go as they are, a JSON list goes as tab lines
/// with its languages; what cannot be sent is said before anything starts.
@Suite struct ListFileLinesTests {
    func read(_ path: String, _ text: String) throws -> ListFileLines {
        try ListFileLines.read(path: path, bytes: Array(text.utf8))
    }

    @Test func aTextFileIsSentLineByLineUnderItsStem() throws {
        let file = try read("/home/lee/Unit-3.tsv", "English\tFrench\r\ncat\tchat\rdog\tchien\n\nplum;\n")
        #expect(file == ListFileLines(name: "unit-3", lines: ["English\tFrench", "cat\tchat", "dog\tchien", "", "plum;"]))
    }

    @Test func aJSONListBecomesTabLinesWithItsLanguages() throws {
        let original = try read("animals.json", #"[{"text_eng": "dog ", "text_spa": "perro"}, {"text_eng": "cat", "text_spa": "ga\tto"}]"#)
        #expect(original == ListFileLines(name: "animals", lines: ["dog\tperro", "cat\tga to"], from: "English", to: "Spanish"))
        let ours = try read("k.json", #"{"wordgame_list": 1, "from": "Deutsch", "to": "English", "pairs": [["Katze", "cat"], ["Hund", "dog"]]}"#)
        #expect(ours == ListFileLines(name: "k", lines: ["Katze\tcat", "Hund\tdog"], from: "Deutsch", to: "English"))
    }

    @Test(arguments: [("my words.txt", "is not a list's name"), ("default.csv", "is not a list's name"), ("ok.json", "not valid JSON")])
    func aFileThatCannotBeSentIsNamedWithItsProblem(path: String, problem: String) {
        do {
            _ = try read(path, "{oops")
            Issue.record("\(path) was read")
        } catch {
            #expect("\(error)".hasPrefix("--upload \(path): ") && "\(error)".contains(problem), "\(error)")
        }
    }

    @Test func textThatIsNotUTF8IsRefused() {
        #expect(throws: ClientError.self) { try ListFileLines.read(path: "latin1.csv", bytes: [0x63, 0x61, 0x66, 0xE9, 0x2C, 0x78]) }
    }

    @Test func aLineTooLongToSendIsCutAtACharacter() throws {
        let long = String(repeating: "é", count: 300)  // 600 bytes
        let file = try read("long.csv", long + ",x\nok,fine\n")
        #expect(file.lines[0].utf8.count <= ListFileLines.maxLineBytes && file.lines[0].allSatisfy { $0 == "é" })
        #expect(file.lines[1] == "ok,fine")
    }

    @Test func languagesAreTwoNamesWithACommaBetween() {
        #expect(ListFileLines.languages("English,French")! == ("English", "French"))
        #expect(ListFileLines.languages(" Brazilian Portuguese , 日本語 ")! == ("Brazilian Portuguese", "日本語"))
        #expect(ListFileLines.languages("English") == nil && ListFileLines.languages(",French") == nil)
    }
}
