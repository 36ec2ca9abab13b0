import Foundation
import Testing
import WordGame
import WordGameTestSupport
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
        let ours = try read("k.json",
                            #"{"wordgame_list": 1, "from": "Deutsch", "to": "English", "pairs": [["Katze", "cat"], ["Hund", "dog"]]}"#)
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

/// The built projector with `--upload`, on a terminal of its own, against a real server: the report before the
/// screen, the list's languages in its lobby, and the report again once it quits.
@Suite struct ProjectorUploadEndToEndTests {
    @Test(.enabled(if: TerminalClient.isAvailable, "needs script(1) for a terminal"))
    func theProjectorUploadsAFileAndPlaysIt() async throws {
        try await onOwnThread {
            let server = try PresentSessionTests().classServer()
            defer { server.stop(); server.waitUntilStopped() }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wordgame-upload-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("unit-3.csv").path
            try "the cat,le chat\nthe dog,le chien\nplum\n".write(toFile: file, atomically: true, encoding: .utf8)
            let projector = try TerminalClient(["--present", "--host", "127.0.0.1", "--port", "\(server.port)", "--upload", file,
                                                "--languages", "English,French"])
            #expect(projector.waitFor("List unit-3 saved from \(file): 2 pairs, English → French; the room plays it."))
            #expect(projector.waitFor("line 3 (not two sides): plum"))
            #expect(projector.waitFor("List unit-3: 2 pairs, English → French; 1 not read (listed when you quit)"), "the event line")
            projector.type("q")
            projector.type("y")
            #expect(projector.waitForExit() == 0)
            projector.waitFor("(everything it wrote, to its end)", timeout: 5)
            #expect(projector.screen.components(separatedBy: "List unit-3 saved from").count == 3, "the report again after the screen")
        }
    }
}
