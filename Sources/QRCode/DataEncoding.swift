/// Byte-mode data encoding (ISO/IEC 18004 §7.4.5) and the capacity arithmetic that picks
/// the version.
enum DataEncoding {
    /// Mode indicator for 8-bit byte data (ISO/IEC 18004 Table 2).
    static let byteModeIndicator = 0b0100
    static let modeIndicatorBits = 4

    /// Pad codewords appended alternately after the terminator (ISO/IEC 18004 §7.4.10).
    static let padCodewords: [UInt8] = [0xEC, 0x11]

    /// Length of the character count indicator for byte mode (ISO/IEC 18004 Table 3).
    static func characterCountBits(version: Int) -> Int {
        version <= 9 ? 8 : 16
    }

    /// The largest number of bytes a symbol of `version` holds at `correction`.
    static func byteCapacity(version: Int, correction: QRCode.Correction) -> Int {
        let dataBits = ErrorCorrectionTable.layout(version: version, correction: correction).dataCodewords * 8
        return (dataBits - modeIndicatorBits - characterCountBits(version: version)) / 8
    }

    /// The smallest version that holds `byteCount` bytes, or nil if none does.
    static func smallestVersion(byteCount: Int, correction: QRCode.Correction) -> Int? {
        (1...40).first { byteCount <= byteCapacity(version: $0, correction: correction) }
    }

    /// The data codewords for `bytes`: mode indicator, character count, the bytes, the
    /// terminator and pad codewords, filling exactly `dataCodewordCount` codewords.
    /// The caller has checked that the bytes fit.
    static func byteModeCodewords(_ bytes: [UInt8], version: Int, dataCodewordCount: Int) -> [UInt8] {
        let capacityBits = dataCodewordCount * 8
        var buffer = BitBuffer(reservingBits: capacityBits)
        buffer.append(byteModeIndicator, bitCount: modeIndicatorBits)
        buffer.append(bytes.count, bitCount: characterCountBits(version: version))
        for byte in bytes {
            buffer.append(Int(byte), bitCount: 8)
        }
        precondition(buffer.count <= capacityBits, "data exceeds the symbol capacity")

        // Terminator: up to four zero bits, fewer if the symbol is full (§7.4.9).
        buffer.append(0, bitCount: min(4, capacityBits - buffer.count))
        // Zero bits up to the next codeword boundary (§7.4.10).
        buffer.append(0, bitCount: (8 - buffer.count % 8) % 8)

        var codewords = buffer.bytes
        var padIndex = 0
        while codewords.count < dataCodewordCount {
            codewords.append(padCodewords[padIndex])
            padIndex ^= 1
        }
        return codewords
    }
}
