/// Typed codes with characters no code holds: `6M9O` for `6M9Q`. The
/// alphabet leaves out 0 O 1 I L 2 Z 5 S, so such a name is a code someone
/// mistyped (or a room that is no teacher's): what it could have meant.
extension RoomCode {
    /// The characters left out of the alphabet, and the code characters each is taken for.
    static let lookAlikes: [Character: String] = [
        "O": "QD", "0": "QD", "I": "TJ7", "1": "TJ7", "L": "", "2": "7", "Z": "7", "5": "6", "S": "",
    ]

    /// `typed` is 4 or 5 letters and digits, the length of a code, holding
    /// one or more characters no code holds (in either case).
    public static func isImpossibleCode(_ typed: String) -> Bool {
        let upper = typed.uppercased()
        return (shortLength...longLength).contains(upper.count) && upper.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            && upper.contains { !alphabet.contains($0) }
    }

    /// Whether `typed` holds a digit: a name of a code's length with one is taken for a code.
    public static func holdsDigit(_ typed: String) -> Bool { typed.contains { $0.isASCII && $0.isNumber } }

    /// The codes `typed` could be with each left-out character read as a
    /// look-alike of the alphabet (`6M9O` → `6M9Q`, `6M9D`), in capitals.
    public static func readings(of typed: String) -> [String] {
        var readings = [""]
        for character in typed.uppercased() {
            let choices = alphabet.contains(character) ? [character] : Array(lookAlikes[character] ?? "")
            readings = readings.flatMap { prefix in choices.map { prefix + String($0) } }
        }
        return readings
    }

    /// `ABCDEFGHJKMNPQRTUVWXY` and `346789`: the letters and digits codes use, as people are told.
    public static var letters: String { String(alphabet.filter(\.isLetter)) }
    public static var digits: String { String(alphabet.filter(\.isNumber)) }
}
