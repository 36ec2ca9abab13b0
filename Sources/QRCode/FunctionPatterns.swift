/// Function patterns (ISO/IEC 18004 §6.3): finder patterns with their separators, timing
/// patterns, alignment patterns, the dark module, and the areas reserved for format and
/// version information.
extension ModuleGrid {
    mutating func drawFunctionPatterns() {
        drawTimingPatterns()
        // Finders are drawn after the timing patterns so they overwrite the crossing ends.
        drawFinderPattern(centerX: 3, centerY: 3)
        drawFinderPattern(centerX: size - 4, centerY: 3)
        drawFinderPattern(centerX: 3, centerY: size - 4)
        drawAlignmentPatterns()
        // Reserve the format areas now (and set the dark module); the real bits are drawn
        // once the mask is known.
        drawFormatInformation(correction: .medium, mask: 0)
        drawVersionInformation()
    }

    /// Row 6 and column 6 alternate dark and light, starting dark (§6.3.5).
    private mutating func drawTimingPatterns() {
        for index in 0..<size {
            setFunctionModule(x: 6, y: index, dark: index % 2 == 0)
            setFunctionModule(x: index, y: 6, dark: index % 2 == 0)
        }
    }

    /// A 7×7 finder (§6.3.3) plus its one-module light separator (§6.3.4), clipped to the
    /// symbol: rings at Chebyshev distance 0, 1 and 3 are dark, 2 and 4 light.
    private mutating func drawFinderPattern(centerX: Int, centerY: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let x = centerX + dx, y = centerY + dy
                guard x >= 0, y >= 0, x < size, y < size else { continue }
                let ring = max(abs(dx), abs(dy))
                setFunctionModule(x: x, y: y, dark: ring != 2 && ring != 4)
            }
        }
    }

    /// 5×5 alignment patterns (§6.3.6) at every pair of listed centres, except the three
    /// pairs that fall on a finder pattern.
    private mutating func drawAlignmentPatterns() {
        let centers = Self.alignmentPatternCenters[version - 1]
        guard let last = centers.indices.last else { return }
        for (row, centerY) in centers.enumerated() {
            for (column, centerX) in centers.enumerated() {
                let onFinder = (row == 0 && column == 0) || (row == 0 && column == last) || (row == last && column == 0)
                if onFinder { continue }
                for dy in -2...2 {
                    for dx in -2...2 {
                        setFunctionModule(x: centerX + dx, y: centerY + dy, dark: max(abs(dx), abs(dy)) != 1)
                    }
                }
            }
        }
    }

    /// Row/column coordinates of alignment pattern centres per version, 1...40
    /// (ISO/IEC 18004 Annex E, Table E.1).
    static let alignmentPatternCenters: [[Int]] = [
        [],
        [6, 18],
        [6, 22],
        [6, 26],
        [6, 30],
        [6, 34],
        [6, 22, 38],
        [6, 24, 42],
        [6, 26, 46],
        [6, 28, 50],
        [6, 30, 54],
        [6, 32, 58],
        [6, 34, 62],
        [6, 26, 46, 66],
        [6, 26, 48, 70],
        [6, 26, 50, 74],
        [6, 30, 54, 78],
        [6, 30, 56, 82],
        [6, 30, 58, 86],
        [6, 34, 62, 90],
        [6, 28, 50, 72, 94],
        [6, 26, 50, 74, 98],
        [6, 30, 54, 78, 102],
        [6, 28, 54, 80, 106],
        [6, 32, 58, 84, 110],
        [6, 30, 58, 86, 114],
        [6, 34, 62, 90, 118],
        [6, 26, 50, 74, 98, 122],
        [6, 30, 54, 78, 102, 126],
        [6, 26, 52, 78, 104, 130],
        [6, 30, 56, 82, 108, 134],
        [6, 34, 60, 86, 112, 138],
        [6, 30, 58, 86, 114, 142],
        [6, 34, 62, 90, 118, 146],
        [6, 30, 54, 78, 102, 126, 150],
        [6, 24, 50, 76, 102, 128, 154],
        [6, 28, 54, 80, 106, 132, 158],
        [6, 32, 58, 84, 110, 136, 162],
        [6, 26, 54, 82, 110, 138, 166],
        [6, 30, 58, 86, 114, 142, 170],
    ]
}
