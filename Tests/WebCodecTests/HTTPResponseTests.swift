import Foundation
import Testing
@testable import WebCodec

@Suite struct HTTPResponseTests {
    private func text(_ response: HTTPResponse) -> String {
        String(decoding: response.serialized(), as: UTF8.self)
    }

    @Test func buildsAPageResponse() {
        let response = HTTPResponse(
            status: .ok,
            contentType: "text/html; charset=utf-8",
            cacheControl: "no-cache",
            contentSecurityPolicy: "default-src 'self'",
            keepAlive: true,
            body: Array("<p>hi</p>".utf8))
        #expect(text(response) == """
            HTTP/1.1 200 OK\r
            Content-Type: text/html; charset=utf-8\r
            Content-Length: 9\r
            Cache-Control: no-cache\r
            X-Content-Type-Options: nosniff\r
            Content-Security-Policy: default-src 'self'\r
            Connection: keep-alive\r
            \r
            <p>hi</p>
            """)
    }

    @Test func errorResponsesClose() {
        let serialized = text(.error(.notFound, message: "no such page"))
        #expect(serialized.hasPrefix("HTTP/1.1 404 Not Found\r\n"))
        #expect(serialized.contains("Connection: close\r\n"))
        #expect(serialized.contains("Cache-Control: no-store\r\n"))
        #expect(serialized.hasSuffix("\r\n\r\n404 Not Found: no such page\n"))
    }

    @Test func methodNotAllowedCarriesAllow() {
        #expect(text(.error(.methodNotAllowed, message: "GET only")).contains("\r\nAllow: GET\r\n"))
        let custom = HTTPResponse(status: .methodNotAllowed, extraHeaders: [HTTPHeaderField(name: "Allow", value: "GET, HEAD")])
        #expect(text(custom).contains("\r\nAllow: GET, HEAD\r\n"))
        #expect(!text(custom).contains("\r\nAllow: GET\r\n"))
    }

    /// HEAD's reply: the head GET's reply has, Content-Length of its body included, and no body, even one that holds an
    /// empty line itself.
    @Test func theHeadersOfAResponseAreItsHeadWithoutTheBody() {
        let body = Array("one\r\n\r\ntwo".utf8)
        let bytes = HTTPResponse(status: .ok, contentType: "text/plain", body: body).serialized()
        let head = HTTPResponse.headers(of: bytes)
        #expect(head == Array(bytes.dropLast(body.count)))
        #expect(String(decoding: head, as: UTF8.self).contains("\r\nContent-Length: 10\r\n"))
        #expect(String(decoding: head, as: UTF8.self).hasSuffix("\r\n\r\n"))
    }

    @Test func upgradeRequiredCarriesVersionAndUpgrade() {
        let serialized = text(.error(.upgradeRequired, message: "use WebSocket"))
        #expect(serialized.contains("\r\nSec-WebSocket-Version: 13\r\n"))
        #expect(serialized.contains("\r\nUpgrade: websocket\r\n"))
    }

    @Test func everyUsedStatusHasItsPhrase() {
        let expected: [Int: String] = [
            101: "Switching Protocols", 200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found",
            405: "Method Not Allowed", 408: "Request Timeout", 413: "Content Too Large", 414: "URI Too Long",
            426: "Upgrade Required", 431: "Request Header Fields Too Large", 500: "Internal Server Error",
            503: "Service Unavailable", 505: "HTTP Version Not Supported",
        ]
        for (code, phrase) in expected {
            #expect(HTTPStatus(code: code).reasonPhrase == phrase)
            #expect(text(HTTPResponse(status: HTTPStatus(code: code))).hasPrefix("HTTP/1.1 \(code) \(phrase)\r\n"))
        }
        #expect(HTTPStatus(code: 418).reasonPhrase == "")
    }

    @Test func informationalResponsesHaveNoLengthOrBody() {
        let serialized = text(HTTPResponse(status: .switchingProtocols, body: Array("ignored".utf8)))
        #expect(!serialized.contains("Content-Length"))
        #expect(serialized.hasSuffix("\r\n\r\n"))
    }

    @Test func callerTextCannotInjectHeaders() {
        let response = HTTPResponse(
            status: .ok,
            contentType: "text/plain\r\nSet-Cookie: evil=1",
            extraHeaders: [HTTPHeaderField(name: "X-Bad\r\nName", value: "a\nb\0c")])
        let serialized = text(response)
        #expect(!serialized.contains("\r\nSet-Cookie"))
        #expect(serialized.contains("Content-Type: text/plain  Set-Cookie: evil=1\r\n"))
        #expect(serialized.contains("\r\nX-Bad--Name: a b c\r\n"))
        // Exactly one empty line: the one ending the head.
        #expect(serialized.components(separatedBy: "\r\n\r\n").count == 2)
    }
}
