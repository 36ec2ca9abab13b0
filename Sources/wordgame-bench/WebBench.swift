import Foundation
import WordGamePOSIX

// wordgame-bench web: what a browser player costs the server beside a TCP
// player. For each size, K pairs of runs of the fan-out round (FanoutWordgame),
// TCP players then WebSocket players, each on a fresh server; the figures are
// the medians of each, and their ratios (Protocol.md §11's goal: at most 1.25).

enum WebBench {
    static let usage = """
        wordgame-bench web [sizes...] [--pairs K] [--rounds R]
          for each size N (default 1000 10000), K pairs of runs (default 3), TCP players then WebSocket
          players, each with R measured rounds (default 5): server CPU per player-round, memory per
          connection, and the time for the next pair to reach every player
        """

    static func run(_ arguments: [String]) -> Never {
        var options = FanoutBench.parse(arguments.filter { $0 != "-h" && $0 != "--help" })
        if arguments.contains("-h") || arguments.contains("--help") {
            print(usage)
            exit(0)
        }
        if !arguments.contains(where: { Int($0) != nil }) { options.sizes = [1_000, 10_000] }
        print("wordgame-bench web: \(options.pairs) pair\(options.pairs == 1 ? "" : "s") of runs a size, TCP then WebSocket, "
              + "\(options.rounds) rounds each, on 127.0.0.1")
        var rows: [(players: Int, tcp: [FanoutRun], web: [FanoutRun])] = []
        for size in options.sizes {
            var tcp: [FanoutRun] = [], web: [FanoutRun] = []
            for pair in 1...options.pairs {
                let label = "\(pair)/\(options.pairs)"
                tcp.append(FanoutWordgame.run(players: size, triggers: options.rounds))
                FanoutBench.progress(tcp.last!.line(players: size, label: "TCP       " + label))
                web.append(FanoutWordgame.run(players: size, triggers: options.rounds, webSocket: true))
                FanoutBench.progress(web.last!.line(players: size, label: "WebSocket " + label))
            }
            rows.append((size, tcp, web))
        }
        printTable(rows)
        exit(0)
    }

    static func printTable(_ rows: [(players: Int, tcp: [FanoutRun], web: [FanoutRun])]) {
        func median(_ runs: [FanoutRun], _ figure: (FanoutRun) -> Double) -> Double { percentile(runs.map(figure), 50) }
        print("\nMedians; ratio = WebSocket / TCP (the goal: at most 1.25)")
        print("| players | CPU µs a player-round TCP / WebSocket | ratio | KiB a connection TCP / WebSocket | ratio "
              + "| next pair to all, ms p50 TCP / WebSocket | ratio | max ms TCP / WebSocket |")
        print("|---:|---:|---:|---:|---:|---:|---:|---:|")
        for row in rows {
            let cpu = (median(row.tcp) { $0.cpuPerPlayerRound * 1e6 }, median(row.web) { $0.cpuPerPlayerRound * 1e6 })
            let memory = (median(row.tcp) { $0.kibPerConnection }, median(row.web) { $0.kibPerConnection })
            let p50 = (median(row.tcp) { $0.p50 * 1_000 }, median(row.web) { $0.p50 * 1_000 })
            let max = (median(row.tcp) { $0.max * 1_000 }, median(row.web) { $0.max * 1_000 })
            print("| \(row.players) | \(format(cpu.0, 2)) / \(format(cpu.1, 2)) | \(format(cpu.1 / cpu.0, 2)) "
                  + "| \(format(memory.0, 2)) / \(format(memory.1, 2)) | \(format(memory.1 / memory.0, 2)) "
                  + "| \(format(p50.0, 1)) / \(format(p50.1, 1)) | \(format(p50.1 / p50.0, 2)) "
                  + "| \(format(max.0, 1)) / \(format(max.1, 1)) |")
        }
    }
}
