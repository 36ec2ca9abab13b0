import Foundation
import Testing
import WordGame
import WordGameTestSupport

/// The tools the browser cases need: Debian's chromium and chromium-driver,
/// and python3-selenium, which only Debian's own /usr/bin/python3 sees.
enum BrowserTools {
    static let python = URL(fileURLWithPath: "/usr/bin/python3")
    static let scripts = WebServer.repositoryRoot.appendingPathComponent("Tests/WordGameWebTests/browser")

    static let available: Bool = {
        let files = FileManager.default
        guard ["/usr/bin/chromium", "/usr/bin/chromedriver", python.path].allSatisfy(files.isExecutableFile(atPath:))
        else { return false }
        let probe = try? ProgramRun.run(python, ["-c", "import selenium.webdriver"], timeout: 30)
        return probe?.status == 0
    }()

    /// A fresh folder for a server's results files; the caller removes it.
    static func resultsFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wordgame-web-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Checks a case's run: exit status 0 and its PASS line; the output says why otherwise.
    static func expectPassed(_ run: ProgramRun, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let output = "status \(run.status)\n\(run.stdout)\n\(run.stderr.suffix(3000))"
        #expect(run.status == 0, "\(output)", sourceLocation: sourceLocation)
        #expect(run.stdout.contains("PASS \(name)\n"), "\(output)", sourceLocation: sourceLocation)
        #expect(!run.stdout.contains("FAIL"), "\(output)", sourceLocation: sourceLocation)
    }

    /// Runs one case's script against `server`: `<script> <base-url> <game-port> [more]`. A case prints
    /// `ok: …` for each check and ends with `PASS <case>`, or `FAIL <case>: why` and exit status 1.
    static func run(_ script: String, against server: WebServer, more: [String] = [], timeout: Double) throws -> ProgramRun {
        try runScript(script, [server.baseURL, String(server.port)] + more, timeout: timeout)
    }

    /// A case's script with its arguments (run inside the case's turn, `onBrowserTurn`).
    static func runScript(_ script: String, _ arguments: [String], timeout: Double) throws -> ProgramRun {
        let path = scripts.appendingPathComponent(script).path
        return try ProgramRun.run(python, ["-B", path] + arguments, in: scripts, timeout: timeout)
    }
}

/// A browser case's body, servers and script together, on a thread of its own in its browser turn
/// (`BrowserTurns`); `browsers`: how many it opens at once. Outside the real-time turns of `onOwnThread`:
/// a case waiting for a browser must not keep the suite's other real-time tests waiting too.
func onBrowserTurn<T>(browsers: Int = 1, _ body: () throws -> T) async rethrows -> T {
    try await onOwnThreadOutsideTurns { try BrowserTurns.shared.taking(browsers, body) }
}

/// Turns for the browser cases: two browsers at once fit this 2-core machine beside the rest of the suite (a
/// case's timed fall still finds a core); a case that opens two browsers takes both turns. First come, first served.
final class BrowserTurns: @unchecked Sendable {
    static let shared = BrowserTurns()
    static let sideBySide = 2
    // `free` is guarded by `condition`.
    private let condition = NSCondition()
    private var free = sideBySide

    func taking<T>(_ turns: Int, _ body: () throws -> T) rethrows -> T {
        let wanted = min(turns, Self.sideBySide)
        condition.lock()
        while free < wanted { condition.wait() }
        free -= wanted
        condition.unlock()
        defer {
            condition.lock()
            free += wanted
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }
}

/// The pages in a real browser (headless Chromium, driven by the Python
/// scripts in browser/) against the real server, in this process, on
/// 127.0.0.1 and free ports. Two browsers at a time (`BrowserTurns`).
@Suite struct BrowserTests {
    func expectPassed(_ run: ProgramRun, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        BrowserTools.expectPassed(run, name, sourceLocation: sourceLocation)
    }

    @Test(.enabled(if: BrowserTools.available, "needs chromium, chromium-driver and python3-selenium"))
    func aStudentsPagePlaysAWholeGameBesideATCPPlayer() async throws {
        try await onBrowserTurn {
            let server = try WebServer()
            let run = try BrowserTools.run("student_game.py", against: server, timeout: 120)
            expectPassed(run, "student_game")
            #expect(run.stdout.contains("ok: the page and the TCP player got the same pairs"))
            #expect(run.stdout.contains("ok: the page's rank and score match the last TOP"))
        }
    }

    @Test(.enabled(if: BrowserTools.available, "needs chromium, chromium-driver and python3-selenium"))
    func aRefreshOrAClosedTabKeepsTheSeatAndTheScore() async throws {
        try await onBrowserTurn {
            let server = try WebServer()
            let run = try BrowserTools.run("student_refresh.py", against: server, timeout: 120)
            expectPassed(run, "student_refresh")
            #expect(run.stdout.contains("ok: the room still has 2 members: the seat was kept"))
            #expect(run.stdout.contains("ok: the new tab has the seat back"))
        }
    }

    @Test(.enabled(if: BrowserTools.available, "needs chromium, chromium-driver and python3-selenium"))
    func theHostPageRunsAGameToThePodiumAndItsResults() async throws {
        try await onBrowserTurn {
            let results = try BrowserTools.resultsFolder()
            defer { try? FileManager.default.removeItem(at: results) }
            let server = try WebServer(resultsDirectory: results.path)
            let run = try BrowserTools.run("host_game.py", against: server, timeout: 150)
            expectPassed(run, "host_game")
            #expect(run.stdout.contains("ok: the players file names the players"))
            #expect(run.stdout.contains("ok: the whole ranking follows"))
        }
    }

    /// The host's "Rules…" dialog: 4 pairs, 8 s, everyone plays every pair, heard by a TCP player and played by the next game.
    @Test(.enabled(if: BrowserTools.available, "needs chromium, chromium-driver and python3-selenium"))
    func theHostPageSetsTheRulesOfTheNextGame() async throws {
        try await onBrowserTurn {
            let animals = try WordList(entries: Array(WebServer.words.entries.prefix(12)))
            let server = try WebServer(wordLists: ["animals": animals])
            let run = try BrowserTools.run("host_rules.py", against: server, timeout: 120)
            expectPassed(run, "host_rules")
            #expect(run.stdout.contains("ok: a player hears the new rules: RULES 4 8000 0 \"default\""))
            #expect(run.stdout.contains("ok: the game is played by them: GAME 4 8000 0 "))
        }
    }

    /// Every tap counts, on every screen a class brings: a finger's tap (W3C pointer actions) at the centre of each
    /// button, at 10%, 50% and 90% of a pair's fall, at seven sizes from a 320 px phone to 1920×1080, is taken by
    /// the server; the buttons are whole on the screen, uncovered; a tap aimed at the pair before is not sent.
    @Test(.enabled(if: BrowserTools.available, "needs chromium, chromium-driver and python3-selenium"))
    func everyTapOnAVisibleButtonCountsAtEverySize() async throws {
        try await onBrowserTurn {
            let server = try WebServer()
            let run = try BrowserTools.run("student_taps.py", against: server, timeout: 300)
            expectPassed(run, "student_taps")
            #expect(run.stdout.contains("ok: 768×1024, 90% of pair 24: the server took the tap"))
            #expect(run.stdout.contains("ok: 667×375: both buttons whole on the screen, no scrolling"))
            #expect(run.stdout.contains("ok: the tap aimed at pair 44 was not sent for pair 45"))
        }
    }

    /// A student's browser killed with pair 2 on the screen and a new one opened some pairs later: the seat comes
    /// back, the pairs missed meanwhile count neither way (out after 3 wrong would have put the student out), and
    /// the review lists every pair as the results file records it.
    @Test(.enabled(if: BrowserTools.available, "needs chromium, chromium-driver and python3-selenium"))
    func aCrashedBrowserTakesTheSeatBackAndTheMissedPairsCountNeitherWay() async throws {
        try await onBrowserTurn {
            let results = try BrowserTools.resultsFolder()
            defer { try? FileManager.default.removeItem(at: results) }
            let server = try WebServer(resultsDirectory: results.path)
            let run = try BrowserTools.run("student_crash.py", against: server, more: [results.path], timeout: 180)
            expectPassed(run, "student_crash")
            #expect(run.stdout.contains("ok: three pairs away did not put the student out"))
            #expect(run.stdout.contains("ok: pair 3 reads as the server recorded it (away)"))
        }
    }

    /// Pairs of 10 s, so that every screen of a pair can be taken while it falls, and a start delay to see counting down.
    @Test(.enabled(if: BrowserTools.available, "needs chromium, chromium-driver and python3-selenium"))
    func screenshotsAtPhoneAndProjectorSizesFitTheScreen() async throws {
        try await onBrowserTurn {
            let results = try BrowserTools.resultsFolder()
            defer { try? FileManager.default.removeItem(at: results) }
            let server = try WebServer(rules: Rules(roundMilliseconds: 10_000, pairCount: 3), startDelayMilliseconds: 3_000,
                                       resultsDirectory: results.path)
            let run = try BrowserTools.run("screenshots.py", against: server, timeout: 180)
            expectPassed(run, "screenshots")
            #expect(run.stdout.contains("ok: the answer buttons at 375 are at least 48 px high"))
            #expect(!run.stdout.contains("overflow: False"))
        }
    }

    /// A projector for a class of 40 at 1920×1080 and 1366×768: the pair view, the countdown, the podium and the ranking's pages.
    @Test(.enabled(if: BrowserTools.available, "needs chromium, chromium-driver and python3-selenium"))
    func theProjectorFitsAClassOfForty() async throws {
        try await onBrowserTurn {
            let results = try BrowserTools.resultsFolder()
            defer { try? FileManager.default.removeItem(at: results) }
            let server = try WebServer(rules: Rules(roundMilliseconds: 6_000, pairCount: 3), startDelayMilliseconds: 3_000,
                                       resultsDirectory: results.path)
            let run = try BrowserTools.run("projector_class.py", against: server, timeout: 240)
            expectPassed(run, "projector_class")
        }
    }

    /// A student's page through a relay that cuts or freezes the link: a reload after answering, a tap while
    /// reconnecting, a hung link noticed within seconds, and a game that ended while the link hung.
    @Test(.enabled(if: BrowserTools.available, "needs chromium, chromium-driver and python3-selenium"))
    func aStudentsPageOverABadNetworkNeverLosesAnAnswerSilently() async throws {
        try await onBrowserTurn {
            // Out after 5 wrong: whatever the pairs' truths, the student still plays pair 5, where the link hangs.
            let server = try WebServer(rules: Rules(roundMilliseconds: 6_000, maxIncorrect: 5, pairCount: 5))
            let run = try BrowserTools.run("student_network.py", against: server, timeout: 240)
            expectPassed(run, "student_network")
        }
    }
}
