/// What a connection receives: sentences for a person at `nc` (the default)
/// or the lines of Protocol.md for a program. `MODE MACHINE` and `MODE HUMAN`
/// switch, at any time. The greeting comes before any command, so it is the
/// one line that is the same in both.
public enum LineMode: String, Equatable, Sendable, CaseIterable {
    case human = "HUMAN"
    case machine = "MACHINE"

    /// The reply to `MODE`, already in the mode chosen: `OK MODE MACHINE` for a
    /// program, a sentence for a person. It is not a `ServerMessage`: nothing
    /// follows from it but what was asked, so a client's switch over the
    /// messages it acts on needs no case for it (and skips the line, as it
    /// skips any line it does not parse).
    public var confirmation: String {
        switch self {
        case .machine: return "OK MODE MACHINE"
        case .human: return "You get sentences now (human mode). HELP lists the commands."
        }
    }
}
