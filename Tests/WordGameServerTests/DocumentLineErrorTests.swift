import Foundation
import Testing
import WordGameTestSupport
import WordGameProtocol
@testable import WordGameServer

/// The rows of Protocol.md §3 whose conditions need a socket: a line too long
/// or not UTF-8, and a server or an address that is full. Read over the wire
/// from the real server.
@Suite struct DocumentLineErrorTests {
    typealias Case = DocumentErrorTableTests.Case

    /// The first ERROR line `client` reads.
    static func error(_ client: TestClient) throws -> String {
        while let line = try client.nextLine(timeout: 10) { if line.hasPrefix("ERROR ") { return line } }
        return "(closed)"
    }

    /// A connection past a cap: the greeting, `ERROR server-full`, `BYE`, then the close (the row's words).
    static func refused(_ server: TestServer) throws -> String {
        let refused = try TestClient(port: server.port, label: "refused")
        let greeting = try refused.nextLine(timeout: 10)
        #expect(greeting?.hasPrefix("WORDGAME 2 ") == true)
        let error = try refused.nextLine(timeout: 10) ?? "(closed)"
        #expect(try refused.nextLine(timeout: 10)?.hasPrefix("BYE ") == true)
        try refused.waitForClose(timeout: 10)
        return error
    }

    static func cases() -> [Case] {
        [
            Case(code: "line-too-long", covers: []) {
                let server = try TestServer()
                let client = try server.client()
                client.send(String(repeating: "x", count: 600))
                return try error(client)
            },
            Case(code: "bad-utf8", covers: []) {
                let server = try TestServer()
                let client = try server.client()
                client.sendRaw([0x50, 0xC3, 0x28, 0x0A])
                return try error(client)
            },
            Case(code: "server-full", covers: ["--max-connections"]) {
                let server = try TestServer(maxConnections: 1)
                let first = try server.client()
                return try withExtendedLifetime(first) { try refused(server) }
            },
            Case(code: "server-full", covers: ["--max-per-address"]) {
                var limits = ConnectionLimits()
                limits.maxPerAddress = 1
                let server = try TestServer(limits: limits)
                let first = try server.client()
                return try withExtendedLifetime(first) { try refused(server) }
            },
        ]
    }

    @Test func eachRowsConditionOverTheWireGetsItsCode() async throws {
        try await onOwnThread {
            for test in Self.cases() {
                let reply = try test.run()
                #expect(reply.hasPrefix("ERROR \(test.code) \""), "\(test): \(reply)")
            }
            DocumentErrorTableTests.expectCovered(DocumentErrorTableTests.cases() + Self.cases())
        }
    }

    /// §3's order, item 1: "The line itself: `line-too-long`, `bad-utf8`", then `unknown-command`: a line to which
    /// two of them apply gets only the first, and the line after it is read as usual.
    @Test func theLinesOwnErrorsComeFirstInTheDocumentsOrder() async throws {
        let section = DocumentWorld.document.section("## 3. Errors")
        let item = try #require(section.first { $0.hasPrefix("1. The line itself:") })
        #expect(ProtocolDocument.quoted(item) == ["line-too-long", "bad-utf8"])
        #expect(section.contains("2. `unknown-command`."))
        let tooLong = Array(String(repeating: "x", count: 600).utf8)
        let cases: [(bytes: [UInt8], first: String)] = [
            ([0x78, 0xFF] + tooLong, "line-too-long"),  // too long and not UTF-8
            (tooLong, "line-too-long"),  // too long, and no command
            ([0xFF, 0x78], "bad-utf8"),  // not UTF-8, and no command
        ]
        try await onOwnThread {
            let server = try TestServer()
            let client = try server.client()
            for (bytes, first) in cases {
                client.sendRaw(bytes + [0x0A] + Array("PING\n".utf8))
                var errors: [String] = []
                while let line = try client.nextLine(timeout: 10), line != "PONG" { errors.append(line) }
                #expect(errors.count == 1 && errors[0].hasPrefix("ERROR \(first) \""), "\(errors)")
            }
        }
    }
}
