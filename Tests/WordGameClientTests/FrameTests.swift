import Testing
import TextColumns
import WordGame
@testable import WordGameClient

/// The frame lays text out in terminal columns: wide clusters take two
/// cells, nothing is left half drawn, and every row is exactly as wide as
/// the window, whatever alphabet or emoji it holds.
@Suite struct FrameTests {
    static let family = "👨\u{200D}👩\u{200D}👧"

    func row(_ text: String, at column: Int, columns: Int = 10) -> String {
        var frame = Frame(columns: columns, rows: 1)
        frame.put(text, row: 0, column: column)
        return frame.rows[0]
    }

    @Test func wideClustersTakeTwoColumns() {
        #expect(row("漢字", at: 0) == "漢字      ")
        #expect(row("漢字", at: 3) == "   漢字   ")
        #expect(row("🍎ab", at: 1) == " 🍎ab     ")
        #expect(row("a\(Self.family)b", at: 0) == "a\(Self.family)b      ", "the family is one cluster of two columns")
        #expect(row("e\u{301}x", at: 0) == "e\u{301}x        ", "an accent stays on its letter and takes no column")
        #expect(row("\u{1112}\u{1161}\u{11AB}!", at: 0) == "\u{1112}\u{1161}\u{11AB}!       ", "Hangul jamo make one syllable")
    }

    @Test func aWideClusterCutByAnEdgeBecomesASpace() {
        #expect(row("ab漢", at: 7) == "       ab ", "漢 would straddle the right edge")
        #expect(row("漢x", at: -1) == " x        ", "漢 would straddle the left edge")
        #expect(row("漢字x", at: -2) == "字x       ")
        #expect(row("漢", at: 9, columns: 10).columnWidth == 10)
    }

    @Test func writingOverHalfAWideClusterBlanksTheOtherHalf() {
        var frame = Frame(columns: 8, rows: 1)
        frame.put("漢字", row: 0, column: 0)
        frame.put("x", row: 0, column: 1)
        #expect(frame.rows[0] == " x字    ", "the right half of 漢 overwritten: its left half blanked")
        frame.put("y", row: 0, column: 2)
        #expect(frame.rows[0] == " xy     ", "the left half of 字 overwritten: its right half blanked")
        frame.put("漢字", row: 0, column: 0)
        frame.put("🍎", row: 0, column: 1)
        #expect(frame.rows[0] == " 🍎     ", "a wide cluster over two halves blanks both others")
    }

    @Test func neighboursThatWouldJoinAreKeptApart() {
        // Two lone regional indicators side by side would be drawn as one flag, two columns short.
        var flags = Frame(columns: 6, rows: 1)
        flags.put("\u{1F1EA}", row: 0, column: 0)
        flags.put("\u{1F1F8}", row: 0, column: 2)
        #expect(flags.rows[0] == "  \u{1F1F8}  ", "the older indicator is blanked")
        // An emoji ending in a joiner beside another emoji would become one.
        var joined = Frame(columns: 6, rows: 1)
        joined.put("👨\u{200D}", row: 0, column: 0)
        joined.put("👩", row: 0, column: 2)
        #expect(joined.rows[0] == "  👩  ")
        // A spacing mark left alone (its letter dropped) cannot sit beside another letter.
        var mark = Frame(columns: 6, rows: 1)
        mark.put("\u{915}\u{200B}\u{93F}", row: 0, column: 0)
        #expect(mark.rows[0] == "\u{915}\u{FFFD}    ")
    }

    @Test func centreAndRightMeasureInColumns() {
        var frame = Frame(columns: 10, rows: 3)
        frame.centre("漢字", row: 0)
        frame.right("漢字", row: 1)
        frame.centre("漢字漢字漢字", row: 2, width: 6)
        #expect(frame.rows == ["   漢字   ", "     漢字 ", "漢字…     "])
    }

    @Test func stylesAreInColumnsAndEachClusterIsWrittenOnce() {
        var frame = Frame(columns: 12, rows: 1)
        frame.put("漢字\(Self.family)", row: 0, column: 0)
        frame.put("X", row: 0, column: 6, .bold)
        let ansi = frame.ansi(color: false)
        #expect(ansi.contains("漢字\(Self.family)\u{1B}[0m\u{1B}[1mX\u{1B}[0m     "), "X is styled at column 6, after three wide clusters")
        #expect(ansi.contains(Self.family), "the ZWJ sequence goes out whole")
        #expect(!ansi.contains("\u{FFFD}"))
    }

    /// What a row draws on a terminal: its `ansi` line without escapes. Each
    /// row begins with its own cursor position (`ESC [ row ; 1 H`), in order.
    func drawn(_ frame: Frame) -> [String] {
        var rows: [String] = [], escape = "", inEscape = false
        for character in frame.ansi(color: true) {
            if character == "\u{1B}" { inEscape = true; escape = ""; continue }
            if inEscape {
                escape.append(character)
                guard character.isLetter else { continue }
                inEscape = false
                if character == "H" {
                    #expect(escape == "[\(rows.count + 1);1H", "row \(rows.count) is placed where it belongs")
                    rows.append("")
                }
                continue
            }
            rows[rows.count - 1].append(character)
        }
        return rows
    }

    @Test func everyRowIsExactlyTheWindowsWidth() {
        let pieces = ["a", "Zo", " ", "漢字", "\u{FF21}", "🍎", Self.family, "🇪🇸", "\u{1F1EA}", "e\u{301}", "1\u{FE0F}\u{20E3}",
                      "\u{200B}", "한", "\u{1112}\u{1161}\u{11AB}", "\u{1112}", "\u{1161}", "👨\u{200D}", "\u{301}", "\u{93F}",
                      "x\u{200D}", "…"]
        var generator = SeededGenerator(seed: 2026)
        var failures: [String] = []
        for _ in 0..<300 {
            let columns = Int.random(in: 1...16, using: &generator)
            var frame = Frame(columns: columns, rows: 2)
            var puts: [String] = []
            for _ in 0..<8 {
                let text = (0..<Int.random(in: 1...4, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
                let row = Int.random(in: 0...1, using: &generator), column = Int.random(in: -3...(columns + 1), using: &generator)
                frame.put(text, row: row, column: column, .bold)
                puts.append("\(text.debugDescription)@\(row),\(column)")
                for (index, shown) in frame.rows.enumerated() where shown.columnWidth != columns {
                    failures.append("\(columns) columns, after \(puts): row \(index) \(shown.debugDescription) takes \(shown.columnWidth)")
                }
            }
            if drawn(frame) != frame.rows { failures.append("ansi draws \(drawn(frame)), rows are \(frame.rows)") }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, the first: \(failures.prefix(3))")
    }
}
