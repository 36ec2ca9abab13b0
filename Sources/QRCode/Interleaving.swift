/// Builds the final codeword sequence (ISO/IEC 18004 §7.6): the data codewords are split
/// into blocks, each block gets its own error correction codewords, and then the blocks
/// are interleaved codeword by codeword so that a local damage spreads over many blocks.
enum Interleaving {
    static func finalSequence(dataCodewords: [UInt8], layout: ErrorCorrectionTable.BlockLayout) -> [UInt8] {
        precondition(dataCodewords.count == layout.dataCodewords, "data codeword count does not match the layout")
        let generator = ReedSolomon.generatorPolynomial(degree: layout.errorCorrectionCodewordsPerBlock)

        var dataBlocks: [ArraySlice<UInt8>] = []
        var errorCorrectionBlocks: [[UInt8]] = []
        dataBlocks.reserveCapacity(layout.blockCount)
        errorCorrectionBlocks.reserveCapacity(layout.blockCount)
        var start = 0
        for blockIndex in 0..<layout.blockCount {
            let end = start + layout.dataCodewords(inBlock: blockIndex)
            let block = dataCodewords[start..<end]
            dataBlocks.append(block)
            errorCorrectionBlocks.append(ReedSolomon.remainder(of: block, generator: generator))
            start = end
        }

        var sequence: [UInt8] = []
        sequence.reserveCapacity(layout.totalCodewords)
        // Data: column by column; the short blocks simply have no entry in the last column.
        for column in 0...layout.shortBlockDataCodewords {
            for block in dataBlocks where column < block.count {
                sequence.append(block[block.startIndex + column])
            }
        }
        for column in 0..<layout.errorCorrectionCodewordsPerBlock {
            for block in errorCorrectionBlocks {
                sequence.append(block[column])
            }
        }
        return sequence
    }
}
