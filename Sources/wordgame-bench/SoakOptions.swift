import Foundation

// The soak's command line: wordgame-bench soak [--minutes M] [--bots N] …

struct SoakOptions {
    var minutes = 10.0
    var bots = 1_000
    var dropPercent = 10.0
    var hostile = 8
    var rooms = 20
    var roundMilliseconds = 1_200
    var pairs = 10
    var maxIncorrect = 8
    var graceSeconds = 60
    var seed: UInt64?

    static let usage = """
        wordgame-bench soak [--minutes M] [--bots N] [--drop-percent P] [--hostile H] [--rooms R]
                            [--round-ms MS] [--pairs N] [--max-incorrect N] [--seed N]
          N bots (default 1000) play game after game in R rooms (default 20) for M minutes (default 10)
          on a release server on 127.0.0.1 and check every score they get against their own count;
          every minute P% of them (default 10) drop and come back with RESUME; H hostile connections
          (default 8) misbehave meanwhile, from the bots' own address. Exits 1 on any score mismatch
          or failed resume.
        """

    static func parse(_ arguments: [String]) -> SoakOptions {
        var options = SoakOptions()
        var flags = BenchFlags(arguments, usage: usage)
        while let flag = flags.next() {
            switch flag {
            case "--minutes": options.minutes = flags.number(flag, 0.1...1_440)
            case "--bots": options.bots = Int(flags.number(flag, 1...9_000))
            case "--drop-percent": options.dropPercent = flags.number(flag, 0...100)
            case "--hostile": options.hostile = Int(flags.number(flag, 0...500))
            case "--rooms": options.rooms = Int(flags.number(flag, 1...1_000))
            case "--round-ms": options.roundMilliseconds = Int(flags.number(flag, 200...600_000))
            case "--pairs": options.pairs = Int(flags.number(flag, 1...10_000))
            case "--max-incorrect": options.maxIncorrect = Int(flags.number(flag, 1...1_000))
            case "--seed":
                guard let seed = UInt64(flags.value(flag)) else { fail("--seed: not a number\n\(usage)") }
                options.seed = seed
            case "-h", "--help":
                print(usage)
                exit(0)
            default: fail("unknown soak option \(flag)\n\(usage)")
            }
        }
        if options.rooms > options.bots { fail("--rooms \(options.rooms) is more than --bots \(options.bots)") }
        return options
    }
}

