import Testing
@testable import WebCodec

@Suite struct HTTPQueryTests {
    private func head(_ target: String) -> HTTPRequestHead {
        HTTPRequestHead(method: "GET", target: target, headers: [HTTPHeaderField(name: "Host", value: "a")])
    }

    @Test func splitsPathAndQuery() {
        #expect(head("/play").path == "/play")
        #expect(head("/play").query == nil)
        #expect(head("/play?").query == "")
        #expect(head("/play?room=a?b").path == "/play")
        #expect(head("/play?room=a?b").query == "room=a?b")
    }

    @Test func decodesItems() throws {
        let request = head("/ws?room=caf%C3%A9+du+coin&name=Zo%c3%ABe&flag&room=second&=empty&&x=")
        #expect(request.queryItem("room") == "café du coin")
        #expect(request.queryItem("name") == "Zoëe")
        #expect(request.queryItem("flag") == "")
        #expect(request.queryItem("missing") == nil)
        let items = try request.queryItems()
        #expect(items == [
            HTTPQueryItem(name: "room", value: "café du coin"),
            HTTPQueryItem(name: "name", value: "Zoëe"),
            HTTPQueryItem(name: "flag", value: ""),
            HTTPQueryItem(name: "room", value: "second"),
            HTTPQueryItem(name: "", value: "empty"),
            HTTPQueryItem(name: "x", value: ""),
        ])
    }

    @Test func namesAreComparedAfterDecoding() {
        #expect(head("/?r%6Fom=x").queryItem("room") == "x")
    }

    @Test(arguments: [
        ("/?room=%", HTTPQueryError.badPercentEscape),
        ("/?room=%4", .badPercentEscape),
        ("/?room=%G1", .badPercentEscape),
        ("/?room=%C3", .notUTF8),
        ("/?room=%ED%A0%80", .notUTF8),
        ("/?room=a%00b", .controlCharacter),
        ("/?room=a%0Ab", .controlCharacter),
        ("/?room=%7F", .controlCharacter),
    ])
    func rejectsMalformedQueries(_ target: String, _ error: HTTPQueryError) {
        let request = head(target)
        #expect(throws: error) { try request.queryItems() }
        #expect(request.queryItem("room") == nil)
    }

    @Test func limitsItemCountAndComponentSize() {
        let maxItems = HTTPRequestLimits.maxQueryItems
        let fits = (0..<maxItems).map { "k\($0)=v" }.joined(separator: "&")
        #expect(head("/?" + fits).queryItem("k0") == "v")
        #expect(throws: HTTPQueryError.tooManyItems) { try head("/?" + fits + "&one=more").queryItems() }

        let longest = String(repeating: "a", count: HTTPRequestLimits.maxQueryComponentBytes)
        #expect(head("/?room=" + longest).queryItem("room") == longest)
        #expect(throws: HTTPQueryError.componentTooLong) { try head("/?room=" + longest + "a").queryItems() }
        // The limit applies to decoded bytes: %41 counts as one.
        let encoded = String(repeating: "%41", count: HTTPRequestLimits.maxQueryComponentBytes)
        #expect(head("/?room=" + encoded).queryItem("room")?.count == HTTPRequestLimits.maxQueryComponentBytes)
    }
}
