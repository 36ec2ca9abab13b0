import Foundation

// wordgame-bench: measures the release server from outside, on 127.0.0.1 only.
//
//   wordgame-bench room [sizes...]    one big room: CPU, memory and fan-out per size
//                                     (default 500 1000 2000 4000)
//   wordgame-bench fairness [games]   16 players: REVEAL spread, booked versus lived
//                                     answer time, answers 10 ms before the deadline
//                                     (default 100 one-pair games)
//
// Build first: swift build -c release && .build/release/wordgame-bench fairness

let usage = """
    USAGE: wordgame-bench room [sizes...]
           wordgame-bench fairness [games]
    """

raiseDescriptorLimit()
var arguments = Array(CommandLine.arguments.dropFirst())
let mode = arguments.first.flatMap { Int($0) == nil ? arguments.removeFirst() : nil } ?? "room"
let numbers = arguments.map { argument -> Int in
    guard let number = Int(argument), number > 0 else { fail("not a positive number: \(argument)\n\(usage)") }
    return number
}
switch mode {
case "room": RoomBench.run(sizes: numbers.nonEmpty ?? [500, 1_000, 2_000, 4_000])
case "fairness": FairnessBench.run(games: numbers.first ?? 100)
case "-h", "--help": print(usage)
default: fail("unknown mode \(mode)\n\(usage)")
}
