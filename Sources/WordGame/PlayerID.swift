/// A person's seat: a player in a match, and in the server whoever sits in a
/// room in any role (playing, hosting, watching). It outlives a connection:
/// a player who comes back with `RESUME` on a new connection keeps it, so
/// rooms and matches never learn that the connection changed.
public struct PlayerID: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    public let rawValue: Int

    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public init(integerLiteral value: Int) { rawValue = value }

    public static func < (a: PlayerID, b: PlayerID) -> Bool { a.rawValue < b.rawValue }

    public var description: String { "player \(rawValue)" }
}
