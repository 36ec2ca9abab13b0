import Testing
import WordGame
@testable import WordGameClient
import WordGameProtocol

/// What a player in a room is told: waiting for the others, a latecomer's
/// view of the game on, the countdown between games, quitting, the keys.
@Suite struct RoomScreenTests {
    func t(_ ms: Int64) -> Instant { .milliseconds(ms) }

    func text(_ state: ClientState, at ms: Int64, columns: Int = 80, rows: Int = 24) -> String {
        Renderer.frame(state, columns: columns, rows: rows, now: t(ms)).rows.joined(separator: "\n")
    }

    /// Bo, playing pair 2 of 5 in a room of three hosted by Ana.
    func inRoom(_ me: PlayerState = .playing) -> ClientState {
        var state = ClientState(name: "Bo")
        state.receive(.room(RoomInfo(name: "7b", state: .playing, members: 3, host: "Ana", autoStart: 0)), at: t(0))
        state.receive(.you(me), at: t(0))
        state.receive(.game(GameInfo(pairs: 5, roundMilliseconds: 4_000, maxIncorrect: 3, players: 3)), at: t(0))
        state.receive(.round(RoundInfo(number: 2, pairs: 5, english: "dog", spanish: "perro", milliseconds: 4_000)), at: t(0))
        return state
    }

    @Test func afterAnsweringTheWordStopsAndTheScreenSaysWhomWeWaitFor() {
        var state = inRoom()
        state.receive(.progress(round: 2, answered: 1, playing: 3), at: t(500))
        #expect(!text(state, at: 1_000).contains("Answered ✓"))
        _ = state.press(.character("y"), at: t(1_000))
        #expect(text(state, at: 1_000).contains("Answered ✓ — waiting for 1 other"), "ours counted before PROGRESS says so")
        let stopped = state.fall(at: t(1_000))
        #expect(state.fall(at: t(3_000)) == stopped, "the word stops where it was answered")
        #expect(!state.isAnimating(at: t(3_000)), "nothing moves, nothing is redrawn")
        state.receive(.progress(round: 2, answered: 2, playing: 3), at: t(1_200))
        #expect(text(state, at: 1_300).contains("Answered ✓ — waiting for 1 other"))
    }

    @Test func aSoloPlayerIsNotToldToWait() {
        var state = ClientState(name: "Ana")
        state.receive(.room(RoomInfo(name: "main", state: .playing, members: 1, host: "Ana", autoStart: 1)), at: t(0))
        state.receive(.game(GameInfo(pairs: 5, roundMilliseconds: 4_000, maxIncorrect: 3, players: 1)), at: t(0))
        state.receive(.round(RoundInfo(number: 1, pairs: 5, english: "dog", spanish: "perro", milliseconds: 4_000)), at: t(0))
        state.receive(.you(.playing), at: t(0))
        _ = state.press(.character("y"), at: t(100))
        #expect(!text(state, at: 200).contains("waiting"))
    }

    @Test func aLatecomerSeesTheGameOnAndIsToldTheyPlayNext() {
        var state = ClientState(name: "Cy")
        state.receive(.joined(room: "7b"), at: t(0))
        state.receive(.room(RoomInfo(name: "7b", state: .playing, members: 3, host: "Ana", autoStart: 0)), at: t(0))
        state.receive(.you(.watching), at: t(0))
        state.receive(.game(GameInfo(pairs: 5, roundMilliseconds: 4_000, maxIncorrect: 3, players: 2)), at: t(0))
        state.receive(.top(TopEntry(rank: 1, name: "Ana", correct: 2, wrong: 0, milliseconds: 900)), at: t(0))
        state.receive(.end(.top), at: t(0))
        state.receive(.round(RoundInfo(number: 3, pairs: 5, english: "dog", spanish: "perro", milliseconds: 2_000)), at: t(0))
        let screen = text(state, at: 1_000)
        #expect(screen.contains("dog") && screen.contains("perro"), "the falling word")
        #expect(screen.contains("1. Ana") && screen.contains("2✓ 0✗"), "the leaderboard, labelled")
        #expect(screen.contains("Joined mid-game: you play from the next one"))
        #expect(!screen.contains("Waiting for"), "not the lobby")
        state.receive(.gameOver(GameOver(rank: 0, ranked: 2, correct: 0, wrong: 0, milliseconds: 0)), at: t(5_000))
        let end = text(state, at: 5_000)
        #expect(end.contains("You watched this game") && !end.contains("0 correct"))
    }

    @Test func theNextGameCountsDownOnTheEndDialogOfEveryPlayer() {
        var state = inRoom()
        state.receive(.gameOver(GameOver(rank: 2, ranked: 3, correct: 3, wrong: 2, milliseconds: 900)), at: t(0))
        #expect(text(state, at: 0).contains("Waiting for Ana to start the next game"))
        state.receive(.starting(milliseconds: 5_000), at: t(1_000))
        #expect(state.screen == .gameOver, "the review stays")
        #expect(text(state, at: 1_000).contains("The next game starts in 5 s…"))
        #expect(text(state, at: 4_500).contains("The next game starts in 2 s…"))
        #expect(state.isAnimating(at: t(4_500)))
        state.receive(.game(GameInfo(pairs: 5, roundMilliseconds: 4_000, maxIncorrect: 3, players: 3)), at: t(6_000))
        #expect(state.screen == .playing)
    }

    @Test func qInTheMiddleOfAGameAsksFirst() {
        var state = inRoom()
        #expect(state.press(.character("q"), at: t(0)).isEmpty)
        #expect(text(state, at: 0).contains("Quit this game?"))
        #expect(state.press(.character("y"), at: t(0)).isEmpty, "a key that closes the question does not answer")
        #expect(state.overlay == nil && state.pressed == nil && !state.hasQuit)
        _ = state.press(.character("q"), at: t(0))
        #expect(state.press(.character("q"), at: t(0)) == [.quit] && state.hasQuit)
        // Ctrl-C never asks.
        var other = inRoom()
        #expect(other.press(.interrupt, at: t(0)) == [.quit])
    }

    @Test func theLastScoreIsLeftOnTheNormalScreen() {
        var state = inRoom()
        state.receive(.result(RoundResult(number: 2, verdict: .right, correct: 1, wrong: 1, rank: 2, ranked: 3)), at: t(0))
        state.receive(.reveal(Reveal(number: 2, english: "dog", spanish: "perro", truth: .correct, translation: "perro")), at: t(0))
        #expect(state.farewell == "The connection ended during the game after pair 2 of 5: 1 correct, 1 wrong, rank 2 of 3.")
        var stopped = state
        stopped.receive(.bye("The server is shutting down: it was stopped, or its machine is restarting."), at: t(0))
        #expect(stopped.farewell == "The server ended the session during the game after pair 2 of 5: 1 correct, 1 wrong, rank 2 of 3.",
                "the server stopped: the player did not leave")
        var left = state
        _ = left.press(.interrupt, at: t(0))
        #expect(left.farewell == "You left during the game after pair 2 of 5: 1 correct, 1 wrong, rank 2 of 3.")
        state.receive(.gameOver(GameOver(rank: 1, ranked: 3, correct: 4, wrong: 1, milliseconds: 900)), at: t(0))
        #expect(state.farewell == "Last game: 4 correct, 1 wrong, rank 1 of 3.")
    }

    @Test func questionMarkAndHShowTheKeysOfTheScreen() {
        for key in [Key.character("?"), .character("h")] {
            var state = inRoom()
            _ = state.press(key, at: t(0))
            let screen = text(state, at: 0)
            #expect(screen.contains("correct") && screen.contains("wrong") && screen.contains("quit"))
            #expect(screen.contains("dog") && screen.contains("perro"), "the open pair stays in sight while its time runs")
            _ = state.press(.character("x"), at: t(0))
            #expect(state.overlay == nil)
        }
    }

    @Test func eliminationIsNamed() {
        var state = inRoom()
        state.receive(.reveal(Reveal(number: 2, english: "dog", spanish: "perro", truth: .correct, translation: "perro")), at: t(0))
        state.receive(.result(RoundResult(number: 2, verdict: .wrong, correct: 0, wrong: 3, rank: 3, ranked: 3)), at: t(0))
        state.receive(.you(.out), at: t(0))
        #expect(text(state, at: 100).contains("Out: 3 wrong attempts. You watch to the end."))
        state.receive(.gameOver(GameOver(rank: 3, ranked: 3, correct: 0, wrong: 3, milliseconds: 900)), at: t(0))
        #expect(text(state, at: 100).contains("Out after 3 wrong attempts, at pair 2"))
    }

    @Test func textsSpeakOfKeysNotCommands() {
        var state = inRoom()
        state.receive(.error(ProtocolError(.notHost, "Only the host (Ana) starts games. Wait for them, or LEAVE.")), at: t(0))
        #expect(state.notice == "Only the host (Ana) starts the next game.")
        state.receive(.notice(.closed, "The host closed room 7b. Type JOIN <room> to play elsewhere, or QUIT."), at: t(0))
        #expect(state.notice == "The host closed room 7b.")
        var coded = ClientState(name: "Bo")
        coded.receive(.room(RoomInfo(name: "k7px", state: .lobby, members: 2, host: "Ms Lee", autoStart: 0)), at: t(0))
        coded.receive(.notice(.closed, "The host closed room K7PX. Type JOIN <room> to play elsewhere, or QUIT."), at: t(0))
        #expect(coded.notice == "The host closed room K7PX.", "a code as on the board")
        // The host left: the new host is told it is their turn, in the end dialog too.
        var heir = inRoom()
        heir.receive(.gameOver(GameOver(rank: 1, ranked: 3, correct: 3, wrong: 0, milliseconds: 900)), at: t(0))
        heir.receive(.room(RoomInfo(name: "7b", state: .lobby, members: 2, host: "Bo", autoStart: 0)), at: t(0))
        heir.receive(.notice(.host, "Bo is the host now."), at: t(0))
        let end = text(heir, at: 0)
        #expect(end.contains("You are the host now: you start the next game.") && end.contains("[R]estart"))
        let taken = ClientTexts.nameRefused(ProtocolError(.nameTaken, "Someone in room main is already called Bo. "
            + "Type NAME <another name>, then JOIN main."), room: "main")
        #expect(!taken.contains("NAME") && !taken.contains("JOIN") && taken.contains("Choose another"))
        let long = ClientTexts.nameRefused(ProtocolError(.badName, "Names are 1 to 16 characters; this one has 25. Type NAME <nickname>."),
                                           room: nil)
        #expect(long == "Names are 1 to 16 characters; this one has 25.")
        // The projector's error line too; the room code in capitals is not a command.
        #expect(ClientTexts.withoutCommands("Nobody called Zed plays in room K7PX. STATUS shows who is in.")
                == "Nobody called Zed plays in room K7PX.")
        #expect(ClientTexts.withoutCommands("Type HELP.") == "Type HELP.", "nothing else to say: kept whole")
    }

    @Test func onAWindowTooSmallToAskQQuitsAtOnce() {
        var state = inRoom()
        state.resized(columns: 30, rows: 8)
        #expect(text(state, at: 0, columns: 30, rows: 8).contains("q quits"))
        #expect(state.press(.character("q"), at: t(0)) == [.quit])
    }

    @Test func leavingDuringTheFirstPairIsStillSaid() {
        var state = inRoom()
        _ = state.press(.interrupt, at: t(0))
        #expect(state.farewell == "You left during pair 1 of 5.")
    }

    @Test func theWidestNameFitsTheLeaderboardWhole() {
        var state = inRoom()
        state.receive(.top(TopEntry(rank: 1, name: "山田太郎花子桜子", correct: 15, wrong: 3, milliseconds: 900)), at: t(0))
        state.receive(.top(TopEntry(rank: 2, name: "Abcdefghijklmnop", correct: 14, wrong: 3, milliseconds: 900)), at: t(0))
        state.receive(.end(.top), at: t(0))
        let screen = text(state, at: 0)
        #expect(screen.contains("1. 山田太郎花子桜子 15✓ 3✗") && screen.contains("2. Abcdefghijklmnop 14✓ 3✗"), "\(screen)")
    }

    @Test func aNarrowWindowSaysTheRankWithoutALeaderboard() {
        var state = inRoom()
        state.receive(.result(RoundResult(number: 1, verdict: .right, correct: 1, wrong: 0, rank: 2, ranked: 3)), at: t(0))
        #expect(text(state, at: 0, columns: 60, rows: 16).contains("Pair 2 of 5 · rank 2 of 3"))
        #expect(!text(state, at: 0, columns: 100, rows: 24).contains("· rank 2 of 3"), "the leaderboard says it there")
    }

    @Test func aSmallLobbyListsWhomItCanAndCountsTheRest() {
        var state = ClientState(name: "Ana")
        state.receive(.room(RoomInfo(name: "main", state: .lobby, members: 5, host: "Ana", autoStart: 0)), at: t(0))
        state.receive(.members(total: 5, names: ["Ana", "Bee", "Cee", "Dee", "Eve"]), at: t(0))
        let screen = text(state, at: 0, columns: 40, rows: 12)
        #expect(screen.contains("Ana  (host)  ← you") && screen.contains("Bee") && screen.contains("… and 3 more"), "\(screen)")
        var three = state
        three.receive(.room(RoomInfo(name: "main", state: .lobby, members: 3, host: "Ana", autoStart: 0)), at: t(0))
        three.receive(.members(total: 3, names: ["Ana", "Bee", "Cee"]), at: t(0))
        let all = text(three, at: 0, columns: 40, rows: 12)
        #expect(all.contains("Cee") && !all.contains("more"), "three fit: all named")
    }

    @Test func aFullWidthRowKeepsItsLastCharacterOnTheTerminal() {
        var frame = Frame(columns: 10, rows: 2)
        frame.put("abcdefghij", row: 0, column: 0)
        frame.put("abc", row: 1, column: 0)
        let ansi = frame.ansi(color: false)
        #expect(ansi.contains("abcdefghij\u{1B}[0m") && !ansi.contains("abcdefghij\u{1B}[0m\u{1B}[K"), "no erase on the last column")
        #expect(ansi.contains("abc       \u{1B}[0m\u{1B}[K"), "a row ending in blanks still clears beyond")
    }

    /// A key pressed as pair 2 arrives was meant for pair 1 (Protocol.md §7): nothing is sent, the screen and line
    /// mode say why, and the pair is still ours to answer once read.
    @Test func aKeyWithinTheReadingFloorOfANewPairIsNotSentAndSaidSo() {
        var state = inRoom()
        #expect(state.press(.character("y"), at: t(149)).isEmpty)
        #expect(state.notice == ClientTexts.tooSoon && state.pressed == nil)
        #expect(LineModeText.whyNoAnswer("y", state: state, at: t(149)) == ClientTexts.tooSoon)
        #expect(state.press(.character("n"), at: t(150)) == [.answer(round: 2, .wrong)])
        var short = ClientState(name: "Ana")
        short.receive(.game(GameInfo(pairs: 5, roundMilliseconds: 200, maxIncorrect: 3, players: 1)), at: t(0))
        short.receive(.you(.playing), at: t(0))
        short.receive(.round(RoundInfo(number: 1, pairs: 5, english: "dog", spanish: "perro", milliseconds: 200)), at: t(0))
        #expect(short.press(.character("y"), at: t(50)) == [.answer(round: 1, .correct)], "a 200 ms pair's floor is a quarter of it")
    }

    @Test func lineModeSaysWhyAKeyDidNothing() {
        var out = inRoom(.out)
        #expect(LineModeText.whyNoAnswer("y", state: out, at: t(1_000)) == "You are out of this game: you watch until it ends.")
        #expect(LineModeText.lines(for: .round(RoundInfo(number: 3, pairs: 5, english: "a", spanish: "b", milliseconds: 4_000)), state: out)
                == ["Pair 3 of 5: a = b ?  (you watch this one)"], "not asked to answer")
        out.receive(.you(.watching), at: t(0))
        #expect(LineModeText.whyNoAnswer("n", state: out, at: t(1_000)) == "You joined during this game: you play from the next one.")
        var playing = inRoom()
        _ = playing.press(.character("y"), at: t(400))
        #expect(LineModeText.whyNoAnswer("y", state: playing, at: t(1_000)) == "You already answered pair 2.")
        #expect(LineModeText.whyNoAnswer("x", state: playing, at: t(1_000)) == nil)
    }
}
