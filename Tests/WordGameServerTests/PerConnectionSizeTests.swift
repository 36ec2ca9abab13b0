import Testing
@testable import WordGameServer

/// What the server keeps for every connection, checked where a comment
/// promises a size: at 10,000 players each byte here is 10 KB, more with the
/// table's spare room.
@Suite struct PerConnectionSizeTests {
    @Test func aSessionTakesSeventyTwoBytes() {
        #expect(MemoryLayout<Hub.Session>.stride == 72)
    }
}
