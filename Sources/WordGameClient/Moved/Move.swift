import WordGameProtocol

/// Where a server sent a command that names a room or a seat (`JOIN`,
/// `WATCH`, `HOST <room> <key>`, `RESUME`): the place of its `MOVED`, and the
/// `ERROR moved` right after it, whose text is shown should the client stop
/// following (Protocol.md §4, "A fleet of servers").
public struct Move: Equatable, Sendable {
    public var place: Elsewhere
    public var error: ProtocolError

    /// Reads a reply line by line and finds the pair. Only a `MOVED` just
    /// before its `ERROR moved` counts: one anywhere else is no answer to the
    /// command, and an `ERROR moved` whose `MOVED` could not be read (out of
    /// range, so skipped) is left to be shown as any error.
    struct Reader {
        private var place: Elsewhere?

        /// The move, once the pair is whole; nil for every other line (the caller reads those as before).
        mutating func read(_ message: ServerMessage) -> Move? {
            defer { if case .moved(let there) = message { place = there } else { place = nil } }
            guard case .error(let problem) = message, problem.code == .moved, let place else { return nil }
            return Move(place: place, error: problem)
        }
    }
}
