import Foundation
import Testing
import WordGameTestSupport
import WordGame
import WordGameProtocol

/// Places where an independent client, written from Protocol.md alone, found
/// the document and the server apart. Each case is read over the wire from the
/// real server, and the document's own lines are compared with what it sent.
@Suite struct ProtocolDriftTests {
    static let document = try! String(contentsOf: TestServer.repositoryRoot.appendingPathComponent("Protocol.md"), encoding: .utf8)

    /// The document shows `line` in a transcript (indented as a code block), `> ` before what a client typed.
    static func expectShown(_ line: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(document.contains("\n    \(line)\n"), "Protocol.md does not show: \(line)", sourceLocation: sourceLocation)
    }

    /// The next ERROR line the client reads, as sent (what comes before it is the room's news).
    static func errorLine(_ client: TestClient) throws -> String {
        while let line = try client.nextLine() { if line.hasPrefix("ERROR ") { return line } }
        throw TestFailure(description: "no ERROR line")
    }

    /// Whole seconds of up to 4 digits are of SECONDS' form, so out of range; 5 digits are not of its form.
    @Test func secondsOfFourDigitsAreOutOfRangeAndOfFiveAreNotOfTheForm() throws {
        let server = try TestServer()
        let ana = try server.player("Ana", room: "lab")
        for (typed, code) in [("1000", ProtocolError.Code.badRules), ("9999", .badRules), ("10000", .badArgument)] {
            ana.send("RULES SECONDS \(typed)")
            let line = try Self.errorLine(ana)
            #expect(line.hasPrefix("ERROR \(code.rawValue) "), "SECONDS \(typed): \(line)")
            if typed != "9999" {
                Self.expectShown("> RULES SECONDS \(typed)")
                Self.expectShown(line)
            }
        }
        #expect(Self.document.contains("whole seconds of\n  5 digits or more: `SECONDS 10000`"))
    }

    /// SAVED goes to the host of any room, a room made with JOIN too; the document says so, and shows its INFO's form.
    @Test func theHostOfARoomMadeWithJoinIsToldTheResultsAreSaved() async throws {
        try await onOwnThread {
            let directory = ResultsFilesTests.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let server = try TestServer(rules: Rules(roundMilliseconds: 2_000, pairCount: 1), resultsDirectory: directory)
            let ana = try server.player("Ana", room: "lab")
            ana.send("START")
            _ = try ana.waitForRound()
            ana.send("y")
            _ = try ana.waitForGameOver()
            #expect(try ana.waitFor { $0 == .saved(game: 1) ? true : nil })
            let info = try ana.waitFor { if case .info(let text) = $0 { text } else { nil } }
            #expect(info.hasPrefix("The results of game 1 are saved: \(directory)/")
                        && info.hasSuffix(" (and the answers and the pairs beside it)."), "\(info)")
            #expect(Self.document.contains(
                "To the room's host (the teacher of a room made with `HOST`, or the host of\na room made with `JOIN`)"))
            #expect(Self.document.contains(
                "`INFO \"The results of game 1 are saved: <path> (and the answers and the pairs beside it).\"`"))
        }
    }

    /// An auto-start countdown is the ready players': the host's STOP does not call it off, RULES waits for the
    /// game after it, and the host's START begins the game at once; the texts are the document's.
    @Test func anAutoStartCountdownIsNotStoppedAndItsTextsAreTheDocuments() throws {
        let server = try TestServer(autoStart: 1, countdownMilliseconds: 60_000)
        let ana = try server.player("Ana", room: "lab")
        let bo = try server.player("Bo", room: "lab")
        bo.send("START")
        _ = try ana.waitFor { if case .starting = $0 { true } else { nil } }
        for typed in ["STOP", "RULES PAIRS 3"] {
            ana.send(typed)
            let line = try Self.errorLine(ana)
            Self.expectShown("> \(typed)")
            Self.expectShown(line)
        }
        ana.send("START")
        _ = try ana.waitFor { if case .game = $0 { true } else { nil } }
    }

    /// JOIN of a name of a code's length holding a letter codes never use: a room when it holds no digit and
    /// reads as no live hosted room (`room`, `class`); `no-room` when it holds a digit, as the document's rule says.
    @Test func aMistypedCodeIsRefusedOnlyWhenTheDocumentsRuleSaysSo() throws {
        let server = try TestServer()
        for name in ["room", "class"] {
            let player = try server.client(name)
            player.send("NAME Ana")
            _ = try player.next()
            player.send("JOIN \(name)")
            #expect(try player.waitFor { if case .joined(let room) = $0 { room } else { nil } } == name)
        }
        let cy = try server.client("cy")
        cy.send("NAME Cy")
        _ = try cy.next()
        cy.send("JOIN 6M9O")
        #expect(try cy.waitForError().code == .noRoom)
        #expect(Self.document.contains("`room` and `class` hold O, L and\nS but no digit, so friends keep their rooms"))
        #expect(Self.document.contains("the name holds a digit (`6M9O`, `AB1C`)"))
    }
}
