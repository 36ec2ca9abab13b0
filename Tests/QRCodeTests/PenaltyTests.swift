import Testing
@testable import QRCode

/// The penalty rules of ISO/IEC 18004 §7.8.3.1 (Table 11) on hand-made lines and grids.
struct PenaltyTests {
    private func line(_ pattern: String) -> [Bool] {
        pattern.map { $0 == "1" }
    }

    @Test func runsOfFiveOrMore() {
        #expect(Penalty.lineScore(line("0000")) == 0)
        #expect(Penalty.lineScore(line("11110")) == 0)
        #expect(Penalty.lineScore(line("11111")) == 3)
        #expect(Penalty.lineScore(line("0111111")) == 4)
        #expect(Penalty.lineScore(line("000000000000000000000")) == 3 + 16)
    }

    @Test func finderLikePattern() {
        // Light on both sides counts once.
        #expect(Penalty.lineScore(line("000010111010000")) == 40)
        // Only the far side is light (the near side is cut short by the edge, which is
        // quiet zone and so light too).
        #expect(Penalty.lineScore(line("10111010000")) == 40)
        // Dark modules on both sides: not a finder-like pattern.
        #expect(Penalty.lineScore(line("1110111011")) == 0)
        // Only three light modules after and a dark one before.
        #expect(Penalty.lineScore(line("1101110100011")) == 0)
    }

    /// An all-light version 1 grid: 42 lines of 21 light (N1 19 each), 20 × 20 blocks
    /// (N2 3 each), no finder-like pattern, and 0 % dark, i.e. 10 steps of 5 % (N4).
    @Test func allLightGrid() {
        let grid = ModuleGrid(version: 1)
        #expect(Penalty.score(grid) == 42 * 19 + 400 * 3 + 100)
    }
}
