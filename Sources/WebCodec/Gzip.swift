/// The gzip file format (RFC 1952) around a DEFLATE stream: what
/// `Content-Encoding: gzip` carries, which every browser decodes.
public enum Gzip {
    public static func compress(_ input: [UInt8]) -> [UInt8] {
        // ID1 ID2, CM 8 (deflate), no flags, no modification time, XFL 2 (the slowest, best compression), OS 3 (Unix).
        var output: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 2, 3]
        output += Deflate.compress(input)
        output += littleEndian(CRC32.checksum(input))
        output += littleEndian(UInt32(truncatingIfNeeded: input.count))
        return output
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * UInt32($0))) }
    }
}
