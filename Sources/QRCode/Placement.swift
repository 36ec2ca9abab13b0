/// Codeword placement in the matrix (ISO/IEC 18004 §7.7.3): two-module-wide columns,
/// from the right edge leftwards, alternately upwards and downwards, skipping function
/// modules and the vertical timing pattern in column 6.
extension ModuleGrid {
    mutating func placeCodewords(_ codewords: [UInt8]) {
        let bitCount = codewords.count * 8
        var bitIndex = 0
        var rightColumn = size - 1
        while rightColumn >= 1 {
            if rightColumn == 6 { rightColumn = 5 }  // column 6 is all timing pattern
            // The first (rightmost) column pair goes upwards, then the direction alternates.
            let upwards = (rightColumn + 1) & 2 == 0
            for step in 0..<size {
                let y = upwards ? size - 1 - step : step
                for x in stride(from: rightColumn, through: rightColumn - 1, by: -1) where !isFunctionModule(x: x, y: y) {
                    // Modules left over after the last codeword are remainder bits: light (§7.7.3).
                    if bitIndex < bitCount {
                        let isDark = (codewords[bitIndex >> 3] >> UInt8(7 - (bitIndex & 7))) & 1 == 1
                        setDataModule(x: x, y: y, dark: isDark)
                        bitIndex += 1
                    }
                }
            }
            rightColumn -= 2
        }
    }
}
