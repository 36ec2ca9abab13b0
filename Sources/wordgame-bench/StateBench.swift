import Foundation
import WordGamePOSIX

// wordgame-bench state: what keeping the lesson on disk (`--state`) costs.
//
// Two rooms a school runs, each played by a server keeping no lesson and by
// one keeping it, one after the other, K times over (off, on, off, on …),
// each on a fresh server: the machine is shared and noisy, and interleaving
// spreads its noise over both.
// - one room of N players (fanout's run: the next ROUND to everyone after the
//   last answer), where each pair's close saves a lesson of N seats;
// - a district: R rooms of S players on one server (rooms made with JOIN),
//   every room playing a game at once, each player answering at a class's
//   pace (within `--think-ms` of its ROUND, spread evenly), and again with
//   every answer sent as its ROUND arrives, a stress: a pair closes in each
//   room a hundred times as often as in a class, and every save has every
//   room changed. The server's CPU per player and pair, and the time taken.

enum StateBench {
    struct Options {
        var players = 10_000
        var rounds = 5
        var pairs = 3
        var rooms = 100
        var size = 30
        var thinkMilliseconds = 1_500
    }

    static let usage = """
        wordgame-bench state [--players N] [--rounds R] [--pairs K] [--rooms R] [--size S] [--think-ms T]
          one room of N players (default 10000, R triggers a run, default 5) and a district of R rooms of S players
          (default 100 of 30) answering within T ms (default 1500), then at once, each K times without --state and
          K times with it, interleaved (default 3)
        """

    static let districtPairs = 10

    static func run(_ arguments: [String]) -> Never {
        let options = parse(arguments)
        let folder = temporaryDirectory("wordgame-bench-state")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        print("""
            wordgame-bench state: the lesson kept on disk (--state) or not, runs interleaved, each on a fresh server; 127.0.0.1 only
              room: \(options.players) players, \(options.rounds) triggers a run \
            (fanout's: the last answer to the next ROUND on every socket)
              district: \(options.rooms) rooms of \(options.size) on one server, all playing a game of \(districtPairs) pairs at once,
                each player answering within \(options.thinkMilliseconds) ms of its ROUND (a class), then at once (stress);
                time: START to the last GAMEOVER; CPU: the server's, all threads
            """)
        var room: [Bool: [FanoutRun]] = [:], district: [Bool: [DistrictRun]] = [:], stress: [Bool: [DistrictRun]] = [:]
        for pair in 1...options.pairs {
            for keeping in [false, true] {
                let label = "\(keeping ? "on " : "off") \(pair)/\(options.pairs)"
                let state = keeping ? folder + "/\(pair)-room" : nil
                let run = FanoutWordgame.run(players: options.players, triggers: options.rounds, state: state)
                room[keeping, default: []].append(run)
                FanoutBench.progress(run.line(players: options.players, label: label))
            }
            for keeping in [false, true] {
                let label = "\(keeping ? "on " : "off") \(pair)/\(options.pairs)"
                let run = playDistrict(options, think: options.thinkMilliseconds, state: keeping ? folder + "/\(pair)-district" : nil)
                district[keeping, default: []].append(run)
                FanoutBench.progress("district \(options.rooms)×\(options.size) " + label + run.line)
            }
            for keeping in [false, true] {
                let label = "\(keeping ? "on " : "off") \(pair)/\(options.pairs)"
                let run = playDistrict(options, think: 0, state: keeping ? folder + "/\(pair)-stress" : nil)
                stress[keeping, default: []].append(run)
                FanoutBench.progress("stress   \(options.rooms)×\(options.size) " + label + run.line)
            }
        }
        func median(_ values: [Double]) -> Double { percentile(values, 50) }
        let p50 = { (keeping: Bool) in median(room[keeping]!.map { $0.p50 * 1_000 }) }
        let cpu = { (keeping: Bool) in median(room[keeping]!.map(\.cpuPerPlayerRound)) }
        let seconds = { (keeping: Bool) in median(district[keeping]!.map(\.seconds)) }
        let districtCPU = { (keeping: Bool) in median(district[keeping]!.map(\.cpuPerPlayerRound)) }
        let stressCPU = { (keeping: Bool) in median(stress[keeping]!.map(\.cpuPerPlayerRound)) }
        print(String(format: """
            medians, state on / off:
              room of %d:   next pair p50 %.1f / %.1f ms (%.3f), server CPU per player-round %.2f / %.2f µs (%.3f)
              district:     games %.2f / %.2f s (%.3f), server CPU per player-round %.2f / %.2f µs (%.3f)
              stress:       server CPU per player-round %.2f / %.2f µs (%.3f)
            spread, state off alone (max/min over its runs): room p50 %.3f, district CPU %.3f
            """, options.players, p50(true), p50(false), p50(true) / p50(false), cpu(true) * 1e6, cpu(false) * 1e6, cpu(true) / cpu(false),
                     seconds(true), seconds(false), seconds(true) / seconds(false), districtCPU(true) * 1e6, districtCPU(false) * 1e6,
                     districtCPU(true) / districtCPU(false),
                     stressCPU(true) * 1e6, stressCPU(false) * 1e6, stressCPU(true) / stressCPU(false),
                     spread(room[false]!.map(\.p50)), spread(district[false]!.map(\.cpuPerPlayerRound))))
        exit(0)
    }

    static func spread(_ values: [Double]) -> Double { (values.max() ?? 0) / max(values.min() ?? 1, 1e-9) }

    struct DistrictRun {
        var seconds = 0.0
        var cpuPerPlayerRound = 0.0
        var line: String { String(format: "   games %.2f s, server CPU per player-round %.2f µs", seconds, cpuPerPlayerRound * 1e6) }
    }

    /// Every room plays one game at once; the first player of each, its host, starts it. Each player answers
    /// within `think` ms of its ROUND, at a time of its own spread evenly over it (0: as the ROUND arrives).
    static func playDistrict(_ options: Options, think: Int, state: String?) -> DistrictRun {
        let server = ServerProcess(arguments: ["--pairs", "\(districtPairs)", "--seed", "1", "--max-incorrect", "1000",
                                               "--max-connections", "20000", "--max-per-address", "100000",
                                               "--start-delay", "0", "--no-results", "--quiet"]
                                   + (state.map { ["--state", $0] } ?? []))
        defer { server.stop() }
        var sockets = LineSockets([])
        var hosts: [FileDescriptor] = []
        for room in 1...options.rooms {
            let first = joinPlayers(&sockets, count: options.size, prefix: "r\(room)p", room: "room-\(room)", port: server.port)
            hosts.append(sockets.fds[first])
        }
        idle(&sockets, seconds: 0.3)
        let fds = sockets.fds
        let players = fds.count
        var over = 0
        let cpuBefore = server.cpuSeconds
        let start = now()
        for host in hosts { sendLine("START\n", to: host) }
        var due: [(at: Double, player: Int, line: String)] = []
        let deadline = start + 600
        while over < players {
            if now() > deadline { fail("the district's games did not end within 600 s") }
            let moment = now()
            for answer in due where answer.at <= moment { sendLine(answer.line, to: fds[answer.player]) }
            due.removeAll { $0.at <= moment }
            let wait = due.map(\.at).min().map { max(0, $0 - moment) } ?? 0.1
            sockets.pump(timeout: min(wait, 0.1)) { i, line, arrival in
                if line.hasPrefix("ROUND ") {
                    let number = line.split(separator: " ")[1]
                    let answer = "ANSWER \(number) \(i % 3 == 0 ? "n" : "y")\n"
                    // Player i of a room answers at its own point of the think time: the pairs close at a class's pace.
                    let delay = Double(think) / 1_000 * Double(i % options.size) / Double(options.size)
                    if think == 0 { sendLine(answer, to: fds[i]) } else { due.append((arrival + delay, i, answer)) }
                } else if line.hasPrefix("GAMEOVER ") {
                    over += 1
                }
            }
        }
        var run = DistrictRun()
        run.seconds = now() - start
        // The last save after the last pair is off the loop: let it finish before the server's CPU is read.
        idle(&sockets, seconds: 0.5)
        run.cpuPerPlayerRound = (server.cpuSeconds - cpuBefore) / Double(players * districtPairs)
        for fd in fds { fd.close() }
        return run
    }

    static func parse(_ arguments: [String]) -> Options {
        var options = Options()
        var rest = arguments[...]
        func number(_ text: String?, _ flag: String, _ range: ClosedRange<Int>) -> Int { flagNumber(text, flag, range, usage: usage) }
        while let argument = rest.popFirst() {
            switch argument {
            case "--players": options.players = number(rest.popFirst(), argument, 3...50_000)
            case "--rounds": options.rounds = number(rest.popFirst(), argument, 1...100)
            case "--pairs": options.pairs = number(rest.popFirst(), argument, 1...100)
            case "--rooms": options.rooms = number(rest.popFirst(), argument, 1...1_000)
            case "--size": options.size = number(rest.popFirst(), argument, 2...1_000)
            case "--think-ms": options.thinkMilliseconds = number(rest.popFirst(), argument, 0...60_000)
            case "-h", "--help":
                print(usage)
                exit(0)
            default: fail("unknown argument \(argument)\n\(usage)")
            }
        }
        return options
    }
}
