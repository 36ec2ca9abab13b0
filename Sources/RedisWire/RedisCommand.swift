/// A command as Redis reads it from a client: an array of bulk strings
/// (`*3\r\n$3\r\nSET\r\n…`). Arguments are bytes, so any value is binary-safe;
/// lengths are given, never searched for.
public struct RedisCommand: Equatable, Sendable {
    public var arguments: [[UInt8]]

    public init(bytes arguments: [[UInt8]]) {
        self.arguments = arguments
    }

    /// Each argument's UTF-8 bytes.
    public init(_ arguments: [String]) {
        self.arguments = arguments.map { Array($0.utf8) }
    }

    /// The command's bytes on the wire.
    public var encoded: [UInt8] {
        var out: [UInt8] = []
        append(to: &out)
        return out
    }

    /// Appends the command's bytes to `out` (a pipeline is commands written back to back).
    public func append(to out: inout [UInt8]) {
        out.reserveCapacity(out.count + 16 + arguments.reduce(0) { $0 + $1.count + 16 })
        out.append(contentsOf: "*\(arguments.count)\r\n".utf8)
        for argument in arguments {
            out.append(contentsOf: "$\(argument.count)\r\n".utf8)
            out.append(contentsOf: argument)
            out.append(contentsOf: [0x0D, 0x0A])
        }
    }

    /// Several commands back to back, to be sent at once (their replies come in the same order).
    public static func pipeline(_ commands: [RedisCommand]) -> [UInt8] {
        var out: [UInt8] = []
        for command in commands { command.append(to: &out) }
        return out
    }
}
