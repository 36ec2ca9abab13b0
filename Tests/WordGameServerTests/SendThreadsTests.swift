import Foundation
import Testing
import WordGameTestSupport
import WordGame
import WordGameProtocol
import WordGameServer

/// A big turn's sends shared among threads (`ServerSendThreads.swift`): every
/// player gets every line, in order, with their own result, and their clock
/// starts when their own pair left. (Every other server test shares any turn
/// of two sends or more too: `TestServer` asks for it.)
@Suite struct SendThreadsTests {
    /// One thread: the loop sends each chunk of a close as soon as it is written
    /// (`SendStream`, no helpers); four: the helpers take the chunks after the first.
    @Test(arguments: [1, 4])
    func aSharedRoundCloseGivesEveryoneTheirLinesInOrder(threads: Int) async throws {
        try await onOwnThread {
            let pairs = 3
            let server = try TestServer(rules: Rules(roundMilliseconds: 5_000, maxIncorrect: 10, pairCount: pairs),
                                        sendThreads: SendThreads(count: threads, minimumPerThread: 2))
            let players = try (0..<30).map { try server.player(String(format: "P%02d", $0)) }
            // A person on nc in the same room: held human lines are written apart, never shared.
            let person = try TestClient(port: server.port, label: "person")
            person.send("NAME Pat")
            person.send("JOIN main")
            _ = try players[0].waitFor { if case .room(let room) = $0 { room.members == 31 } else { false } }
            players[0].send("START")
            var round = try players[0].waitForRound()
            for number in 1...pairs {
                let current = round
                for (index, player) in players.enumerated() {
                    if index > 0 && number == 1 { #expect(try player.waitForRound() == round) }
                    // Player k is wrong on pair k only, so results differ from player to player.
                    player.send(BotAnswer.line(for: round, rightly: index != number))
                }
                person.send(BotAnswer.line(for: round, rightly: true))
                for (index, player) in players.enumerated() {
                    #expect(try player.waitFor { if case .answerTaken = $0 { true } else { false } }
                            == .answerTaken(round: number, answer(index, number, current)))
                    // Then, in this order: the truth, my result, the board, and the next pair (or the game's end).
                    var seen: [String] = []
                    while true {
                        let message = try player.next()
                        switch message {
                        case .reveal(let reveal): #expect(reveal.number == number); seen.append("REVEAL")
                        case .result(let result):
                            let wrong = index >= 1 && index <= number ? 1 : 0
                            #expect(result == RoundResult(number: number, verdict: index == number ? .wrong : .right,
                                                          correct: number - wrong, wrong: wrong, rank: result.rank, ranked: 31),
                                    "\(player.label)")
                            seen.append("RESULT")
                        case .end(.top): seen.append("END TOP")
                        case .round(let next):
                            #expect(next.number == number + 1)
                            if index > 0 { #expect(next == round) }
                            seen.append("ROUND")
                            round = next
                        case .gameOver: seen.append("GAMEOVER")
                        default: continue
                        }
                        if seen.last == "ROUND" || seen.last == "GAMEOVER" { break }
                    }
                    #expect(seen == ["REVEAL", "RESULT", "END TOP", number < pairs ? "ROUND" : "GAMEOVER"], "\(player.label)")
                }
            }
            _ = try person.lines(for: 0.3)  // the transcript keeps every line read
            let sentences = person.transcript.joined(separator: "\n")
            for number in 1...pairs { #expect(sentences.contains("Pair \(number): you were right"), "\(sentences)") }
        }
    }

    private func answer(_ index: Int, _ number: Int, _ round: RoundInfo) -> Answer {
        let truth = TestServer.defaultWords.isCorrect(english: round.english, spanish: round.spanish)
        return truth == (index != number) ? .correct : .wrong
    }
}
