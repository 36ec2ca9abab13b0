import Testing
import WordGameResults

@Suite struct CSVTests {
    @Test func fieldsAreQuotedOnlyWhenTheyMustBe() {
        #expect(CSV.record([.text("plain"), .number(42), .empty, .text("a,b"), .text("say \"hi\""), .text("two\nlines")])
                == "plain,42,,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\"\r\n")
    }

    @Test(arguments: ["=1+2", "+SUM(A1)", "-2+3", "@cmd", "\tx", "\ry"])
    func formulaCellsAreDefused(text: String) {
        #expect(CSV.defused(text) == "'" + text)
        #expect(CSV.parse(CSV.file(header: ["name"], rows: [[.text(text)]]))[1] == ["'" + text])
    }

    @Test func ordinaryTextIsLeftAlone() {
        for text in ["Ana", "Zoë", "a=b", "1+1", "", " -x"] { #expect(CSV.defused(text) == text) }
        #expect(CSV.record([.number(-3)]) == "-3\r\n", "numbers are numbers, not text")
    }

    @Test func aFileStartsWithTheByteOrderMarkAndParsesBack() {
        let rows: [[CSV.Cell]] = [[.text("Zoë \"Z\", Jr"), .number(7)], [.text("línea\r\ndos"), .empty]]
        let text = CSV.file(header: ["name", "n"], rows: rows)
        #expect(text.utf8.starts(with: [0xEF, 0xBB, 0xBF]))
        #expect(CSV.parse(text) == [["name", "n"], ["Zoë \"Z\", Jr", "7"], ["línea\r\ndos", ""]])
    }

    /// A comma or a quote that a combining mark follows is one character to
    /// Swift, but still a comma or a quote to a spreadsheet: quoted all the same.
    @Test func aCommaUnderACombiningMarkIsStillQuoted() {
        for text in ["a,\u{301}b", "\"\u{301}x", "a\r\n\u{301}b"] {
            #expect(CSV.parse(CSV.file(header: ["name"], rows: [[.text(text), .number(1)]]))[1] == [text, "1"],
                    "\(Array(text.unicodeScalars))")
        }
    }
}
