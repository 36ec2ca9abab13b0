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

    /// Checks a case's run: exit status 0 and its PASS line; the output says why otherwise. A case's `note:` lines
    /// (something that went otherwise than planned, and was dealt with) are printed even when it passes.
    static func expectPassed(_ run: ProgramRun, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for note in run.stdout.split(separator: "\n") where note.hasPrefix("note: ") { print("\(name): \(note)") }
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
/// (`BrowserTurns`); `seconds`: about how long it runs alone, so that the longest cases go first. Outside the
/// real-time turns of `onOwnThread`: a case waiting for its turn must not keep the suite's other real-time tests
/// waiting too.
/// `lanes`: how many of the turns it takes (a case that runs its own server binary and three browsers weighs two).
func onBrowserTurn<T>(seconds: Double, lanes: Int = 1, _ body: () throws -> T) async rethrows -> T {
    try await onOwnThreadOutsideTurns { try BrowserTurns.shared.taking(seconds: seconds, lanes: lanes, body) }
}

/// Turns for the browser cases. A case mostly waits (for a pair's time, for the page to notice a hung link) and
/// checks order and outcome, never a wall-clock bound: five at once (one or two browsers each) fit this 2-core
/// machine beside the rest of the suite, and ten runs beside two CPU hogs stay green (Tests/README.md). The longest
/// case waiting goes first, as a scheduler packs jobs: the cases all ask within a moment of each other when the
/// suite starts, so the first turns wait that moment (`gathering`) to see them all.
final class BrowserTurns: @unchecked Sendable {
    static let shared = BrowserTurns()
    static let sideBySide = 5
    static let gathering: TimeInterval = 0.5

    private struct Waiting {
        let id: Int
        let seconds: Double
        let lanes: Int
    }

    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    private var free = sideBySide
    private var waiting: [Waiting] = []
    private var nextID = 0
    private var firstGrant: Date?

    func taking<T>(seconds: Double, lanes: Int = 1, _ body: () throws -> T) rethrows -> T {
        condition.lock()
        let me = Waiting(id: nextID, seconds: seconds, lanes: min(max(1, lanes), Self.sideBySide))
        nextID += 1
        waiting.append(me)
        let firstGrant = self.firstGrant ?? Date(timeIntervalSinceNow: Self.gathering)
        self.firstGrant = firstGrant
        while Date() < firstGrant || free < me.lanes || next()?.id != me.id {
            if Date() < firstGrant { _ = condition.wait(until: firstGrant) } else { condition.wait() }
        }
        waiting.removeAll { $0.id == me.id }
        free -= me.lanes
        condition.broadcast()
        condition.unlock()
        defer {
            condition.lock()
            free += me.lanes
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }

    /// The longest case waiting, the first to ask among equals.
    private func next() -> Waiting? {
        waiting.max { ($0.seconds, -$0.id) < ($1.seconds, -$1.id) }
    }
}

/// The pages in a real browser (headless Chromium, driven by the Python
/// scripts in browser/) against the real server, in this process, on
/// 127.0.0.1 and free ports. Five cases at a time, the longest first (`BrowserTurns`).
@Suite struct BrowserTests {
    func expectPassed(_ run: ProgramRun, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        BrowserTools.expectPassed(run, name, sourceLocation: sourceLocation)
    }

    @Test(.enabled(if: BrowserTools.available, "needs chromium, chromium-driver and python3-selenium"))
    func aStudentsPagePlaysAWholeGameBesideATCPPlayer() async throws {
        try await onBrowserTurn(seconds: 8) {
            let server = try WebServer(rules: Rules(roundMilliseconds: 6_000, pairCount: 5))
            let run = try BrowserTools.run("student_game.py", against: server, timeout: 120)
            expectPassed(run, "student_game")
            #expect(run.stdout.contains("ok: the page and the TCP player got the same pairs"))
            #expect(run.stdout.contains("ok: the page's rank and score match the last TOP"))
        }
    }

    @Test(.enabled(if: BrowserTools.available, "needs chromium, chromium-driver and python3-selenium"))
    func aRefreshOrAClosedTabKeepsTheSeatAndTheScore() async throws {
        try await onBrowserTurn(seconds: 16) {
            let server = try WebServer()
            let run = try BrowserTools.run("student_refresh.py", against: server, timeout: 120)
            expectPassed(run, "student_refresh")
            #expect(run.stdout.contains("ok: the room still has 2 members: the seat was kept"))
            #expect(run.stdout.contains("ok: the new tab has the seat back"))
        }
    }

    @Test(.enabled(if: BrowserTools.available, "needs chromium, chromium-driver and python3-selenium"))
    func theHostPageRunsAGameToThePodiumAndItsResults() async throws {
        try await onBrowserTurn(seconds: 24) {
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
        try await onBrowserTurn(seconds: 5) {
            let animals = try WordList(entries: Array(WebServer.words.entries.prefix(12)))
            let server = try WebServer(wordLists: ["animals": animals])
            let run = try BrowserTools.run("host_rules.py", against: server, timeout: 120)
            expectPassed(run, "host_rules")
            #expect(run.stdout.contains("ok: a player hears the new rules: RULES 4 8000 0 \"default\""))
            #expect(run.stdout.contains("ok: the game is played by them: GAME 4 8000 0 "))
        }
    }

    /// Every tap counts, on every screen a class brings: a finger's tap (W3C pointer actions) at the centre of each
    /// button, at 10%, 50% and 90% of a pair's fall (both buttons at 90%), is taken by the server; the buttons are
    /// whole on the screen, uncovered. Phones: 375×667, 320×568 and one turned sideways; a tap aimed at the pair
    /// before is not sent.
    @Test(.enabled(if: BrowserTools.available, "needs chromium, chromium-driver and python3-selenium"))
    func everyTapOnAVisibleButtonCountsOnPhones() async throws {
        try await onBrowserTurn(seconds: 20) {
            let server = try WebServer()
            let run = try BrowserTools.run("student_taps.py", against: server, more: ["phones"], timeout: 300)
            expectPassed(run, "student_taps phones")
            #expect(run.stdout.contains("ok: 320×568, 90% of pair 9: the server took the tap"))
            #expect(run.stdout.contains("ok: 667×375: both buttons whole on the screen, no scrolling"))
            #expect(run.stdout.contains("ok: the tap aimed at pair 14 was not sent for pair 15"))
        }
    }

    /// The same on a tablet both ways, a Chromebook (1366×657, a mouse) and a projector's laptop (1920×1080).
    @Test(.enabled(if: BrowserTools.available, "needs chromium, chromium-driver and python3-selenium"))
    func everyTapOnAVisibleButtonCountsOnTabletsAndComputers() async throws {
        try await onBrowserTurn(seconds: 20) {
            let server = try WebServer()
            let run = try BrowserTools.run("student_taps.py", against: server, more: ["screens"], timeout: 300)
            expectPassed(run, "student_taps screens")
            #expect(run.stdout.contains("ok: 768×1024, 90% of pair 5: the server took the tap"))
            #expect(run.stdout.contains("ok: 1920×1080: both buttons whole on the screen, no scrolling"))
        }
    }

    @Test(.enabled(if: BrowserTools.available, "needs chromium, chromium-driver and python3-selenium"))
    func aCrashedBrowserTakesTheSeatBackAndTheMissedPairsCountNeitherWay() async throws {
        try await onBrowserTurn(seconds: 15) {
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
        try await onBrowserTurn(seconds: 16) {
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
        try await onBrowserTurn(seconds: 10) {
            let results = try BrowserTools.resultsFolder()
            defer { try? FileManager.default.removeItem(at: results) }
            let server = try WebServer(rules: Rules(roundMilliseconds: 20_000, pairCount: 3), startDelayMilliseconds: 3_000,
                                       resultsDirectory: results.path)
            let run = try BrowserTools.run("projector_class.py", against: server, timeout: 240)
            expectPassed(run, "projector_class")
        }
    }

    /// A student's page through a relay that cuts or freezes the link: a reload after answering, a tap while
    /// reconnecting, a hung link noticed within seconds, and a game that ended while the link hung.
    @Test(.enabled(if: BrowserTools.available, "needs chromium, chromium-driver and python3-selenium"))
    func aStudentsPageOverABadNetworkNeverLosesAnAnswerSilently() async throws {
        try await onBrowserTurn(seconds: 29) {
            // Out after 5 wrong: whatever the pairs' truths, the student still plays pair 5, where the link hangs.
            let server = try WebServer(rules: Rules(roundMilliseconds: 10_000, maxIncorrect: 5, pairCount: 5))
            let run = try BrowserTools.run("student_network.py", against: server, timeout: 240)
            expectPassed(run, "student_network")
        }
    }
}
