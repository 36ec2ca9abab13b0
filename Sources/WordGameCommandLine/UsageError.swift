/// A command line that cannot be used: the message says what and how to fix it.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
