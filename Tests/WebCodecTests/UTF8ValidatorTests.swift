import Foundation
import Testing
@testable import WebCodec

@Suite struct UTF8ValidatorTests {
    @Test(arguments: [
        [UInt8](),
        Array("hello".utf8),
        Array("κόσμε".utf8),
        [0xC2, 0x80], [0xDF, 0xBF],                   // 2-byte range ends
        [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF],       // around the surrogates
        [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF],       // U+E000, U+FFFF
        [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],  // U+10000, U+10FFFF
    ])
    func acceptsWellFormed(_ bytes: [UInt8]) {
        #expect(UTF8Validator.isValid(bytes))
    }

    @Test(arguments: [
        [0x80],                          // lone continuation
        [0xC0, 0xAF], [0xC1, 0xBF],      // overlong 2-byte
        [0xE0, 0x80, 0xAF],              // overlong 3-byte
        [0xF0, 0x80, 0x80, 0xAF],        // overlong 4-byte
        [0xED, 0xA0, 0x80],              // U+D800 (surrogate)
        [0xED, 0xBF, 0xBF],              // U+DFFF (surrogate)
        [0xF4, 0x90, 0x80, 0x80],        // U+110000
        [0xF5, 0x80, 0x80, 0x80],        // lead byte above F4
        [0xFF], [0xFE],
        [0xC2],                          // truncated
        [0xE1, 0x80],                    // truncated
        [0xC2, 0x41],                    // missing continuation
    ] as [[UInt8]])
    func rejectsIllFormed(_ bytes: [UInt8]) {
        #expect(!UTF8Validator.isValid(bytes))
    }

    /// Random byte strings biased towards the interesting lead and
    /// continuation bytes, so roughly half are valid.
    private static func randomSequence(_ generator: inout SeededGenerator) -> [UInt8] {
        let interesting: [UInt8] = [
            0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF,
            0xE0, 0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF,
        ]
        var bytes: [UInt8] = []
        let pieces = Int.random(in: 0...8, using: &generator)
        for _ in 0..<pieces {
            switch Int.random(in: 0..<4, using: &generator) {
            case 0:  // a valid scalar
                var scalarValue = UInt32.random(in: 0...0x10FFFF, using: &generator)
                if (0xD800...0xDFFF).contains(scalarValue) { scalarValue = 0x41 }
                bytes += Array(String(Character(Unicode.Scalar(scalarValue)!)).utf8)
            case 1:
                bytes.append(interesting.randomElement(using: &generator)!)
            case 2:
                bytes.append(UInt8.random(in: 0x80...0xBF, using: &generator))
            default:
                bytes.append(UInt8.random(in: 0...255, using: &generator))
            }
        }
        return bytes
    }

    /// Every verdict agrees with the standard library's two views of validity.
    @Test func agreesWithStandardLibraryOnSeededRandomInput() {
        var generator = SeededGenerator(seed: 0xC0FFEE)
        var validCount = 0
        for _ in 0..<25_000 {
            let bytes = Self.randomSequence(&generator)
            let stdlibValid = String(validating: bytes, as: UTF8.self) != nil
            let roundTrips = Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes
            #expect(stdlibValid == roundTrips)
            let ours = UTF8Validator.isValid(bytes)
            if ours != stdlibValid {
                Issue.record("disagreement on \(bytes.map { String($0, radix: 16) })")
                return
            }
            if ours { validCount += 1 }
        }
        // The generator must exercise both outcomes to mean anything.
        #expect(validCount > 2_500 && validCount < 22_500)
    }

    /// Fail fast: as long as the validator has not failed, the prefix can
    /// still be completed into valid UTF-8; and chunking never changes the verdict.
    @Test func failsAtTheFirstImpossibleByteAndIgnoresChunking() {
        var generator = SeededGenerator(seed: 0xFA57)
        for _ in 0..<20_000 {
            let bytes = Self.randomSequence(&generator)
            var validator = UTF8Validator()
            for (index, byte) in bytes.enumerated() {
                if !validator.consume(byte) {
                    // Failing here means no completion of bytes[...index] exists:
                    // the stdlib rejects even the prefix before this byte + this byte
                    // followed by the smallest continuation bytes.
                    let prefix = Array(bytes[...index])
                    #expect(String(validating: prefix + [0x80, 0x80, 0x80], as: UTF8.self) == nil)
                    break
                }
                var completion = Array(bytes[...index])
                if validator.pendingContinuations > 0 {
                    completion.append(validator.nextLowerBound)
                    completion += [UInt8](repeating: 0x80, count: Int(validator.pendingContinuations) - 1)
                }
                #expect(String(validating: completion, as: UTF8.self) != nil, "prefix \(completion)")
            }
            var chunked = UTF8Validator()
            for chunk in randomChunks(bytes, maxChunk: 3, using: &generator) {
                chunk.withUnsafeBytes { _ = chunked.consume($0) }
            }
            #expect(chunked.isAtCodePointBoundary == UTF8Validator.isValid(bytes))
        }
    }
}
