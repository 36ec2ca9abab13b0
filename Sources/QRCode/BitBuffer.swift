/// An append-only sequence of bits, most significant bit first, as the data bit stream
/// of ISO/IEC 18004 §7.4 is built: fields of a few bits each, then whole codewords.
struct BitBuffer: Sendable {
    private(set) var bytes: [UInt8] = []
    private(set) var count = 0

    init(reservingBits capacity: Int = 0) {
        bytes.reserveCapacity((capacity + 7) / 8)
    }

    /// Appends the low `bitCount` bits of `value`, most significant first.
    mutating func append(_ value: Int, bitCount: Int) {
        precondition(bitCount >= 0 && bitCount <= 31 && value >> bitCount == 0, "value does not fit in bitCount bits")
        for shift in stride(from: bitCount - 1, through: 0, by: -1) {
            appendBit((value >> shift) & 1 == 1)
        }
    }

    mutating func appendBit(_ bit: Bool) {
        if count % 8 == 0 { bytes.append(0) }
        if bit { bytes[count / 8] |= 0x80 >> UInt8(count % 8) }
        count += 1
    }
}
