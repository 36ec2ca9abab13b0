import Testing
@testable import QRCode

struct EncodingTests {
    /// Mode indicator 0100, an 8-bit count, the bytes, a 4-bit terminator, then the pad
    /// codewords 0xEC 0x11 alternately (ISO/IEC 18004 §7.4.5, §7.4.9, §7.4.10).
    @Test func byteModeBitStreamForVersion1() {
        let codewords = DataEncoding.byteModeCodewords(Array("AB".utf8), version: 1, dataCodewordCount: 16)
        // 0100 00000010 01000001 01000010 0000 → 0x40 0x24 0x14 0x20
        #expect(codewords == [0x40, 0x24, 0x14, 0x20, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11])
    }

    /// From version 10 the character count indicator is 16 bits long (Table 3).
    @Test func sixteenBitCountFromVersion10() {
        let codewords = DataEncoding.byteModeCodewords(Array("ABC".utf8), version: 10, dataCodewordCount: 216)
        // 0100 0000000000000011 01000001 01000010 01000011 0000
        #expect(Array(codewords.prefix(8)) == [0x40, 0x00, 0x34, 0x14, 0x24, 0x30, 0xEC, 0x11])
        #expect(codewords.count == 216)
        #expect(DataEncoding.characterCountBits(version: 9) == 8)
        #expect(DataEncoding.characterCountBits(version: 10) == 16)
    }

    @Test func largestVersion1MediumInputStaysVersion1() throws {
        #expect(try QRCode.encode([UInt8](repeating: 0x41, count: 14), correction: .medium).version == 1)
        #expect(try QRCode.encode([UInt8](repeating: 0x41, count: 15), correction: .medium).version == 2)
    }

    /// At every version and level: the capacity fits that version, one byte more needs the next.
    @Test(arguments: QRCode.Correction.allCases)
    func capacityBoundaries(correction: QRCode.Correction) {
        for version in 1...40 {
            let capacity = DataEncoding.byteCapacity(version: version, correction: correction)
            #expect(DataEncoding.smallestVersion(byteCount: capacity, correction: correction) == version)
            #expect(DataEncoding.smallestVersion(byteCount: capacity + 1, correction: correction) == (version < 40 ? version + 1 : nil))
        }
    }

    @Test func tooLongThrows() throws {
        let largest = [UInt8](repeating: 0x41, count: 2953)
        #expect(try QRCode.encode(largest, correction: .low).version == 40)
        #expect(throws: QRCode.EncodingError.tooLong(bytes: 2954, maximum: 2953)) {
            try QRCode.encode(largest + [0x41], correction: .low)
        }
        #expect(throws: QRCode.EncodingError.tooLong(bytes: 1274, maximum: 1273)) {
            try QRCode.encode([UInt8](repeating: 0, count: 1274), correction: .high)
        }
    }

    @Test func emptyInputIsVersion1() throws {
        let code = try QRCode.encode([UInt8]())
        #expect(code.version == 1)
        #expect(code.size == 21)
    }

    @Test func textIsEncodedAsUTF8() throws {
        let text = "Maëlle 山田"
        #expect(try QRCode.encode(text) == QRCode.encode(Array(text.utf8)))
        #expect(try QRCode.encode(text).correction == .medium)
    }

    @Test func geometry() throws {
        let code = try QRCode.encode(Payload.sampleURL)
        #expect(code.size == 17 + 4 * code.version)
        #expect((0...7).contains(code.mask))
        // Finder pattern corners are dark, separators light, outside is light.
        for (x, y) in [(0, 0), (6, 6), (code.size - 1, 0), (0, code.size - 1)] {
            #expect(code.isDark(x: x, y: y))
        }
        #expect(!code.isDark(x: 7, y: 7))
        for (x, y) in [(-1, 0), (0, -1), (code.size, 0), (0, code.size), (-5, -5), (Int.max, Int.min)] {
            #expect(!code.isDark(x: x, y: y))
        }
    }

    @Test func forcedMaskIsUsed() throws {
        for mask in 0..<8 {
            #expect(try QRCode.encode(Array(Payload.sampleURL.utf8), correction: .medium, forcedMask: mask).mask == mask)
        }
    }

    /// The chosen mask is the one with the lowest penalty among all eight.
    @Test func chosenMaskHasTheLowestPenalty() throws {
        let bytes = Array(Payload.sampleURL.utf8)
        let chosen = try QRCode.encode(bytes)
        let scores = try (0..<8).map { Penalty.score(ModuleGrid(try QRCode.encode(bytes, correction: .medium, forcedMask: $0))) }
        #expect(scores[chosen.mask] == scores.min())
        #expect(scores.firstIndex(of: scores.min() ?? -1) == chosen.mask)
    }
}

extension ModuleGrid {
    /// A grid holding a finished symbol's modules, for scoring it in tests.
    init(_ code: QRCode) {
        self.init(version: code.version)
        for y in 0..<code.size {
            for x in 0..<code.size {
                setDataModule(x: x, y: y, dark: code.isDark(x: x, y: y))
            }
        }
    }
}
