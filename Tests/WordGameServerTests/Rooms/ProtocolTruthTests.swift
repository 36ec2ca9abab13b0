import Foundation
import Testing
import WordGame
@testable import WordGameProtocol
@testable import WordGameServer

/// What Protocol.md promises of the hub's replies, checked through the pure
/// hub: HELP and the leaderboard end their blocks, the errors' texts and the
/// order in which they apply, and the digits of a round number.
@Suite struct ProtocolTruthTests {
    static let answerUsage = "ERROR bad-argument \"Type ANSWER CORRECT or ANSWER WRONG (or just y / n); "
        + "ANSWER <round> CORRECT names the round (a number like 3).\""

    @Test func helpNamesEveryCommandAndEveryOtherSpellingThenEnds() {
        let world = HubWorld()
        let client = world.connect()
        _ = world.take(client)
        world.type("?", from: client)
        let lines = world.messages(client)
        #expect(lines.last == .end(.help))
        let helps = lines.dropLast().map { message -> String? in if case .help(let line) = message { line } else { nil } }
        #expect(!helps.isEmpty && !helps.contains(nil), "HELP lines, then END HELP: \(lines)")
        let text = helps.compactMap { $0 }.joined(separator: "\n")
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
        let world = HubWorld()
        let client = world.connect()
        _ = world.take(client)
        for name in ["ThisNameIsWayTooLongTruly", "李小龍王大明張三李"] {
            world.type("NAME \(name)", from: client)
            let lines = world.take(client)
            #expect(lines.count == 1 && lines.allSatisfy { $0.hasPrefix("ERROR bad-name ") }, "\(lines)")
            for line in lines { #expect(document.contains("\n    \(line)\n"), "Protocol.md does not show \(line)") }
        }
    }

    @Test func roundNumbersAreDigitsOnlyAndZeroIsAWrongRound() {
        let world = HubWorld(rules: Rules(roundMilliseconds: 5_000))
        let ana = world.player("Ana")
        world.type("START", from: ana)
        world.deliverTracked()
        _ = world.take(ana)
        let notOpen = { (number: Int) in
            "ERROR wrong-round \"Round \(number) is not open; the current round is 1: type ANSWER 1 CORRECT|WRONG, or y / n.\""
        }
        for (line, reply) in [("ANSWER +1 y", Self.answerUsage), ("ANSWER 01 y", Self.answerUsage),
                              ("ANSWER 1234567890 y", Self.answerUsage), ("ANSWER 0 y", notOpen(0)), ("ANSWER 2 y", notOpen(2))] {
            world.type(line, from: ana)
            world.expect(ana, [reply])
        }
        world.type("ANSWER 1 y", from: ana)
        #expect(world.take(ana).first == "OK ANSWER 1 CORRECT")
    }

    /// Several errors apply to `ANSWER 7 maybe` outside a room: the order of §3 decides.
    @Test func theFirstErrorThatAppliesWins() {
        let world = HubWorld()
        let cy = world.connect()
        _ = world.take(cy)
        world.type("ANSWER 7 maybe", from: cy)
        world.expect(cy, [Self.answerUsage])  // syntax before state
        world.type("ANSWER 7 y", from: cy)
        world.expect(cy, ["ERROR not-in-room \"You are not in a room: type NAME <nickname>, then JOIN (or JOIN <room>).\""])
        world.type("NAME Cy", from: cy)
        world.type("JOIN", from: cy)
        _ = world.take(cy)
        world.type("ANSWER 7 y", from: cy)
        // No game: no round to be wrong about.
        world.expect(cy, ["ERROR no-round \"No game is on. You are the host: type START.\""])
    }

    @Test func aLeaderboardEndsWithEndTopBeforeGameOver() {
        let world = HubWorld(rules: Rules(roundMilliseconds: 2_000, pairCount: 1))
        let ana = world.player("Ana"), bo = world.player("Bo")
        world.type("START", from: ana)
        world.deliverTracked()
        world.advance(by: 300)
        _ = world.take(ana)
        world.type("ANSWER 1 y", from: ana)
        world.type("ANSWER 1 n", from: bo)
        world.expect(ana, [
            "OK ANSWER 1 CORRECT", "PROGRESS 1 1 2",
            "REVEAL 1 \"breakfast\" \"desayuno\" CORRECT \"desayuno\"", "RESULT 1 RIGHT 1 0 1 2", "TALLY 1 1 1 0",
            "TOP 1 \"Ana\" 1 0 300", "TOP 2 \"Bo\" 0 1 300", "END TOP",
            "GAMEOVER 1 2 1 0 300", "YOU LOBBY", "INFO \"Game over. Type AGAIN to play again, or QUIT.\"",
        ])
    }
}
