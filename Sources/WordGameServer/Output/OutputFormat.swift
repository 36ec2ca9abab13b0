import WordGameProtocol

/// What a connection's lines are encoded as: its mode (machine lines or
/// sentences for people) on its transport. A send is encoded once per format
/// present among its readers, however many readers share it.
struct OutputFormat: Hashable {
    let mode: LineMode
    let framing: OutputFraming

    /// A small index, for the per-send table of encodings.
    var index: Int { framing.rawValue * 2 + (mode == .machine ? 0 : 1) }

    static let count = OutputFraming.allCases.count * 2
}
