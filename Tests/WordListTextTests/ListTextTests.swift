import Testing
import WordGame
@testable import WordListText

@Suite struct ListTextTests {
    @Test func aTabLineIsTwoSides() {
        let reading = ListText.read(["the cat\tle chat"], from: "English", to: "French")
        #expect(reading.pairs == [WordEntry(english: "the cat", spanish: "le chat")])
    }
}
