import Foundation
import WordGamePOSIX

// wordgame-bench district: a capacity figure to size a fleet by. How many
// classes of 30 one server holds, playing as classes play (DistrictRun): the
// server's CPU and memory, how long its round closes take, and how late each
// room's REVEAL reaches the last of its players, with nothing lost.

enum DistrictBench {
    static func run(_ arguments: [String]) -> Never {
        let options = DistrictOptions.parse(arguments)
        // Each connection is a descriptor in the bench and one in the server, and both have the limit the bench
        // raised to its hard one (the server inherits it): a run larger than fits is made smaller, and says so.
        let limit = DescriptorLimit.current() ?? 0
        let fitting = max(1, (limit - 200) / (options.players + 1))
        print("""
            wordgame-bench district: classes of \(options.players) and a teacher on one release server, 127.0.0.1; \
            \(Int(options.webSocketShare * 100))% of players on WebSocket; 15 pairs of 5 s a game, game after game; \
            \(options.aligned ? "every room started at once, every pair closing on its deadline (the worst case)"
                               : "rooms started 5 s apart in all"); \
            window \(Int(options.seconds)) s after \(Int(options.warmupSeconds)) s; \(ProcessInfo.processInfo.activeProcessorCount) cores
            descriptors: \(limit) (RLIMIT_NOFILE, the hard limit) for the bench and for the server: at most \(fitting) rooms
            """)
        let folder = temporaryDirectory("wordgame-bench-district")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var results: [(asked: Int, figures: DistrictFigures)] = []
        for asked in options.rooms {
            let rooms = min(asked, fitting)
            if rooms < asked {
                FanoutBench.progress("  \(asked) rooms need \(asked * (options.players + 1)) connections, past the descriptor limit "
                                     + "of \(limit): \(rooms) rooms instead")
            }
            for run in 1...options.runs {
                let figures = DistrictRun(options: options, rooms: rooms, run: run, folder: folder + "/\(rooms)-\(run)").measure()
                FanoutBench.progress("  run \(run)/\(options.runs): " + figures.line)
                results.append((asked, figures))
            }
        }
        printTable(results)
        exit(results.allSatisfy { $0.figures.answersLost == 0 } ? 0 : 1)
    }

    static func printTable(_ results: [(asked: Int, figures: DistrictFigures)]) {
        print("""

            | rooms | connections (WebSocket) | server CPU, % of a core | RSS MiB steady / peak \
            | round close on the server, ms p50 / p99 / max (bucket bounds) | pair due to last player's REVEAL, ms p50 / p99 / max \
            | pairs (by last answer) | answers/s | messages/s | answers lost | bench CPU, % of a core |
            |---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
            """)
        for (asked, row) in results {
            let rooms = asked == row.rooms ? "\(row.rooms)" : "\(row.rooms) (of \(asked): descriptors)"
            print("| \(rooms) | \(row.connections) (\(row.webSockets)) | \(format(row.serverCPU, 1)) "
                  + "| \(format(row.residentMiB, 0)) / \(format(row.peakResidentMiB, 0)) "
                  + "| ≤\(milliseconds(row.closeP50)) / ≤\(milliseconds(row.closeP99)) / ≤\(milliseconds(row.closeMax)) "
                  + "| \(format(row.lagP50 * 1_000, 1)) / \(format(row.lagP99 * 1_000, 1)) / \(format(row.lagMax * 1_000, 1)) "
                  + "| \(row.rounds) (\(row.roundsClosedByAnswers)) | \(format(row.answersPerSecond, 0)) "
                  + "| \(format(row.messagesPerSecond, 0)) | \(row.answersLost) | \(format(row.benchCPU, 1)) |")
        }
    }
}
