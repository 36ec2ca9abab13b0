import Foundation
import Testing
import WordGame
import WordListFiles
import WordGameProtocol

/// Whole games against the real server on 127.0.0.1, with several socket clients.
@Suite struct GameTests {
    /// A bot's answer: it names the round, as Protocol.md asks of programs (a
    /// bare `y` this fast after a pair arrives would be taken as meant for the
    /// previous pair, see `BareAnswerTests`).
    func answer(for round: RoundInfo, rightly: Bool, words: WordList = TestServer.defaultWords) -> String {
        let truth = words.isCorrect(english: round.english, spanish: round.spanish)
        return "ANSWER \(round.number) \(truth == rightly ? "y" : "n")"
    }

    @Test func everyoneGetsTheSamePairsAndIsScoredIndependently() throws {
        let server = try TestServer()
        let ana = try server.player("Ana"), bo = try server.player("Bo")
        ana.send("START")
        for number in 1...5 {
            let a = try ana.waitForRound(), b = try bo.waitForRound()
            #expect(a == b)
            #expect(a.number == number)
            ana.send(answer(for: a, rightly: true))
            bo.send(answer(for: b, rightly: number != 2))
            let anas = try ana.waitForResult()
            // After pair 1 both are right and the faster ranks first, which a busy machine can make either.
            #expect(anas == RoundResult(number: number, verdict: .right, correct: number, wrong: 0, rank: number == 1 ? anas.rank : 1, ranked: 2))
            let result = try bo.waitForResult()
            #expect(result.verdict == (number == 2 ? .wrong : .right))
            #expect(result.wrong == 1 || number == 1)
        }
    }

    @Test func theTruthIsRevealedOnlyWhenEveryoneHasAnswered() throws {
        let server = try TestServer(rules: Rules(roundMilliseconds: 3_000))
        let ana = try server.player("Ana"), bo = try server.player("Bo")
        ana.send("START")
        let round = try ana.waitForRound()
        _ = try bo.waitForRound()
        ana.send("y")
        #expect(try ana.next() == .answerTaken(round: 1, .correct))
        // Bo has not answered: nobody may learn the truth yet, not Ana, not a second connection.
        for client in [ana, bo] {
            if let line = try client.staysQuiet(for: 0.3) { #expect(!line.hasPrefix("REVEAL") && !line.hasPrefix("RESULT"), "\(line)") }
        }
        bo.send("n")
        let reveal = try ana.waitForReveal()
        #expect(reveal.truth == (TestServer.defaultWords.isCorrect(english: round.english, spanish: round.spanish) ? .correct : .wrong))
        #expect(try bo.waitForReveal() == reveal)
    }

    @Test func aRoundClosesEarlyWhenAllHaveAnswered() throws {
        let server = try TestServer(rules: Rules(roundMilliseconds: 20_000))
        let ana = try server.player("Ana"), bo = try server.player("Bo")
        ana.send("START")
        _ = try ana.waitForRound(); _ = try bo.waitForRound()
        let started = Date()
        ana.send("y"); bo.send("n")
        _ = try ana.waitForRound(timeout: 5)  // round 2, long before the 20 s deadline
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func noAnswerInTimeIsATimeout() throws {
        let server = try TestServer(rules: Rules(roundMilliseconds: 300))
        let ana = try server.player("Ana")
        ana.send("START")
        let round = try ana.waitForRound()
        #expect(round.milliseconds == 300)
        let result = try ana.waitForResult(timeout: 3)
        #expect(result.verdict == .timeout)
        #expect(result.wrong == 1)
    }

    @Test func aLateAnswerCountsAsATimeout() throws {
        let server = try TestServer(rules: Rules(roundMilliseconds: 200))
        let ana = try server.player("Ana"), bo = try server.player("Bo")
        ana.send("START")
        _ = try ana.waitForRound(); _ = try bo.waitForRound()
        bo.send("y")
        Thread.sleep(forTimeInterval: 0.35)  // past Ana's 200 ms
        ana.send("ANSWER 1 y")
        let reply = try ana.waitFor { if case .error = $0 { return true }; if case .result = $0 { return true }; return false }
        switch reply {
        case .error(let error): #expect(error.code == .tooLate || error.code == .wrongRound)
        case .result(let result): #expect(result.verdict == .timeout)
        default: Issue.record("unexpected \(reply)")
        }
    }

    @Test func threeWrongAttemptsPutAPlayerOutAndTheOthersPlayOn() throws {
        let server = try TestServer(rules: Rules(roundMilliseconds: 2_000, maxIncorrect: 3, pairCount: 6))
        let ana = try server.player("Ana"), bo = try server.player("Bo")
        ana.send("START")
        for number in 1...3 {
            let round = try ana.waitForRound()
            _ = try bo.waitForRound()
            ana.send(answer(for: round, rightly: true))
            bo.send(answer(for: round, rightly: false))
            #expect(try bo.waitForResult().wrong == number)
            #expect(try ana.waitForResult().correct == number)
        }
        // Bo's state changes to OUT before the next pair arrives.
        let afterThird = try bo.waitFor { if case .you = $0 { return true }; if case .round = $0 { return true }; return false }
        #expect(afterThird == .you(.out))
        let round4 = try bo.waitForRound()
        bo.send("y")
        #expect(try bo.waitForError().code == .notPlaying)
        ana.send(answer(for: round4, rightly: true))
        // Ana alone is in: the round closes on her answer, without waiting for Bo.
        #expect(try ana.waitForResult().number == 4)
        for _ in 5...6 {
            let round = try ana.waitForRound()
            ana.send(answer(for: round, rightly: true))
        }
        let anasEnd = try ana.waitForGameOver()
        #expect((anasEnd.rank, anasEnd.ranked, anasEnd.correct, anasEnd.wrong) == (1, 2, 6, 0))
        let bosEnd = try bo.waitForGameOver()
        #expect((bosEnd.rank, bosEnd.ranked, bosEnd.correct, bosEnd.wrong) == (2, 2, 0, 3))
    }

    @Test func aGameEndsAfterItsPairsAndTheHostPlaysAgain() throws {
        let server = try TestServer(rules: Rules(roundMilliseconds: 2_000, pairCount: 15))
        let ana = try server.player("Ana")
        ana.send("START")
        var seen: [String] = []
        for _ in 1...15 {
            let round = try ana.waitForRound()
            seen.append(round.english)
            ana.send(answer(for: round, rightly: true))
        }
        #expect(Set(seen).count == 15, "no English word twice in a game: \(seen)")
        let over = try ana.waitForGameOver()
        #expect(over.rank == 1 && over.correct == 15 && over.wrong == 0)
        #expect(try ana.next() == .you(.lobby))
        ana.send("AGAIN")
        guard case .game(let game) = try ana.waitFor({ if case .game = $0 { true } else { false } }) else { return }
        #expect(game.pairs == 15)
        #expect(try ana.waitForRound().number == 1)
    }

    @Test func theGameEndsWhenNoPlayerIsIn() throws {
        let server = try TestServer(rules: Rules(roundMilliseconds: 2_000, maxIncorrect: 1))
        let ana = try server.player("Ana")
        ana.send("START")
        let round = try ana.waitForRound()
        ana.send(answer(for: round, rightly: false))
        let over = try ana.waitForGameOver()
        #expect(over == GameOver(rank: 1, ranked: 1, correct: 0, wrong: 1, milliseconds: over.milliseconds))
    }

    @Test func onlyTheHostStartsAndLateComersWatch() throws {
        let server = try TestServer()
        let ana = try server.player("Ana"), bo = try server.player("Bo")
        bo.send("START")
        #expect(try bo.waitForError().code == .notHost)
        ana.send("START")
        _ = try ana.waitForRound()
        let cy = try server.client("Cy")
        cy.send("NAME Cy"); cy.send("JOIN")
        #expect(try cy.waitFor { if case .you = $0 { true } else { false } } == .you(.watching))
        cy.send("y")
        #expect(try cy.waitForError().code == .notPlaying)
    }

    @Test func theHostLeavingHandsTheRoomToTheNextPlayer() throws {
        let server = try TestServer()
        let ana = try server.player("Ana"), bo = try server.player("Bo")
        ana.send("LEAVE")
        #expect(try ana.next() == .left(room: "main"))
        let room = try bo.waitFor { if case .room(let info) = $0 { info.host == "Bo" } else { false } }
        guard case .room(let info) = room else { return }
        #expect(info.members == 1)
        bo.send("START")
        _ = try bo.waitForRound()
    }

    @Test func aClientVanishingMidRoundDisturbsNobody() throws {
        let server = try TestServer(rules: Rules(roundMilliseconds: 20_000))
        let ana = try server.player("Ana"), bo = try server.player("Bo"), cy = try server.player("Cy")
        ana.send("START")
        _ = try ana.waitForRound(); _ = try bo.waitForRound(); _ = try cy.waitForRound()
        ana.send("y")
        bo.reset()  // connection reset mid-round
        cy.send("n")
        // The round closes on the answers of those still connected, not at the 20 s deadline.
        // Bo's seat is held for RESUME: he stays in the ranking, with a timeout.
        #expect(try ana.waitForResult(timeout: 5).number == 1)
        #expect(try cy.waitForResult(timeout: 5).ranked == 3)
        #expect(try ana.waitForRound().number == 2)
    }

    @Test func autoStartBeginsTheGameWhenEnoughPlayersAreReady() throws {
        let server = try TestServer(autoStart: 2, countdownMilliseconds: 200)
        let ana = try server.player("Ana")
        if let line = try ana.staysQuiet(for: 0.3) { #expect(!line.hasPrefix("GAME"), "\(line)") }
        let bo = try server.player("Bo")
        defer { withExtendedLifetime(bo) {} }
        #expect(try ana.waitFor { if case .starting = $0 { true } else { false } } == .starting(milliseconds: 200))
        #expect(try ana.waitForRound().number == 1)
    }

    @Test func soloAutoStartPlaysAtOnce() throws {
        let server = try TestServer(autoStart: 1)
        let ana = try server.client("Ana")
        ana.send("NAME Ana"); ana.send("JOIN")
        #expect(try ana.waitForRound(timeout: 2).number == 1)
    }

    @Test(.enabled(if: TestServer.hasBabbelWords, "needs ../shared/fixtures/babbel-words.json"))
    func theOriginalWordListPlays() throws {
        let words = try WordList.load(path: TestServer.babbelWordsPath)
        let server = try TestServer(words: words, rules: Rules(roundMilliseconds: 2_000, pairCount: 15))
        let ana = try server.player("Ana")
        ana.send("START")
        for _ in 1...15 {
            let round = try ana.waitForRound()
            #expect(round.english == round.english.trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(round.spanish == round.spanish.trimmingCharacters(in: .whitespacesAndNewlines))
            ana.send(answer(for: round, rightly: true, words: words))
            #expect(try ana.waitForResult().verdict == .right)
        }
        #expect(try ana.waitForGameOver().correct == 15)
    }
}

