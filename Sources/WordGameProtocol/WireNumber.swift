/// Numbers on the wire (Protocol.md §2): decimal digits (1 to 9 from a client), no sign,
/// no leading zero. Anything else is not a number, so `+1` and `01` are
/// refused rather than read as 1, and no value can overflow.
public enum WireNumber {
    public static let maxDigits = 9

    /// `maxDigits`: 9 for what clients send; the server's lines allow more (`ServerMessage.maxNumberDigits`).
    public static func parse<S: StringProtocol>(_ text: S, maxDigits: Int = WireNumber.maxDigits) -> Int? {
        parse(utf8: text.utf8, maxDigits: maxDigits)
    }

    /// The same, from the bytes of a line (`ClientCommand.parseCommonAnswer`).
    public static func parse<Bytes: Collection>(utf8 digits: Bytes,
                                                maxDigits: Int = WireNumber.maxDigits) -> Int? where Bytes.Element == UInt8 {
        guard (1...maxDigits).contains(digits.count), digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        if digits.count > 1 && digits.first == 0x30 { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }
}
