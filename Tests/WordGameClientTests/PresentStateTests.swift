import Testing
@testable import WordGameClient
import WordGame
import WordGameProtocol

/// The projector's keys and what they send: controls that cannot be undone ask first.
@Suite struct PresentStateTests {
    func t(_ ms: Int64) -> Instant { .milliseconds(ms) }

    func host(playing: Bool = false) -> PresentState {
        var state = PresentState()
        state.receive(.hosted(room: "k7px", key: "KEY"), at: t(0))
        state.receive(.you(.hosting), at: t(0))
        if playing { state.receive(.game(GameInfo(pairs: 15, roundMilliseconds: 5_000, maxIncorrect: 3, players: 2)), at: t(0)) }
        return state
    }

    func press(_ state: inout PresentState, _ keys: Key...) -> [ClientCommand] {
        keys.flatMap { state.press($0, at: t(0)) }
    }

    @Test func startsInTheLobbyAndNotDuringAGame() {
        var lobby = host()
        #expect(press(&lobby, .character("s")) == [.start])
        #expect(press(&lobby, .enter) == [.start])
        var playing = host(playing: true)
        #expect(press(&playing, .character("s")).isEmpty)
    }

    /// A server restarting with its lesson: the projector's seat is taken back, not given up, and it says so.
    @Test func aRestartingServersGoodbyeIsADropForTheProjectorToo() {
        var state = host(playing: true)
        state.receive(.token(code: "HOSTCODE", graceSeconds: 60), at: t(0))
        state.receive(.restarting(graceSeconds: 60), at: t(1_000))
        state.receive(.bye("The server is restarting; your seat and score are kept."), at: t(1_000))
        #expect(state.goodbye == nil)
        #expect(state.resumableSeat == HeldSeat(token: ResumeToken(code: "HOSTCODE", graceSeconds: 60), room: "k7px", restarting: true))
        state.reconnecting = Reconnecting(attempt: 2, deadline: t(361_000), restarting: true)
        let frame = PresentRenderer.frame(state, columns: 100, rows: 30, now: t(5_000))
        #expect(frame.rows.contains { $0.contains("The server is restarting… your seat is kept") }, "\(frame.rows)")
    }

    /// A projector taken back during the room's third game numbers it as the results files do.
    @Test func aProjectorTakenBackMidLessonNumbersTheGameOn() {
        var state = PresentState()
        state.receive(.hosted(room: "k7px", key: "KEY"), at: t(0))
        state.receive(.you(.hosting), at: t(0))
        state.receive(.games(2), at: t(0))
        state.receive(.game(GameInfo(pairs: 15, roundMilliseconds: 5_000, maxIncorrect: 3, players: 2)), at: t(0))
        #expect(state.gamesPlayed == 3)
        let frame = PresentRenderer.frame(state, columns: 100, rows: 30, now: t(0))
        #expect(frame.rows[0].contains("game 3"), "\(frame.rows[0])")
    }

    @Test func theStartDelayCountsDownAndCanBeSkippedOrCalledOff() {
        var state = host()
        state.receive(.starting(milliseconds: 5_000), at: t(0))
        let screen = PresentRenderer.frame(state, columns: 80, rows: 24, now: t(1_500)).rows.joined(separator: "\n")
        #expect(screen.contains("The game starts in 4 s") && screen.contains("S starts now · E calls it off"))
        #expect(state.isAnimating(at: t(1_500)))
        #expect(press(&state, .character("s")) == [.start], "S again starts at once")
        #expect(press(&state, .character("e"), .character("y")) == [.stop], "E calls the start off, asked first")
        state.receive(.room(RoomInfo(name: "k7px", state: .lobby, members: 2, host: "Host", autoStart: 0)), at: t(2_000))
        #expect(state.countdownSeconds(at: t(2_000)) == nil)
        #expect(press(&state, .character("e")).isEmpty && state.prompt == nil, "nothing to call off")
    }

    @Test func lockTogglesWithWhatTheServerSays() {
        var state = host()
        #expect(press(&state, .character("l")) == [.lock])
        state.receive(.lockSet(true), at: t(0))
        #expect(press(&state, .character("L")) == [.unlock])
        state.receive(.notice(.unlocked, "The host unlocked the room."), at: t(0))
        #expect(press(&state, .character("l")) == [.lock])
    }

    @Test func removingAPlayerAsksForTheName() {
        var state = host()
        #expect(press(&state, .character("k"), .character("B"), .character("o"), .character("x"), .backspace).isEmpty)
        #expect(state.prompt == .kick("Bo"))
        #expect(press(&state, .enter) == [.kick("Bo")])
        #expect(state.prompt == nil)
        #expect(press(&state, .character("k"), .character("A"), .escape).isEmpty)
        #expect(press(&state, .character("k"), .enter).isEmpty)  // no name, nothing sent
    }

    @Test func endingTheGameClosingAndQuittingAskFirst() {
        var state = host(playing: true)
        #expect(press(&state, .character("e")).isEmpty && state.prompt == .confirmStop)
        #expect(press(&state, .character("n")).isEmpty && state.prompt == nil)
        #expect(press(&state, .character("e"), .character("y")) == [.stop])
        #expect(press(&state, .character("c"), .character("y")) == [.close])
        #expect(press(&state, .character("q")).isEmpty && !state.hasQuit)
        #expect(press(&state, .character("y")) == [.quit] && state.hasQuit)
    }

    /// The projector that runs the server stops it on quitting: its BYE tells
    /// everyone, so the host sends no QUIT ("the host is away" would be untrue).
    @Test func quittingTheScreenThatRunsTheServerSendsNothing() {
        var state = host()
        state.ownsServer = true
        #expect(press(&state, .character("q"), .character("y")).isEmpty && state.hasQuit)
    }

    @Test func ctrlCQuitsAtOnce() {
        var state = host()
        #expect(press(&state, .interrupt) == [.quit] && state.hasQuit)
    }

    @Test func helpOpensAndAnyKeyClosesItWithoutActing() {
        var state = host()
        #expect(press(&state, .character("?")).isEmpty && state.showsHelp)
        #expect(press(&state, .character("s")).isEmpty && !state.showsHelp)
    }

    @Test func aClosedRoomOffersANewOne() {
        var state = host()
        state.receive(.notice(.closed, "The host closed room K7PX."), at: t(0))
        state.receive(.closed(room: "k7px"), at: t(0))
        state.receive(.you(.outside), at: t(0))
        #expect(state.screen == .closed)
        #expect(press(&state, .character("n")) == [.host(reclaim: nil)])
        state.receive(.hosted(room: "m3qp", key: "KEY2"), at: t(0))
        state.receive(.you(.hosting), at: t(0))
        #expect(state.screen == .lobby && state.room == "m3qp" && state.lastNotice == nil)
    }

    @Test func aNewGameClearsTheLastOne() {
        var state = host(playing: true)
        state.receive(.gameOver(GameOver(rank: 0, ranked: 1, correct: 0, wrong: 0, milliseconds: 0)), at: t(0))
        state.receive(.ranking(RankingEntry(rank: 1, name: "Ana", correct: 1, wrong: 0, milliseconds: 10, outAt: 0)), at: t(0))
        state.receive(.end(.ranking), at: t(0))
        #expect(state.screen == .gameOver && state.ranking.count == 1)
        state.receive(.game(GameInfo(pairs: 15, roundMilliseconds: 5_000, maxIncorrect: 3, players: 2)), at: t(0))
        #expect(state.screen == .playing && state.ranking.isEmpty && state.gamesPlayed == 2)
    }
}

@Suite struct PageGridTests {
    @Test func aShortListSpreadsOverColumnsNotOneLongOne() {
        let grid = PageGrid(count: 12, cellWidth: 18, width: 144, height: 30)
        #expect(grid.columns == 8 && grid.rows == 2 && grid.usedColumns == 6 && grid.pages == 1)
        #expect(grid.label(page: 0) == nil)
    }

    @Test func aLongListFillsPagesDownEachColumn() {
        let grid = PageGrid(count: 45, cellWidth: 18, width: 76, height: 9)
        #expect(grid.columns == 4 && grid.rows == 9 && grid.perPage == 36 && grid.pages == 2)
        let first = grid.cells(page: 0)
        #expect(first.count == 36 && first[1].row == 1 && first[1].column == 0 && first[9].column == 1)
        #expect(grid.cells(page: 1).map(\.item) == Array(36..<45))
        #expect(grid.pageIndex(-1) == 1 && grid.pageIndex(2) == 0)
        #expect(grid.label(page: 3) == "page 2 of 2")
    }

    @Test func nothingToShowIsOneEmptyPage() {
        let grid = PageGrid(count: 0, cellWidth: 18, width: 10, height: 0)
        #expect(grid.pages == 1 && grid.cells(page: 5).isEmpty)
    }
}
