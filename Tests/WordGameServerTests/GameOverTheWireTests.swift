import Foundation
import Testing
import WordGameTestSupport
import WordGame
import WordGameProtocol

/// A whole short game against the real server on 127.0.0.1, with two socket
/// clients: the transport's wiring of a game (joining, the pairs leaving and
/// starting the clocks, closes, the end). What the rooms decide is tested
/// without sockets, in `Rooms/`.
@Suite struct GameOverTheWireTests {
    @Test func twoPlayersPlayAShortGameOverSockets() async throws {
        try await onOwnThread {
            let server = try TestServer(rules: Rules(roundMilliseconds: 2_000, pairCount: 3))
            let ana = try server.player("Ana"), bo = try server.player("Bo")
            ana.send("START")
            for number in 1...3 {
                let a = try ana.waitForRound(), b = try bo.waitForRound()
                #expect(a == b)
                #expect(a.number == number && a.pairs == 3 && a.milliseconds == 2_000)
                ana.send(BotAnswer.line(for: a, rightly: true))
                bo.send(BotAnswer.line(for: b, rightly: number != 2))  // Bo is wrong on pair 2 only
                let truth: Answer = TestServer.defaultWords.isCorrect(english: a.english, spanish: a.spanish) ? .correct : .wrong
                #expect(try ana.waitFor { if case .answerTaken = $0 { true } else { false } } == .answerTaken(round: number, truth))
                let anasReveal = try ana.waitForReveal(), bosReveal = try bo.waitForReveal()
                #expect(anasReveal == bosReveal && anasReveal.number == number)
                let anas = try ana.waitForResult(), bos = try bo.waitForResult()
                let bosWrong = number >= 2 ? 1 : 0
                #expect((anas.number, anas.verdict, anas.correct, anas.wrong, anas.ranked) == (number, .right, number, 0, 2))
                #expect((bos.number, bos.verdict, bos.correct, bos.wrong, bos.ranked)
                        == (number, number == 2 ? .wrong : .right, number - bosWrong, bosWrong, 2))
                // After pair 1 both are right, and who was faster depends on the machine; from pair 2 Ana leads.
                if number > 1 { #expect((anas.rank, bos.rank) == (1, 2)) }
            }
            let anasEnd = try ana.waitForGameOver(), bosEnd = try bo.waitForGameOver()
            #expect((anasEnd.rank, anasEnd.ranked, anasEnd.correct, anasEnd.wrong) == (1, 2, 3, 0))
            #expect((bosEnd.rank, bosEnd.ranked, bosEnd.correct, bosEnd.wrong) == (2, 2, 2, 1))
            #expect(try ana.next() == .you(.lobby))
            #expect(try bo.next() == .you(.lobby))
        }
    }
}
