import Foundation
import Glibc
import Testing
import WordGameTestSupport
import WordGameProtocol

/// `--word-lists DIR`, through the built `wordgame-server`: real files in a temporary folder, every
/// one checked at start; a room's host picks one over a real socket on 127.0.0.1.
@Suite struct WordListsFolderTests {
    static let animals = #"[{"text_eng": "dog", "text_spa": "perro"}, {"text_eng": "cat", "text_spa": "gato"}, "#
        + #"{"text_eng": "cow", "text_spa": "vaca"}]"#

    /// A fresh folder holding `files` (name → contents), removed by the caller.
    func folder(_ files: [String: String]) throws -> String {
        let path = NSTemporaryDirectory() + "wordgame-lists-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, contents) in files { try contents.write(toFile: path + "/" + name, atomically: true, encoding: .utf8) }
        return path
    }

    @Test(arguments: [
        (["animals.json": animals, "broken.json": "{oops"], "broken.json", "not valid JSON"),
        (["animals.json": animals, "short.json": #"[{"text_eng": "dog"}]"#], "short.json", "entry 1 has no \"text_spa\""),
        (["animals.json": animals, "two words.json": animals], "two words.json", "is not 1 to 24 letters, digits, - or _"),
        (["default.json": animals], "default.json", "default is the name of the --words list"),
        (["Animals.json": animals, "animals.json": animals], "animals.json", "has the same name"),
        (["animals.json": animals, "ours.json": #"{"wordgame_list": 2, "from": "English", "to": "French", "pairs": []}"#], "ours.json",
         "this server reads version 1"),
        (["ours.json": #"{"wordgame_list": 1, "from": "English", "to": "French", "pairs": [["a", "b"], ["c"]]}"#], "ours.json",
         "pair 2 is not two strings"),
    ])
    func aBadFolderStopsTheServerWithOneLineNamingTheFileAndItsProblem(files: [String: String], file: String, problem: String)
        async throws {
        try await onOwnThread {
            let directory = try folder(files)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let result = try ProgramRun.run(ExecutableTests.binary, ["--word-lists", directory, "--bind", "127.0.0.1", "--port", "0",
                                                                     "--web-port", "0", "--no-results", "--no-state"], timeout: 20)
            #expect(result.status == 1)
            #expect(result.stdout.isEmpty, "it must not listen: \(result.stdout)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(result.stderr.hasPrefix("wordgame-server: "), "\(result.stderr)")
            let named = file.isEmpty ? directory : directory + "/" + file
            #expect(result.stderr.contains(named) && result.stderr.contains(problem), "\(result.stderr)")
        }
    }

    /// A folder with no list yet is a folder hosts will save lists into: the server starts.
    @Test func anEmptyFolderIsFine() async throws {
        try await onOwnThread {
            let directory = try folder(["notes.txt": "hello"])
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let server = try ServerChild(["--word-lists", directory])
            #expect(!server.banner.contains("may pick"), "\(server.banner)")
            #expect(server.banner.contains("Lists hosts upload are kept in \(directory)."), "\(server.banner)")
            _ = server.stop()
            #expect(server.process.terminationStatus == 0)
        }
    }

    /// Without --word-lists, lists are kept in `wordgame-lists` beside the results folder, as the lesson is in
    /// `wordgame-state`: missing at first (the server starts), made when a host saves a list.
    @Test func theDefaultFolderIsBesideTheResultsAndMadeWhenAListIsSaved() async throws {
        try await onOwnThread {
            let parent = try folder([:])
            defer { try? FileManager.default.removeItem(atPath: parent) }
            let server = try ServerChild([], results: parent + "/results")
            #expect(server.banner.contains("Lists hosts upload are kept in \(parent)/wordgame-lists."), "\(server.banner)")
            #expect(!FileManager.default.fileExists(atPath: parent + "/wordgame-lists"))
            let host = try ListsOverTheWireTests.host(server.port)
            host.send("UPLOAD pets English French")
            for line in ["cat,chat", "dog,chien"] { host.send(ListCommandLine.line(line)) }
            host.send("SAVE")
            _ = try host.waitFor { $0 == .done(.save) }
            #expect(FileManager.default.fileExists(atPath: parent + "/wordgame-lists/pets.json"))
            _ = server.stop()
        }
    }

    /// The original list, as Babbel gave it (CR LF line ends, trailing spaces), loads unmodified with
    /// --words and from a lists folder, and its bytes are the same after. Skipped without the fixture.
    @Test(.enabled(if: TestServer.hasBabbelWords, "needs ../shared/fixtures/babbel-words.json"))
    func theOriginalListLoadsWithWordsAndInAFolderUnmodified() async throws {
        try await onOwnThread {
            let original = try Data(contentsOf: URL(fileURLWithPath: TestServer.babbelWordsPath))
            let directory = try folder([:])
            defer { try? FileManager.default.removeItem(atPath: directory) }
            try original.write(to: URL(fileURLWithPath: directory + "/babbel.json"))
            let server = try ServerChild(["--words", TestServer.babbelWordsPath, "--word-lists", directory])
            #expect(server.banner.contains("English → Spanish"), "\(server.banner)")
            let client = try TestClient(port: server.port)
            _ = try client.next()
            try client.machineMode()
            client.send("LISTS")
            let lists = try client.waitFor { message -> [ListInfo]? in
                if case .list(let info) = message, info.name == "babbel" { [info] } else { nil }
            }
            #expect(lists.first?.kind == .server && lists.first?.from == "English" && lists.first?.to == "Spanish")
            _ = server.stop()
            #expect(try Data(contentsOf: URL(fileURLWithPath: TestServer.babbelWordsPath)) == original)
            #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/babbel.json")) == original)
        }
    }

    @Test func aMissingFolderIsNamed() async throws {
        try await onOwnThread {
            let result = try ProgramRun.run(ExecutableTests.binary, ["--word-lists", "/nonexistent/lists", "--bind", "127.0.0.1",
                                                                     "--port", "0", "--web-port", "0"], timeout: 20)
            #expect(result.status == 1)
            #expect(result.stderr == "wordgame-server: word lists /nonexistent/lists: no such folder\n")
        }
    }

    /// The host asks for the lists, picks one and sets the rules; the game is played by them.
    @Test func aHostPicksAListFromTheFolderOverTheWire() async throws {
        try await onOwnThread {
            let directory = try folder(["animals.json": Self.animals, "README.txt": "not a list"])
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let server = try ServerChild(["--word-lists", directory])
            #expect(server.banner.contains("from \(directory): animals (3)."), "\(server.banner)")
            let client = try TestClient(port: server.port)
            _ = try client.next()
            try client.machineMode()
            client.send("NAME Ana")
            client.send("JOIN")
            _ = try client.waitFor { $0 == .rules(RoomRules(pairs: 15, roundMilliseconds: 5_000, maxIncorrect: 3, list: "default")) }
            client.send("RULES")
            let words = try client.waitFor { message -> Int? in if case .wordList("animals", let words) = message { words } else { nil } }
            #expect(words == 3)
            _ = try client.waitFor { $0 == .end(.wordList) }
            _ = try client.waitFor { if case .rules = $0 { true } else { false } }
            client.send("RULES LIST animals PAIRS 2 OUT NEVER SECONDS 2")
            try client.expectLine("OK RULES")
            try client.expectLine("LANGUAGES \"English\" \"Spanish\"")
            try client.expectLine("RULES 2 2000 0 \"animals\"")
            client.send("RULES PAIRS 500")
            #expect(try client.waitForError().code == .badRules)
            client.send("START")
            #expect(try client.waitFor { if case .game(let game) = $0 { game } else { nil } }
                    == GameInfo(pairs: 2, roundMilliseconds: 2_000, maxIncorrect: 0, players: 1))
            let round = try client.waitForRound()
            #expect(["dog", "cat", "cow"].contains(round.english))
            #expect(round.milliseconds == 2_000)
            _ = server.stop()
            #expect(server.process.terminationStatus == 0)
        }
    }
}
