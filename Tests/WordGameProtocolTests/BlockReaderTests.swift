import Testing
import WordGame
import WordGameProtocol

/// Blocks read whole (Protocol.md §2): a client gets a block's lines at its END, each kind apart, and nothing for
/// the lines between.
@Suite struct BlockReaderTests {
    @Test func aBlockComesWholeAtItsEndAndIsThenForgotten() {
        var reader = BlockReader()
        let ana = TopEntry(rank: 1, name: "Ana", correct: 2, wrong: 0, milliseconds: 900)
        let bo = TopEntry(rank: 2, name: "Bo", correct: 1, wrong: 1, milliseconds: 1_200)
        #expect(reader.take(.top(ana)) == nil && reader.take(.top(bo)) == nil)
        #expect(reader.take(.round(RoundInfo(number: 3, pairs: 5, english: "dog", spanish: "perro", milliseconds: 5_000))) == nil)
        #expect(reader.take(.end(.top)) == .top([ana, bo]))
        #expect(reader.take(.end(.top)) == .top([]), "an empty block: its END alone")
    }

    @Test func kindsAreKeptApartAndAResetForgetsAHalfReadBlock() {
        var reader = BlockReader()
        _ = reader.take(.roster("Ana"))
        _ = reader.take(.wordList(name: "default", words: 365))
        _ = reader.take(.roster("Bo"))
        #expect(reader.take(.end(.wordList)) == .wordLists([BlockReader.WordListLine(name: "default", words: 365)]))
        #expect(reader.take(.end(.roster)) == .roster(["Ana", "Bo"]))
        let pair = PlayedPair(Reveal(number: 1, english: "dog", spanish: "gato", truth: .wrong, translation: "perro"), .away)
        _ = reader.take(.played(pair))
        reader.reset()  // the connection went in the middle of it
        #expect(reader.take(.end(.played)) == .played([]))
    }
}
