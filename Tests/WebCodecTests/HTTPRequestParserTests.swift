import Testing
@testable import WebCodec
import WordGameTestSupport

@Suite struct HTTPRequestParserTests {
    static let browserUpgrade = """
        GET /ws?room=lobby HTTP/1.1\r
        Host: localhost:8080\r
        Connection: keep-alive, Upgrade\r
        Pragma: no-cache\r
        Upgrade: websocket\r
        Origin: http://localhost:8080\r
        Sec-WebSocket-Version: 13\r
        User-Agent: Mozilla/5.0 (X11; Linux x86_64)\r
        Accept-Language: fr-FR,fr;q=0.9\r
        Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r
        Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r
        Sec-WebSocket-Protocol: wordgame.v2\r
        \r

        """

    @Test func parsesABrowserUpgradeRequest() throws {
        let result = parseRequest(Self.browserUpgrade)
        guard case .complete(let head, let consumed) = result else {
            Issue.record("expected complete, got \(result)")
            return
        }
        #expect(consumed == Self.browserUpgrade.utf8.count)
        #expect(head.method == "GET")
        #expect(head.target == "/ws?room=lobby")
        #expect(head.path == "/ws")
        #expect(head.query == "room=lobby")
        #expect(head.headers.count == 11)
        #expect(head.values(of: "sec-websocket-key") == ["dGhlIHNhbXBsZSBub25jZQ=="])
        #expect(head.uniqueValue(of: "HOST") == "localhost:8080")
        #expect(head.listField("connection", containsToken: "UPGRADE"))
        #expect(head.values(of: "Sec-WebSocket-Extensions") == ["permessage-deflate; client_max_window_bits"])
    }

    @Test func reportsBytesAfterTheHeadAsUnconsumed() {
        let frameBytes: [UInt8] = [0x81, 0x85, 1, 2, 3, 4]
        var parser = HTTPRequestParser()
        let input = Array(Self.browserUpgrade.utf8) + frameBytes
        guard case .complete(_, let consumed) = parser.feed(input) else {
            Issue.record("expected complete")
            return
        }
        #expect(Array(input[consumed...]) == frameBytes)
        // Finished: more input is not consumed.
        guard case .complete(_, 0) = parser.feed([0x41]) else {
            Issue.record("expected complete with nothing consumed")
            return
        }
        parser.reset()
        #expect(parser.feed(Array("GET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8)).head?.target == "/")
    }

    @Test func keepsDuplicateHeadersAndTrimsValues() {
        let head = parseRequest("GET / HTTP/1.1\r\nHost: a\r\nX-A:  one \t\r\nx-a:two\r\nX-Empty:\r\n\r\n").head
        #expect(head?.values(of: "X-A") == ["one", "two"])
        #expect(head?.uniqueValue(of: "x-a") == nil)
        #expect(head?.values(of: "X-Empty") == [""])
    }

    @Test func acceptsUTF8ValuesAndSkipsLeadingEmptyLines() {
        let result = parseRequest("\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\nX-Name: Zoë\r\n\r\n")
        #expect(result.head?.values(of: "X-Name") == ["Zoë"])
    }

    @Test(arguments: [
        ("GET / HTTP/1.1\nHost: a\n\n", "bare LF"),
        ("GET / HTTP/1.1\r\nHost: a\r\n\n", "bare LF on the final line"),
        ("GET / HTTP/1.1\r\nHost: a\rX: b\r\n\r\n", "bare CR"),
        ("GET  / HTTP/1.1\r\nHost: a\r\n\r\n", "double space"),
        ("GET /\tHTTP/1.1\r\nHost: a\r\n\r\n", "tab separator"),
        ("GET / HTTP/1.1 \r\nHost: a\r\n\r\n", "trailing space"),
        ("G(T / HTTP/1.1\r\nHost: a\r\n\r\n", "method not a token"),
        ("GET http://a/ HTTP/1.1\r\nHost: a\r\n\r\n", "absolute-form"),
        ("OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n", "asterisk-form"),
        ("GET /a b HTTP/1.1\r\nHost: a\r\n\r\n", "space in target"),
        ("GET /a#frag HTTP/1.1\r\nHost: a\r\n\r\n", "fragment"),
        ("GET /%zz HTTP/1.1\r\nHost: a\r\n\r\n", "bad percent escape"),
        ("GET /%4 HTTP/1.1\r\nHost: a\r\n\r\n", "truncated percent escape"),
        ("GET /\u{e9} HTTP/1.1\r\nHost: a\r\n\r\n", "non-ASCII target"),
        ("GET / http/1.1\r\nHost: a\r\n\r\n", "lowercase version"),
        ("GET / HTTP/1.10\r\nHost: a\r\n\r\n", "malformed version"),
        ("GET / HTTP/1.1\r\nHost : a\r\n\r\n", "space before colon"),
        ("GET / HTTP/1.1\r\nHost: a\r\nX-A: b\r\n  c\r\n\r\n", "obs-fold"),
        ("GET / HTTP/1.1\r\nHost: a\r\n\tc\r\n\r\n", "obs-fold with tab"),
        ("GET / HTTP/1.1\r\nHost: a\r\nNoColon\r\n\r\n", "no colon"),
        ("GET / HTTP/1.1\r\nHost: a\r\n: b\r\n\r\n", "empty name"),
        ("GET / HTTP/1.1\r\nHost: a\r\nX-A: b\u{0}c\r\n\r\n", "NUL in value"),
        ("GET / HTTP/1.1\r\nHost: a\r\nX-A: b\u{1b}c\r\n\r\n", "ESC in value"),
        ("GET / HTTP/1.1\r\nHost: a\r\nX-A: b\u{7f}\r\n\r\n", "DEL in value"),
        ("GET / HTTP/1.1\r\n\r\n", "missing Host"),
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", "two Hosts"),
        ("GET / HTTP/1.1\r\nHost: a/b\r\n\r\n", "malformed Host"),
        ("GET / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n", "chunked body"),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\nContent-Length: 0\r\n\r\n", "two Content-Lengths"),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n", "negative Content-Length"),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 1,1\r\n\r\n", "list Content-Length"),
    ])
    func refusesWith400(_ request: String, _ why: String) {
        #expect(parseRequest(request).status == .badRequest, "\(why)")
    }

    @Test func refusesObsFoldExplicitly() {
        let result = parseRequest("GET / HTTP/1.1\r\nHost: a\r\nX-A: b\r\n c: d\r\n\r\n")
        guard case .invalid(.badRequest, let reason) = result else {
            Issue.record("expected 400, got \(result)")
            return
        }
        #expect(reason.contains("line folding"))
    }

    @Test func invalidIsTerminal() {
        var parser = HTTPRequestParser()
        let first = parser.feed(Array("GET / HTTP/1.1\nHost: a\r\n\r\n".utf8))
        #expect(first.status == .badRequest)
        #expect(parser.feed(Array("GET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8)) == first)
        #expect(parser.bufferedByteCount == 0)
    }

    @Test func refusesNonUTF8Value() {
        var parser = HTTPRequestParser()
        let bytes = Array("GET / HTTP/1.1\r\nHost: a\r\nX-A: ".utf8) + [0xC3, 0x28] + Array("\r\n\r\n".utf8)
        #expect(parser.feed(bytes).status == .badRequest)
    }

    @Test func refusesOtherVersionsWith505() {
        #expect(parseRequest("GET / HTTP/1.0\r\nHost: a\r\n\r\n").status == .httpVersionNotSupported)
        #expect(parseRequest("GET / HTTP/2.0\r\nHost: a\r\n\r\n").status == .httpVersionNotSupported)
    }

    @Test func refusesBodiesWith413AndAcceptsZeroLength() {
        #expect(parseRequest("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\n").status == .contentTooLarge)
        #expect(parseRequest("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 00\r\n\r\n").head != nil)
    }

    @Test func requestLineLimitGives414() {
        let fits = "/" + String(repeating: "a", count: HTTPRequestLimits.maxRequestLineBytes - "GET  HTTP/1.1".count - 1)
        #expect(parseRequest("GET \(fits) HTTP/1.1\r\nHost: a\r\n\r\n").head != nil)
        let tooLong = fits + "a"
        #expect(parseRequest("GET \(tooLong) HTTP/1.1\r\nHost: a\r\n\r\n").status == .uriTooLong)
        // Detected before the line ends: the parser does not wait for CRLF.
        var parser = HTTPRequestParser()
        #expect(parser.feed(Array("GET /\(String(repeating: "a", count: 5000))".utf8)).status == .uriTooLong)
    }

    @Test func headLimitGives431() {
        let base = "GET / HTTP/1.1\r\nHost: a\r\n"
        let fillerHeader = "X-Fill: "
        // Exactly maxHeadBytes in total is accepted, one more byte is not.
        let fillerCount = HTTPRequestLimits.maxHeadBytes - base.utf8.count - fillerHeader.count - 4
        let exact = base + fillerHeader + String(repeating: "f", count: fillerCount) + "\r\n\r\n"
        #expect(exact.utf8.count == HTTPRequestLimits.maxHeadBytes)
        #expect(parseRequest(exact).head != nil)
        let over = base + fillerHeader + String(repeating: "f", count: fillerCount + 1) + "\r\n\r\n"
        #expect(parseRequest(over).status == .requestHeaderFieldsTooLarge)
        // Endless header bytes without a line end stop at the limit.
        var parser = HTTPRequestParser()
        var result = parser.feed(Array(base.utf8))
        for _ in 0..<100 where result == .incomplete {
            result = parser.feed([UInt8](repeating: UInt8(ascii: "x"), count: 1000))
            #expect(parser.bufferedByteCount <= HTTPRequestLimits.maxHeadBytes)
        }
        #expect(result.status == .requestHeaderFieldsTooLarge)
    }

    @Test func fieldCountLimitGives431() {
        let fields = (0..<(HTTPRequestLimits.maxHeaderFields - 1)).map { "X-\($0): v\r\n" }.joined()
        #expect(parseRequest("GET / HTTP/1.1\r\nHost: a\r\n\(fields)\r\n").head?.headers.count == HTTPRequestLimits.maxHeaderFields)
        #expect(parseRequest("GET / HTTP/1.1\r\nHost: a\r\n\(fields)X-Last: v\r\n\r\n").status == .requestHeaderFieldsTooLarge)
    }

    @Test func parseIsIndependentOfChunking() async {
        await onComputeThread {
            var generator = SeededGenerator(seed: 1234)
            let samples = [
                Self.browserUpgrade,
                "GET / HTTP/1.1\r\nHost: a\r\n\r\nGET /next",
                "GET / HTTP/1.1\r\nHost: a\r\nX: \u{0}\r\n\r\n",
                "GET / HTTP/1.1\nHost: a\n\n",
                "GET / HTTP/1.0\r\nHost: a\r\n\r\n",
                "GET /" + String(repeating: "z", count: 3000) + " HTTP/1.1\r\n",
            ]
            for sample in samples {
                let bytes = Array(sample.utf8)
                var whole = HTTPRequestParser()
                let expected = whole.feed(bytes)
                for _ in 0..<50 {
                    var parser = HTTPRequestParser()
                    var result = HTTPParseResult.incomplete
                    var consumedTotal = 0
                    for chunk in randomChunks(bytes, maxChunk: 7, using: &generator) {
                        result = parser.feed(chunk)
                        if case .complete(_, let consumed) = result { consumedTotal += consumed }
                        if result != .incomplete { break }
                        consumedTotal += chunk.count
                    }
                    switch (expected, result) {
                    case (.complete(let expectedHead, let expectedConsumed), .complete(let head, _)):
                        #expect(head == expectedHead)
                        #expect(consumedTotal == expectedConsumed)
                    default:
                        #expect(result == expected)
                    }
                }
            }
        }
    }

    /// Random and mutated requests in random chunks: no crash, the buffer
    /// stays within the head limit, and chunking never changes the outcome.
    @Test func fuzzSeededRandomInput() async {
        await onComputeThread {
            var generator = SeededGenerator(seed: 0xF022)
            let seedRequest = Array(Self.browserUpgrade.utf8)
            for round in 0..<20_000 {
                var bytes: [UInt8]
                if round % 2 == 0 {
                    bytes = generator.bytes(count: Int.random(in: 0...200, using: &generator))
                } else {
                    bytes = seedRequest
                    for _ in 0..<Int.random(in: 1...4, using: &generator) {
                        let position = Int.random(in: 0..<bytes.count, using: &generator)
                        bytes[position] = UInt8.random(in: 0...255, using: &generator)
                    }
                }
                var whole = HTTPRequestParser()
                let expected = whole.feed(bytes)
                var parser = HTTPRequestParser()
                var result = HTTPParseResult.incomplete
                for chunk in randomChunks(bytes, maxChunk: 16, using: &generator) {
                    result = parser.feed(chunk)
                    #expect(parser.bufferedByteCount <= HTTPRequestLimits.maxHeadBytes)
                    if result != .incomplete { break }
                }
                switch (expected, result) {
                case (.complete(let expectedHead, _), .complete(let head, _)):
                    #expect(head == expectedHead)
                default:
                    #expect(result == expected, "input \(bytes)")
                }
            }
        }
    }
}
