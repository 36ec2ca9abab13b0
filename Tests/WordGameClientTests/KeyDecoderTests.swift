import Testing
import WordGameClient

@Suite struct KeyDecoderTests {
    func decode(_ bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.feed(bytes)
    }

    @Test func lettersEnterBackspaceAndCtrlC() {
        #expect(decode(Array("yn".utf8)) == [.character("y"), .character("n")])
        #expect(decode([0x0D, 0x7F, 0x03]) == [.enter, .backspace, .interrupt])
        #expect(decode(Array("ñ".utf8)) == [.character("ñ")])
    }

    @Test func arrowKeysInBothForms() {
        #expect(decode([0x1B, 0x5B, 0x43, 0x1B, 0x5B, 0x44]) == [.right, .left])  // ESC [ C, ESC [ D
        #expect(decode([0x1B, 0x4F, 0x43]) == [.right])  // ESC O C (application cursor keys, as in tmux)
        #expect(decode([0x1B, 0x5B, 0x31, 0x3B, 0x32, 0x44]) == [.left])  // ESC [ 1 ; 2 D (shift-left)
    }

    @Test func splitEscapeSequencesAreKeptBetweenCalls() {
        let bytes: [UInt8] = [0x79, 0x1B, 0x5B, 0x43, 0x6E, 0x1B, 0x5B, 0x44]
        for split in 0...bytes.count {
            var decoder = KeyDecoder()
            let keys = decoder.feed(bytes[..<split]) + decoder.feed(bytes[split...])
            #expect(keys == [.character("y"), .right, .character("n"), .left], "split at \(split)")
        }
        var bytewise = KeyDecoder()
        #expect(bytes.flatMap { bytewise.feed([$0]) } == [.character("y"), .right, .character("n"), .left])
    }

    @Test func aSplitUTF8CharacterIsKeptToo() {
        var decoder = KeyDecoder()
        let bytes = Array("é".utf8)
        #expect(decoder.feed(bytes[..<1]) == [])
        #expect(decoder.feed(bytes[1...]) == [.character("é")])
    }

    @Test func aLoneEscapeIsTheEscapeKeyOnceFlushed() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.isWaiting)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.isWaiting)
        #expect(decoder.feed([0x1B, 0x71]) == [.escape, .character("q")])  // ESC then q
    }

    @Test func unknownSequencesAreSkipped() {
        #expect(decode([0x1B, 0x5B, 0x32, 0x7E, 0x79]) == [.character("y")])  // ESC [ 2 ~ (Insert), then y
    }
}
