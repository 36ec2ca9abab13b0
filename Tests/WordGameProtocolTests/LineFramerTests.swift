import Testing
import WordGame
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

    /// The server feeds a line at a time (`ArraySlice`, with a fast path for
    /// whole lines); whatever the bytes, that must frame as feeding them one
    /// at a time does. Seeded random streams of line ends, erasers, invalid
    /// and multi-byte UTF-8 and over-long lines, cut where the server cuts.
    @Test func linesFedAsTheServerFeedsThemFrameAsBytesDo() {
        var generator = SeededGenerator(seed: 29)
        let pieces: [[UInt8]] = [[0x0A], [0x0D], [0x0D, 0x0A], [0x08], [0x7F], [0xFF], [0xC3, 0xA9], [0xC3],
                                 Array("ANSWER 1 y".utf8), Array("abcdefgh".utf8), [0x20], Array("é".utf8)]
        for round in 0..<400 {
            var stream: [UInt8] = []
            for _ in 0..<Int.random(in: 1...20, using: &generator) { stream += pieces.randomElement(using: &generator)! }
            let max = [4, 8, 512].randomElement(using: &generator)!
            var bytewise = LineFramer(maxLineBytes: max)
            let expected = stream.flatMap { bytewise.feed([$0]) }
            // Cut as `InputBuffer.takeLine` does: up to and including each LF or CR.
            var byLine = LineFramer(maxLineBytes: max)
            var frames: [LineFramer.Frame] = []
            var start = 0
            for (index, byte) in stream.enumerated() where byte == 0x0A || byte == 0x0D {
                frames += byLine.feed(stream[start...index])
                start = index + 1
            }
            frames += byLine.feed(stream[start...])
            #expect(frames == expected, "round \(round): \(stream)")
            #expect(byLine.bufferedByteCount == bytewise.bufferedByteCount)
        }
    }
}
