import Testing
@testable import QRCode

struct FormatInformationTests {
    /// The 32 masked format bit strings of ISO/IEC 18004 Annex C (Table C.1), by level and
    /// mask 0...7, bit 14 first.
    static let knownFormatStrings: [(QRCode.Correction, [String])] = [
        (.low, ["111011111000100", "111001011110011", "111110110101010", "111100010011101",
                "110011000101111", "110001100011000", "110110001000001", "110100101110110"]),
        (.medium, ["101010000010010", "101000100100101", "101111001111100", "101101101001011",
                   "100010111111001", "100000011001110", "100111110010111", "100101010100000"]),
        (.quartile, ["011010101011111", "011000001101000", "011111100110001", "011101000000110",
                     "010010010110100", "010000110000011", "010111011011010", "010101111101101"]),
        (.high, ["001011010001001", "001001110111110", "001110011100111", "001100111010000",
                 "000011101100010", "000001001010101", "000110100001100", "000100000111011"]),
    ]

    @Test func formatBitsMatchTheStandardTable() {
        for (correction, strings) in Self.knownFormatStrings {
            for (mask, expected) in strings.enumerated() {
                #expect(binary(FormatInformation.formatBits(correction: correction, mask: mask), width: 15) == expected,
                        "\(correction) mask \(mask)")
            }
        }
    }

    /// Version information bit strings of ISO/IEC 18004 Annex D (Table D.1).
    @Test(arguments: [
        (7, "000111110010010100"),
        (8, "001000010110111100"),
        (9, "001001101010011001"),
        (10, "001010010011010011"),
        (40, "101000110001101001"),
    ])
    func versionBits(version: Int, expected: String) {
        #expect(binary(FormatInformation.versionBits(version: version), width: 18) == expected)
    }

    /// Both copies of the format information in a finished symbol read back as the bits
    /// for its level and mask (positions of ISO/IEC 18004 Figure 25), and the dark module is set.
    @Test(arguments: QRCode.Correction.allCases)
    func formatInformationIsPlacedTwice(correction: QRCode.Correction) throws {
        for mask in 0..<8 {
            let code = try QRCode.encode(Array(Payload.sampleURL.utf8), correction: correction, forcedMask: mask)
            let size = code.size
            let firstPositions: [(Int, Int)] = (0...5).map { (8, $0) } + [(8, 7), (8, 8), (7, 8)] + (9..<15).map { (14 - $0, 8) }
            let secondPositions: [(Int, Int)] = (0..<8).map { (size - 1 - $0, 8) } + (8..<15).map { (8, size - 15 + $0) }
            let expected = FormatInformation.formatBits(correction: correction, mask: mask)
            for positions in [firstPositions, secondPositions] {
                var read = 0
                for (index, position) in positions.enumerated() where code.isDark(x: position.0, y: position.1) {
                    read |= 1 << index
                }
                #expect(read == expected, "\(correction) mask \(mask)")
            }
            #expect(code.isDark(x: 8, y: size - 8))
        }
    }

    /// The 6×3 version blocks read back as the version bits, in both orientations.
    @Test func versionInformationIsPlacedTwice() throws {
        let code = try QRCode.encode(Payload.ascii(length: 200), correction: .medium)
        #expect(code.version >= 7)
        var topRight = 0, bottomLeft = 0
        for index in 0..<18 {
            if code.isDark(x: code.size - 11 + index % 3, y: index / 3) { topRight |= 1 << index }
            if code.isDark(x: index / 3, y: code.size - 11 + index % 3) { bottomLeft |= 1 << index }
        }
        #expect(topRight == FormatInformation.versionBits(version: code.version))
        #expect(bottomLeft == FormatInformation.versionBits(version: code.version))
    }

    private func binary(_ value: Int, width: Int) -> String {
        let digits = String(value, radix: 2)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
