import Foundation
import WordGamePOSIX

// What the soak counts, what it reads of the server from /proc, and how it prints both.

final class SoakStats {
    // Scores: every one of these must agree with the bot's own count.
    var resultsChecked = 0
    var gameOversChecked = 0
    var outsChecked = 0
    var gamesStartedSeen = 0
    private(set) var mismatches: [String: Int] = [:]
    var mismatchCount: Int { mismatches.values.reduce(0, +) }
    /// Odd lines that do not touch a score (reported, not fatal).
    private(set) var anomalies: [String: Int] = [:]
    private(set) var samples: [String] = []
    private(set) var failures: [String] = []

    // Answers.
    var answersSent = 0
    var answersTaken = 0
    var answersLate = 0
    var answersAfterClose = 0
    var timeoutsExpected = 0
    var againSent = 0
    var againRaced = 0
    var joins = 0

    // Drops and resumes.
    var drops: [DropMoment: Int] = [:]
    var dropsByReset = 0
    var dropsByClose = 0
    var resumesAttempted = 0
    var resumesSucceeded = 0
    var resumesFailed = 0
    var resumeSlowDowns = 0
    /// RESUME sent again on the same connection after a slow-down.
    var resumeRetries = 0
    /// From a drop to its OK RESUME: the planned pause (0.2-5 s), plus any wait for a slow-down.
    var awayMilliseconds: [Double] = []
    var resumesAfterGameEnded = 0
    var resumesOutsideGame = 0
    var resumesUnchecked = 0
    var resumeScoresExactSameGame = 0
    var resumeScoresExactNewGame = 0
    var resumeScoresLoose: [String: Int] = [:]
    var botConnectionsLost: [String: Int] = [:]
    var unexpectedErrors: [String: Int] = [:]
    var notices: [String: Int] = [:]

    // Latency.
    var pingMilliseconds: [Double] = []
    var timerLateness: [Double] = []

    func note(mismatch kind: String, _ detail: String) {
        mismatches[kind, default: 0] += 1
        sample("MISMATCH \(kind): \(detail)")
    }

    func note(anomaly kind: String, _ detail: String) {
        anomalies[kind, default: 0] += 1
        sample("anomaly \(kind): \(detail)")
    }

    func note(failure detail: String) {
        if failures.count < 40 { failures.append(detail) }
    }

    private func sample(_ text: String) {
        if samples.count < 40 { samples.append(text) }
        StandardError.write("soak: \(text)")
    }
}

/// The server child as /proc shows it.
struct ServerProbe {
    let pid: Int32

    /// A `kB` field of /proc/<pid>/status (VmRSS, VmHWM), in MiB.
    func statusMiB(_ field: String) -> Double {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("\(field):") } ?? ""
        return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
    }

    /// Entries in /proc/<pid>/fd: every descriptor the server holds.
    func openDescriptors() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
    }

    func threads() -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("Threads:") } ?? ""
        return Int(line.split(separator: "\t").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "") ?? -1
    }
}

/// Server readings over the run.
struct ServerFigures {
    var rssStart = 0.0, rssPeakSampled = 0.0, rssEnd = 0.0, hwmEnd = 0.0
    var fdsStart = 0, fdsPeak = 0, fdsEnd = 0, fdsAfterQuiet = 0
    var cpuSeconds = 0.0
    var exitedEarly: String?
}

enum SoakReport {
    static func milliseconds(_ values: [Double]) -> String {
        guard !values.isEmpty else { return "no samples" }
        return String(format: "p50 %.2f ms, p99 %.2f ms, max %.2f ms (%d samples)",
                      percentile(values, 50), percentile(values, 99), values.max()!, values.count)
    }

    static func progress(elapsed: Double, stats: SoakStats, rooms: [SoakRoom], hostile: HostileStats, server: ServerProbe,
                         connectedBots: Int, away: Int, recentPings: [Double]) -> String {
        let games = rooms.reduce(0) { $0 + $1.gamesOver }
        let ping = recentPings.isEmpty ? "-" : String(format: "%.1f/%.1f", percentile(recentPings, 50), percentile(recentPings, 99))
        return String(format: "[%5.0f s] games %d, RESULT %d (mismatch %d), GAMEOVER %d, resumes %d/%d ok (failed %d), "
                      + "bots on %d away %d, ping p50/p99 %@ ms, hostile %d, server %.1f MiB %d fds",
                      elapsed, games, stats.resultsChecked, stats.mismatchCount, stats.gameOversChecked,
                      stats.resumesSucceeded, stats.resumesAttempted, stats.resumesFailed, connectedBots, away, ping,
                      hostile.openedTotal, server.statusMiB("VmRSS"), server.openDescriptors())
    }

    static func final(settings: String, duration: Double, stats: SoakStats, rooms: [SoakRoom], hostile: HostileStats,
                      server: ServerFigures) -> String {
        var out: [String] = []
        func line(_ text: String) { out.append(text) }
        line("wordgame-bench soak: \(settings)")
        line(String(format: "Ran %.1f minutes.", duration / 60))
        if let exit = server.exitedEarly { line("SERVER EXITED DURING THE RUN: \(exit)") }
        let games = rooms.map(\.gamesOver)
        line("")
        line("Games played (GAMEOVER per room): \(games.reduce(0, +)) in all; per room \(games.map(String.init).joined(separator: " "))")
        line("Scores checked against the bots' own counts:")
        line("  RESULT lines   \(stats.resultsChecked)")
        line("  GAMEOVER lines \(stats.gameOversChecked)")
        line("  YOU OUT lines  \(stats.outsChecked)")
        line("  mismatches     \(stats.mismatchCount)\(stats.mismatches.isEmpty ? "" : "  " + describe(stats.mismatches))")
        line("Answers: \(stats.answersSent) sent, \(stats.answersTaken) taken, \(stats.answersLate) too late, "
             + "\(stats.answersAfterClose) after the round closed (wrong-round/no-round); "
             + "\(stats.timeoutsExpected) timeouts booked by the bots")
        line("Games joined live: \(stats.gamesStartedSeen) player-games; "
             + "AGAIN sent \(stats.againSent) (\(stats.againRaced) met a game already on)")
        line("")
        let dropped = stats.drops.values.reduce(0, +)
        line("Drops on purpose: \(dropped) (\(stats.dropsByReset) by reset, SO_LINGER 0; \(stats.dropsByClose) by plain close)")
        for moment in DropMoment.allCases { line("  \(moment.rawValue): \(stats.drops[moment, default: 0])") }
        line("Resumes: \(stats.resumesAttempted) attempted, \(stats.resumesSucceeded) succeeded, \(stats.resumesFailed) failed; "
             + "\(stats.resumeSlowDowns) slow-down replies to bots, \(stats.resumeRetries) RESUME lines sent again after one")
        line("  drop to OK RESUME (a pause of 0.2-5 s is planned): \(milliseconds(stats.awayMilliseconds))")
        line("  SCORE after RESUME checked exactly: \(stats.resumeScoresExactSameGame) back in the same game, "
             + "\(stats.resumeScoresExactNewGame) in a game begun while away")
        line("  checked loosely: \(stats.resumeScoresLoose.values.reduce(0, +))"
             + "\(stats.resumeScoresLoose.isEmpty ? "" : " (" + describe(stats.resumeScoresLoose) + ")")")
        line("  back in the lobby after its game ended: \(stats.resumesAfterGameEnded); "
             + "back outside any game: \(stats.resumesOutsideGame); not checked: \(stats.resumesUnchecked)")
        line("Bot connections the server closed: \(stats.botConnectionsLost.values.reduce(0, +))"
             + "\(stats.botConnectionsLost.isEmpty ? "" : " (" + describe(stats.botConnectionsLost) + ")")")
        line("Unexpected errors to bots: \(stats.unexpectedErrors.isEmpty ? "none" : describe(stats.unexpectedErrors))")
        line("Other anomalies: \(stats.anomalies.isEmpty ? "none" : describe(stats.anomalies))")
        line("Notices one bot per room read: \(stats.notices.isEmpty ? "none" : describe(stats.notices))")
        line("")
        line("PING to PONG, a bot per room every 2-4 s: \(milliseconds(stats.pingMilliseconds))")
        line("Bench timers fired late by: \(milliseconds(stats.timerLateness)) (the bench's own delay, part of every latency above)")
        line("")
        line("Hostile connections: \(hostile.openedTotal) opened")
        for kind in HostileKind.allCases {
            let ended = hostile.endings[kind, default: [:]]
            let notes = hostile.notes[kind, default: [:]]
            line("  \(kind.rawValue): \(hostile.opened[kind, default: 0]) opened; "
                 + "ended: \(ended.isEmpty ? "-" : describe(ended))\(notes.isEmpty ? "" : "; " + describe(notes))")
        }
        line("")
        line(String(format: "Server RSS: start %.1f MiB, peak %.1f MiB (VmHWM; %.1f sampled), end %.1f MiB",
                    server.rssStart, server.hwmEnd, server.rssPeakSampled, server.rssEnd))
        line("Server descriptors: start \(server.fdsStart), peak sampled \(server.fdsPeak), end \(server.fdsEnd) "
             + "(every soak socket closed)")
        line(String(format: "Server CPU: %.1f s", server.cpuSeconds))
        if !stats.samples.isEmpty {
            line("")
            line("First mismatches and anomalies:")
            for sample in stats.samples { line("  \(sample)") }
        }
        if !stats.failures.isEmpty {
            line("")
            line("Failures and unexpected errors:")
            for failure in stats.failures { line("  \(failure)") }
        }
        return out.joined(separator: "\n")
    }

    static func describe<K>(_ counts: [K: Int]) -> String {
        counts.map { ("\($0.key)", $0.value) }.sorted { $0.0 < $1.0 }.map { "\($0.0): \($0.1)" }.joined(separator: ", ")
    }
}
