/// Format information (ISO/IEC 18004 §7.9) and version information (§7.10): the BCH
/// codes and where their bits go.
enum FormatInformation {
    /// XORed onto the format bits so that they are never all zero (§7.9.1).
    static let formatMask = 0b101010000010010
    /// Generator of the BCH(15,5) code: x¹⁰ + x⁸ + x⁵ + x⁴ + x² + x + 1.
    static let formatGenerator = 0b10100110111
    /// Generator of the BCH(18,6) code: x¹² + x¹¹ + x¹⁰ + x⁹ + x⁸ + x⁵ + x² + 1.
    static let versionGenerator = 0b1111100100101

    /// The 15 format bits, bit 14 first in the standard's notation, as an integer.
    static func formatBits(correction: QRCode.Correction, mask: Int) -> Int {
        let data = correction.formatIndicator << 3 | mask
        return (data << 10 | bchRemainder(data, generatorDegree: 10, generator: formatGenerator)) ^ formatMask
    }

    /// The 18 version bits (versions 7...40 only).
    static func versionBits(version: Int) -> Int {
        version << 12 | bchRemainder(version, generatorDegree: 12, generator: versionGenerator)
    }

    private static func bchRemainder(_ data: Int, generatorDegree: Int, generator: Int) -> Int {
        var remainder = data << generatorDegree
        for bit in stride(from: remainder.bitWidth - remainder.leadingZeroBitCount - 1, through: generatorDegree, by: -1)
        where remainder >> bit & 1 == 1 {
            remainder ^= generator << (bit - generatorDegree)
        }
        return remainder
    }
}

extension QRCode.Correction {
    /// The two error correction bits of the format information (§7.9.1, Table 12).
    /// They are deliberately not in L, M, Q, H order.
    var formatIndicator: Int {
        switch self {
        case .low: 0b01
        case .medium: 0b00
        case .quartile: 0b11
        case .high: 0b10
        }
    }
}

extension ModuleGrid {
    /// Both copies of the format information (§7.9.1, Figure 25) and the dark module at
    /// (8, 4V + 9) (§7.9.1). Bit 0 is the least significant bit.
    mutating func drawFormatInformation(correction: QRCode.Correction, mask: Int) {
        let bits = FormatInformation.formatBits(correction: correction, mask: mask)
        func bit(_ index: Int) -> Bool { bits >> index & 1 == 1 }

        // Around the top-left finder: down column 8, skipping the timing row, then left
        // along row 8, skipping the timing column.
        for index in 0...5 { setFunctionModule(x: 8, y: index, dark: bit(index)) }
        setFunctionModule(x: 8, y: 7, dark: bit(6))
        setFunctionModule(x: 8, y: 8, dark: bit(7))
        setFunctionModule(x: 7, y: 8, dark: bit(8))
        for index in 9..<15 { setFunctionModule(x: 14 - index, y: 8, dark: bit(index)) }

        // Split copy: row 8 under the top-right finder, column 8 beside the bottom-left one.
        for index in 0..<8 { setFunctionModule(x: size - 1 - index, y: 8, dark: bit(index)) }
        for index in 8..<15 { setFunctionModule(x: 8, y: size - 15 + index, dark: bit(index)) }
        setFunctionModule(x: 8, y: size - 8, dark: true)
    }

    /// Both 6×3 copies of the version information for versions 7 and up (§7.10, Figure 27).
    mutating func drawVersionInformation() {
        guard version >= 7 else { return }
        let bits = FormatInformation.versionBits(version: version)
        for index in 0..<18 {
            let isDark = bits >> index & 1 == 1
            let along = index / 3, across = size - 11 + index % 3
            setFunctionModule(x: across, y: along, dark: isDark)  // left of the top-right finder
            setFunctionModule(x: along, y: across, dark: isDark)  // above the bottom-left finder
        }
    }
}
