import WordGame
import WordGameProtocol

/// The host's settings screen on the projector (`R` between games): the room's rules for its
/// next game, changed with the arrow keys and sent as one `RULES …` line (Protocol.md §4).
/// Each value stays in what a host may choose (`Rules.host…Range`), so the server refuses only
/// what changed under it (a game started, a list gone).
public struct PresentSettings: Equatable, Sendable {
    public enum Field: Int, CaseIterable, Sendable { case pairs, seconds, out, list }

    /// The rules as the server last said them: only what differs from these is sent.
    public var told: RoomRules
    /// The rules as the host has set them on this screen.
    public var chosen: RoomRules
    /// The server's word lists (`WORDLIST`), in its order; empty until its reply to `RULES` comes.
    public var lists: [(name: String, words: Int)] = []
    public var field: Field = .pairs
    /// A `RULES` line was sent and its `OK RULES` or `ERROR` has not come yet.
    public var applying = false
    /// Why the server refused the last change, to show on this screen.
    public var problem: String?

    public init(_ rules: RoomRules, lists: [(name: String, words: Int)] = []) {
        told = rules
        chosen = rules
        self.lists = lists
    }

    public static func == (a: PresentSettings, b: PresentSettings) -> Bool {
        a.told == b.told && a.chosen == b.chosen && a.field == b.field && a.applying == b.applying && a.problem == b.problem
            && a.lists.map(\.name) == b.lists.map(\.name) && a.lists.map(\.words) == b.lists.map(\.words)
    }

    /// Seconds a pair, in milliseconds: half seconds below 5 s, where half a second matters, then whole seconds.
    static let secondsSteps: [Int] = Array(stride(from: 1_000, to: 5_000, by: 500)) + Array(stride(from: 5_000, through: 60_000, by: 1_000))

    /// New rules from the server: a setting the host has not touched follows them.
    mutating func receive(_ rules: RoomRules) {
        if chosen.pairs == told.pairs { chosen.pairs = rules.pairs }
        if chosen.roundMilliseconds == told.roundMilliseconds { chosen.roundMilliseconds = rules.roundMilliseconds }
        if chosen.maxIncorrect == told.maxIncorrect { chosen.maxIncorrect = rules.maxIncorrect }
        if chosen.list == told.list { chosen.list = rules.list }
        told = rules
    }

    mutating func move(by step: Int) {
        let all = Field.allCases
        field = all[(field.rawValue + step + all.count) % all.count]
    }

    /// ← (-1) or → (+1) on the chosen setting (±10 with Page Up and Down); at either end a value stays.
    mutating func change(by step: Int) {
        problem = nil
        switch field {
        case .pairs: chosen.pairs = Self.clamp(chosen.pairs + step, Rules.hostPairCountRange)
        case .seconds:
            let now = chosen.roundMilliseconds
            // A value set off the steps (2.3 s from a terminal) moves to the next step on its side.
            let steps = Self.secondsSteps
            var index = step > 0 ? steps.lastIndex { $0 <= now } ?? -1 : steps.firstIndex { $0 >= now } ?? steps.count
            index = max(0, min(steps.count - 1, index + step))
            chosen.roundMilliseconds = steps[index]
        case .out:
            // Never (0) sits just below 1: from the usual 3, three presses of ← reach it.
            chosen.maxIncorrect = Self.clamp(chosen.maxIncorrect + step, Rules.neverOut...Rules.hostMaxIncorrectRange.upperBound)
        case .list:
            guard !lists.isEmpty else { return }
            let index = lists.firstIndex { $0.name == chosen.list } ?? 0
            chosen.list = lists[max(0, min(lists.count - 1, index + step))].name
        }
    }

    /// The change to send: only the settings that differ from the server's; nil when none does.
    var change: RulesChange? {
        var change = RulesChange()
        if chosen.pairs != told.pairs { change.pairs = chosen.pairs }
        if chosen.roundMilliseconds != told.roundMilliseconds { change.roundMilliseconds = chosen.roundMilliseconds }
        if chosen.maxIncorrect != told.maxIncorrect { change.maxIncorrect = chosen.maxIncorrect }
        if chosen.list != told.list { change.list = chosen.list }
        return change == RulesChange() ? nil : change
    }

    private static func clamp(_ value: Int, _ range: ClosedRange<Int>) -> Int { min(range.upperBound, max(range.lowerBound, value)) }

    /// Each setting as the screen says it: its label and its value.
    func rows() -> [(field: Field, label: String, value: String)] {
        let seconds = LineModeText.seconds(chosen.roundMilliseconds)
        let out = chosen.maxIncorrect == Rules.neverOut ? "never: everyone plays every pair"
            : "after \(chosen.maxIncorrect) wrong answer\(chosen.maxIncorrect == 1 ? "" : "s")"
        let words = lists.first { $0.name == chosen.list }.map { "  (\($0.words) words)" } ?? ""
        return [(.pairs, "Pairs in a game", "\(chosen.pairs)"),
                (.seconds, "Seconds a pair", "\(seconds) s"),
                (.out, "Out", out),
                (.list, "Word list", ScreenText.safe(chosen.list) + words)]
    }
}
