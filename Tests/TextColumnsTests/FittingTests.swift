import Testing
import WordGame
import TextColumns
import WordGameTestSupport

@Suite struct FittingTests {
    @Test func examples() {
        #expect(Columns.fit("Ana María", 20) == "Ana María")
        #expect(Columns.fit("ThisNameIsWayTooLong", 8) == "ThisNam…")
        #expect(Columns.fit("漢字漢字", 4) == "漢…", "4 columns: one ideograph, the ellipsis, one column spare")
        #expect(Columns.fit("漢字漢字", 5) == "漢字…")
        #expect(Columns.fit("a👨\u{200D}👩\u{200D}👧b", 3) == "a…", "the family is not split")
        #expect(Columns.fit("abc", 1) == "…")
        #expect(Columns.fit("abc", 0) == "")
        #expect(Columns.fit("abc", -3) == "")
        #expect(Columns.prefix("漢字", 3) == "漢")
        #expect(Columns.prefix("e\u{301}x", 1) == "e\u{301}")
    }

    @Test func fitNeverSplitsAClusterNorGoesOver() async {
        await onComputeThread {
            var generator = SeededGenerator(seed: 20_251_123)
            var failures: [String] = []
            for _ in 0..<1_000 {
                let text = ClusterSamples.text(&generator)
                for width in 0...30 {
                    let fitted = Columns.fit(text, width)
                    if let problem = Self.problem(fitting: text, width, fitted) {
                        failures.append("\(text.debugDescription) in \(width) → \(fitted.debugDescription): \(problem)")
                    }
                }
            }
            #expect(failures.isEmpty, "\(failures.count) failures, the first: \(failures.prefix(5))")
        }
    }

    /// What is wrong with `fitted` as `text` fitted into `width` columns, if anything.
    static func problem(fitting text: String, _ width: Int, _ fitted: String) -> String? {
        if fitted.columnWidth > width { return "too wide" }
        if text.columnWidth <= width { return fitted == text ? nil : "changed though it fitted" }
        if width <= 0 { return fitted.isEmpty ? nil : "not empty" }
        guard fitted.last == "…" else { return "no ellipsis" }
        let kept = Array(fitted.dropLast())
        if kept != Array(text.prefix(kept.count)) { return "not whole clusters of the start" }
        // Nothing more would have fitted beside the ellipsis.
        if String(kept).columnWidth + Array(text)[kept.count].columnWidth <= width - 1 { return "cut short" }
        return nil
    }

    @Test func padGivesExactlyTheWidth() {
        #expect(Columns.pad("漢字", 6) == "漢字  ")
        #expect(Columns.pad("漢字", 6, .right) == "  漢字")
        #expect(Columns.pad("漢字", 7, .centre) == " 漢字  ")
        #expect(Columns.pad("漢字漢字", 6) == "漢字… ", "cut with the ellipsis, then padded")
        var generator = SeededGenerator(seed: 7)
        var failures: [String] = []
        for _ in 0..<300 {
            let text = ClusterSamples.text(&generator)
            for width in 0...20 {
                for alignment in [Columns.Alignment.left, .centre, .right] {
                    let padded = Columns.pad(text, width, alignment)
                    if padded.columnWidth != width {
                        failures.append("\(text.debugDescription) \(alignment) in \(width): \(padded.debugDescription)")
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }
}
