import Foundation
import Testing
import WordGameProtocol
import WordGameTestSupport

/// The pages' scripts without a browser: `Resources/web/protocol.js`, the
/// pages' reader of Protocol.md's lines, with its own unit tests (run by
/// Node) and a check that it knows every line the server can send, so that a
/// new keyword cannot reach the pages unread; and the logic of the other
/// modules that needs no page (`pages_test.mjs`: review.js, seats.js, fall.js).
@Suite struct ProtocolScriptTests {
    static let script = WebServer.repositoryRoot.appendingPathComponent("Resources/web/protocol.js")

    static let node: URL? = ["/usr/bin/node", "/usr/local/bin/node"].map(URL.init(fileURLWithPath:))
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    /// Runs one of browser/'s Node test files; its output ends with `<what>: N tests passed`.
    static func nodeTests(_ file: String, _ passed: Regex<Substring>) async throws {
        try await onComputeThread {
            let run = try ProgramRun.run(node!, [BrowserTools.scripts.appendingPathComponent(file).path], timeout: 60)
            #expect(run.status == 0, "\(run.stdout)\n\(run.stderr)")
            #expect(run.stdout.contains(passed), "\(run.stdout)")
        }
    }

    @Test(.enabled(if: node != nil, "needs Node.js (the Debian package nodejs) for protocol.js's unit tests"))
    func protocolScriptsUnitTestsPass() async throws {
        try await Self.nodeTests("protocol_test.mjs", #/protocol\.js: \d+ tests passed/#)
    }

    @Test(.enabled(if: node != nil, "needs Node.js (the Debian package nodejs) for the pages' unit tests"))
    func pagesUnitTestsPass() async throws {
        try await Self.nodeTests("pages_test.mjs", #/pages: \d+ tests passed/#)
    }

    @Test func theScriptKnowsEveryLineTheServerSends() throws {
        let source = try String(contentsOf: Self.script, encoding: .utf8)
        func table(_ name: String) throws -> Substring {
            let start = try #require(source.range(of: "const \(name) = {"))
            let end = try #require(source[start.upperBound...].range(of: "\n};"))
            return source[start.upperBound..<end.lowerBound]
        }
        let lines = try table("SPECS"), confirmations = try table("OK_SPECS")
        for keyword in ServerKeyword.allCases where keyword != .ok {
            #expect(lines.contains("\n  \(keyword.rawValue): ["), "protocol.js does not read \(keyword.rawValue) lines")
        }
        for command in ConfirmedCommand.allCases {
            #expect(confirmations.contains("\n  \(command.rawValue): ["), "protocol.js does not read OK \(command.rawValue)")
        }
    }
}
