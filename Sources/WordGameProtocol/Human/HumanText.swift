import WordGame

/// What a connection in human mode reads: a batch of messages (what the
/// server sends one person at one moment) written as sentences a person
/// understands without Protocol.md. Pure: the server calls it once per send
/// that has a human reader, never per reader of a broadcast, and for one
/// reader only where the lines are theirs alone (their verdict).
///
/// A batch, not a message, because some lines read better together: a block
/// gets one heading (HELP, the leaderboard), ROOM and MEMBERS make one
/// sentence, a TOKEN's explaining INFO is said once, the verdict and the
/// truth of a pair share a line. Messages a person does not act on are left
/// out (END, PROGRESS, ARRIVED, DEPARTED); see Protocol.md §1, "Human mode
/// and machine mode".
public enum HumanText {
    public struct Context: Equatable, Sendable {
        /// `JOIN` makes rooms; false on a `--hosted-only` server, where students type a code.
        public var openRooms: Bool
        /// The batch's ROUND is the reader's to answer (the server tracks only players' ROUND lines).
        public var answering: Bool
        /// Nothing more comes to this reader now: a trailing answer is waiting for the others.
        public var endsTurn: Bool

        public init(openRooms: Bool = true, answering: Bool = false, endsTurn: Bool = false) {
            self.openRooms = openRooms
            self.answering = answering
            self.endsTurn = endsTurn
        }
    }

    /// The human lines for `batch`, without line ends. Control characters in
    /// names and words are escaped (`\u{1B}`); nothing else is.
    public static func lines(_ batch: [ServerMessage], context: Context = Context()) -> [String] {
        var reader = HumanReading(batch: batch, context: context)
        for index in batch.indices { reader.write(at: index) }
        return reader.lines.map(HumanFormat.escapingControls)
    }

    /// Whether how `batch` reads depends on what the same reader gets next:
    /// its last message is an answer taken (the next line says whether to
    /// wait) or a pair's truth (the verdict may follow, to share its line).
    /// The server holds such a batch back until the next one, or the end of its turn.
    public static func readsWithNext(_ batch: [ServerMessage]) -> Bool {
        switch batch.last {
        case .answerTaken?, .reveal?: return true
        default: return false
        }
    }

    /// Whether `held` and `next` are written together: a pair's truth and the
    /// reader's verdict on it.
    public static func joins(_ held: [ServerMessage], _ next: [ServerMessage]) -> Bool {
        guard case .reveal(let reveal)? = held.last, case .result(let result)? = next.first else { return false }
        return reveal.number == result.number
    }
}
