import Foundation
import Testing
import WordGame
import WordGameProtocol
import WordListFiles
@testable import WordGameServer

/// A game's course through the pure hub, on the injected clock: the same pairs
/// for everyone, verdicts and ranks, when a round closes, timeouts, going out,
/// the game's end and the next one, a host leaving and a player vanishing.
@Suite struct GameFlowTests {
    static func results(_ messages: [ServerMessage]) -> [RoundResult] {
        messages.compactMap { if case .result(let result) = $0 { result } else { nil } }
    }

    static func reveals(_ messages: [ServerMessage]) -> [Reveal] {
        messages.compactMap { if case .reveal(let reveal) = $0 { reveal } else { nil } }
    }

    static func gameOvers(_ messages: [ServerMessage]) -> [GameOver] {
        messages.compactMap { if case .gameOver(let over) = $0 { over } else { nil } }
    }

    /// Ana (the host) and Bo in room main, after the room's news of their joining went out and was read.
    static func anaAndBo(_ world: HubWorld) -> (ana: HubWorld.Client, bo: HubWorld.Client) {
        let ana = world.player("Ana"), bo = world.player("Bo")
        world.advance(by: 1_000)
        _ = world.take(ana)
        _ = world.take(bo)
        return (ana, bo)
    }

    /// Ana answers 300 ms after each pair reaches her, Bo 100 ms later: when
    /// both are right, Ana ranks first (fewer milliseconds, Protocol.md §5 TOP).
    @Test func everyoneGetsTheSamePairsAndIsScoredIndependently() throws {
        let world = HubWorld(rules: Rules(roundMilliseconds: 2_000))
        let (ana, bo) = Self.anaAndBo(world)
        world.type("START", from: ana)
        for number in 1...5 {
            let a = try #require(world.lastRound(of: ana)), b = try #require(world.lastRound(of: bo))
            #expect(a == b)
            #expect(a.number == number)
            world.deliverTracked()
            world.advance(by: 300)
            world.answer(from: ana, rightly: true)
            world.advance(by: 100)
            world.answer(from: bo, rightly: number != 2)  // Bo is wrong on pair 2 only
            let anas = world.messages(ana), bos = world.messages(bo)
            #expect(Self.results(anas) == [RoundResult(number: number, verdict: .right, correct: number, wrong: 0, rank: 1, ranked: 2)])
            let bosWrong = number >= 2 ? 1 : 0
            #expect(Self.results(bos) == [RoundResult(number: number, verdict: number == 2 ? .wrong : .right, correct: number - bosWrong,
                                                      wrong: bosWrong, rank: 2, ranked: 2)])
            #expect(Self.reveals(anas).count == 1 && Self.reveals(anas) == Self.reveals(bos))
        }
    }

    @Test func theTruthIsRevealedOnlyWhenEveryoneHasAnswered() {
        let world = HubWorld(rules: Rules(roundMilliseconds: 3_000))
        let (ana, bo) = Self.anaAndBo(world)
        world.type("START", from: ana)
        for client in [ana, bo] {
            world.expect(client, [
                "GAME 15 3000 3 2", "YOU PLAYING", "NOTICE started \"The host started the game.\"",
                "ROOM \"main\" PLAYING 2 \"Ana\" 0", "MEMBERS 2 \"Ana\" \"Bo\"",
                "ROUND 1 15 \"breakfast\" \"desayuno\" 3000",
            ])
        }
        world.deliverTracked()
        world.advance(by: 300)
        world.type("y", from: ana)
        world.expect(ana, ["OK ANSWER 1 CORRECT", "PROGRESS 1 1 2"])
        world.expect(bo, ["PROGRESS 1 1 2"])
        // Bo has not answered: nobody may learn the truth yet, not Ana, not Bo.
        world.advance(by: 300)
        world.expect(ana, [])
        world.expect(bo, [])
        world.type("n", from: bo)
        #expect(world.settings.words.isCorrect(english: "breakfast", spanish: "desayuno"))
        let board = ["TALLY 1 1 1 0", "TOP 1 \"Ana\" 1 0 300", "TOP 2 \"Bo\" 0 1 600", "END TOP", "ROUND 2 15 \"library\" \"azúcar\" 3000"]
        world.expect(ana, ["REVEAL 1 \"breakfast\" \"desayuno\" CORRECT \"desayuno\"", "RESULT 1 RIGHT 1 0 1 2"] + board)
        world.expect(bo, ["OK ANSWER 1 WRONG", "REVEAL 1 \"breakfast\" \"desayuno\" CORRECT \"desayuno\"",
                          "RESULT 1 WRONG 0 1 2 2"] + board)
        world.expectNothingUnread()
    }

    @Test func aRoundClosesEarlyWhenAllHaveAnswered() throws {
        let world = HubWorld(rules: Rules(roundMilliseconds: 20_000))
        let (ana, bo) = Self.anaAndBo(world)
        world.type("START", from: ana)
        world.deliverTracked()
        world.advance(by: 300)
        _ = world.take(ana)
        world.type("y", from: ana)
        world.type("n", from: bo)
        // Round 2 opens at the last answer, long before the 20 s deadline: no time passed.
        let closing = world.messages(ana)
        #expect(Self.results(closing).map(\.number) == [1])
        guard case .round(let next)? = closing.last else { Issue.record("no ROUND after the close: \(closing)"); return }
        #expect(next.number == 2)
        #expect(world.now == .milliseconds(1_300))
    }

    @Test func noAnswerInTimeIsATimeout() throws {
        let world = HubWorld(rules: Rules(roundMilliseconds: 300))
        let ana = world.player("Ana")
        world.type("START", from: ana)
        world.expect(ana, ["GAME 15 300 3 1", "YOU PLAYING", "NOTICE started \"The host started the game.\"",
                           "ROUND 1 15 \"breakfast\" \"desayuno\" 300"])
        world.deliverTracked()
        world.advance(to: .milliseconds(299))
        #expect(!world.messages(ana).contains { if case .result = $0 { true } else { false } })
        world.advance(to: .milliseconds(300))
        world.expect(ana, ["REVEAL 1 \"breakfast\" \"desayuno\" CORRECT \"desayuno\"", "RESULT 1 TIMEOUT 0 1 1 1", "TALLY 1 0 0 1",
                           "TOP 1 \"Ana\" 0 1 300", "END TOP", "ROUND 2 15 \"library\" \"azúcar\" 300"])
    }

    /// Ana's pair reached her at 20 ms, her time ran out at 220 ms and the
    /// round closed then (Bo had answered): her answer at 370 ms names a
    /// round no longer open.
    @Test func aLateAnswerFindsItsPairTimedOutAndClosed() throws {
        let world = HubWorld(rules: Rules(roundMilliseconds: 200))
        let ana = world.player("Ana"), bo = world.player("Bo")
        world.type("START", from: ana)
        let tag = try #require(world.lastTag)
        world.advance(to: .milliseconds(20))
        world.deliver(tag: tag, to: ana)
        world.deliver(tag: tag, to: bo)
        world.type("y", from: bo)
        _ = world.take(ana)
        world.advance(to: .milliseconds(219))
        world.expect(ana, [])
        world.advance(to: .milliseconds(220))
        world.expect(ana, ["REVEAL 1 \"breakfast\" \"desayuno\" CORRECT \"desayuno\"", "RESULT 1 TIMEOUT 0 1 2 2", "TALLY 1 1 0 1",
                           "TOP 1 \"Bo\" 1 0 0", "TOP 2 \"Ana\" 0 1 200", "END TOP", "ROUND 2 15 \"library\" \"azúcar\" 200"])
        world.advance(to: .milliseconds(370))
        _ = world.take(ana)  // the room's coalesced news of Bo's joining, at 250 ms
        world.type("ANSWER 1 y", from: ana)
        world.expect(ana, ["ERROR wrong-round \"Round 1 is not open; the current round is 2: type ANSWER 2 CORRECT|WRONG, or y / n.\""])
    }

    /// An answer 10 ms before a player's deadline, as the player saw it, counts; one 1 ms after does not. The pair
    /// left for both at 20 ms; Ana's round trip is 40 ms, credited, so her deadline is 20 + 250 + 40 = 310 ms; Bo's,
    /// without one, 270 ms. (`wordgame-bench fairness` measures the same on real sockets, with figures.)
    @Test func anAnswerTenMillisecondsBeforeTheDeadlineCountsAndOneAfterDoesNot() throws {
        let world = HubWorld(rules: Rules(roundMilliseconds: 250, pairCount: 3))
        let ana = world.player("Ana"), bo = world.player("Bo")
        world.type("START", from: ana)
        let tag = try #require(world.lastTag)
        world.advance(to: .milliseconds(20))
        world.deliver(tag: tag, to: ana, roundTrip: 40)
        world.deliver(tag: tag, to: bo)
        for client in [ana, bo] { _ = world.take(client) }
        world.advance(to: .milliseconds(271))
        world.type("ANSWER 1 y", from: bo)
        let bos = world.take(bo)
        #expect(bos.contains { $0.hasPrefix("ERROR too-late ") }, "1 ms after his deadline: \(bos)")
        world.advance(to: .milliseconds(300))
        _ = world.take(ana)
        world.type("ANSWER 1 y", from: ana)
        let anas = world.take(ana)
        #expect(anas.first == "OK ANSWER 1 CORRECT", "10 ms before hers, the credit for her round trip included: \(anas)")
    }

    @Test func threeWrongAttemptsPutAPlayerOutAndTheOthersPlayOn() throws {
        let world = HubWorld(rules: Rules(roundMilliseconds: 2_000, maxIncorrect: 3, pairCount: 6))
        let (ana, bo) = Self.anaAndBo(world)
        world.type("START", from: ana)
        for number in 1...3 {
            world.deliverTracked()
            world.advance(by: 300)
            world.answer(from: ana, rightly: true)
            world.answer(from: bo, rightly: false)
            #expect(Self.results(world.messages(ana)).map(\.correct) == [number])
            let bos = world.messages(bo)
            #expect(Self.results(bos).map(\.wrong) == [number])
            // Bo's state changes to OUT before the next pair arrives.
            let last = bos.suffix(2)
            if number == 3 {
                #expect(last.first == .you(.out))
                guard case .round(let round4)? = last.last else { Issue.record("no ROUND 4: \(bos)"); return }
                #expect(round4.number == 4)
            } else {
                #expect(!bos.contains(.you(.out)))
            }
        }
        world.deliverTracked()
        world.advance(by: 300)
        world.type("y", from: bo)
        world.expect(bo, ["ERROR not-playing \"You are out of this game (3 wrong attempts); you watch until it ends.\""])
        world.answer(from: ana, rightly: true)
        // Ana alone is in: the round closes on her answer, without waiting for Bo.
        #expect(Self.results(world.messages(ana)).map(\.number) == [4])
        for _ in 5...6 {
            world.deliverTracked()
            world.advance(by: 300)
            world.answer(from: ana, rightly: true)
        }
        #expect(Self.gameOvers(world.messages(ana)) == [GameOver(rank: 1, ranked: 2, correct: 6, wrong: 0, milliseconds: 1_800)])
        #expect(Self.gameOvers(world.messages(bo)) == [GameOver(rank: 2, ranked: 2, correct: 0, wrong: 3, milliseconds: 900)])
    }

    @Test func aGameEndsAfterItsPairsAndTheHostPlaysAgain() throws {
        let world = HubWorld(rules: Rules(roundMilliseconds: 2_000, pairCount: 15))
        let ana = world.player("Ana")
        world.type("START", from: ana)
        var seen: [String] = []
        for number in 1...15 {
            let round = try #require(world.lastRound(of: ana))
            #expect(round.number == number)
            seen.append(round.english)
            world.deliverTracked()
            world.advance(by: 300)
            world.answer(from: ana, rightly: true)
        }
        #expect(Set(seen).count == 15, "no English word twice in a game: \(seen)")
        let last = world.take(ana)
        let end = last.firstIndex { $0.hasPrefix("GAMEOVER") }.map { Array(last[$0...]) }
        #expect(end == ["GAMEOVER 1 1 15 0 4500", "YOU LOBBY", "INFO \"Game over. Type AGAIN to play again, or QUIT.\"",
                        "ROOM \"main\" LOBBY 1 \"Ana\" 0", "MEMBERS 1 \"Ana\""])
        world.type("AGAIN", from: ana)
        let again = world.messages(ana)
        #expect(again.first == .game(GameInfo(pairs: 15, roundMilliseconds: 2_000, maxIncorrect: 3, players: 1)))
        guard case .round(let first)? = again.last else { Issue.record("no ROUND after AGAIN: \(again)"); return }
        #expect(first.number == 1)
    }

    @Test func theGameEndsWhenNoPlayerIsIn() {
        let world = HubWorld(rules: Rules(roundMilliseconds: 2_000, maxIncorrect: 1))
        let ana = world.player("Ana")
        world.type("START", from: ana)
        world.deliverTracked()
        world.advance(by: 300)
        _ = world.take(ana)
        world.answer(from: ana, rightly: false)
        world.expect(ana, ["OK ANSWER 1 WRONG", "REVEAL 1 \"breakfast\" \"desayuno\" CORRECT \"desayuno\"", "RESULT 1 WRONG 0 1 1 1",
                           "TALLY 1 0 1 0", "TOP 1 \"Ana\" 0 1 300", "END TOP", "YOU OUT", "GAMEOVER 1 1 0 1 300", "YOU LOBBY",
                           "INFO \"Game over. Type AGAIN to play again, or QUIT.\""])
    }

    @Test func theHostLeavingHandsTheRoomToTheNextPlayer() {
        let world = HubWorld()
        let (ana, bo) = Self.anaAndBo(world)
        world.type("LEAVE", from: ana)
        world.expect(ana, ["OK LEAVE \"main\"", "YOU OUTSIDE"])
        world.expect(bo, ["INFO \"Ana left; you are the host now. Type START when everyone is in.\"",
                          "ROOM \"main\" LOBBY 1 \"Bo\" 0", "MEMBERS 1 \"Bo\"", "NOTICE left \"Ana left.\"",
                          "NOTICE host \"Bo is the host now.\""])
        world.type("START", from: bo)
        world.expect(bo, ["GAME 15 5000 3 1", "YOU PLAYING", "NOTICE started \"The host started the game.\"",
                          "ROUND 1 15 \"breakfast\" \"desayuno\" 5000"])
    }

    /// Bo's connection goes mid-round without a goodbye. The round closes on
    /// the answers of those still connected, not at the 20 s deadline; Bo's
    /// seat is held for RESUME, so he stays in the ranking, with a timeout.
    @Test func aClientVanishingMidRoundDisturbsNobody() {
        let world = HubWorld(rules: Rules(roundMilliseconds: 20_000))
        let (ana, bo) = Self.anaAndBo(world)
        let cy = world.player("Cy")
        world.advance(by: 1_000)
        _ = world.take(ana)
        _ = world.take(bo)
        _ = world.take(cy)
        world.type("START", from: ana)
        world.deliverTracked()
        world.advance(by: 300)
        _ = world.take(ana)
        _ = world.take(cy)
        world.type("y", from: ana)
        world.drop(bo)
        world.type("n", from: cy)
        let news = ["PROGRESS 1 1 3", "ROOM \"main\" PLAYING 3 \"Ana\" 0", "MEMBERS 3 \"Ana\" \"Bo\" \"Cy\"",
                    "NOTICE dropped \"Bo dropped; 60 s to come back.\""]
        let close = ["TALLY 1 1 1 1", "TOP 1 \"Ana\" 1 0 300", "TOP 2 \"Cy\" 0 1 300", "TOP 3 \"Bo\" 0 1 20000", "END TOP",
                     "ROUND 2 15 \"library\" \"azúcar\" 20000"]
        let reveal = "REVEAL 1 \"breakfast\" \"desayuno\" CORRECT \"desayuno\""
        world.expect(ana, ["OK ANSWER 1 CORRECT"] + news + [reveal, "RESULT 1 RIGHT 1 0 1 3"] + close)
        world.expect(cy, news + ["OK ANSWER 1 WRONG", reveal, "RESULT 1 WRONG 0 1 2 3"] + close)
        #expect(world.now == .milliseconds(2_300))
    }

    @Test(.enabled(if: TestServer.hasBabbelWords, "needs ../shared/fixtures/babbel-words.json"))
    func theOriginalWordListPlays() throws {
        let words = try WordList.load(path: TestServer.babbelWordsPath)
        let world = HubWorld(settings: GameSettings(words: words, rules: Rules(roundMilliseconds: 2_000, pairCount: 15), seed: 1,
                                                    startDelayMilliseconds: 0))
        let ana = world.player("Ana")
        world.type("START", from: ana)
        for number in 1...15 {
            let round = try #require(world.lastRound(of: ana))
            #expect(round.number == number)
            #expect(round.english == round.english.trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(round.spanish == round.spanish.trimmingCharacters(in: .whitespacesAndNewlines))
            world.deliverTracked()
            world.advance(by: 300)
            world.answer(from: ana, rightly: true)
            #expect(Self.results(world.messages(ana)).map(\.verdict) == [.right])
        }
        #expect(ana.transcript.contains("GAMEOVER 1 1 15 0 4500"))
    }
}
