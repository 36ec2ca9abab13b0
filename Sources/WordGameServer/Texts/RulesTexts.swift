import WordGame
import WordGameProtocol

/// The words of `RULES`' errors, for the host at `nc` (Protocol.md §4, RULES).
extension Room {
    var rulesNotHostText: String {
        guard let host = hostName else { return "Only the host sets the rules. Type RULES to see them." }
        return "Only the host (\(host)) sets the rules. Type RULES to see them."
    }

    static let rulesDuringGame = "The rules change between games: wait for this game to end (or STOP it), then type RULES again."
    static let rulesDuringCountdown = "A game is about to start: STOP calls it off, then type RULES again."

    static func pairsOutOfRange(_ pairs: Int) -> String {
        let range = Rules.hostPairCountRange
        return "PAIRS is \(range.lowerBound) to \(range.upperBound), not \(pairs). The rules stay as they were."
    }

    static func secondsOutOfRange(_ milliseconds: Int) -> String {
        let range = Rules.hostRoundMillisecondsRange
        return "SECONDS is \(range.lowerBound / 1_000) to \(range.upperBound / 1_000), in whole or tenth seconds (2.5), "
            + "not \(tenths(milliseconds)). The rules stay as they were."
    }

    static func outOutOfRange(_ count: Int) -> String {
        "OUT is \(Rules.hostMaxIncorrectRange.lowerBound) to \(Rules.hostMaxIncorrectRange.upperBound) wrong answers, or NEVER, "
            + "not \(count). The rules stay as they were."
    }

    func noSuchList(_ name: String) -> String {
        "There is no word list \(name). The lists are: \(environment.lists.names.joined(separator: ", ")). "
            + "The rules stay as they were."
    }

    private static func tenths(_ milliseconds: Int) -> String {
        milliseconds % 1_000 == 0 ? "\(milliseconds / 1_000)" : "\(milliseconds / 1_000).\(milliseconds % 1_000 / 100)"
    }
}

extension ConsoleTexts {
    static func rules(room: String, _ rules: RoomRules) -> String {
        let out = rules.maxIncorrect == Rules.neverOut ? "nobody out" : "out after \(rules.maxIncorrect)"
        return "\(room): rules \(rules.pairs) pairs, \(rules.roundMilliseconds) ms, \(out), list \(rules.list)"
    }
}
