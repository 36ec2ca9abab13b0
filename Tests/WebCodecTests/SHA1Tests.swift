import Foundation
import Testing
@testable import WebCodec
import WordGameTestSupport

@Suite struct SHA1Tests {
    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    // FIPS 180-2 Appendix A / RFC 3174 §7.3 test vectors.
    @Test func fipsVectors() {
        #expect(hex(SHA1.hash(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(hex(SHA1.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
            == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(hex(SHA1.hash([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)))
            == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
        #expect(hex(SHA1.hash([])) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
    }

    @Test func digestIsTwentyBytes() {
        for length in [0, 1, 55, 56, 63, 64, 65, 119, 120, 128] {
            #expect(SHA1.hash([UInt8](repeating: 7, count: length)).count == SHA1.digestByteCount)
        }
    }

    static let sha1sumPath = "/usr/bin/sha1sum"

    /// The padding edges (55, 56 and 64 bytes a block, and around them) and 50
    /// seeded random inputs of 0...300 bytes, compared with the system's sha1sum.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: sha1sumPath),
                   "/usr/bin/sha1sum is not installed"))
    func matchesSystemSha1sum() async throws {
        try await onComputeThread {
            var generator = SeededGenerator(seed: 0x5A1)
            let edges = [0, 1, 54, 55, 56, 57, 63, 64, 65, 118, 119, 120, 127, 128, 129]
            let lengths = edges + (0..<50).map { _ in Int.random(in: 0...300, using: &generator) }
            for length in lengths {
                let input = generator.bytes(count: length)
                let process = Process()
                process.executableURL = URL(fileURLWithPath: Self.sha1sumPath)
                let stdin = Pipe(), stdout = Pipe()
                process.standardInput = stdin
                process.standardOutput = stdout
                try process.run()
                stdin.fileHandleForWriting.write(Data(input))
                try stdin.fileHandleForWriting.close()
                let output = stdout.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                let expected = String(decoding: output, as: UTF8.self).prefix(40)
                #expect(expected.count == 40)
                #expect(hex(SHA1.hash(input)) == String(expected), "input length \(input.count)")
            }
        }
    }
}
