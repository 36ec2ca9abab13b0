/// SHA-1 as specified in FIPS 180-4 §6.1.
///
/// Used only to compute `Sec-WebSocket-Accept` (RFC 6455 §4.2.2), where SHA-1
/// is mandated by the protocol; it is not a security primitive here, so a
/// small, readable implementation is preferred over a fast one.
public enum SHA1 {
    /// Length of a SHA-1 digest in bytes.
    public static let digestByteCount = 20

    private static let blockByteCount = 64

    /// Returns the 20-byte SHA-1 digest of `message`.
    public static func hash(_ message: [UInt8]) -> [UInt8] {
        var state: (UInt32, UInt32, UInt32, UInt32, UInt32) =
            (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)

        // Whole blocks straight from the message, so no padded copy of a
        // large input is ever made.
        let wholeBlockBytes = message.count - message.count % blockByteCount
        var blockStart = 0
        while blockStart < wholeBlockBytes {
            compress(&state, message[blockStart..<(blockStart + blockByteCount)])
            blockStart += blockByteCount
        }

        // Padding (FIPS 180-4 §5.1.1): 0x80, zeros, then the bit length as a
        // 64-bit big-endian integer, filling one or two final blocks.
        var tail = Array(message[wholeBlockBytes...])
        tail.append(0x80)
        while tail.count % blockByteCount != blockByteCount - 8 {
            tail.append(0)
        }
        let bitLength = UInt64(message.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        var tailStart = 0
        while tailStart < tail.count {
            compress(&state, tail[tailStart..<(tailStart + blockByteCount)])
            tailStart += blockByteCount
        }

        var digest: [UInt8] = []
        digest.reserveCapacity(digestByteCount)
        for word in [state.0, state.1, state.2, state.3, state.4] {
            digest.append(UInt8(truncatingIfNeeded: word >> 24))
            digest.append(UInt8(truncatingIfNeeded: word >> 16))
            digest.append(UInt8(truncatingIfNeeded: word >> 8))
            digest.append(UInt8(truncatingIfNeeded: word))
        }
        return digest
    }

    /// One application of the compression function to a 64-byte block
    /// (FIPS 180-4 §6.1.2).
    private static func compress(
        _ state: inout (UInt32, UInt32, UInt32, UInt32, UInt32),
        _ block: ArraySlice<UInt8>
    ) {
        var schedule = [UInt32](repeating: 0, count: 80)
        var index = block.startIndex
        for t in 0..<16 {
            schedule[t] = UInt32(block[index]) << 24 | UInt32(block[index + 1]) << 16
                | UInt32(block[index + 2]) << 8 | UInt32(block[index + 3])
            index += 4
        }
        for t in 16..<80 {
            schedule[t] = rotateLeft(
                schedule[t - 3] ^ schedule[t - 8] ^ schedule[t - 14] ^ schedule[t - 16], by: 1)
        }

        var (a, b, c, d, e) = state
        for t in 0..<80 {
            let mixed: UInt32
            let constant: UInt32
            switch t {
            case 0..<20:
                mixed = (b & c) | (~b & d)
                constant = 0x5A82_7999
            case 20..<40:
                mixed = b ^ c ^ d
                constant = 0x6ED9_EBA1
            case 40..<60:
                mixed = (b & c) | (b & d) | (c & d)
                constant = 0x8F1B_BCDC
            default:
                mixed = b ^ c ^ d
                constant = 0xCA62_C1D6
            }
            let temp = rotateLeft(a, by: 5) &+ mixed &+ e &+ constant &+ schedule[t]
            e = d
            d = c
            c = rotateLeft(b, by: 30)
            b = a
            a = temp
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
    }

    private static func rotateLeft(_ value: UInt32, by count: UInt32) -> UInt32 {
        (value << count) | (value >> (32 - count))
    }
}
