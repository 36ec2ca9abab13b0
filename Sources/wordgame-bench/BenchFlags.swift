/// A bench subcommand's flags, read one at a time: a flag's value, or a number in its range, or the run stops
/// with what was wrong and the subcommand's usage.
struct BenchFlags {
    private var rest: ArraySlice<String>
    private let usage: String

    init(_ arguments: [String], usage: String) {
        rest = arguments[...]
        self.usage = usage
    }

    /// The next flag, nil when all are read.
    mutating func next() -> String? { rest.popFirst() }

    /// The value after `flag`.
    mutating func value(_ flag: String) -> String {
        guard let next = rest.popFirst() else { fail("\(flag) needs a value\n\(usage)") }
        return next
    }

    /// The number after `flag`, within `range`.
    mutating func number(_ flag: String, _ range: ClosedRange<Double>) -> Double {
        let text = value(flag)
        guard let number = Double(text), range.contains(number) else { fail("\(flag) \(text): not a number in \(range)\n\(usage)") }
        return number
    }
}
