import Foundation
import Testing
import WordGame
@testable import WordGameProtocol

/// What Protocol.md promises, line by line, checked against the real server
/// on 127.0.0.1, for the places where the server and the document once differed.
@Suite struct ProtocolTruthTests {
    @Test func helpNamesEveryCommandAndEveryOtherSpellingThenEnds() throws {
        let server = try TestServer()
        let client = try server.client()
        client.send("?")
        var text = ""
        while case .help(let line) = try client.next() { text += line + "\n" }
        #expect(client.transcript.last == "END HELP")
        // Every word the parser knows, taken from it: a new command is missed here until HELP lists it.
        let modes = LineMode.allCases.map(\.rawValue)
        for word in ClientKeyword.allSpellings + modes {
            // Only the command lines count: the closing sentence ("Commands are…") would spell words for nothing.
            let commandLines = text.split(separator: "\n").filter { !$0.hasPrefix("Commands are") }.joined(separator: "\n")
            let spelled = commandLines.split(whereSeparator: { !$0.isLetter && $0 != "?" }).contains { $0 == word }
            #expect(spelled, "HELP does not mention \(word)")
        }
    }

    @Test func theBadNameTextsAreTheOnesNAMEShows() throws {
        let document = try String(contentsOf: TestServer.repositoryRoot.appendingPathComponent("Protocol.md"), encoding: .utf8)
        let server = try TestServer()
        let client = try server.client()
        for name in ["ThisNameIsWayTooLongTruly", "李小龍王大明張三李"] {
            client.send("NAME \(name)")
            #expect(try client.waitForError().code == .badName)
            let line = try #require(client.transcript.last)
            #expect(document.contains("\n    \(line)\n"), "Protocol.md does not show \(line)")
        }
    }

    @Test func roundNumbersAreDigitsOnlyAndZeroIsAWrongRound() throws {
        let server = try TestServer(rules: Rules(roundMilliseconds: 5_000))
        let ana = try server.player("Ana")
        ana.send("START")
        _ = try ana.waitForRound()
        for (line, code) in [("ANSWER +1 y", ProtocolError.Code.badArgument), ("ANSWER 01 y", .badArgument),
                             ("ANSWER 1234567890 y", .badArgument), ("ANSWER 0 y", .wrongRound), ("ANSWER 2 y", .wrongRound)] {
            ana.send(line)
            #expect(try ana.waitForError().code == code, "\(line)")
        }
        ana.send("ANSWER 1 y")
        #expect(try ana.waitFor { if case .answerTaken = $0 { true } else { false } } == .answerTaken(round: 1, .correct))
    }

    /// Several errors apply to `ANSWER 7 maybe` outside a room: the order of §3 decides.
    @Test func theFirstErrorThatAppliesWins() throws {
        let server = try TestServer()
        let cy = try server.client()
        cy.send("ANSWER 7 maybe")
        #expect(try cy.waitForError().code == .badArgument)  // syntax before state
        cy.send("ANSWER 7 y")
        #expect(try cy.waitForError().code == .notInRoom)
        try cy.join(as: "Cy")
        cy.send("ANSWER 7 y")
        #expect(try cy.waitForError().code == .noRound)  // no game: no round to be wrong about
    }

    @Test func aWatcherWhoJoinsMidRoundSeesThePairBeforeItsProgress() throws {
        let server = try TestServer(rules: Rules(roundMilliseconds: 5_000))
        let ana = try server.player("Ana"), bo = try server.player("Bo")
        ana.send("START")
        _ = try ana.waitForRound()
        Thread.sleep(forTimeInterval: 0.3)
        let cy = try server.client("Cy")
        cy.send("NAME Cy"); cy.send("JOIN")
        let first = try cy.waitFor { message -> Bool in
            switch message {
            case .round, .progress, .reveal: true
            default: false
            }
        }
        guard case .round(let round) = first else { Issue.record("the watcher got \(first) before ROUND"); return }
        #expect(round.number == 1)
        #expect(round.milliseconds < 5_000 && round.milliseconds > 4_000, "the time left: \(round.milliseconds)")
        ana.send("ANSWER 1 y"); bo.send("ANSWER 1 n")
        #expect(try cy.waitForReveal().number == 1)
    }

    @Test func whoJoinsDuringACountdownHearsTheTimeLeft() throws {
        let server = try TestServer(autoStart: 2, countdownMilliseconds: 3_000)
        let ana = try server.player("Ana"), bo = try server.player("Bo")
        defer { withExtendedLifetime((ana, bo)) {} }
        Thread.sleep(forTimeInterval: 0.5)
        let cy = try server.client("Cy")
        cy.send("NAME Cy"); cy.send("JOIN")
        let left = try cy.waitFor { if case .starting(let ms) = $0 { ms } else { nil } }
        #expect(left < 3_000 && left > 1_500, "\(left) ms left")
    }

    @Test func aLeaderboardEndsWithEndTop() throws {
        let server = try TestServer(rules: Rules(roundMilliseconds: 2_000, pairCount: 1))
        let ana = try server.player("Ana"), bo = try server.player("Bo")
        ana.send("START")
        _ = try ana.waitForRound(); _ = try bo.waitForRound()
        ana.send("ANSWER 1 y"); bo.send("ANSWER 1 n")
        _ = try ana.waitForReveal()
        var rows: [TopEntry] = []
        while true {
            let message = try ana.next()
            if case .top(let row) = message { rows.append(row) }
            if message == .end(.top) { break }
        }
        #expect(rows.count == 2)
        guard case .gameOver = try ana.next() else { Issue.record("GAMEOVER should follow the board: \(ana.transcript.last!)"); return }
    }
}
