import Foundation
import WordGamePOSIX

// wordgame-bench soak: what it proves. A release wordgame-server on 127.0.0.1
// plays with a thousand bots for ten minutes while a tenth of them drop (reset
// or plain close, mid-round, as a pair opens, in the lobby) and come back with
// RESUME, and while hostile connections misbehave beside them (silent sockets,
// a HELP flood that never reads, a line that never ends, random bytes, wrong
// resume codes, connect/disconnect churn). Every bot knows its own answers and,
// from REVEAL, the truth, so it computes its score itself: every RESULT, YOU
// OUT and GAMEOVER must agree with it exactly, and after a RESUME the SCORE
// must be its own count plus the pairs that passed while it was away, as
// timeouts (SoakResume.swift says what is exact). Zero mismatches and zero
// failed resumes show that drops, resumes and abuse never corrupt a score or
// lose a seat; the PING latency of a few bots shows whether the abuse slowed
// the room; the server's RSS and descriptors at start, peak and end (after
// every socket closed) show whether anything leaks. One thread drives every
// socket with poll().

func monotonicNow() -> Double { now() }

final class SoakBench: SoakWorld, HostileWorld {
    let options: SoakOptions
    let stats = SoakStats()
    let hostileStats = HostileStats()
    let random: SoakRandom
    let rules: SoakRules
    private(set) var now = monotonicNow()
    private let sockets: SoakSockets
    private let server: ServerProcess
    private let probe: ServerProbe
    private var rooms: [SoakRoom] = []
    private var bots: [SoakBot] = []
    private var hostiles: [SoakHostile] = []
    private var timers = TimerQueue<SoakTimer>()
    private var resumesWatched: Set<Int> = []
    private var finishing = false
    private var figures = ServerFigures()

    static func run(_ arguments: [String]) -> Never {
        let options = SoakOptions.parse(arguments)
        let results = temporaryDirectory("wordgame-bench-soak")
        let soak = SoakBench(options: options, results: results)
        let failed = soak.play()
        try? FileManager.default.removeItem(atPath: results)
        exit(failed ? 1 : 0)
    }

    init(options: SoakOptions, results: String) {
        self.options = options
        let seed = options.seed ?? UInt64.random(in: 0 ... .max)
        random = SoakRandom(seed: seed)
        rules = SoakRules(pairs: options.pairs, roundMilliseconds: options.roundMilliseconds, maxIncorrect: options.maxIncorrect,
                          graceSeconds: options.graceSeconds)
        let perRoom = options.bots / options.rooms
        let autoStart = max(1, perRoom * 4 / 5)
        let arguments = ["--round-ms", "\(options.roundMilliseconds)", "--pairs", "\(options.pairs)",
                         "--max-incorrect", "\(options.maxIncorrect)", "--auto-start", "\(autoStart)", "--countdown", "1",
                         "--resume-grace", "\(options.graceSeconds)", "--max-per-address", "100000", "--start-delay", "0",
                         "--results", results, "--quiet"]
        print("wordgame-bench soak: \(options.bots) bots in \(options.rooms) rooms for \(options.minutes) min; "
              + "\(options.dropPercent)% drop each minute; "
              + "\(options.hostile) hostile connections, all on 127.0.0.1; bench seed \(seed)")
        print("server: wordgame-server --bind 127.0.0.1 --port 0 \(arguments.joined(separator: " "))")
        StandardOutput.flush()
        server = ServerProcess(arguments: arguments)
        probe = ServerProbe(pid: server.process.processIdentifier)
        sockets = SoakSockets(port: server.port)
    }

    // MARK: The run

    /// Plays the soak; true if a score mismatched or a resume failed.
    private func play() -> Bool {
        now = monotonicNow()
        figures.rssStart = probe.statusMiB("VmRSS")
        figures.fdsStart = probe.openDescriptors()
        let start = now, end = start + options.minutes * 60
        for r in 0..<options.rooms { rooms.append(SoakRoom(name: "soak-\(r)")) }
        for i in 0..<options.bots {
            let room = rooms[i % options.rooms]
            let bot = SoakBot(index: i, room: room, pinger: i < options.rooms, world: self)
            bot.phase = .away
            bots.append(bot)
            // 200 joins a second; each room's first bot (its host and pinger) first.
            timers.add(.bot(i, .reconnect, generation: 0), at: start + Double(i) / 200)
        }
        for h in 0..<options.hostile {
            let hostile = SoakHostile(index: h, world: self)
            hostiles.append(hostile)
            timers.add(.hostile(h, generation: 0), at: start + 2 + Double(h) * 0.5)
        }
        var nextDropCycle = start + Double(options.bots) / 200 + 5
        var nextProgress = start + 30, nextSample = start + 1, nextSweep = start
        var pingsAtProgress = 0
        while now < end {
            pump()
            if now >= nextSweep {
                nextSweep = now + 0.1
                sweepResumes()
            }
            if now >= nextDropCycle && nextDropCycle < end - 15 {
                planDrops(from: nextDropCycle, until: min(nextDropCycle + 60, end - 15))
                nextDropCycle += 60
            }
            if now >= nextSample {
                nextSample = now + 1
                if !server.process.isRunning {
                    figures.exitedEarly = "status \(server.process.terminationStatus) after \(Int(now - start)) s"
                    break
                }
                figures.rssPeakSampled = max(figures.rssPeakSampled, probe.statusMiB("VmRSS"))
                if Int(now - start) % 5 == 0 { figures.fdsPeak = max(figures.fdsPeak, probe.openDescriptors()) }
                if Int(now - start) % 30 == 0 { for room in rooms { room.prune(before: now - 60) } }
            }
            if now >= nextProgress {
                nextProgress += 30
                let recent = Array(stats.pingMilliseconds[pingsAtProgress...])
                pingsAtProgress = stats.pingMilliseconds.count
                print(SoakReport.progress(elapsed: now - start, stats: stats, rooms: rooms, hostile: hostileStats, server: probe,
                                          connectedBots: bots.filter { $0.phase == .inRoom }.count,
                                          away: bots.filter { $0.phase == .away }.count,
                                          recentPings: recent))
                StandardOutput.flush()
            }
        }
        if figures.exitedEarly == nil { finish() }
        let report = SoakReport.final(settings: "\(options.bots) bots, \(options.rooms) rooms, \(options.dropPercent)% drop a minute, "
                                          + "\(options.hostile) hostile; "
                                          + "\(options.pairs) pairs of \(options.roundMilliseconds) ms, out after \(options.maxIncorrect), "
                                          + "resume grace \(options.graceSeconds) s",
                                      duration: now - start, stats: stats, rooms: rooms, hostile: hostileStats, server: figures)
        print(report)
        let failed = stats.mismatchCount > 0 || stats.resumesFailed > 0 || figures.exitedEarly != nil
        print(failed ? "FAILED: \(stats.mismatchCount) score mismatches, \(stats.resumesFailed) failed resumes"
                           + "\(figures.exitedEarly.map { ", server exited (\($0))" } ?? "")"
                     : "PASSED: no score mismatch, no failed resume")
        StandardOutput.flush()
        return failed
    }

    /// The end: hostiles stop, away bots come back and get checked, every bot QUITs, and the server is read once all is closed.
    private func finish() {
        for bot in bots { bot.plan = nil }
        for hostile in hostiles { hostile.stop() }
        let settleUntil = now + 15
        while now < settleUntil && (bots.contains { $0.phase != .inRoom } || !resumesWatched.isEmpty) {
            pump()
            sweepResumes()
        }
        let left = bots.filter { $0.phase != .inRoom }.count
        if left > 0 { stats.note(failure: "\(left) bots were not back in their room 15 s after the last drop") }
        finishing = true
        for bot in bots where bot.slot != nil { self.send("QUIT\n", from: bot) }
        let quitUntil = now + 10
        while now < quitUntil && bots.contains(where: { $0.slot != nil }) { pump() }
        for bot in bots { if let slot = bot.slot { sockets.close(slot, reset: false) } }
        for hostile in hostiles { if let slot = hostile.slot { sockets.close(slot, reset: false) } }
        // The server's loop closes sockets as it sees them go; give it a moment.
        let quietUntil = now + 3
        while now < quietUntil { pump() }
        figures.rssEnd = probe.statusMiB("VmRSS")
        figures.hwmEnd = probe.statusMiB("VmHWM")
        figures.fdsEnd = probe.openDescriptors()
        figures.cpuSeconds = server.cpuSeconds
        server.stop()
    }

    /// One poll of every socket, then the timers due.
    private func pump() {
        let wait = min(0.05, max(0, (timers.nextDue ?? now + 0.05) - now))
        sockets.poll(timeout: wait, woke: { now = $0 }) { slot, owner, event in
            switch (owner, event) {
            case (.bot(let i), .line(let text)): bots[i].received(text, at: now)
            case (.bot(let i), .closed(let reason)):
                if finishing { bots[i].slot = nil } else { bots[i].connectionLost(reason: reason) }
            case (.hostile(let h), .line(let text)): hostiles[h].line(text)
            case (.hostile(let h), .closed(let reason)): hostiles[h].closed(reason: reason)
            case (.hostile(let h), .writable): hostiles[h].writable()
            default: break
            }
        }
        while let (timer, lateness) = timers.popDue(at: now) {
            switch timer {
            case .bot(let i, let what, let generation):
                let bot = bots[i]
                switch what {
                case .answer, .again, .ping, .retryResume:
                    guard generation == bot.generation else { continue }
                    if case .answer = what { stats.timerLateness.append(lateness * 1000) }
                case .dropDue, .reconnect: break
                }
                if finishing { continue }
                bot.fire(what)
            case .hostile(let h, let generation):
                guard generation == hostiles[h].generation else { continue }
                hostiles[h].timer()
            }
        }
    }

    private func sweepResumes() {
        for i in resumesWatched where bots[i].checkResume() { resumesWatched.remove(i) }
    }

    /// A fresh random P% of the bots each drop once between `from` and `until`.
    private func planDrops(from: Double, until: Double) {
        let count = Int((Double(options.bots) * options.dropPercent / 100).rounded())
        var chosen = Set<Int>()
        var tries = 0
        while chosen.count < count && tries < count * 10 {
            tries += 1
            let i = random.int(0..<bots.count)
            if bots[i].plan == nil { chosen.insert(i) }
        }
        for i in chosen {
            bots[i].plan = DropPlan(moment: random.pick(DropMoment.allCases), reset: random.chance(0.5), pause: random.double(0.2...5))
            timers.add(.bot(i, .dropDue, generation: 0), at: random.double(from...until))
        }
    }

    // MARK: SoakWorld

    func send(_ text: String, from bot: SoakBot) {
        if let slot = bot.slot { sockets.send(text, on: slot) }
    }

    func schedule(_ timer: BotTimer, for bot: SoakBot, after seconds: Double) {
        timers.add(.bot(bot.index, timer, generation: bot.generation), at: now + seconds)
    }

    func hangUp(_ bot: SoakBot, reset: Bool) {
        if let slot = bot.slot { sockets.close(slot, reset: reset) }
    }

    func reconnect(_ bot: SoakBot) {
        do {
            bot.connected(slot: try sockets.open(for: .bot(bot.index)))
        } catch {
            stats.note(failure: "\(bot.name): no socket for a new connection (\(Errno.text(error.code)))")
            schedule(.reconnect, for: bot, after: 0.5)
        }
    }

    func watchResume(_ bot: SoakBot) { resumesWatched.insert(bot.index) }

    // MARK: HostileWorld

    func open(for hostile: SoakHostile, reads: Bool, receiveBuffer: Int32?) -> Int? {
        try? sockets.open(for: .hostile(hostile.index), receiveBuffer: receiveBuffer, reads: reads)
    }

    func send(_ bytes: [UInt8], from hostile: SoakHostile) {
        if let slot = hostile.slot { sockets.send(bytes, on: slot) }
    }

    func close(_ hostile: SoakHostile, reset: Bool) {
        if let slot = hostile.slot { sockets.close(slot, reset: reset) }
    }

    func schedule(_ hostile: SoakHostile, after seconds: Double) {
        timers.add(.hostile(hostile.index, generation: hostile.generation), at: now + seconds)
    }

    func setWantsWritable(_ hostile: SoakHostile) {
        if let slot = hostile.slot { sockets.setWantsWritable(slot, true) }
    }

    func queuedBytes(_ hostile: SoakHostile) -> Int { hostile.slot.map { sockets.queuedBytes($0) } ?? 0 }
}
