import Testing
@testable import QRCode

struct ReedSolomonTests {
    /// The classic "HELLO WORLD" 1-M example: its 16 data codewords and 10 error
    /// correction codewords, as worked out in the usual tutorials of ISO/IEC 18004.
    @Test func helloWorldVersion1Medium() {
        let data: [UInt8] = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
        let generator = ReedSolomon.generatorPolynomial(degree: 10)
        #expect(ReedSolomon.remainder(of: data[...], generator: generator)
                == [196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
    }

    /// The degree-10 generator, known in exponent form as
    /// x¹⁰ + α²⁵¹x⁹ + α⁶⁷x⁸ + α⁴⁶x⁷ + α⁶¹x⁶ + α¹¹⁸x⁵ + α⁷⁰x⁴ + α⁶⁴x³ + α⁹⁴x² + α³²x + α⁴⁵.
    @Test func generatorOfDegreeTen() {
        let exponents = [251, 67, 46, 61, 118, 70, 64, 94, 32, 45]
        #expect(ReedSolomon.generatorPolynomial(degree: 10) == exponents.map { SlowGaloisField.power(2, $0) })
    }

    @Test func multiplicationMatchesShiftAndAdd() {
        for lhs in 0...255 {
            for rhs in 0...255 {
                let fast = ReedSolomon.multiply(UInt8(lhs), UInt8(rhs))
                let slow = SlowGaloisField.multiply(UInt8(lhs), UInt8(rhs))
                if fast != slow {
                    Issue.record("\(lhs) × \(rhs): \(fast) != \(slow)")
                    return
                }
            }
        }
    }

    /// Every error correction length used by Table 9, on pseudo-random blocks of several
    /// lengths, against a plain polynomial long division written independently below.
    @Test func remainderMatchesLongDivision() {
        let degrees = Set(ErrorCorrectionTable.errorCorrectionCodewordsPerBlock.joined()).sorted()
        var state: UInt32 = 42
        for degree in degrees {
            for length in [1, 15, 16, 97, 122] {
                let data = (0..<length).map { _ -> UInt8 in
                    state = state &* 1_103_515_245 &+ 12345
                    return UInt8(truncatingIfNeeded: state >> 16)
                }
                let fast = ReedSolomon.remainder(of: data[...], generator: ReedSolomon.generatorPolynomial(degree: degree))
                #expect(fast == SlowGaloisField.remainder(data, degree: degree), "degree \(degree), length \(length)")
            }
        }
    }
}

/// GF(2⁸) the long way, sharing nothing with `ReedSolomon`.
enum SlowGaloisField {
    static func multiply(_ lhs: UInt8, _ rhs: UInt8) -> UInt8 {
        var product = 0
        var a = Int(lhs), b = Int(rhs)
        while b != 0 {
            if b & 1 == 1 { product ^= a }
            a <<= 1
            if a & 0x100 != 0 { a ^= 0x11D }
            b >>= 1
        }
        return UInt8(product)
    }

    static func power(_ base: UInt8, _ exponent: Int) -> UInt8 {
        var result: UInt8 = 1
        for _ in 0..<exponent { result = multiply(result, base) }
        return result
    }

    /// ∏(x + αⁱ), i in 0..<degree, as full coefficients, highest power first.
    static func generator(degree: Int) -> [UInt8] {
        var polynomial: [UInt8] = [1]
        for index in 0..<degree {
            let root = power(2, index)
            var next = [UInt8](repeating: 0, count: polynomial.count + 1)
            for (position, coefficient) in polynomial.enumerated() {
                next[position] ^= coefficient                       // × x
                next[position + 1] ^= multiply(coefficient, root)   // × root
            }
            polynomial = next
        }
        return polynomial
    }

    /// data(x) · x^degree mod generator(x), by schoolbook long division.
    static func remainder(_ data: [UInt8], degree: Int) -> [UInt8] {
        let divisor = generator(degree: degree)
        var dividend = data + [UInt8](repeating: 0, count: degree)
        for position in 0..<data.count where dividend[position] != 0 {
            let factor = dividend[position]  // the divisor is monic
            for (offset, coefficient) in divisor.enumerated() {
                dividend[position + offset] ^= multiply(coefficient, factor)
            }
        }
        return Array(dividend.suffix(degree))
    }
}
