import WordGameProtocol

/// Drawing fresh codes: rooms, host keys and resume codes.
extension RoomCode {
    /// One draw gives every character (27^13 < 2^64): a room of 10,000 makes
    /// a resume code per join, and draws come from the kernel's generator. A
    /// draw in the last, partial span is drawn again, so every code is
    /// equally likely.
    static func make(length: Int, random: () -> UInt64) -> String {
        precondition((1...13).contains(length), "a code of 1 to 13 characters")
        let base = UInt64(alphabet.count)
        let span = (0..<length).reduce(1 as UInt64) { product, _ in product * base }
        let limit = UInt64.max - UInt64.max % span
        var value = random()
        while value >= limit { value = random() }
        var code = ""
        for _ in 0..<length {
            code.append(alphabet[Int(value % base)])
            value /= base
        }
        return code
    }

    /// A code no room uses yet; `isTaken` is asked about the lower-case form
    /// (room names are folded to lower case).
    static func fresh(roomCount: Int, random: () -> UInt64, isTaken: (String) -> Bool) -> String {
        let length = roomCount * 400 < 531_441 ? shortLength : longLength
        while true {
            let code = make(length: length, random: random)
            if !isTaken(code.lowercased()) { return code }
        }
    }
}
