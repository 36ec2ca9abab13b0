import Testing
@testable import QRCode

struct ErrorCorrectionTableTests {
    /// Remainder bits per version (ISO/IEC 18004 Table 1): modules left over once the
    /// whole codewords are placed.
    static func remainderBits(version: Int) -> Int {
        switch version {
        case 1: 0
        case 2...6: 7
        case 7...13: 0
        case 14...20: 3
        case 21...27: 4
        case 28...34: 3
        default: 0
        }
    }

    /// Cross-checks three typed tables at once: the modules left free by the function
    /// patterns (alignment table included) must be exactly the typed total codewords plus
    /// the standard's remainder bits.
    @Test(arguments: 1...40)
    func totalCodewordsFillTheFreeModules(version: Int) {
        var grid = ModuleGrid(version: version)
        grid.drawFunctionPatterns()
        var free = 0
        for y in 0..<grid.size {
            for x in 0..<grid.size where !grid.isFunctionModule(x: x, y: y) { free += 1 }
        }
        #expect(free == ErrorCorrectionTable.totalCodewords[version - 1] * 8 + Self.remainderBits(version: version))
    }

    @Test func knownTotalCodewords() {
        for (version, total) in [(1, 26), (2, 44), (7, 196), (10, 346), (14, 581), (21, 1156), (40, 3706)] {
            #expect(ErrorCorrectionTable.totalCodewords[version - 1] == total, "version \(version)")
        }
    }

    /// Alignment pattern centres against the closed form that reproduces Annex E: evenly
    /// spaced (even step) from the far edge, the first one always at 6.
    @Test(arguments: 1...40)
    func alignmentCentersMatchClosedForm(version: Int) {
        var expected: [Int] = []
        if version > 1 {
            let count = version / 7 + 2
            let step = (version * 8 + count * 3 + 5) / (count * 4 - 4) * 2
            let last = 17 + 4 * version - 7
            expected = [6] + (0..<count - 1).reversed().map { last - $0 * step }
        }
        #expect(ModuleGrid.alignmentPatternCenters[version - 1] == expected)
    }

    /// Data codewords per version and level (ISO/IEC 18004 Table 7), spot-checked.
    @Test func knownDataCodewords() {
        let known: [(Int, [Int])] = [  // version: L, M, Q, H
            (1, [19, 16, 13, 9]), (2, [34, 28, 22, 16]), (3, [55, 44, 34, 26]), (4, [80, 64, 48, 36]),
            (5, [108, 86, 62, 46]), (6, [136, 108, 76, 60]), (7, [156, 124, 88, 66]),
            (10, [274, 216, 154, 122]), (20, [861, 669, 485, 385]), (40, [2956, 2334, 1666, 1276]),
        ]
        for (version, perLevel) in known {
            for (correction, expected) in zip(QRCode.Correction.allCases, perLevel) {
                #expect(ErrorCorrectionTable.layout(version: version, correction: correction).dataCodewords == expected,
                        "version \(version) \(correction)")
            }
        }
    }

    /// Byte-mode capacities (ISO/IEC 18004 Table 7).
    @Test func knownByteCapacities() {
        let known: [(Int, QRCode.Correction, Int)] = [
            (1, .low, 17), (1, .medium, 14), (1, .quartile, 11), (1, .high, 7),
            (2, .medium, 26), (3, .medium, 42), (4, .medium, 62), (5, .medium, 84), (10, .medium, 213),
            (40, .low, 2953), (40, .medium, 2331), (40, .quartile, 1663), (40, .high, 1273),
        ]
        for (version, correction, bytes) in known {
            #expect(DataEncoding.byteCapacity(version: version, correction: correction) == bytes, "\(version)-\(correction)")
        }
    }

    /// Block structures quoted from Table 9 as "count × (c, k)".
    @Test func knownBlockStructures() {
        func groups(_ version: Int, _ correction: QRCode.Correction) -> [[Int]] {
            let layout = ErrorCorrectionTable.layout(version: version, correction: correction)
            let short = layout.shortBlockDataCodewords + layout.errorCorrectionCodewordsPerBlock
            var result = [[layout.shortBlockCount, short, layout.shortBlockDataCodewords]]
            if layout.shortBlockCount < layout.blockCount {
                result.append([layout.blockCount - layout.shortBlockCount, short + 1, layout.shortBlockDataCodewords + 1])
            }
            return result
        }
        #expect(groups(1, .low) == [[1, 26, 19]])
        #expect(groups(1, .high) == [[1, 26, 9]])
        #expect(groups(5, .quartile) == [[2, 33, 15], [2, 34, 16]])
        #expect(groups(5, .high) == [[2, 33, 11], [2, 34, 12]])
        #expect(groups(7, .quartile) == [[2, 32, 14], [4, 33, 15]])
        #expect(groups(10, .medium) == [[4, 69, 43], [1, 70, 44]])
        #expect(groups(40, .low) == [[19, 148, 118], [6, 149, 119]])
        #expect(groups(40, .high) == [[20, 45, 15], [61, 46, 16]])
    }

    /// Properties every entry of Table 9 has; a typing slip would likely break one.
    @Test(arguments: 1...40)
    func layoutInvariants(version: Int) {
        var previousData = Int.max
        for correction in QRCode.Correction.allCases {
            let layout = ErrorCorrectionTable.layout(version: version, correction: correction)
            #expect((7...30).contains(layout.errorCorrectionCodewordsPerBlock))
            #expect(layout.shortBlockCount >= 1 && layout.shortBlockCount <= layout.blockCount)
            #expect(layout.shortBlockDataCodewords + 1 + layout.errorCorrectionCodewordsPerBlock <= 255)
            #expect(layout.dataCodewords < previousData, "more correction leaves less data")
            previousData = layout.dataCodewords
            if version > 1 {
                let smaller = ErrorCorrectionTable.layout(version: version - 1, correction: correction)
                #expect(smaller.dataCodewords < layout.dataCodewords, "capacity grows with the version")
            }
        }
    }
}
