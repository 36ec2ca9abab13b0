import Foundation
import WordGamePOSIX

// wordgame-bench results-load: does writing the results of a 10,000-player
// game delay another room's rounds?
//
// A hosted room of N players (and a projector) plays while a small room of
// two players plays on beside it, on a thread of its own. The big game plays
// 3 pairs, every player answering at once; then its host types STOP, which
// ends it exactly as a last pair does (GAMEOVER to all, RANKING to the
// observers, the record handed to the results writer), because the rules
// are server-wide and --pairs 10000 lets the small room's one game run
// throughout. The small room's answer-to-REVEAL latency and ROUND-to-ROUND
// intervals are then compared across windows of the same run. The writing
// ends when the server's console says "results of <room> game 1: …".

enum ResultsLoadBench {
    static let bigPairs = 3
    /// A small room's round slower than this (answer to REVEAL) is shown on the timeline.
    static let slowMs = 20.0

    static func run(players: Int) {
        let results = temporaryDirectory("wordgame-bench-results")
        defer { try? FileManager.default.removeItem(atPath: results) }
        let server = ServerProcess(arguments: ["--pairs", "10000", "--seed", "1", "--max-incorrect", "1000",
                                               "--max-connections", "20000", "--max-per-address", "100000",
                                               "--results", results, "--start-delay", "0"])
        defer { server.stop() }
        var sockets = LineSockets([])
        let room = makeHostedRoom(&sockets, port: server.port)
        watch(&sockets, room: room, port: server.port)
        let host = 0, first = 2  // the host, the projector, then the players
        let small = SmallRoom()
        small.start(port: server.port)
        var windows: [(name: String, from: Double, to: Double)] = []
        var mark = now()
        idle(&sockets, seconds: 3)
        windows.append(("small room alone", mark, now()))

        mark = now()
        joinPlayers(&sockets, count: players, prefix: "p", room: room, port: server.port)
        let joinSeconds = now() - mark
        windows.append(("\(players) players joining", mark, now()))
        idle(&sockets, seconds: 3)  // the room's coalesced updates (2.5 s apart at 10,000) settle

        // What happened in the big room when, to tell what delayed a small room's round.
        var timeline: [(at: Double, what: String)] = []
        let roomUpdates = { (i: Int, line: Substring, arrival: Double) in
            if i == first && line.hasPrefix("ROOM ") { timeline.append((arrival, "p0 reads a ROOM update (a broadcast to the room)")) }
        }

        // The big game: 3 pairs, then STOP.
        let start = now(), all = sockets.fds
        timeline.append((start, "the host sends START"))
        var firstRound = [Double](repeating: .infinity, count: bigPairs + 2)
        var stop = 0.0, hostOver = 0.0, lastOver = 0.0, over = 0, rankings = 0
        var cpuStop = (loop: 0.0, process: 0.0), cpuOver = cpuStop
        sendLine("START\n", to: all[host])
        sockets.pump(limit: 600, until: { over == players && rankings == 2 }) { i, line, arrival in
            let fields = line.split(separator: " ", maxSplits: 2)
            roomUpdates(i, line, arrival)
            switch fields[0] {
            case "ROUND":
                let number = Int(fields[1])!
                if i == first { timeline.append((arrival, "p0 reads ROUND \(number)")) }
                if i >= first { firstRound[number] = min(firstRound[number], arrival) }
                if i >= first && number <= bigPairs { sendLine("ANSWER \(number) \((i + number) % 2 == 0 ? "y" : "n")\n", to: all[i]) }
                if i == host && number == bigPairs + 1 {
                    cpuStop = (server.loopCPUSeconds, server.cpuSeconds)
                    sendLine("STOP\n", to: all[host])
                    stop = now()
                    timeline.append((stop, "the host sends STOP"))
                }
            case "GAMEOVER":
                if i == host { hostOver = arrival }
                if i == host { timeline.append((arrival, "the host reads GAMEOVER")) }
                guard i >= first else { break }
                over += 1
                if over == players {
                    lastOver = arrival
                    timeline.append((arrival, "the last player's GAMEOVER read"))
                    cpuOver = (server.loopCPUSeconds, server.cpuSeconds)
                }
            case "END": if fields[1] == "RANKING" { rankings += 1 }
            default: break
            }
        }
        windows.append(("big game's rounds (START to STOP)", start, stop))
        let marker = "results of \(room) game 1:"
        sockets.pump(limit: 600, until: { server.console.last(containing: marker) != nil }, onLine: roomUpdates)
        let written = server.console.last(containing: marker)!.time
        timeline.append((written, "the console says the results are written"))
        let cpuWritten = (loop: server.loopCPUSeconds, process: server.cpuSeconds)
        windows.append(("big GAMEOVER ±1 s", hostOver - 1, hostOver + 1))
        windows.append(("GAMEOVER to results written", hostOver, written))
        windows.append(("writer alone (last GAMEOVER to written)", lastOver, written))
        idle(&sockets, seconds: 3, onLine: roomUpdates)
        windows.append(("after the results (3 s)", written, now()))
        let samples = small.stop()

        let files = ((try? FileManager.default.contentsOfDirectory(atPath: results)) ?? []).sorted().map { name in
            (name, ((try? FileManager.default.attributesOfItem(atPath: results + "/" + name))?[.size] as? Int) ?? 0)
        }
        print("""
            wordgame-bench results-load: a hosted room of \(players) players (and a projector) plays \(bigPairs) pairs, every player
            answering at once, then its host types STOP: GAMEOVER, RANKING, and its results written off the loop. Beside it a
            room of 2 players (JOIN, a thread of its own) plays one long game: each answers \(Int(SmallRoom.thinkSeconds * 1000)) ms \
            after its ROUND arrives.
            Server on 127.0.0.1 with --pairs 10000 (rules are server-wide: the small game must outlast the big one).
            """)
        let roundTimes = (1...bigPairs).map { String(format: "%.0f", (firstRound[$0 + 1] - firstRound[$0]) * 1000) }
        print(String(format: "%d players joined in %.1f s. ", players, joinSeconds)
              + "Big game, ROUND n to n+1 (first player to read it): \(roundTimes.joined(separator: ", ")) ms.")
        print(String(format: "STOP to the host's GAMEOVER %.0f ms, to the last player's %.0f ms "
                     + "(the loop's end of game; bench reading included).",
                     (hostOver - stop) * 1000, (lastOver - stop) * 1000))
        print("Results: GAMEOVER to the console line \"\(marker) …\" " + String(format: "%.2f s.", written - hostOver))
        for (name, size) in files {
            print("  " + name.padding(toLength: 52, withPad: " ", startingAt: 0) + String(format: "%8.2f MB", Double(size) / 1e6))
        }
        print(String(format: "Server CPU, s: STOP to last GAMEOVER: loop %.3f, process %.3f; "
                     + "last GAMEOVER to written: loop %.3f, process %.3f",
                     cpuOver.loop - cpuStop.loop, cpuOver.process - cpuStop.process,
                     cpuWritten.loop - cpuOver.loop, cpuWritten.process - cpuOver.process))
        print("(process minus loop is the results writer and the console; times are monotonic, read by the bench.)")
        print("The small room, by window (a sample belongs to a window by when it was read):")
        print("  answer>RV: the later of its 2 answers sent to REVEAL read; "
              + "RD>RD: ROUND n to n+1 (\(Int(SmallRoom.thinkSeconds * 1000)) ms of thinking included)")
        print("window                                   s from GAMEOVER   rounds  "
              + "answer>RV ms p50    p99    max   RD>RD ms p50    p99    max")
        for window in windows {
            func stats(_ values: [SmallRoom.Sample]) -> [Double] {
                let inside = values.filter { $0.at >= window.from && $0.at <= window.to }.map(\.ms)
                return [percentile(inside, 50), percentile(inside, 99), inside.max() ?? .nan]
            }
            let latency = stats(samples.latencies), interval = stats(samples.intervals)
            let count = samples.latencies.filter { $0.at >= window.from && $0.at <= window.to }.count
            print(window.name.padding(toLength: 40, withPad: " ", startingAt: 0)
                  + String(format: " %7.1f..%-7.1f %7d %12.2f %6.2f %6.2f %11.2f %6.2f %6.2f",
                           window.from - hostOver, window.to - hostOver, count,
                           latency[0], latency[1], latency[2], interval[0], interval[1], interval[2]))
        }
        // The small room's slow rounds beside what the big room was doing: which work held them up.
        let slow = samples.latencies.filter { $0.ms > slowMs && $0.at >= start }
            .map { (at: $0.at - $0.ms / 1000, what: String(format: "  small room: its answers left; REVEAL read %.0f ms later", $0.ms)) }
        print("Timeline from the big START, s from the host's GAMEOVER, with the small room's rounds slower than \(Int(slowMs)) ms:")
        for event in (timeline + slow).sorted(by: { $0.at < $1.at }) { print(String(format: "%7.3f ", event.at - hostOver) + event.what) }
    }
}

/// Two players in a room of their own, on a thread of their own, playing one
/// long game: each answers `thinkSeconds` after its ROUND arrives. Records when
/// each REVEAL came back after the round's last answer left, and each interval
/// from one ROUND to the next.
final class SmallRoom: @unchecked Sendable {
    struct Sample {
        var at: Double
        var ms: Double
    }

    static let thinkSeconds = 0.010
    // The samples and `stopping` are guarded by `lock`: the room's thread writes, the bench reads at the end.
    private let lock = NSLock()
    private var latencies: [Sample] = [], intervals: [Sample] = []
    private var stopping = false
    private let started = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)

    /// Returns once both players are in and the game has started.
    func start(port: UInt16) {
        let thread = Thread { [self] in
            play(port: port)
            finished.signal()
        }
        thread.name = "small room"
        thread.start()
        started.wait()
    }

    func stop() -> (latencies: [Sample], intervals: [Sample]) {
        lock.withLock { stopping = true }
        finished.wait()
        return lock.withLock { (latencies, intervals) }
    }

    private func play(port: UInt16) {
        let fds = [connectLoopback(port: port), connectLoopback(port: port)]
        var sockets = LineSockets(fds)
        var joined = Set<Int>()
        for (index, fd) in fds.enumerated() {
            sendLine("NAME s\(index)\nJOIN small\n", to: fd)
            sockets.pump(until: { joined.contains(index) }) { i, line, _ in if line.hasPrefix("INFO") { joined.insert(i) } }
        }
        sendLine("START\n", to: fds[0])
        started.signal()
        var due: [(round: Int, at: Double)?] = [nil, nil]
        var lastSent: [Int: Double] = [:]  // round: when its last answer left
        var previousRound: Double?
        while !lock.withLock({ stopping }) {
            for i in due.indices {
                guard let answer = due[i], answer.at <= now() else { continue }
                sendLine("ANSWER \(answer.round) y\n", to: fds[i])
                lastSent[answer.round] = now()
                due[i] = nil
            }
            // Sleep in poll() to the next answer, in whole milliseconds rounded up: no spinning on a 2-core machine.
            let wait = due.compactMap { $0?.at }.min().map { max(0.001, $0 - now()) } ?? 0.05
            sockets.pump(timeout: (wait * 1000).rounded(.up) / 1000 + 0.0002) { i, line, arrival in
                let fields = line.split(separator: " ", maxSplits: 2)
                switch fields[0] {
                case "ROUND":
                    due[i] = (Int(fields[1])!, arrival + Self.thinkSeconds)
                    guard i == 0 else { break }
                    if let previous = previousRound {
                        lock.withLock { intervals.append(Sample(at: arrival, ms: (arrival - previous) * 1000)) }
                    }
                    previousRound = arrival
                case "REVEAL" where i == 0:
                    guard let sent = lastSent.removeValue(forKey: Int(fields[1])!) else { break }
                    lock.withLock { latencies.append(Sample(at: arrival, ms: (arrival - sent) * 1000)) }
                case "GAMEOVER" where i == 0:
                    previousRound = nil
                    sendLine("AGAIN\n", to: fds[0])
                default: break
                }
            }
        }
        for fd in fds { fd.close() }
    }
}
