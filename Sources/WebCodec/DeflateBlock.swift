/// One DEFLATE block with its own Huffman codes (RFC 1951 §3.2.7): the
/// tokens become length and distance symbols, each tree is sized to them,
/// and the trees' code lengths go first, run-length coded.
enum BlockWriter {
    static let endOfBlock = 256

    static let lengthBases = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
                              163, 195, 227, 258]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBases = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
                                2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    /// The order the code-length code's lengths are sent in (RFC 1951 §3.2.7).
    static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// The symbol whose base is the largest at most `value` (bases ascend).
    static func code(of value: Int, bases: [Int]) -> Int {
        var low = 0, high = bases.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if bases[middle] <= value { low = middle } else { high = middle - 1 }
        }
        return low
    }

    static func write(_ tokens: [LZ77Token], final: Bool, to writer: inout BitWriter) {
        var literalFrequencies = [Int](repeating: 0, count: 286)
        var distanceFrequencies = [Int](repeating: 0, count: 30)
        for token in tokens {
            if token.isLiteral {
                literalFrequencies[token.value] += 1
            } else {
                literalFrequencies[257 + code(of: token.length, bases: lengthBases)] += 1
                distanceFrequencies[code(of: token.value, bases: distanceBases)] += 1
            }
        }
        literalFrequencies[endOfBlock] += 1
        // Two symbols at least in each tree, so both are complete codes (zlib does the same).
        ensureTwoSymbols(&literalFrequencies)
        ensureTwoSymbols(&distanceFrequencies)
        let literalLengths = HuffmanLengths.lengths(frequencies: literalFrequencies, limit: 15)
        let distanceLengths = HuffmanLengths.lengths(frequencies: distanceFrequencies, limit: 15)
        let literalCount = max(257, (literalLengths.lastIndex { $0 > 0 } ?? 0) + 1)
        let distanceCount = max(1, (distanceLengths.lastIndex { $0 > 0 } ?? 0) + 1)

        writer.write(final ? 1 : 0, bits: 1)
        writer.write(2, bits: 2)  // dynamic Huffman codes
        writeTrees(Array(literalLengths.prefix(literalCount)), Array(distanceLengths.prefix(distanceCount)), to: &writer)

        let literalCodes = HuffmanLengths.canonicalCodes(literalLengths)
        let distanceCodes = HuffmanLengths.canonicalCodes(distanceLengths)
        for token in tokens {
            if token.isLiteral {
                writer.write(literalCodes[token.value], bits: literalLengths[token.value])
                continue
            }
            let lengthCode = code(of: token.length, bases: lengthBases)
            writer.write(literalCodes[257 + lengthCode], bits: literalLengths[257 + lengthCode])
            writer.write(UInt32(token.length - lengthBases[lengthCode]), bits: lengthExtra[lengthCode])
            let distanceCode = code(of: token.value, bases: distanceBases)
            writer.write(distanceCodes[distanceCode], bits: distanceLengths[distanceCode])
            writer.write(UInt32(token.value - distanceBases[distanceCode]), bits: distanceExtra[distanceCode])
        }
        writer.write(literalCodes[endOfBlock], bits: literalLengths[endOfBlock])
    }

    private static func ensureTwoSymbols(_ frequencies: inout [Int]) {
        for symbol in 0..<2 where frequencies.filter({ $0 > 0 }).count < 2 && frequencies[symbol] == 0 { frequencies[symbol] = 1 }
    }

    /// HLIT, HDIST, HCLEN, the code-length code's lengths, then both trees' lengths in its code, runs shortened
    /// with 16 (the last length again, 3–6 times), 17 (zeros, 3–10) and 18 (zeros, 11–138).
    private static func writeTrees(_ literalLengths: [Int], _ distanceLengths: [Int], to writer: inout BitWriter) {
        let runs = runLengths(literalLengths + distanceLengths)
        var frequencies = [Int](repeating: 0, count: 19)
        for run in runs { frequencies[run.symbol] += 1 }
        ensureTwoSymbols(&frequencies)
        let lengths = HuffmanLengths.lengths(frequencies: frequencies, limit: 7)
        let codes = HuffmanLengths.canonicalCodes(lengths)
        let sent = max(4, (codeLengthOrder.lastIndex { lengths[$0] > 0 } ?? 0) + 1)
        writer.write(UInt32(literalLengths.count - 257), bits: 5)
        writer.write(UInt32(distanceLengths.count - 1), bits: 5)
        writer.write(UInt32(sent - 4), bits: 4)
        for symbol in codeLengthOrder.prefix(sent) { writer.write(UInt32(lengths[symbol]), bits: 3) }
        for run in runs {
            writer.write(codes[run.symbol], bits: lengths[run.symbol])
            switch run.symbol {
            case 16: writer.write(UInt32(run.extra - 3), bits: 2)
            case 17: writer.write(UInt32(run.extra - 3), bits: 3)
            case 18: writer.write(UInt32(run.extra - 11), bits: 7)
            default: break
            }
        }
    }

    /// The lengths as code-length symbols: 0–15 a length, or 16/17/18 with how many it repeats.
    static func runLengths(_ lengths: [Int]) -> [(symbol: Int, extra: Int)] {
        var runs: [(symbol: Int, extra: Int)] = []
        var index = 0
        while index < lengths.count {
            let length = lengths[index]
            var run = 1
            while index + run < lengths.count && lengths[index + run] == length { run += 1 }
            index += run
            if length == 0 {
                while run >= 11 { let n = min(run, 138); runs.append((18, n)); run -= n }
                if run >= 3 { runs.append((17, run)); run = 0 }
                while run > 0 { runs.append((0, 0)); run -= 1 }
            } else {
                runs.append((length, 0))
                run -= 1
                while run >= 3 { let n = min(run, 6); runs.append((16, n)); run -= n }
                while run > 0 { runs.append((length, 0)); run -= 1 }
            }
        }
        return runs
    }
}
