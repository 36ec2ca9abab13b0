/// Penalty scoring of a masked symbol (ISO/IEC 18004 §7.8.3.1, Table 11). Lower is better.
enum Penalty {
    static let sameColourRun = 3        // N1, plus one per module beyond five
    static let sameColourBlock = 3      // N2, per 2×2 block
    static let finderLikePattern = 40   // N3
    static let darkProportion = 10      // N4, per full 5 % away from 50 %

    static func score(_ grid: ModuleGrid) -> Int {
        let size = grid.size
        var total = 0
        var line = [Bool](repeating: false, count: size)

        for y in 0..<size {
            for x in 0..<size { line[x] = grid.isDark(x: x, y: y) }
            total += lineScore(line)
        }
        for x in 0..<size {
            for y in 0..<size { line[y] = grid.isDark(x: x, y: y) }
            total += lineScore(line)
        }

        var darkCount = 0
        for y in 0..<size {
            for x in 0..<size {
                let isDark = grid.isDark(x: x, y: y)
                if isDark { darkCount += 1 }
                if x + 1 < size, y + 1 < size,
                   grid.isDark(x: x + 1, y: y) == isDark,
                   grid.isDark(x: x, y: y + 1) == isDark,
                   grid.isDark(x: x + 1, y: y + 1) == isDark {
                    total += sameColourBlock
                }
            }
        }

        // N4: k × 10 points where the dark share lies between 50 ± 5k % and 50 ± 5(k+1) %.
        let moduleCount = size * size
        let fivePercentSteps = abs(darkCount * 2 - moduleCount) * 10 / moduleCount
        total += fivePercentSteps * darkProportion
        return total
    }

    /// N1 and N3 for one row or column.
    static func lineScore(_ line: [Bool]) -> Int {
        var score = 0

        // N1: runs of five or more modules of one colour.
        var runLength = 0
        for index in line.indices {
            if index > 0 && line[index] == line[index - 1] {
                runLength += 1
            } else {
                runLength = 1
            }
            if runLength == 5 {
                score += sameColourRun
            } else if runLength > 5 {
                score += 1
            }
        }

        // N3: dark-light-dark-dark-dark-light-dark (1:1:3:1:1) with four light modules on
        // at least one side. Beyond the edge is the light quiet zone, so it counts as light.
        func isLight(_ range: Range<Int>) -> Bool {
            range.clamped(to: line.indices).allSatisfy { !line[$0] }
        }
        // Compared module by module: a generic slice comparison at every start was most of an encode's time.
        if line.count >= 7 {
            for start in 0...(line.count - 7)
            where line[start] && !line[start + 1] && line[start + 2] && line[start + 3] && line[start + 4]
                && !line[start + 5] && line[start + 6] {
                if isLight(start - 4..<start) || isLight(start + 7..<start + 11) {
                    score += finderLikePattern
                }
            }
        }
        return score
    }
}
