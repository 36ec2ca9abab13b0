import Testing
import WordGame
@testable import WordGameProtocol

/// The answer fast path (`ClientCommand.parseCommonAnswer`) against the
/// general parser: it must take the lines sent all game long, and give what
/// the general path gives for every line it takes.
@Suite struct CommonAnswersTests {
    @Test(arguments: [
        ("ANSWER 3 y", ClientCommand.answer(round: 3, .correct)), ("a 12 N", .answer(round: 12, .wrong)),
        ("answer 0 correct", .answer(round: 0, .correct)), ("A 999999999 wrong", .answer(round: 999_999_999, .wrong)),
        ("ANSWER CORRECT", .answer(round: nil, .correct)), ("a w", .answer(round: nil, .wrong)),
        ("y", .answer(round: nil, .correct)), ("  YES ", .answer(round: nil, .correct)), ("No", .answer(round: nil, .wrong)),
        ("ANSWER  7   c", .answer(round: 7, .correct)),
    ])
    func takesTheLinesOfAGame(line: String, command: ClientCommand) {
        #expect(ClientCommand.parseCommonAnswer(line) == command)
        #expect(ClientCommand.parseGeneral(line) == .success(command))
    }

    /// Errors, other commands and anything not plain ASCII words go to the general path.
    @Test(arguments: ["ANSWER 01 y", "ANSWER +1 y", "ANSWER 1234567890 y", "ANSWER 2 3 y", "ANSWER maybe", "ANSWER",
                      "y please", "START", "NAME y", "ANSWER\t1 y", "ANSWER 1 y\u{301}", "\u{1B}[C", "", "   ", "ANSWERS 1 y"])
    func leavesTheRestToTheGeneralPath(line: String) {
        #expect(ClientCommand.parseCommonAnswer(line) == nil)
    }

    /// Seeded random lines from the words of answers and their near misses:
    /// whatever the fast path takes, the general path reads the same, and
    /// `parse` agrees with the general path on every line.
    @Test func agreesWithTheGeneralPathOnRandomLines() {
        let words = ["ANSWER", "answer", "Answer", "A", "a", "y", "Y", "yes", "YeS", "n", "NO", "c", "correct", "CORRECT", "w",
                     "wrong", "WRONG", "0", "1", "7", "01", "+1", "42", "999999999", "1234567890", "START", "help", "ANSWERS",
                     "yy", "é", "\t", "\u{1B}[C", "x", "1y", "ANSWER1"]
        var random = SeededGenerator(seed: 10)
        var taken = 0
        for _ in 0..<20_000 {
            var line = String(repeating: " ", count: Int.random(in: 0...1, using: &random))
            for index in 0..<Int.random(in: 1...4, using: &random) {
                if index > 0 { line += String(repeating: " ", count: Int.random(in: 1...2, using: &random)) }
                line += words.randomElement(using: &random)!
            }
            line += String(repeating: " ", count: Int.random(in: 0...1, using: &random))
            let general = ClientCommand.parseGeneral(line)
            if let fast = ClientCommand.parseCommonAnswer(line) {
                taken += 1
                #expect(general == .success(fast), "\(line.debugDescription)")
            }
            #expect(ClientCommand.parse(line) == general, "\(line.debugDescription)")
        }
        #expect(taken > 1_000, "the random lines hold enough answers to compare")
    }
}
