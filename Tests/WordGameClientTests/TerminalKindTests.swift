import Foundation
import Testing
import WordGameTestSupport
import WordGame
import WordGameServer

/// The built client on a real pseudo-terminal (script(1)): what kind of
/// terminal gets which screen, and what is left on it at the end.
@Suite struct TerminalKindTests {
    static let words = WordListTestFile.path

    @Test(.enabled(if: TerminalClient.isAvailable, "needs script(1) for a terminal"))
    func aDumbTerminalGetsLineModeNotEscapeCodes() async throws {
        try await onOwnThread {
            let client = try TerminalClient(["--words", Self.words, "--pairs", "2", "--round-ms", "3000"], environment: ["TERM": "dumb"])
            #expect(client.waitFor("Pair 1 of 2: "), "\(client.screen)")
            #expect(!client.screen.contains("\u{1B}["), "no cursor addressing, no colours")
            client.type("q\n")
            #expect(client.waitForExit() == 0)
        }
    }

    @Test(.enabled(if: TerminalClient.isAvailable, "needs script(1) for a terminal"))
    func quittingMidGameAsksFirstThenLeavesTheScoreOnTheNormalScreen() async throws {
        try await onOwnThread {
            let client = try TerminalClient(["--words", Self.words, "--pairs", "5", "--round-ms", "400"],
                                            environment: ["TERM": "xterm-256color"])
            #expect(client.waitFor("Pair 2 of 5"), "a pair was judged (a timeout)")
            client.type("q")
            #expect(client.waitFor("Quit this game?"))
            client.type("q")
            #expect(client.waitForExit() == 0)
            client.waitFor("You left during the game", timeout: 3)
            let screen = client.screen
            let restored = try #require(screen.range(of: "\u{1B}[?1049l"), "the alternate screen was left")
            #expect(screen[restored.upperBound...].contains("You left during the game after pair"), "\(screen[restored.upperBound...])")
        }
    }
}

/// A small word list in a real file, for the built client's solo games.
enum WordListTestFile {
    static let path: String = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wordgame-terminal-kind-\(getpid()).json")
        let json = #"[{"text_eng":"dog","text_spa":"perro"},{"text_eng":"cat","text_spa":"gato"},"#
            + #"{"text_eng":"red","text_spa":"rojo"},{"text_eng":"house","text_spa":"casa"}]"#
        try! Data(json.utf8).write(to: url)
        return url.path
    }()
}
