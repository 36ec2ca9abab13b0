import WordGame

/// Arrow keys typed into `nc`: a terminal sends them as escape sequences,
/// and a person who presses → then Enter sends a line that is exactly one.
/// → answers correct and ← wrong, like `y` and `n`, in both modes. Both
/// spellings count: `ESC [ C` (normal cursor keys) and `ESC O C` (the
/// "application" cursor keys some terminals switch to).
enum ArrowKeys {
    static let escape: UInt8 = 0x1B

    /// The answer a line that is exactly a right or left arrow gives; nil otherwise.
    static func answer(_ line: String) -> Answer? {
        let bytes = Array(line.utf8)
        guard bytes.count == 3, bytes[0] == escape, bytes[1] == UInt8(ascii: "[") || bytes[1] == UInt8(ascii: "O") else { return nil }
        switch bytes[2] {
        case UInt8(ascii: "C"): return .correct
        case UInt8(ascii: "D"): return .wrong
        default: return nil
        }
    }

    /// Whether `text` holds an escape: another key (↑, ↓, Home, F1…), or
    /// arrows mixed with other typing. The error for it never echoes the
    /// bytes back: a person reads which keys answer instead.
    static func holdsEscape(_ text: Substring) -> Bool { text.utf8.contains(escape) }

    static let otherKey = "That was a special key, not a command. "
        + "Type y or press → if the pair is right, n or ← if it is wrong; HELP lists the commands."
}
