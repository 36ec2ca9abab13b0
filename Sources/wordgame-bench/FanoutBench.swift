import Foundation
import WordGamePOSIX

// wordgame-bench fanout: how fast wordgame-server gets the next pair out to N
// players, beside redis-server PUBLISH to N subscribers, read by the same
// receiver (FanoutReceiver). For each size the runs alternate, Redis then
// wordgame, K times, each on a fresh server: the machine is shared, and
// interleaving spreads its noise over both. Redis is only a yardstick here,
// installed from the system's packages; without it the wordgame figures stand alone.

enum FanoutBench {
    struct Options {
        var sizes = [1_000, 5_000, 10_000]
        var pairs = 3
        var rounds = 5
    }

    static let usage = """
        wordgame-bench fanout [sizes...] [--pairs K] [--rounds R]
          for each size N (default 1000 5000 10000), K pairs of runs (default 3), Redis then wordgame,
          each with R measured triggers (default 5): the next ROUND to N players against PUBLISH to N subscribers
        """

    static func run(_ arguments: [String]) -> Never {
        let options = parse(arguments)
        let redis = RedisProcess.binary
        if redis == nil { print(RedisProcess.installHint) }
        printHeader(options, redisVersion: redis.map(RedisProcess.version))
        var rows: [FanoutTable.Row] = []
        for size in options.sizes {
            var row = FanoutTable.Row(players: size)
            for pair in 1...options.pairs {
                let label = "\(pair)/\(options.pairs)"
                if let redis {
                    row.redis.append(FanoutRedis.run(binary: redis, subscribers: size, triggers: options.rounds))
                    progress(row.redis.last!.line(players: size, label: "Redis    " + label))
                }
                row.wordgame.append(FanoutWordgame.run(players: size, triggers: options.rounds))
                progress(row.wordgame.last!.line(players: size, label: "wordgame " + label))
                row.bare.append(FanoutBare.run(players: size, triggers: options.rounds))
                progress(row.bare.last!.line(players: size, label: "bare     " + label))
            }
            rows.append(row)
        }
        FanoutTable.print(rows, pairs: options.pairs)
        exit(0)
    }

    /// A line as soon as it is known, even into a pipe (`| tee`), where output is otherwise held back.
    static func progress(_ line: String) {
        print(line)
        StandardOutput.flush()
    }

    static func printHeader(_ options: Options, redisVersion: String?) {
        let redis = redisVersion.map { "redis-server \($0)" } ?? "no redis-server"
        let runs = redisVersion == nil
            ? "\(options.pairs) wordgame and bare-loop run\(options.pairs == 1 ? "" : "s") a size"
            : "\(options.pairs) round\(options.pairs == 1 ? "" : "s") of runs a size, Redis, wordgame, then the bare loop"
        print("""
            wordgame-bench fanout: the next pair to N players (wordgame-server) beside PUBLISH to N subscribers (\(redis)); 127.0.0.1 only
              sizes \(options.sizes.map(String.init).joined(separator: " ")); \(runs), \
            each on a fresh server; \(options.rounds) trigger\(options.rounds == 1 ? "" : "s") a run, 200 ms apart
              one receiver for both: one thread, one epoll, a non-blocking socket per player or subscriber
              latency: trigger sent to the awaited line whole on a socket (read from the socket that completes it)
              wordgame trigger: the last of N players answers (N−1 have, the server is idle); awaited: the next ROUND
              Redis trigger: PUBLISH of \(FanoutRedis.payloadBytes) bytes (what wordgame sends a player when a round closes)
              per run: medians over its triggers of p50, max and first (the min); join: connect + JOIN or SUBSCRIBE, all confirmed
              KiB/conn: server memory per connection; B/conn: bytes one connection received for a trigger; \
            CPU: server, all threads, kernel included
              CPU µs/answer: read, judge, OK ANSWER (answers sent between a round's first PROGRESS and its next); \
            µs/player-round: everything
              Redis CPU µs/PING: a subscriber's PING read and answered, sent as the answers are: the same work for a command
              bare: the floor, an epoll loop that only reads and sends wordgame's lines for a round (OK ANSWER each,
                PROGRESS twice, 320 bytes to close): what the kernel alone spends on that traffic here
            """)
        StandardOutput.flush()
    }

    static func parse(_ arguments: [String]) -> Options {
        var options = Options(), sizes: [Int] = []
        var rest = arguments[...]
        // Each socket is a descriptor in the bench and another in the server, both under the same limit.
        // main raised the soft limit to the hard one already: raising it again only reads it.
        let largest = raiseDescriptorLimit() - 200
        func number(_ text: String?, _ flag: String, _ range: ClosedRange<Int>) -> Int { flagNumber(text, flag, range, usage: usage) }
        while let argument = rest.popFirst() {
            switch argument {
            case "--pairs": options.pairs = number(rest.popFirst(), argument, 1...100)
            case "--rounds": options.rounds = number(rest.popFirst(), argument, 1...100)
            case "-h", "--help":
                print(usage)
                exit(0)
            default: sizes.append(number(argument, "a size", 3...largest))
            }
        }
        if !sizes.isEmpty { options.sizes = sizes }
        return options
    }
}
