/// Reed–Solomon error correction codewords (ISO/IEC 18004 §7.5.2 and Annex A): arithmetic
/// in GF(2⁸) with the prime polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11D), and a generator
/// polynomial whose roots are α⁰ … α^(n−1), α = 2.
enum ReedSolomon {
    /// αⁱ for i in 0..<510, doubled so that a sum of two logarithms needs no modulo.
    private static let exponentials: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 510)
        var value = 1
        for index in 0..<255 {
            table[index] = UInt8(value)
            table[index + 255] = UInt8(value)
            value <<= 1
            if value & 0x100 != 0 { value ^= 0x11D }
        }
        return table
    }()

    /// log_α(v) for v in 1...255; entry 0 is unused because 0 has no logarithm.
    private static let logarithms: [Int] = {
        var table = [Int](repeating: 0, count: 256)
        for index in 0..<255 {
            table[Int(exponentials[index])] = index
        }
        return table
    }()

    static func multiply(_ lhs: UInt8, _ rhs: UInt8) -> UInt8 {
        if lhs == 0 || rhs == 0 { return 0 }
        return exponentials[logarithms[Int(lhs)] + logarithms[Int(rhs)]]
    }

    /// The coefficients of ∏(x − αⁱ), i in 0..<degree, highest power first, without the
    /// leading coefficient (always 1).
    static func generatorPolynomial(degree: Int) -> [UInt8] {
        precondition(degree >= 1 && degree <= 254, "degree is 1...254")
        var coefficients = [UInt8](repeating: 0, count: degree)
        coefficients[degree - 1] = 1  // the polynomial "1", stored as its lowest term
        var root: UInt8 = 1
        for _ in 0..<degree {
            // Multiply the current product by (x − root); in GF(2⁸) subtraction is XOR.
            for index in 0..<degree {
                coefficients[index] = multiply(coefficients[index], root)
                if index + 1 < degree { coefficients[index] ^= coefficients[index + 1] }
            }
            root = multiply(root, 2)
        }
        return coefficients
    }

    /// The remainder of data(x) · x^n divided by the generator of degree n: the error
    /// correction codewords of one block, highest power first.
    static func remainder(of data: ArraySlice<UInt8>, generator: [UInt8]) -> [UInt8] {
        let degree = generator.count
        var register = [UInt8](repeating: 0, count: degree)
        for codeword in data {
            let factor = codeword ^ register[0]
            for index in 0..<degree - 1 {
                register[index] = register[index + 1] ^ multiply(generator[index], factor)
            }
            register[degree - 1] = multiply(generator[degree - 1], factor)
        }
        return register
    }
}
