/// A QR Code symbol (ISO/IEC 18004, Model 2), holding its data in byte mode.
///
/// The symbol is immutable: build one with `encode(_:correction:)` and read its modules
/// with `isDark(x:y:)`. Coordinates start at the top-left module; x grows to the right,
/// y grows downwards.
public struct QRCode: Sendable, Equatable {
    /// Error correction level (ISO/IEC 18004 §5.3.8): the share of codewords that can be
    /// restored is roughly 7 % (low), 15 % (medium), 25 % (quartile) and 30 % (high).
    public enum Correction: Sendable, CaseIterable {
        case low, medium, quartile, high
    }

    public enum EncodingError: Error, Equatable {
        /// The input does not fit in a version 40 symbol at the requested level;
        /// `maximum` is the largest byte count that does.
        case tooLong(bytes: Int, maximum: Int)
    }

    /// Symbol version, 1...40.
    public let version: Int
    /// Modules per side, 17 + 4 × version.
    public let size: Int
    /// Data mask pattern reference, 0...7 (ISO/IEC 18004 §7.8.2).
    public let mask: Int
    /// The error correction level the symbol was encoded with.
    public let correction: Correction
    /// Row-major, `size × size` entries; `true` is a dark module.
    private let darkModules: [Bool]

    /// Encodes `bytes` in byte mode (ISO/IEC 18004 §7.4.5) in the smallest version
    /// (1...40) that holds them at `correction`.
    public static func encode(_ bytes: [UInt8], correction: Correction = .medium) throws(EncodingError) -> QRCode {
        try encode(bytes, correction: correction, forcedMask: nil)
    }

    /// Encodes the UTF-8 bytes of `text` in byte mode. No ECI header is written: readers
    /// in common use take byte-mode data that is valid UTF-8 as UTF-8.
    public static func encode(_ text: String, correction: Correction = .medium) throws(EncodingError) -> QRCode {
        try encode(Array(text.utf8), correction: correction, forcedMask: nil)
    }

    /// Whether the module at (`x`, `y`) is dark. Coordinates outside the symbol are light,
    /// so a quiet zone is simply a margin of out-of-range coordinates.
    public func isDark(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < size, y < size else { return false }
        return darkModules[y * size + x]
    }

    /// The full encoding pipeline of ISO/IEC 18004 §7.1. `forcedMask` skips the penalty
    /// evaluation so that tests can prove every mask pattern with a real decoder.
    static func encode(_ bytes: [UInt8], correction: Correction, forcedMask: Int?) throws(EncodingError) -> QRCode {
        guard let version = DataEncoding.smallestVersion(byteCount: bytes.count, correction: correction) else {
            throw .tooLong(bytes: bytes.count, maximum: DataEncoding.byteCapacity(version: 40, correction: correction))
        }
        let layout = ErrorCorrectionTable.layout(version: version, correction: correction)
        let dataCodewords = DataEncoding.byteModeCodewords(bytes, version: version, dataCodewordCount: layout.dataCodewords)
        let codewords = Interleaving.finalSequence(dataCodewords: dataCodewords, layout: layout)

        var grid = ModuleGrid(version: version)
        grid.drawFunctionPatterns()
        grid.placeCodewords(codewords)

        let mask: Int
        if let forcedMask {
            precondition((0...7).contains(forcedMask), "mask pattern reference is 0...7")
            mask = forcedMask
        } else {
            mask = Masking.bestMask(for: grid, correction: correction)
        }
        grid.applyMask(mask)
        grid.drawFormatInformation(correction: correction, mask: mask)

        return QRCode(version: version, size: grid.size, mask: mask, correction: correction, darkModules: grid.dark)
    }
}
