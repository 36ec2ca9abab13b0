import Testing
import WordGame
import TextColumns
import WordGameTestSupport

@Suite struct WrappingTests {
    @Test func examples() {
        #expect(Columns.wrap("the quick brown fox", 10) == ["the quick", "brown fox"])
        #expect(Columns.wrap("漢字 漢字漢字", 6) == ["漢字", "漢字漢"] + ["字"])
        #expect(Columns.wrap("abcdefgh", 3) == ["abc", "def", "gh"], "a long word is broken between clusters")
        #expect(Columns.wrap("a  b\nc", 10) == ["a b", "c"], "runs of spaces become one; a newline breaks")
        #expect(Columns.wrap("👨\u{200D}👩\u{200D}👧👨\u{200D}👩\u{200D}👧", 3) == ["👨\u{200D}👩\u{200D}👧", "👨\u{200D}👩\u{200D}👧"])
        #expect(Columns.wrap("", 5) == [""])
        #expect(Columns.wrap("漢", 1) == ["漢"], "a cluster wider than the line stands alone rather than being lost")
        #expect(Columns.wrap("ab \u{301}cd", 3) == ["ab", "\u{301}cd"], "a space with an accent after it is still a space")
    }

    @Test func wrapKeepsEveryClusterAndNoLineGoesOver() async {
        await onComputeThread {
            var generator = SeededGenerator(seed: 42)
            var failures: [String] = []
            for _ in 0..<1_000 {
                let text = ClusterSamples.text(&generator)
                for width in 2...24 {
                    let lines = Columns.wrap(text, width)
                    if let problem = Self.problem(wrapping: text, width, lines) {
                        failures.append("\(text.debugDescription) in \(width) → \(lines): \(problem)")
                    }
                }
            }
            #expect(failures.isEmpty, "\(failures.count) failures, the first: \(failures.prefix(5))")
        }
    }

    /// What is wrong with `lines` as `text` wrapped at `width` columns, if anything.
    static func problem(wrapping text: String, _ width: Int, _ lines: [String]) -> String? {
        if let long = lines.first(where: { $0.columnWidth > width }) { return "\(long.debugDescription) is too wide" }
        if lines.contains(where: { $0.first == " " || $0.last == " " }) { return "a line begins or ends with a space" }
        if lines.flatMap({ Array($0) }).filter({ $0 != " " }) != Array(text).filter({ $0 != " " }) { return "clusters lost or changed" }
        // A word that fits a line is never broken.
        let words = Set(lines.flatMap { $0.split(separator: " ").map(String.init) })
        if let broken = text.split(separator: " ").first(where: { $0.columnWidth <= width && !words.contains(String($0)) }) {
            return "\(broken.debugDescription) was broken"
        }
        return nil
    }
}
