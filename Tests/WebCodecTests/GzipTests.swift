import Foundation
import Testing
@testable import WebCodec
import WordGameTestSupport

/// Our DEFLATE and gzip (RFC 1951, 1952) against a real peer: GNU gzip
/// inflates what we compress, byte for byte, and says the stream is sound
/// (`gzip -t` checks the CRC and the length). Chromium inflates the pages
/// in every browser test (the web port sends them gzipped).
@Suite struct GzipTests {
    static let gzip = ["/usr/bin/gzip", "/bin/gzip"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// What gzip makes of `compressed`: the inflated bytes, or nil and gzip's complaint.
    static func inflated(_ compressed: [UInt8]) throws -> (bytes: [UInt8]?, problem: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wordgame-gzip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("data.gz")
        try Data(compressed).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gzip!)
        process.arguments = ["-d", "-f", file.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard process.terminationStatus == 0 else { return (nil, problem) }
        return (Array(try Data(contentsOf: folder.appendingPathComponent("data"))), problem)
    }

    static var samples: [(name: String, bytes: [UInt8])] {
        var generator = SeededGenerator(seed: 27)
        let words = try! Data(contentsOf: repository.appendingPathComponent("Resources/words.json"))
        var samples: [(String, [UInt8])] = [
            ("empty", []), ("one byte", [65]), ("two bytes", [0, 255]),
            ("a run past the longest match", [UInt8](repeating: 97, count: 70_000)),
            ("random, which does not compress", generator.bytes(count: 40_000)),
            ("a phrase again and again", Array(String(repeating: "ice cream = helado; ", count: 3_000).utf8)),
            ("words.json", Array(words)),
        ]
        let web = repository.appendingPathComponent("Resources/web")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: web.path))?.sorted() ?? [] {
            samples.append((name, Array(try! Data(contentsOf: web.appendingPathComponent(name)))))
        }
        return samples
    }

    @Test(.enabled(if: gzip != nil, "needs gzip (Debian's gzip package) to inflate what is compressed"))
    func gzipInflatesEverySampleToItsBytes() async throws {
        try await onComputeThread {
            for sample in Self.samples {
                let compressed = Gzip.compress(sample.bytes)
                let (back, problem) = try Self.inflated(compressed)
                #expect(back == sample.bytes, "\(sample.name): \(problem)")
            }
        }
    }

    /// What a school's Wi-Fi carries: the pages' text shrinks to well under half, and no bigger than
    /// `gzip -9` makes it (within 2%), where gzip is here to ask.
    @Test func textCompressesAsWellAsGzipNine() async throws {
        try await onComputeThread {
            for name in ["student.js", "wordgame.css", "protocol.js", "host.js"] {
                let path = Self.repository.appendingPathComponent("Resources/web/\(name)").path
                let file = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
                let ours = Gzip.compress(file).count
                #expect(Double(file.count) / Double(ours) > 2.5, "\(name): \(file.count) bytes to \(ours)")
                guard let gzip = Self.gzip else { continue }
                let process = Process()
                process.executableURL = URL(fileURLWithPath: gzip)
                process.arguments = ["-9", "-c", path]
                let out = Pipe()
                process.standardOutput = out
                try process.run()
                let theirs = out.fileHandleForReading.readDataToEndOfFile().count
                process.waitUntilExit()
                #expect(Double(ours) <= Double(theirs) * 1.02, "\(name): ours \(ours) bytes, gzip -9's \(theirs)")
            }
        }
    }

    @Test func crc32IsTheOneGzipUses() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)  // the check value of CRC-32/ISO-HDLC
        #expect(CRC32.checksum([]) == 0)
    }

    /// Huffman lengths never pass the limit, and make a complete code (Kraft's sum is exactly 1).
    @Test func codeLengthsAreLimitedAndComplete() {
        var generator = SeededGenerator(seed: 5)
        for limit in [7, 15] {
            for _ in 0..<50 {
                let count = Int.random(in: 2...(limit == 7 ? 19 : 286), using: &generator)
                // Doubling frequencies first: without the limit, their tree would be as deep as they are many.
                let frequencies = (0..<count).map { index in
                    index < 25 ? 1 << index : Int.random(in: 0...1_000, using: &generator)
                }
                let lengths = HuffmanLengths.lengths(frequencies: frequencies, limit: limit)
                #expect(lengths.max()! <= limit)
                let kraft = zip(frequencies, lengths).filter { $0.0 > 0 }.reduce(0.0) { $0 + 1.0 / Double(1 << $1.1) }
                #expect(kraft == 1.0, "limit \(limit): \(lengths)")
                #expect(zip(frequencies, lengths).allSatisfy { ($0 > 0) == ($1 > 0) })
            }
        }
    }

    /// The code lengths' runs (16, 17, 18) stay within their ranges and say the lengths back.
    @Test func runLengthsSayTheLengthsBack() {
        let lengths = [0, 0, 0] + [Int](repeating: 8, count: 9) + [Int](repeating: 0, count: 150) + [5, 5, 0, 0, 7]
        var back: [Int] = []
        for run in BlockWriter.runLengths(lengths) {
            switch run.symbol {
            case 16: #expect((3...6).contains(run.extra)); back += [Int](repeating: back.last!, count: run.extra)
            case 17: #expect((3...10).contains(run.extra)); back += [Int](repeating: 0, count: run.extra)
            case 18: #expect((11...138).contains(run.extra)); back += [Int](repeating: 0, count: run.extra)
            default: back.append(run.symbol)
            }
        }
        #expect(back == lengths)
    }
}
