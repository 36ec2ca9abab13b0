import WordGame

/// What `RULES` asks to change (Protocol.md §4, RULES): one or several of a room's settings,
/// each nil when left as it is. Read here only as far as the form of each value goes; the
/// room checks the ranges (`Rules.host…Range`) and the list's name against the lists it has.
public struct RulesChange: Equatable, Sendable {
    public var pairs: Int?
    /// Seconds a pair, in milliseconds (typed in whole or tenth seconds).
    public var roundMilliseconds: Int?
    /// Out after this many wrong attempts; `Rules.neverOut` for never.
    public var maxIncorrect: Int?
    /// A list's name as typed (checked for its form, folded to lower case).
    public var list: String?

    public init(pairs: Int? = nil, roundMilliseconds: Int? = nil, maxIncorrect: Int? = nil, list: String? = nil) {
        self.pairs = pairs
        self.roundMilliseconds = roundMilliseconds
        self.maxIncorrect = maxIncorrect
        self.list = list
    }

    /// The setting words, in the order `line` writes them.
    public enum Setting: String, CaseIterable, Sendable {
        case pairs = "PAIRS"
        case seconds = "SECONDS"
        case out = "OUT"
        case list = "LIST"
    }

    /// The word after `OUT` for "nobody is ever out".
    public static let never = "NEVER"

    /// Reads the words after `RULES`: setting, value, setting, value… in any order and any case.
    static func parse(_ words: [String]) -> Result<RulesChange, ProtocolError> {
        var change = RulesChange()
        var seen: Set<Setting> = []
        var index = 0
        while index < words.count {
            guard let setting = Setting(rawValue: words[index].uppercased()) else { return .failure(usage) }
            guard index + 1 < words.count else { return .failure(missingValue(setting)) }
            guard seen.insert(setting).inserted else { return .failure(usage) }
            let value = words[index + 1]
            switch setting {
            case .pairs:
                guard let pairs = WireNumber.parse(value) else { return .failure(notANumber(setting)) }
                change.pairs = pairs
            case .seconds:
                guard let milliseconds = Self.milliseconds(value) else { return .failure(notANumber(setting)) }
                change.roundMilliseconds = milliseconds
            case .out:
                if value.uppercased() == never { change.maxIncorrect = Rules.neverOut; break }
                guard let count = WireNumber.parse(value) else { return .failure(notANumber(setting)) }
                change.maxIncorrect = count
            case .list:
                guard let name = WordListName.valid(value) else { return .failure(badListName) }
                change.list = name
            }
            index += 2
        }
        return .success(change)
    }

    /// `8` or `8.5` seconds in milliseconds: whole seconds (at most 4 digits, no leading zero) and at most one decimal.
    static func milliseconds(_ text: String) -> Int? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = WireNumber.parse(parts[0], maxDigits: 4) else { return nil }
        guard parts.count == 2 else { return whole * 1_000 }
        guard parts[1].count == 1, let tenth = WireNumber.parse(parts[1], maxDigits: 1) else { return nil }
        return whole * 1_000 + tenth * 100
    }

    /// The words after `RULES` that ask for this change (what a client program writes).
    var words: String {
        var words: [String] = []
        if let pairs { words += [Setting.pairs.rawValue, "\(pairs)"] }
        if let roundMilliseconds {
            let tenths = roundMilliseconds / 100
            words += [Setting.seconds.rawValue, tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"]
        }
        if let maxIncorrect { words += [Setting.out.rawValue, maxIncorrect == Rules.neverOut ? Self.never : "\(maxIncorrect)"] }
        if let list { words += [Setting.list.rawValue, list] }
        return words.joined(separator: " ")
    }

    static let usage = ProtocolError(.badArgument, "Type RULES to see the rules and the word lists, or RULES and the settings to change, "
        + "e.g. RULES PAIRS 10 SECONDS 8 OUT NEVER LIST animals (each setting once).")

    static func missingValue(_ setting: Setting) -> ProtocolError {
        ProtocolError(.badArgument, "\(setting.rawValue) needs a value after it, e.g. RULES \(example(setting)).")
    }

    static func notANumber(_ setting: Setting) -> ProtocolError {
        let form = switch setting {
        case .seconds: "a number of seconds, whole or with one decimal (8 or 2.5)"
        case .out: "a number of wrong answers, or NEVER"
        default: "a whole number"
        }
        return ProtocolError(.badArgument, "\(setting.rawValue) takes \(form), e.g. RULES \(example(setting)).")
    }

    static let badListName = ProtocolError(.badArgument, "A list's name is 1 to \(WordListName.maxLength) letters, digits, - or _. "
        + "Type RULES to see the lists.")

    static func example(_ setting: Setting) -> String {
        switch setting {
        case .pairs: "PAIRS 10"
        case .seconds: "SECONDS 8"
        case .out: "OUT NEVER"
        case .list: "LIST animals"
        }
    }
}
