/// Why a line of a teacher's list was not read: the reading's verdict (`ListText`), the word `SKIPPED` carries
/// (Protocol.md §5), and the few words a person reads for it.
public enum ListSkip: String, Sendable, CaseIterable {
    /// Not two sides: one cell, or a third cell that is not empty.
    case columns
    /// A side is empty (or only white space).
    case empty
    /// A side is longer than 60 characters or 240 bytes (`SideCheck`).
    case tooLong = "too-long"
    /// The same pair as a line before it.
    case duplicate
    /// A side holds a control character, or only characters that show nothing.
    case unshowable

    /// The reason as a person reads it, after the line's number (at `nc`, on the projector).
    public var sentence: String {
        switch self {
        case .columns: "not two sides"
        case .empty: "a side is empty"
        case .tooLong: "a side is too long"
        case .duplicate: "the same pair again"
        case .unshowable: "a side cannot be shown"
        }
    }
}
