import Foundation

// The district's command line: wordgame-bench district [--rooms 100,300,1000] …

struct DistrictOptions {
    var rooms = [100, 300, 1_000]
    var players = 30
    var webSocketShare = 0.7
    var seconds = 60.0
    var warmupSeconds = 15.0
    var runs = 1
    var seed: UInt64 = 1
    /// The worst case: every room starts at once and one player a room never answers,
    /// so every room's pair closes on its deadline, all in the same turn of the server's loop.
    var aligned = false

    static let usage = """
        wordgame-bench district [--rooms 100,300,1000] [--players 30] [--websocket-share 0.7] [--seconds 60]
                                [--warmup 15] [--runs 1] [--seed 1] [--aligned]
          for each number of rooms, a fresh release server on 127.0.0.1 as a school runs it (lesson and results
          kept) holds that many classes: a host (the teacher) and P players a room, that share of connections
          WebSocket (browsers) and the rest TCP; each room plays game after game of 15 pairs of 5 s, everyone in,
          each player answering a pair at a moment of its own (1 in 20 not at all), rooms started a pair's time
          apart in all. After the warm-up, a window of S seconds: the server's CPU and memory, its round closes
          (/metrics), each round's close to the last player's REVEAL, answers lost, messages a second, and the
          bench's own CPU. --runs: each number that many times, one after the other.
          --aligned: the worst case, every room started at once and every pair closing on its deadline.
        """

    static func parse(_ arguments: [String]) -> DistrictOptions {
        var options = DistrictOptions()
        var flags = BenchFlags(arguments, usage: usage)
        while let flag = flags.next() {
            switch flag {
            case "--rooms":
                let text = flags.value(flag)
                let numbers = text.split(separator: ",").map { Int($0) }
                guard !numbers.isEmpty, numbers.allSatisfy({ $0 != nil && (1...2_000).contains($0!) }) else {
                    fail("--rooms \(text): numbers of 1 to 2000 (the server's rooms), separated by commas\n\(usage)")
                }
                options.rooms = numbers.map { $0! }
            case "--players": options.players = Int(flags.number(flag, 2...1_000))
            case "--websocket-share": options.webSocketShare = flags.number(flag, 0...1)
            case "--seconds": options.seconds = flags.number(flag, 5...3_600)
            case "--warmup": options.warmupSeconds = flags.number(flag, 11...600)
            case "--runs": options.runs = Int(flags.number(flag, 1...10))
            case "--seed":
                guard let seed = UInt64(flags.value(flag)) else { fail("--seed: not a number\n\(usage)") }
                options.seed = seed
            case "--aligned": options.aligned = true
            case "-h", "--help":
                print(usage)
                exit(0)
            default: fail("unknown district option \(flag)\n\(usage)")
            }
        }
        return options
    }

    /// Whether connection `seat` of a room (0 the host, then the players 1...P) is a browser's. The players'
    /// share is spread evenly over their seats, so every room has the same mix; the teacher is in a browser
    /// when most are.
    func isWebSocket(seat: Int) -> Bool {
        if seat == 0 { return webSocketShare >= 0.5 }
        return (Double(seat) * webSocketShare).rounded(.down) > (Double(seat - 1) * webSocketShare).rounded(.down)
    }
}
