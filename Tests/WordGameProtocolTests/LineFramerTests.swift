import Testing
import WordGameProtocol

@Suite struct LineFramerTests {
    /// Feeds `input` whole, and again one byte at a time: both must give `expected`.
    func check(_ input: [UInt8], _ expected: [LineFramer.Frame], max: Int = 512, sourceLocation: SourceLocation = #_sourceLocation) {
        var whole = LineFramer(maxLineBytes: max)
        #expect(whole.feed(input) == expected, sourceLocation: sourceLocation)
        var bytewise = LineFramer(maxLineBytes: max)
        #expect(input.flatMap { bytewise.feed([$0]) } == expected, sourceLocation: sourceLocation)
    }

    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func lineEnds() {
        check(bytes("a\nb\r\nc\rd\n"), [.line("a"), .line("b"), .line("c"), .line("d")])
        check(bytes("\r\n\r\n"), [.line(""), .line("")])
        check(bytes("\r\r"), [.line(""), .line("")])
        check(bytes("\n\r"), [.line(""), .line("")])
        check(bytes("unfinished"), [])
    }

    @Test func crLfSplitAcrossReadsIsOneLineEnd() {
        var framer = LineFramer()
        #expect(framer.feed(bytes("NAME Ana\r")) == [.line("NAME Ana")])
        #expect(framer.feed(bytes("\nJOIN\n")) == [.line("JOIN")])
    }

    @Test func backspaceAndDeleteEditTheLine() {
        check(bytes("NAMX\u{08}E Ana\n"), [.line("NAME Ana")])
        check(bytes("ab\u{7F}\u{7F}\u{7F}y\n"), [.line("y")])
        // A multi-byte character is erased whole.
        check(bytes("sí\u{7F}\u{7F}y\n"), [.line("y")])
        check(bytes("año\u{7F}\u{7F}\n"), [.line("a")])
    }

    @Test func overLongLineIsReportedOnceAndDiscarded() {
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: 40)
        check(long + bytes("\nok\n"), [.tooLong, .line("ok")], max: 16)
        check(bytes(String(repeating: "y", count: 16)) + bytes("\n"), [.line(String(repeating: "y", count: 16))], max: 16)
        check(bytes(String(repeating: "y", count: 17)) + bytes("\n"), [.tooLong], max: 16)
    }

    @Test func memoryStaysBoundedWithoutALineEnd() {
        var framer = LineFramer(maxLineBytes: 16)
        var frames: [LineFramer.Frame] = []
        for _ in 0..<1_000 { frames += framer.feed([UInt8](repeating: 0x41, count: 1_000)) }
        #expect(frames == [.tooLong])
        #expect(framer.bufferedByteCount == 0)
    }

    @Test func invalidUTF8IsReportedAndTheNextLineStillWorks() {
        check([0xFF, 0xFE, 0x0A] + bytes("y\n"), [.invalidUTF8, .line("y")])
        check([0x61, 0xC3, 0x0A], [.invalidUTF8])  // truncated sequence
        check(bytes("añ\n"), [.line("añ")])
    }

    @Test func telnetNegotiationBytesAreNotText() {
        // IAC DO ECHO, as a telnet client would send it before typing.
        check([0xFF, 0xFD, 0x01] + bytes("HELP\n"), [.invalidUTF8])
    }
}
