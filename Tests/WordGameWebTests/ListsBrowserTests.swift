import Foundation
import Testing
import WordGame
import WordGameTestSupport

/// Issue 30 in a real browser: a teacher's own list made on the host page and played by three phones, lists in
/// Arabic and Japanese, the hardest words on the projector and the missed ones played again, and a student
/// practising alone. The real server in this process, on 127.0.0.1 and free ports; the cases in browser/.
@Suite struct ListsBrowserTests {
    static let wordsFile = WebServer.repositoryRoot.appendingPathComponent("Resources/words.json").path

    /// A 40-line English → French list pasted from a spreadsheet (a header, an empty line, a duplicate), saved,
    /// chosen in Rules… and played by three phones: every phone says French, the review and the players file name it.
    @Test(.enabled(if: BrowserTools.available, "needs chromium, chromium-driver and python3-selenium"))
    func aTeachersPastedListIsSavedChosenAndPlayedByThreePhones() async throws {
        try await onBrowserTurn(seconds: 45) {
            let results = try BrowserTools.resultsFolder()
            let lists = try BrowserTools.resultsFolder()
            defer {
                try? FileManager.default.removeItem(at: results)
                try? FileManager.default.removeItem(at: lists)
            }
            // Nobody is out: the phones answer by a plan, not by the truth, and three wrong of a deal would put one out
            // before pair 4 (it did, by chance), when every phone must show every pair in French.
            let server = try WebServer(rules: Rules(roundMilliseconds: 10_000, maxIncorrect: Rules.neverOut, pairCount: 4),
                                       resultsDirectory: results.path, listsFolder: lists.path)
            let run = try BrowserTools.run("teacher_list.py", against: server, more: [results.path], timeout: 240)
            BrowserTools.expectPassed(run, "teacher_list")
            #expect(run.stdout.contains("ok: the preview counts the pairs: '37 pairs read · English → French · 1 line not read'"))
            #expect(run.stdout.contains("ok: the duplicate is named with its line number"))
            #expect(run.stdout.contains("ok: pair 4, Chloé (667×375): 'Is the French word the right translation?'"))
            // Saved in the lists folder, in the server's own format, where a restart finds it.
            let file = lists.appendingPathComponent("week-12-french.json")
            let saved = try String(contentsOf: file, encoding: .utf8)
            #expect(saved.contains("\"from\"") && saved.contains("French") && saved.contains("le chat"))
        }
    }

    /// Arabic → English and Japanese → English lists pasted with headers in their own scripts, and played.
    @Test(.enabled(if: BrowserTools.available, "needs chromium, chromium-driver and python3-selenium"))
    func listsInArabicAndJapaneseArePastedAndPlayed() async throws {
        try await onBrowserTurn(seconds: 60) {
            // Pairs of 12 s: every screenshot of a pair is taken while it falls, on a loaded machine too.
            let server = try WebServer(rules: Rules(roundMilliseconds: 12_000, pairCount: 3))
            let run = try BrowserTools.run("rtl_cjk_lists.py", against: server, timeout: 240)
            BrowserTools.expectPassed(run, "rtl_cjk_lists")
            #expect(run.stdout.contains("ok: arabic-basics: the question names the language that falls"))
            #expect(run.stdout.contains("is tagged ar, right to left"))
            #expect(run.stdout.contains("is tagged ja,"))
        }
    }

    /// The projector's hardest words after the podium and the ranking, as HARDEST and the pairs file have them;
    /// Play the missed words deals them first.
    @Test(.enabled(if: BrowserTools.available, "needs chromium, chromium-driver and python3-selenium"))
    func theProjectorShowsTheHardestWordsAndPlaysTheMissedOnesAgain() async throws {
        try await onBrowserTurn(seconds: 40) {
            let results = try BrowserTools.resultsFolder()
            defer { try? FileManager.default.removeItem(at: results) }
            let server = try WebServer(rules: Rules(roundMilliseconds: 4_000, pairCount: 6), resultsDirectory: results.path)
            let run = try BrowserTools.run("hardest_missed.py", against: server, more: [results.path, Self.wordsFile], timeout: 240)
            BrowserTools.expectPassed(run, "hardest_missed")
            #expect(run.stdout.contains("ok: the table is the pairs file's, in its order"))
            #expect(run.stdout.contains("ok: the next game deals the missed words first, hardest first"))
        }
    }

    /// A student's missed words kept after a game in a room, and practised alone first.
    @Test(.enabled(if: BrowserTools.available, "needs chromium, chromium-driver and python3-selenium"))
    func aStudentPractisesTheMissedWordsAlone() async throws {
        try await onBrowserTurn(seconds: 60) {
            let server = try WebServer(rules: Rules(roundMilliseconds: 4_000, pairCount: 5))
            let run = try BrowserTools.run("practice_alone.py", against: server, more: [Self.wordsFile], timeout: 240)
            BrowserTools.expectPassed(run, "practice_alone")
            #expect(run.stdout.contains("ok: the practice game deals the missed words first"))
            #expect(run.stdout.contains("ok: START MISSED deals the word just missed first"))
        }
    }
}
