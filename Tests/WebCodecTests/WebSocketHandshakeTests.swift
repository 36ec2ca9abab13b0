import Testing
@testable import WebCodec

@Suite struct WebSocketHandshakeTests {
    static let exampleKey = "dGhlIHNhbXBsZSBub25jZQ=="

    private func request(
        method: String = "GET",
        _ fields: [(String, String)]? = nil,
        replacing overrides: [(String, String?)] = [],
        adding extra: [(String, String)] = []
    ) -> HTTPRequestHead {
        var base: [(String, String)] = fields ?? [
            ("Host", "game.example:8080"),
            ("Upgrade", "websocket"),
            ("Connection", "Upgrade"),
            ("Sec-WebSocket-Key", Self.exampleKey),
            ("Sec-WebSocket-Version", "13"),
            ("Origin", "http://game.example:8080"),
        ]
        for (name, value) in overrides {
            base.removeAll { $0.0 == name }
            if let value { base.append((name, value)) }
        }
        base += extra
        return HTTPRequestHead(method: method, target: "/ws", headers: base.map { HTTPHeaderField(name: $0.0, value: $0.1) })
    }

    private func status(_ result: WebSocketHandshakeResult) -> HTTPStatus? {
        if case .reject(let status, _, _) = result { return status }
        return nil
    }

    private func responseText(_ result: WebSocketHandshakeResult) -> String {
        switch result {
        case .accept(let response, _), .reject(_, _, let response):
            String(decoding: response, as: UTF8.self)
        }
    }

    @Test func acceptValueMatchesRFC6455Example() {
        #expect(WebSocketHandshake.acceptValue(forKey: Self.exampleKey) == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test func acceptsAValidUpgrade() {
        let result = WebSocketHandshake.evaluate(request(), subprotocol: "wordgame.v2")
        guard case .accept(let response, let subprotocol) = result else {
            Issue.record("expected accept, got \(result)")
            return
        }
        #expect(subprotocol == nil)
        #expect(String(decoding: response, as: UTF8.self) == """
            HTTP/1.1 101 Switching Protocols\r
            X-Content-Type-Options: nosniff\r
            Upgrade: websocket\r
            Connection: Upgrade\r
            Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r
            \r

            """)
    }

    @Test func acceptsTokenListsInAnyCase() {
        let head = request(replacing: [("Upgrade", "foo/2, WebSocket"), ("Connection", "keep-alive, UPGRADE")])
        guard case .accept = WebSocketHandshake.evaluate(head, subprotocol: nil) else {
            Issue.record("expected accept")
            return
        }
        // Lists may also be spread over several lines.
        let split = request(replacing: [("Connection", "keep-alive")], adding: [("Connection", "upgrade")])
        guard case .accept = WebSocketHandshake.evaluate(split, subprotocol: nil) else {
            Issue.record("expected accept")
            return
        }
    }

    @Test func parsedBrowserRequestIsAccepted() {
        guard let head = parseRequest(HTTPRequestParserTests.browserUpgrade).head else {
            Issue.record("parse failed")
            return
        }
        #expect(WebSocketHandshake.isUpgradeRequest(head))
        let result = WebSocketHandshake.evaluate(head, subprotocol: "wordgame.v2")
        guard case .accept(_, "wordgame.v2") = result else {
            Issue.record("expected accept with subprotocol, got \(result)")
            return
        }
        #expect(responseText(result).contains("\r\nSec-WebSocket-Protocol: wordgame.v2\r\n"))
    }

    @Test func rejectsNonGetWith405() {
        let result = WebSocketHandshake.evaluate(request(method: "POST"), subprotocol: nil)
        #expect(status(result) == .methodNotAllowed)
        #expect(responseText(result).contains("\r\nAllow: GET\r\n"))
    }

    @Test func rejectsMissingUpgradeWith426() {
        let head = request(replacing: [("Upgrade", nil)])
        #expect(!WebSocketHandshake.isUpgradeRequest(head))
        let result = WebSocketHandshake.evaluate(head, subprotocol: nil)
        #expect(status(result) == .upgradeRequired)
        #expect(responseText(result).contains("\r\nUpgrade: websocket\r\n"))
        #expect(status(WebSocketHandshake.evaluate(request(replacing: [("Upgrade", "websockets")]), subprotocol: nil)) == .upgradeRequired)
    }

    @Test func rejectsMissingConnectionUpgradeWith400() {
        #expect(status(WebSocketHandshake.evaluate(request(replacing: [("Connection", "keep-alive")]), subprotocol: nil)) == .badRequest)
        #expect(status(WebSocketHandshake.evaluate(request(replacing: [("Connection", "upgrades")]), subprotocol: nil)) == .badRequest)
    }

    @Test(arguments: ["8", "12", "13, 8", "", "013", " 14"])
    func rejectsOtherVersionsWith426(_ version: String) {
        let result = WebSocketHandshake.evaluate(request(replacing: [("Sec-WebSocket-Version", version)]), subprotocol: nil)
        #expect(status(result) == .upgradeRequired)
        #expect(responseText(result).contains("\r\nSec-WebSocket-Version: 13\r\n"))
    }

    @Test func rejectsMissingOrRepeatedVersion() {
        let missing = request(replacing: [("Sec-WebSocket-Version", nil)])
        #expect(status(WebSocketHandshake.evaluate(missing, subprotocol: nil)) == .upgradeRequired)
        let repeated = request(adding: [("Sec-WebSocket-Version", "13")])
        #expect(status(WebSocketHandshake.evaluate(repeated, subprotocol: nil)) == .upgradeRequired)
    }

    @Test(arguments: [
        nil,                             // missing
        "",                              // empty
        "dGhlIHNhbXBsZSBub25jZQ",        // unpadded
        "dGhlIHNhbXBsZSBub25jZXg=",      // 17 bytes
        "dGhlIHNhbXBsZSBub25j",          // 15 bytes
        "dGhlIHNhbXBsZSBub25jZQ==x",     // trailing junk
        "dGhl IHNhbXBsZSBub25jZQ==",     // inner space
    ] as [String?])
    func rejectsBadKeysWith400(_ key: String?) {
        #expect(status(WebSocketHandshake.evaluate(request(replacing: [("Sec-WebSocket-Key", key)]), subprotocol: nil)) == .badRequest)
    }

    @Test func rejectsTwoKeysWith400() {
        let head = request(adding: [("Sec-WebSocket-Key", "AAAAAAAAAAAAAAAAAAAAAA==")])
        #expect(status(WebSocketHandshake.evaluate(head, subprotocol: nil)) == .badRequest)
    }

    @Test func negotiatesSubprotocol() {
        let offered = request(adding: [("Sec-WebSocket-Protocol", "chat, wordgame.v2")])
        guard case .accept(_, "wordgame.v2") = WebSocketHandshake.evaluate(offered, subprotocol: "wordgame.v2") else {
            Issue.record("expected our subprotocol to be echoed")
            return
        }
        // Offered only others: refused with a reason naming ours.
        let others = request(adding: [("Sec-WebSocket-Protocol", "chat"), ("Sec-WebSocket-Protocol", "Wordgame.V2")])
        let refused = WebSocketHandshake.evaluate(others, subprotocol: "wordgame.v2")
        #expect(status(refused) == .badRequest)
        #expect(responseText(refused).contains("wordgame.v2"))
        // Malformed list element.
        let malformed = request(adding: [("Sec-WebSocket-Protocol", "wordgame.v2, a b")])
        #expect(status(WebSocketHandshake.evaluate(malformed, subprotocol: "wordgame.v2")) == .badRequest)
        // Server without a subprotocol ignores offers.
        guard case .accept(let response, nil) = WebSocketHandshake.evaluate(others, subprotocol: nil) else {
            Issue.record("expected accept without subprotocol")
            return
        }
        #expect(!String(decoding: response, as: UTF8.self).contains("Sec-WebSocket-Protocol"))
    }

    @Test func originPredicateSeesOriginAndHost() {
        var seen: (String?, String?)?
        _ = WebSocketHandshake.evaluate(request(), subprotocol: nil) { origin, host in
            seen = (origin, host)
            return true
        }
        #expect(seen?.0 == "http://game.example:8080")
        #expect(seen?.1 == "game.example:8080")
        let refused = WebSocketHandshake.evaluate(request(), subprotocol: nil) { _, _ in false }
        #expect(status(refused) == .forbidden)
    }

    @Test func defaultOriginPolicyRefusesCrossSiteRequests() {
        let crossSite = request(replacing: [("Origin", "http://evil.example")])
        #expect(status(WebSocketHandshake.evaluate(crossSite, subprotocol: nil)) == .forbidden)
        guard case .accept = WebSocketHandshake.evaluate(request(replacing: [("Origin", nil)]), subprotocol: nil) else {
            Issue.record("a missing Origin (non-browser client) must be accepted")
            return
        }
        let twoOrigins = request(adding: [("Origin", "http://game.example:8080")])
        #expect(status(WebSocketHandshake.evaluate(twoOrigins, subprotocol: nil)) == .forbidden)
    }

    @Test(arguments: [
        ("http://game.example:8080", "game.example:8080", true),
        ("http://GAME.example:8080", "game.EXAMPLE:8080", true),
        ("http://game.example", "game.example", true),
        ("http://game.example:80", "game.example", true),
        ("http://game.example", "game.example:80", true),
        ("https://game.example", "game.example", true),
        ("https://game.example", "game.example:443", true),
        ("http://[::1]:8080", "[::1]:8080", true),
        ("http://127.0.0.1:8080", "127.0.0.1:8080", true),
        ("http://game.example:8080", "game.example:8081", false),
        ("http://game.example:8080", "game.example", false),
        ("https://game.example", "game.example:80", false),
        ("http://evil.example:8080", "game.example:8080", false),
        ("http://game.example.evil.example:8080", "game.example:8080", false),
        ("null", "game.example", false),
        ("file://", "game.example", false),
        ("ws://game.example", "game.example", false),
        ("http://game.example/path", "game.example", false),
        ("http://user@game.example", "game.example", false),
        ("http://game.example:99999", "game.example:99999", false),
        ("http://game.example:", "game.example", false),
        ("http://", "", false),
    ])
    func sameOriginPolicy(_ origin: String, _ host: String, _ allowed: Bool) {
        #expect(WebSocketOriginPolicy.sameOriginOrAbsent(origin: origin, host: host) == allowed)
    }

    @Test func sameOriginPolicyHandlesMissingFields() {
        #expect(WebSocketOriginPolicy.sameOriginOrAbsent(origin: nil, host: nil))
        #expect(WebSocketOriginPolicy.sameOriginOrAbsent(origin: nil, host: "a"))
        #expect(!WebSocketOriginPolicy.sameOriginOrAbsent(origin: "http://a", host: nil))
    }
}
