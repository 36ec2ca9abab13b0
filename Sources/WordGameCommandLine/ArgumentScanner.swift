/// Reads `--flag value` and `--flag=value` arguments one at a time.
public struct ArgumentScanner {
    private var remaining: ArraySlice<String>

    public init(_ arguments: [String]) { remaining = arguments[...] }

    /// One argument: a flag, with an inline `=value` split off, or a positional one.
    public enum Argument {
        case flag((flag: String, inlineValue: String?))
        case positional(String)
    }

    /// The next argument; nil when done. For commands that take positional arguments.
    public mutating func next() -> Argument? {
        guard let argument = remaining.popFirst() else { return nil }
        guard argument.hasPrefix("-"), argument != "-" else { return .positional(argument) }
        if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
            return .flag((String(argument[..<equals]), String(argument[argument.index(after: equals)...])))
        }
        return .flag((argument, nil))
    }

    /// The next flag; nil when done. A positional argument is an error here.
    public mutating func nextFlag() throws(UsageError) -> (flag: String, inlineValue: String?)? {
        switch next() {
        case nil: return nil
        case .positional(let argument): throw UsageError("unexpected argument '\(argument)'")
        case .flag(let flag): return flag
        }
    }

    public mutating func value(for flag: (flag: String, inlineValue: String?)) throws(UsageError) -> String {
        if let inline = flag.inlineValue { return inline }
        guard let value = remaining.popFirst() else { throw UsageError("\(flag.flag) needs a value") }
        return value
    }

    public mutating func integer<T: FixedWidthInteger>(for flag: (flag: String, inlineValue: String?),
                                                       in range: ClosedRange<T>) throws(UsageError) -> T {
        let text = try value(for: flag)
        guard let number = T(text), range.contains(number) else {
            throw UsageError("\(flag.flag) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return number
    }
}
