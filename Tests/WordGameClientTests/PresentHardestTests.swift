import Testing
import TextColumns
@testable import WordGameClient
import WordGame
import WordGameProtocol

/// The projector's table of the last game's hardest pairs (Protocol.md §5, HARDEST): after the podium and the
/// ranking, `W` to jump to it or back, `M` to play the missed words; and a projector taken back between games.
@Suite struct PresentHardestTests {
    let screens = PresentRendererTests()
    func t(_ ms: Int64) -> Instant { .milliseconds(ms) }

    static func row(_ rank: Int, _ number: Int, _ english: String, _ spanish: String, correct: Bool, _ translation: String,
                    _ right: Int, _ wrong: Int, _ timeout: Int) -> HardestPair {
        HardestPair(rank: rank, reveal: Reveal(number: number, english: english, spanish: spanish, truth: correct ? .correct : .wrong,
                                               translation: translation), right: right, wrong: wrong, timeout: timeout)
    }

    static let table = [
        row(1, 2, "old", "viejo", correct: true, "viejo", 0, 1, 1),
        row(2, 1, "sorry", "silla", correct: false, "perdón", 1, 1, 0),
        row(3, 3, "ear", "casa", correct: false, "oreja", 2, 0, 0),
    ]

    /// A game of `players` over, with its table of `pairs` rows (the first three are `table`'s).
    func over(players: Int = 5, pairs: Int = 3) -> PresentState {
        var state = screens.finished(players: players)
        let rows = Self.table
            + (4...max(4, pairs)).map { Self.row($0, $0, "word\($0)", "palabra\($0)", correct: true, "palabra\($0)", 2, 0, 0) }
        for row in rows.prefix(pairs) { state.receive(.hardest(row), at: t(60_000)) }
        state.receive(.end(.hardest), at: t(60_000))
        return state
    }

    @Test func theBlockIsKeptWholeAtItsEndAndANewGameForgetsIt() {
        var state = screens.finished(players: 2)
        state.receive(.hardest(Self.table[0]), at: t(60_000))
        #expect(state.hardest.isEmpty)
        state.receive(.end(.hardest), at: t(60_000))
        #expect(state.hardest == [Self.table[0]])
        _ = state.press(.character("w"), at: t(61_000))
        state.receive(.game(GameInfo(pairs: 3, roundMilliseconds: 2_000, maxIncorrect: 3, players: 2)), at: t(70_000))
        #expect(state.hardest.isEmpty && !state.wordsFirst)
    }

    @Test func theTableComesAfterThePodiumAndTheRankingAndTurnsByItself() throws {
        var state = over()
        let first = screens.text(screens.frame(state, at: 60_000))
        #expect(first.contains("Ranking") && !first.contains("hardest pairs"))
        // Ten seconds on, the page turns: five players fit one page of ranking, so the table is next.
        state.tick(at: t(60_000))
        state.tick(at: t(70_001))
        let table = screens.frame(state, at: 70_001)
        #expect(screens.text(table).contains("The hardest pairs of game 1"))
        let old = try #require(screens.row(of: "1. old = viejo", in: table))
        #expect(table.rows[old].contains("0✓ 1✗ 1⏱"))
        #expect(table.rows[old + 1].contains("2. sorry ≠ silla → perdón") && table.rows[old + 1].contains("1✓ 1✗ 0⏱"))
        #expect(table.rows[old + 2].contains("3. ear ≠ casa → oreja") && table.rows[old + 2].contains("2✓ 0✗ 0⏱"))
        // Nobody got pair 2 right: drawn in red, the others plain.
        #expect(table.spans.contains { $0.row == old && $0.styles == [.red] })
        #expect(!table.spans.contains { $0.row == old + 1 && $0.styles == [.red] })
        #expect(screens.text(table).contains("W podium"))
        // W, while the table is up, goes back to the podium; W again to the table.
        _ = state.press(.character("w"), at: t(71_000))
        let podium = screens.text(screens.frame(state, at: 71_000))
        #expect(podium.contains("Ranking") && podium.contains("W words"))
        _ = state.press(.character("w"), at: t(72_000))
        #expect(screens.text(screens.frame(state, at: 72_000)).contains("The hardest pairs of game 1"))
        // Turning by itself, round again to the podium.
        state.tick(at: t(82_001))
        #expect(screens.text(screens.frame(state, at: 82_001)).contains("Ranking"))
    }

    @Test func wJumpsToTheTableAndBackAndTheArrowsTurnThroughBoth() {
        var state = over(players: 30, pairs: 40)
        #expect(state.press(.character("W"), at: t(61_000)).isEmpty)
        let words = screens.text(screens.frame(state, at: 61_000))
        #expect(words.contains("The hardest pairs of game 1 (page 1 of 3)"), "\(words)")
        #expect(words.contains("W podium"))
        _ = state.press(.right, at: t(62_000))
        #expect(screens.text(screens.frame(state, at: 62_000)).contains("(page 2 of 3)"))
        _ = state.press(.character("w"), at: t(63_000))
        let back = screens.text(screens.frame(state, at: 63_000))
        #expect(back.contains("Ranking (page 1 of 2)") && back.contains("W words"))
        // Back from the podium's first page: the table's last page.
        _ = state.press(.left, at: t(64_000))
        #expect(screens.text(screens.frame(state, at: 64_000)).contains("(page 3 of 3)"))
    }

    @Test func mPlaysTheMissedWordsBetweenGamesForTheHostOnly() {
        var state = over()
        #expect(state.press(.character("m"), at: t(61_000)) == [.startMissed])
        #expect(ClientCommand.startMissed.line == "START MISSED")
        #expect(screens.text(screens.frame(state, at: 61_000)).contains("M missed"))
        state.receive(.starting(milliseconds: 5_000), at: t(61_000))
        #expect(state.press(.character("m"), at: t(61_500)).isEmpty, "not while the next game counts down")
        var viewer = PresentState()
        viewer.receive(.watchingRoom("k7px"), at: t(0))
        viewer.receive(.you(.viewing), at: t(0))
        viewer.receive(.gameOver(GameOver(rank: 0, ranked: 1, correct: 0, wrong: 0, milliseconds: 0)), at: t(1))
        #expect(viewer.press(.character("m"), at: t(2)).isEmpty)
        // A viewer turns to the table too, once there is one.
        viewer.receive(.hardest(Self.table[0]), at: t(3))
        viewer.receive(.end(.hardest), at: t(3))
        #expect(viewer.press(.character("w"), at: t(4)).isEmpty && viewer.wordsFirst)
        #expect(screens.text(screens.frame(viewer, at: 4)).contains("W podium · ←→ pages · ? help · Q quit"))
    }

    /// A projector taken back between games hears the last game's table: W shows it in place of the names.
    @Test func aProjectorTakenBackBetweenGamesShowsItWithW() {
        var state = screens.lobby(players: 3)
        for row in Self.table { state.receive(.hardest(row), at: t(0)) }
        state.receive(.end(.hardest), at: t(0))
        let lobby = screens.text(screens.frame(state))
        #expect(lobby.contains("Student1") && lobby.contains("W words") && lobby.contains("M missed"))
        _ = state.press(.character("w"), at: t(1_000))
        let words = screens.text(screens.frame(state, at: 1_000))
        #expect(words.contains("The hardest pairs of the last game") && words.contains("1. old = viejo") && !words.contains("Student1"))
        #expect(words.contains("W names"))
        _ = state.press(.character("w"), at: t(2_000))
        #expect(screens.text(screens.frame(state, at: 2_000)).contains("Student1"))
    }

    @Test func aLongPairIsCutAndTheCountsStayWholeAtEverySize() {
        var state = over()
        state.hardest[0] = Self.row(1, 2, String(repeating: "很长的词", count: 10), "x", correct: true, "x", 12, 30, 4)
        for (columns, rows) in [(60, 20), (80, 24), (200, 60)] {
            var state = state
            state.resized(columns: columns, rows: rows)
            _ = state.press(.character("w"), at: t(61_000))
            let frame = screens.frame(state, at: 61_000, columns: columns, rows: rows)
            let line = frame.rows.first { $0.contains("12✓ 30✗ 4⏱") }
            #expect(line != nil && line!.contains("…"), "\(columns)×\(rows)")
            #expect(frame.rows.allSatisfy { $0.columnWidth == columns })
            // The keys fit: the host's whole line is there at 60 columns too.
            #expect(frame.rows[rows - 1].contains("Q quit"), "\(columns)×\(rows): \(frame.rows[rows - 1])")
        }
    }

    @Test func anEmptyTableSaysSo() {
        var state = screens.finished(players: 2)
        state.receive(.end(.hardest), at: t(60_000))
        _ = state.press(.character("w"), at: t(61_000))
        #expect(screens.text(screens.frame(state, at: 61_000)).contains("Ranking"), "no table to jump to: the ranking stays")
        #expect(!screens.text(screens.frame(state, at: 61_000)).contains("No pair"))
    }
}
