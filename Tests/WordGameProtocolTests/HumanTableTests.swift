import Testing
import TextColumns
import WordGame
import WordGameProtocol

/// Human mode's tables on a terminal: names of every width (CJK, emoji, accents) pad to columns as drawn, not to Characters.
@Suite struct HumanTableTests {
    /// The column at which `marker` starts in `line`, as a terminal draws it.
    static func column(of marker: String, in line: String) -> Int? {
        line.firstRange(of: marker).map { String(line[..<$0.lowerBound]).columnWidth }
    }

    /// The whole board on coming back (after SCORE); after each pair, the first three on a line.
    @Test func theLeaderboardLinesUpWideNames() {
        let board: [ServerMessage] = [
            .top(TopEntry(rank: 1, name: "山田", correct: 3, wrong: 0, milliseconds: 7_400)),
            .top(TopEntry(rank: 2, name: "Ana", correct: 2, wrong: 1, milliseconds: 8_000)),
            .top(TopEntry(rank: 3, name: "Zoe\u{308}🍎", correct: 1, wrong: 2, milliseconds: 9_100)),
            .end(.top),
        ]
        #expect(HumanText.lines(board) == ["Top: 1. 山田 3 ✓ 0 ✗ · 2. Ana 2 ✓ 1 ✗ · 3. Zoe\u{308}🍎 1 ✓ 2 ✗"])
        let lines = HumanText.lines([.score(correct: 2, wrong: 1, rank: 2, ranked: 3)] + board)
            .filter { $0.hasPrefix("  ") || $0 == "Leaderboard:" }
        #expect(lines == [
            "Leaderboard:",
            "  1. 山田    3 right, 0 wrong · 7.4 s",
            "  2. Ana     2 right, 1 wrong · 8.0 s",
            "  3. Zoe\u{308}🍎   1 right, 2 wrong · 9.1 s",
        ])
        let columns = Set(lines.dropFirst().map { Self.column(of: " right", in: $0) })
        #expect(columns == [5 + 5 + 3 + 1], "\(lines)")  // "  1. ", Zoë🍎's 5 columns, 3 spaces, a digit
    }

    /// Three long names do not fit one line of 80 columns: the third goes to the next, whole.
    @Test func theTopThreeAfterAPairWrapWholeNames() {
        let batch: [ServerMessage] = [
            .top(TopEntry(rank: 1, name: "Maximiliano Ruiz", correct: 3, wrong: 0, milliseconds: 7_400)),
            .top(TopEntry(rank: 2, name: "李小龍王大明張三", correct: 2, wrong: 1, milliseconds: 8_000)),
            .top(TopEntry(rank: 3, name: "Anne-Sophie Marx", correct: 1, wrong: 2, milliseconds: 9_100)),
            .top(TopEntry(rank: 4, name: "Bo", correct: 0, wrong: 3, milliseconds: 9_900)),
            .end(.top),
        ]
        let lines = HumanText.lines(batch)
        #expect(lines == ["Top: 1. Maximiliano Ruiz 3 ✓ 0 ✗ · 2. 李小龍王大明張三 2 ✓ 1 ✗",
                          "     3. Anne-Sophie Marx 1 ✓ 2 ✗"])
        #expect(lines.allSatisfy { $0.columnWidth <= 80 })
    }

    @Test func theFinalRankingLinesUpWideNames() {
        let batch: [ServerMessage] = [
            .ranking(RankingEntry(rank: 1, name: "Bo", correct: 3, wrong: 0, milliseconds: 7_400, outAt: 0)),
            .ranking(RankingEntry(rank: 2, name: "李小龍王大明張三", correct: 1, wrong: 3, milliseconds: 9_000, outAt: 4)),
            .end(.ranking),
        ]
        let lines = HumanText.lines(batch)
        #expect(lines.count == 3)
        let columns = Set(lines.dropFirst().map { Self.column(of: " right", in: $0) })
        #expect(columns == [5 + 16 + 3 + 1], "\(lines)")
    }

    /// Forty names of 8 columns each: no roster line is wider than a person's 80-column window.
    @Test func aRosterOfWideNamesFitsItsWidth() {
        let names = (0..<40).map { "山田太郎\($0 % 10)" }
        let lines = HumanText.lines(names.map(ServerMessage.roster) + [.end(.roster)])
        #expect(lines.first == "Players in the room (40):")
        #expect(lines.dropFirst().allSatisfy { $0.columnWidth <= 78 }, "\(lines)")
        #expect(lines.dropFirst().dropLast().allSatisfy { $0.columnWidth > 60 }, "\(lines)")
        #expect(lines.dropFirst().joined(separator: " ").contains("山田太郎9"))
    }
}
