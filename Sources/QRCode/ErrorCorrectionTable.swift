/// Error correction characteristics of every version and level (ISO/IEC 18004 Table 9).
///
/// The standard lists, for each version and level, up to two groups of blocks as
/// "(c, k, r)": total codewords, data codewords and correctable errors per block. The two
/// groups always differ by exactly one data codeword, share the number of error correction
/// codewords per block, and the shorter blocks come first. So the whole table is
/// reproduced by three facts per entry: the total codeword count of the version (Table 1),
/// the error correction codewords per block and the number of blocks.
enum ErrorCorrectionTable {
    /// How the codewords of one version and level are split into blocks.
    struct BlockLayout: Sendable, Equatable {
        let totalCodewords: Int
        let blockCount: Int
        let errorCorrectionCodewordsPerBlock: Int
        /// Blocks with one data codeword fewer than the rest; they come first (§7.5.2).
        let shortBlockCount: Int
        let shortBlockDataCodewords: Int

        var dataCodewords: Int {
            totalCodewords - blockCount * errorCorrectionCodewordsPerBlock
        }

        func dataCodewords(inBlock index: Int) -> Int {
            index < shortBlockCount ? shortBlockDataCodewords : shortBlockDataCodewords + 1
        }
    }

    static func layout(version: Int, correction: QRCode.Correction) -> BlockLayout {
        precondition((1...40).contains(version), "version is 1...40")
        let total = totalCodewords[version - 1]
        let blocks = blockCounts[correction.tableRow][version - 1]
        let errorCorrection = errorCorrectionCodewordsPerBlock[correction.tableRow][version - 1]
        let shortBlockLength = total / blocks
        return BlockLayout(
            totalCodewords: total,
            blockCount: blocks,
            errorCorrectionCodewordsPerBlock: errorCorrection,
            shortBlockCount: blocks - total % blocks,
            shortBlockDataCodewords: shortBlockLength - errorCorrection
        )
    }

    /// Total codewords (data and error correction) per version, 1...40 (Table 1).
    static let totalCodewords: [Int] = [
        26, 44, 70, 100, 134, 172, 196, 242, 292, 346,
        404, 466, 532, 581, 655, 733, 815, 901, 991, 1085,
        1156, 1258, 1364, 1474, 1588, 1706, 1828, 1921, 2051, 2185,
        2323, 2465, 2611, 2761, 2876, 3034, 3196, 3362, 3532, 3706,
    ]

    /// Error correction codewords per block, rows L, M, Q, H; versions 1...40 (Table 9).
    static let errorCorrectionCodewordsPerBlock: [[Int]] = [
        [7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
         28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
         26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
        [13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
         28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        [17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
         30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
    ]

    /// Number of error correction blocks, rows L, M, Q, H; versions 1...40 (Table 9).
    static let blockCounts: [[Int]] = [
        [1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
         8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
        [1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
         17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
        [1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
         23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
        [1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
         25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
    ]
}

extension QRCode.Correction {
    /// Row of this level in the tables above.
    var tableRow: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .quartile: 2
        case .high: 3
        }
    }
}
