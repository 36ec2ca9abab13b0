import Foundation
import Testing
import WordGameTestSupport

/// The pages across a restart of the server (Protocol.md §4 "A server that restarts", §5 RESTARTING): the case runs
/// the built `wordgame-server` itself, on free ports of 127.0.0.1 with a state folder, stops (SIGTERM) or kills
/// (SIGKILL) it with pair 2 of a game open, and starts it again with the same command line.
extension BrowserTests {
    /// The built server, beside this test bundle or in the repository's .build/debug (`swift build` makes both).
    static let serverBinary: URL? = {
        let beside = Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("wordgame-server")
        let built = WebServer.repositoryRoot.appendingPathComponent(".build/debug/wordgame-server")
        return [beside, built].compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Runs server_restart.py with `how` (`term` or `kill`) in a folder of its own (state and results), removed after.
    func runRestartCase(_ how: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ProgramRun {
        let folder = try BrowserTools.resultsFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try BrowserTools.runScript("server_restart.py", [Self.serverBinary!.path, folder.path, how], timeout: 240)
        BrowserTools.expectPassed(run, "server_restart \(how)", sourceLocation: sourceLocation)
        #expect(run.stdout.contains("ok: the teacher's page has room "), sourceLocation: sourceLocation)
        #expect(run.stdout.contains("ok: pair 2 comes again with the same words"), sourceLocation: sourceLocation)
        #expect(run.stdout.contains("ok: the results say each player's rank and counters as the pages"), sourceLocation: sourceLocation)
        return run
    }

    /// Stopped (SIGTERM): the pages say the server is restarting, the TCP player hears RESTARTING then BYE; started
    /// again, the teacher's page has its room, the students' pages their seats and counters, by themselves; the TCP
    /// player's RESUME is taken; pair 2 is played again and the game ends with exact scores, one game in the results.
    @Test(.enabled(if: BrowserTools.available, "needs chromium, chromium-driver and python3-selenium"),
          .enabled(if: BrowserTests.serverBinary != nil, "needs the built wordgame-server"))
    func aStoppedServerStartedAgainGivesEveryPageItsSeatAndTheGameGoesOn() async throws {
        try await onBrowserTurn(seconds: 31, lanes: 2) {
            let run = try runRestartCase("term")
            #expect(run.stdout.contains("page says 'The server is restarting…"))
            #expect(run.stdout.contains("ok: the TCP player heard RESTARTING 60, then BYE"))
        }
    }

    /// Killed (SIGKILL) once the lesson file holds pair 1: the pages see a drop and reconnect within the seat's grace;
    /// started again, the same as after a stop.
    @Test(.enabled(if: BrowserTools.available, "needs chromium, chromium-driver and python3-selenium"),
          .enabled(if: BrowserTests.serverBinary != nil, "needs the built wordgame-server"))
    func aKilledServerStartedAgainGivesEveryPageItsSeatAndTheGameGoesOn() async throws {
        try await onBrowserTurn(seconds: 31, lanes: 2) {
            let run = try runRestartCase("kill")
            #expect(run.stdout.contains("page says 'Connection lost — reconnecting…"))
        }
    }
}
