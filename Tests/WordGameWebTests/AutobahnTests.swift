import Foundation
import Testing
import WordGameTestSupport

/// The Autobahn cases against our framing code (WebCodec), through the
/// bench's echo endpoint (`wordgame-bench ws-echo`), driven by kosoku, the
/// Python 3 runner of Autobahn's own case files. Sections 12 and 13 are
/// permessage-deflate, which the server does not offer: Autobahn marks them
/// unimplemented, and they are left out here.
@Suite struct AutobahnTests {
    static let repositoryRoot = WebServer.repositoryRoot

    /// kosoku on the PATH (`.ci/run` installs it with pip), or nil.
    static let kosoku: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/kosoku" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static let bench = repositoryRoot.appendingPathComponent(".build/debug/wordgame-bench")

    @Test(.enabled(if: kosoku != nil, "needs kosoku (pip install kosoku) on the PATH for the Autobahn cases"))
    func everyAutobahnCaseOfSections1To10Passes() async throws {
        try await onOwnThread {
            let echo = Process()
            echo.executableURL = Self.bench
            echo.arguments = ["ws-echo"]
            let output = Pipe()
            echo.standardOutput = output
            try echo.run()
            defer {
                echo.terminate()
                echo.waitUntilExit()
            }
            let banner = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
            let port = try #require(banner.split(separator: " ").last.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) },
                                    "no port from ws-echo: \(banner)")
            let reports = NSTemporaryDirectory() + "autobahn-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: reports) }
            let run = try ProgramRun.run(URL(fileURLWithPath: Self.kosoku!), ["-x", "12.*", "-x", "13.*", "-p", "4", "-o", reports,
                                                                              "127.0.0.1:\(port)"], timeout: 300)
            #expect(run.status == 0, "\(run.stdout.suffix(2_000)) \(run.stderr.suffix(2_000))")
            let index = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: reports + "/index.json")))
            let cases = try #require((index as? [String: [String: [String: Any]]])?.values.first)
            #expect(cases.count >= 300, "\(cases.count) cases")
            let failed = cases.filter { !["OK", "INFORMATIONAL", "NON-STRICT"].contains($0.value["behavior"] as? String ?? "") }
            #expect(failed.isEmpty, "\(failed.keys.sorted())")
            let closes = cases.filter { !["OK", "INFORMATIONAL"].contains($0.value["behaviorClose"] as? String ?? "") }
            #expect(closes.isEmpty, "\(closes.keys.sorted())")
        }
    }
}
