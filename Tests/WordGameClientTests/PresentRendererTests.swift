import QRCode
import Testing
import TextColumns
@testable import WordGameClient
import WordGame
import WordGameProtocol

/// The projector screen, frame by frame: pure output from a state built by
/// the server messages the host would receive.
@Suite struct PresentRendererTests {
    func t(_ ms: Int64) -> Instant { .milliseconds(ms) }

    static let key = "SECRETKEY123"

    /// A host in room K7PX with `players` students who joined in order.
    func lobby(players: Int, names: (Int) -> String = { "Student\($0 + 1)" }) -> PresentState {
        var state = PresentState()
        state.joinAddress = "192.168.1.20"
        state.joinPort = 4000
        state.receive(.hosted(room: "k7px", key: Self.key), at: t(0))
        state.receive(.room(RoomInfo(name: "k7px", state: .lobby, members: players, host: "", autoStart: 0)), at: t(0))
        state.receive(.you(.hosting), at: t(0))
        for index in 0..<players { state.receive(.roster(names(index)), at: t(0)) }
        state.receive(.end(.roster), at: t(0))
        return state
    }

    /// The same room in pair 3 of 15, the pair received at t = 0.
    func playing(players: Int = 5) -> PresentState {
        var state = lobby(players: players)
        state.receive(.game(GameInfo(pairs: 15, roundMilliseconds: 5_000, maxIncorrect: 3, players: players)), at: t(0))
        state.receive(.round(RoundInfo(number: 3, pairs: 15, english: "house", spanish: "casa", milliseconds: 5_000)), at: t(0))
        return state
    }

    func frame(_ state: PresentState, at ms: Int64 = 0, columns: Int = 80, rows: Int = 24) -> Frame {
        PresentRenderer.frame(state, columns: columns, rows: rows, now: t(ms))
    }

    func row(of text: String, in frame: Frame) -> Int? { frame.rows.firstIndex { $0.contains(text) } }
    func text(_ frame: Frame) -> String { frame.rows.joined(separator: "\n") }

    // MARK: Lobby

    @Test func theLobbyShowsTheCodeInBigLettersAndTheExactJoinLines() {
        let lobby = frame(lobby(players: 3))
        let big = BlockFont.rows("K7PX")
        let top = row(of: big[0], in: lobby)
        #expect(top != nil)
        for (offset, line) in big.enumerated() { #expect(lobby.rows[top! + offset].contains(line)) }
        #expect(text(lobby).contains("nc 192.168.1.20 4000   then type   NAME yourname   and   JOIN K7PX"))
        #expect(text(lobby).contains("wordgame-client --host 192.168.1.20 --room K7PX"))
        #expect(text(lobby).contains("3 players · press S to start"))
        for name in ["Student1", "Student2", "Student3"] { #expect(text(lobby).contains(name)) }
    }

    /// With a web port, the browser's address comes first, and a QR code of it stands on the right in white on black.
    @Test func aServerWithAWebPortGetsTheBrowserAddressAndItsQRCode() throws {
        let url = "http://192.168.1.20:8080/?room=K7PX"
        var state = lobby(players: 3)
        state.receive(.web(url: url), at: t(0))
        #expect(state.joinLines().first == "In a browser:  \(url)")
        let code = try QRCode.encode(url).terminalLines()
        for (columns, rows) in [(80, 24), (120, 30), (200, 60)] {
            let lobby = frame(state, columns: columns, rows: rows)
            let top = try #require(row(of: code[0], in: lobby), "no QR code at \(columns)×\(rows)")
            for (offset, line) in code.enumerated() {
                #expect(lobby.rows[top + offset].hasSuffix(line + " "), "\(columns)×\(rows), QR row \(offset)")
            }
            let left = columns - code[0].count - 1
            #expect(lobby.spans.contains { $0.row == top && $0.column == left && $0.styles == [.paper] })
            // The join lines, the code and the names stay whole, left of the QR code.
            #expect(text(lobby).contains(url))
            #expect(text(lobby).contains("nc 192.168.1.20 4000"))
            #expect(!text(lobby).contains("…"))
            for name in ["Student1", "Student2", "Student3"] { #expect(text(lobby).contains(name)) }
        }
        // Too narrow to stand beside the join lines: the address alone.
        let narrow = frame(state, columns: 60, rows: 20)
        #expect(row(of: code[0], in: narrow) == nil)
        #expect(text(narrow).contains(url))
    }

    @Test func theJoinLinesNameAPortThatIsNotTheDefault() {
        var state = lobby(players: 0)
        state.joinPort = 4003
        #expect(state.joinLines() == ["nc 192.168.1.20 4003   then type   NAME yourname   and   JOIN K7PX",
                                    "or  wordgame-client --host 192.168.1.20 --port 4003 --room K7PX"])
    }

    /// Exactly what a class of three sees at 80×24 (colours aside).
    @Test func theLobbyFrameAt80x24() {
        let expected = """
             wordgame · room K7PX                                       3 players · hosting
            ────────────────────────────────────────────────────────────────────────────────
                                           Join with the code
                                        █   █ █████ ████  █   █
                                        █  █      █ █   █  █ █
                                        ███      █  ████    █
                                        █  █    █   █      █ █
                                        █   █   █   █     █   █

                   nc 192.168.1.20 4000   then type   NAME yourname   and   JOIN K7PX
                          or  wordgame-client --host 192.168.1.20 --room K7PX

                        15 pairs · 5 s · out at 3 · default (English → Spanish)
                                      3 players · press S to start
                         Student1          Student2          Student3








              S start · L lock · K remove · R rules · C close · ←→ pages · ? help · Q quit
            """
        var state = lobby(players: 3)
        state.receive(.rules(RoomRules(pairs: 15, roundMilliseconds: 5_000, maxIncorrect: 3, list: "default")), at: t(0))
        let lines = frame(state).rows.map { String($0.reversed().drop { $0 == " " }.reversed()) }
        #expect(lines.joined(separator: "\n") == expected)
    }

    @Test func everyNameIsShownOnPagesThatTurnByKeyAndByThemselves() {
        var state = lobby(players: 45)
        let first = frame(state)
        #expect(text(first).contains("45 players  (page 1 of 2)"))
        #expect(text(first).contains("Student1 ") && text(first).contains("Student36"))
        #expect(!text(first).contains("Student37"))
        _ = state.press(.right, at: t(1_000))
        let second = frame(state)
        #expect(text(second).contains("(page 2 of 2)") && text(second).contains("Student37") && text(second).contains("Student45"))
        _ = state.press(.right, at: t(2_000))
        #expect(text(frame(state)).contains("(page 1 of 2)"))  // wraps around
        state.tick(at: t(2_000 + Int64(PresentState.pageMilliseconds) - 1))
        #expect(text(frame(state)).contains("(page 1 of 2)"))
        state.tick(at: t(2_000 + Int64(PresentState.pageMilliseconds)))
        #expect(text(frame(state)).contains("(page 2 of 2)"))
    }

    @Test func aBigWindowGetsABiggerCodeAndEveryNameOnOnePage() {
        let big = frame(lobby(players: 45), columns: 160, rows: 50)
        #expect(text(big).contains(BlockFont.rows("K7PX", scale: 2)[0]))
        #expect(!text(big).contains("(page"))
        #expect(text(big).contains("Student1 ") && text(big).contains("Student45"))
    }

    @Test func theHostsKeyIsNeverDrawn() {
        var state = playing()
        for ms in [0, 2_500] as [Int64] { #expect(!text(frame(state, at: ms)).contains(Self.key)) }
        _ = state.press(.character("?"), at: t(0))
        #expect(!text(frame(state)).contains(Self.key))
        #expect(!text(frame(lobby(players: 2))).contains(Self.key))
    }

    @Test func joinsAndLeavesChangeTheListAndAreToldForAWhile() {
        var state = lobby(players: 2)
        state.receive(.arrived("Bo"), at: t(0))
        state.receive(.notice(.joined, "Bo joined."), at: t(0))
        #expect(text(frame(state)).contains("3 players"))
        #expect(text(frame(state, at: 1_000)).contains("Bo joined."))
        state.receive(.departed("Student1", .left), at: t(1_000))
        #expect(!text(frame(state, at: 1_000)).contains("Student1"))
        #expect(!text(frame(state, at: 1_000 + Int64(PresentState.noticeMilliseconds))).contains("Bo joined."))
    }

    // MARK: A round

    @Test func theSpanishWordFallsUnderTheEnglishOne() {
        let state = playing()
        let english = row(of: "house", in: frame(state))!
        let rows = [0, 2_500, 5_000, 9_000].map { row(of: "casa", in: frame(state, at: $0))! }
        #expect(english < rows[0] && rows[0] < rows[1] && rows[1] < rows[2])
        #expect(rows[2] == rows[3])  // never past the bottom
        #expect(text(frame(state)).contains("pair 3 of 15"))
    }

    @Test func howManyHaveAnsweredAndWhoIsStillThinking() {
        var state = playing()
        state.receive(.progress(round: 3, answered: 3, playing: 5), at: t(100))
        state.receive(.waiting(count: 2, names: ["Student2", "Student4"]), at: t(100))
        let shown = text(frame(state, at: 200))
        #expect(shown.contains("Answered 3 of 5"))
        #expect(shown.contains("Still thinking (2): Student2, Student4"))
    }

    @Test func fortyNamesStillThinkingFitAt80x24() {
        var state = playing(players: 40)
        let names = (1...40).map { "Pupil\($0)" }
        state.receive(.waiting(count: 40, names: names), at: t(0))
        let shown = text(frame(state))
        let listed = shown.split(whereSeparator: { ", \n".contains($0) }).map(String.init)
        #expect(shown.contains("Still thinking (40): "))
        for name in names { #expect(listed.contains(name), "\(name) missing") }
    }

    @Test func moreThanTheServerListsShowsTheCount() {
        var state = playing(players: 900)
        state.receive(.waiting(count: 870, names: []), at: t(0))
        #expect(text(frame(state)).contains("870 still thinking"))
    }

    @Test func afterARevealTheTruthAndHowTheClassDidStayForAFewSeconds() {
        var state = playing()
        state.receive(.reveal(Reveal(number: 3, english: "house", spanish: "casa", truth: .correct, translation: "casa")), at: t(5_000))
        state.receive(.tally(Tally(number: 3, right: 4, wrong: 1, timeout: 0)), at: t(5_000))
        state.receive(.round(RoundInfo(number: 4, pairs: 15, english: "dog", spanish: "gato", milliseconds: 5_000)), at: t(5_000))
        let during = text(frame(state, at: 6_000))
        #expect(during.contains("Pair 3: house = casa was correct"))
        #expect(during.contains("4 of 5 got it right · 1 wrong · 0 too slow"))
        #expect(during.contains("dog") && during.contains("gato"))
        state.tick(at: t(5_000 + Int64(PresentState.revealMilliseconds)))
        #expect(!text(frame(state, at: 5_000 + Int64(PresentState.revealMilliseconds))).contains("got it right"))
    }

    @Test func aWrongPairRevealsTheRightTranslation() {
        var state = playing()
        state.receive(.reveal(Reveal(number: 3, english: "house", spanish: "perro", truth: .wrong, translation: "casa")), at: t(5_000))
        #expect(text(frame(state, at: 5_000)).contains("Pair 3: house = perro was wrong: it is casa"))
    }

    @Test func theLeaderboardStandsBesideTheRoundWhenThereIsRoom() {
        var state = playing()
        for (rank, name) in ["Ana", "Bo"].enumerated() {
            state.receive(.top(TopEntry(rank: rank + 1, name: name, correct: 3 - rank, wrong: rank, milliseconds: 1_000)), at: t(0))
        }
        state.receive(.end(.top), at: t(0))
        let wide = frame(state, columns: 80)
        #expect(text(wide).contains("Leaderboard"))
        let ana = row(of: "1 Ana", in: wide)!, bo = row(of: "2 Bo", in: wide)!
        #expect(ana + 1 == bo && wide.rows[ana].contains("3✓ 0✗"))
        #expect(!text(frame(state, columns: 60)).contains("Leaderboard"))
    }

    // MARK: Game over

    func finished(players: Int) -> PresentState {
        var state = playing(players: players)
        state.receive(.gameOver(GameOver(rank: 0, ranked: players, correct: 0, wrong: 0, milliseconds: 0)), at: t(60_000))
        for index in 0..<players {
            state.receive(.ranking(RankingEntry(rank: index + 1, name: "Student\(index + 1)", correct: 15 - index / 3, wrong: index % 3,
                                                milliseconds: 20_000 + Int64(index) * 100, outAt: 0)), at: t(60_000))
        }
        state.receive(.end(.ranking), at: t(60_000))
        return state
    }

    @Test func thePodiumPutsTheWinnerHighestWithSecondLeftAndThirdRight() {
        let over = frame(finished(players: 5), at: 60_000)
        #expect(text(over).contains("Game over"))
        let first = row(of: "Student1 ", in: over)!, second = row(of: "Student2 ", in: over)!, third = row(of: "Student3 ", in: over)!
        #expect(first < second && second < third)
        let column = { (name: String, row: Int) in over.rows[row].range(of: name)!.lowerBound.utf16Offset(in: over.rows[row]) }
        #expect(column("Student2", second) < column("Student1", first) && column("Student1", first) < column("Student3", third))
        // As many right: the wrong tell them apart on the podium itself.
        #expect(over.rows[first + 1].contains("15✓ 0✗") && over.rows[second + 1].contains("15✓ 1✗")
                && over.rows[third + 1].contains("15✓ 2✗"), "\(text(over))")
    }

    @Test func theWholeRankingFollowsInPages() {
        var state = finished(players: 30)
        let first = text(frame(state, at: 60_000))
        #expect(first.contains("Ranking (page 1 of 2)"))
        #expect(first.contains(" 1. Student1 ") && first.contains("20. Student20 ") && !first.contains("21. Student21"))
        #expect(first.contains("15✓ 0✗   20.0 s"))
        _ = state.press(.right, at: t(61_000))
        let second = text(frame(state, at: 61_000))
        #expect(second.contains("21. Student21 ") && second.contains("30. Student30 "))
    }

    @Test func theResultsFileIsNamedShortly() {
        var state = finished(players: 2)
        state.receive(.info("The results of game 1 are saved: /home/t/wordgame-results/2026-11-23_101502_k7px_1-players.csv "
                            + "(and the answers and the pairs beside it)."), at: t(60_000))
        #expect(text(frame(state, at: 60_000)).contains("Results of game 1 saved: 2026-11-23_101502_k7px_1-players.csv"))
    }

    // MARK: Keys and frames

    @Test func theHostsKeysAreOnScreenAndAViewerHasNone() {
        #expect(text(frame(lobby(players: 1))).contains("S start · L lock · K remove · R rules · C close"))
        #expect(text(frame(playing())).contains("E end game · L lock · K remove"))
        var viewer = PresentState()
        viewer.receive(.watchingRoom("k7px"), at: t(0))
        viewer.receive(.you(.viewing), at: t(0))
        #expect(text(frame(viewer)).contains("←→ pages · ? help · Q quit"))
        #expect(!text(frame(viewer)).contains("S start"))
        #expect(viewer.press(.character("s"), at: t(0)).isEmpty)
    }

    @Test func theSmallestWindowKeepsTheCodeInTheJoinLinesAndTheQuitKey() {
        var state = lobby(players: 3)
        state.joinPort = 4703
        let small = text(frame(state, columns: 60, rows: 20))
        #expect(small.contains("nc 192.168.1.20 4703 · NAME you · JOIN K7PX"))
        #expect(small.contains("wordgame-client --host 192.168.1.20 --port 4703 --room K7PX"))
        #expect(small.contains("? help · Q quit") && !small.contains("…"))
        #expect(text(frame(playing(), columns: 60, rows: 20)).contains("Q quit"))
    }

    @Test func aClosedRoomSaysSoAndOffersANewOne() {
        var state = lobby(players: 2)
        state.receive(.notice(.closed, "The host closed room k7px. Type JOIN <room> to play elsewhere, or QUIT."), at: t(0))
        state.receive(.closed(room: "k7px"), at: t(0))
        state.receive(.you(.outside), at: t(0))
        let shown = frame(state)
        #expect(text(shown).contains("The room K7PX is closed."))
        #expect(text(shown).contains("N new room · Q quit"))
        #expect(!shown.rows[0].contains("watching") && !shown.rows[0].contains("hosting"))
        #expect(!text(shown).contains("Type JOIN"))
    }

    @Test func aTooSmallWindowSaysSo() {
        #expect(text(frame(lobby(players: 1), columns: 50, rows: 15)).contains("need 60×20, have 50×15"))
    }

    @Test func framesAreExactlyTheWindowsSize() {
        for (columns, rows) in [(80, 24), (60, 20), (200, 60), (30, 10)] {
            for state in [lobby(players: 45), playing(players: 40), finished(players: 30)] {
                let shown = frame(state, at: 1_000, columns: columns, rows: rows)
                #expect(shown.rows.count == rows)
                #expect(shown.rows.allSatisfy { $0.columnWidth == columns })
            }
        }
    }

    // MARK: Wide names and words

    static let wideNames = ["李小龍王大明張三", "Ana 李小龍", "🦊🦊🦊🦊🦊🦊🦊🦊", "Zoë", "Nguye\u{323}\u{302}n", "family 👨\u{200D}👩\u{200D}👧",
                            "漢字漢字漢字漢字漢字漢字漢字漢字"]

    /// A class whose names and words take two columns a character, in every screen.
    func wideStates() -> [PresentState] {
        let names = Self.wideNames
        var round = lobby(players: names.count, names: { names[$0] })
        round.receive(.game(GameInfo(pairs: 15, roundMilliseconds: 5_000, maxIncorrect: 3, players: names.count)), at: t(0))
        round.receive(.round(RoundInfo(number: 3, pairs: 15, english: "family 👨\u{200D}👩\u{200D}👧",
                                       spanish: "漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字", milliseconds: 5_000)), at: t(0))
        for (index, name) in names.enumerated() {
            round.receive(.top(TopEntry(rank: index + 1, name: name, correct: 9 - index, wrong: 1, milliseconds: 1_000)), at: t(0))
        }
        round.receive(.end(.top), at: t(0))
        round.receive(.waiting(count: names.count, names: names), at: t(0))
        var over = round
        over.receive(.gameOver(GameOver(rank: 0, ranked: names.count, correct: 0, wrong: 0, milliseconds: 0)), at: t(60_000))
        for (index, name) in names.enumerated() {
            over.receive(.ranking(RankingEntry(rank: index + 1, name: name, correct: 9 - index, wrong: 1, milliseconds: 20_000, outAt: 0)),
                         at: t(60_000))
        }
        over.receive(.end(.ranking), at: t(60_000))
        return [lobby(players: names.count, names: { names[$0] }), round, over]
    }

    @Test func wideNamesAndWordsKeepEveryRowTheWindowsWidth() {
        for (columns, rows) in [(80, 24), (60, 20), (120, 40)] {
            for state in wideStates() {
                let shown = frame(state, at: 1_000, columns: columns, rows: rows)
                let wrong = shown.rows.filter { $0.columnWidth != columns }
                #expect(wrong.isEmpty, "\(columns)×\(rows), \(state.screen): \(wrong)")
            }
        }
        let round = text(frame(wideStates()[1], columns: 80))
        #expect(round.contains("family 👨\u{200D}👩\u{200D}👧"), "the ZWJ family is drawn whole")
        #expect(round.contains("1 李小龍王大明張三"), "a name of 16 columns fits the leaderboard")
    }

    @Test func scoresLineUpWhateverAlphabetTheNamesAreIn() {
        // The column where the score starts, in the ranking and in the leaderboard.
        func scoreColumn(_ line: String) -> Int? {
            line.firstIndex(of: "✓").map { line[..<$0].columnWidth }
        }
        let ranking = Self.wideNames.map {
            PresentRenderer.rankingLine(RankingEntry(rank: 1, name: $0, correct: 5, wrong: 2, milliseconds: 23_400, outAt: 0))
        }
        #expect(Set(ranking.map(scoreColumn)).count == 1, "\(ranking)")
        #expect(Set(ranking.map(\.columnWidth)).count == 1, "\(ranking)")
        let board = frame(wideStates()[1], columns: 80).rows.filter { $0.contains("│") && $0.contains("✓") }
        #expect(board.count == Self.wideNames.count)
        #expect(Set(board.map(scoreColumn)).count == 1, "\(board)")
    }

    @Test func controlCharactersInNamesNeverReachTheScreen() {
        let state = lobby(players: 1, names: { _ in "Evil\u{1B}[2J" })
        let shown = frame(state).ansi(color: true)
        #expect(!shown.contains("\u{1B}[2J"))
        #expect(text(frame(state)).contains("Evil\u{FFFD}[2J"))
    }
}
