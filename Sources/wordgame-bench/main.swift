import Foundation

// wordgame-bench: measures the release server from outside, on 127.0.0.1 only.
//
//   wordgame-bench room [sizes...]    one big room: CPU, memory and fan-out per size
//                                     (default 500 1000 2000 4000)
//   wordgame-bench fairness [games]   16 players: REVEAL spread, booked versus lived
//                                     answer time, answers 10 ms before the deadline
//                                     (default 100 one-pair games)
//   wordgame-bench hosted [players] [games]
//                                     a JOIN room against a HOST room with a projector
//                                     and 10 viewers, alternated: round time, CPU per
//                                     player-round, REVEAL on observers and players
//                                     (default 1000 players, 5 games each)
//   wordgame-bench results-load [players]
//                                     a small room's rounds while a big hosted game
//                                     ends and its results are written (default 10000)
//   wordgame-bench soak [--minutes M] [--bots N] [--drop-percent P] [--hostile H] [--rooms R]
//                                     N bots play for M minutes, checking every score;
//                                     P% a minute drop and RESUME; H hostile connections
//                                     (default 10 min, 1000 bots, 10%, 8, 20 rooms)
//   wordgame-bench fanout [sizes...] [--pairs K] [--rounds R]
//                                     the next ROUND to N players against redis-server
//                                     PUBLISH to N subscribers, one receiver for both,
//                                     runs interleaved (default 1000 5000 10000, K 3, R 5),
//                                     and a bare epoll loop sending the same lines: the floor
//   wordgame-bench web [sizes...] [--pairs K] [--rounds R]
//                                     the same round with WebSocket players beside TCP ones:
//                                     CPU, memory and fan-out, and their ratios (default 1000 10000)
//   wordgame-bench fleet [players] [rounds]
//                                     3 servers sharing a redis-server as their directory: a join
//                                     straight to its room's server against one MOVED there, one at a
//                                     time (the redirect's cost) and all at once (joins a second)
//                                     (default 3000 players, 3 rounds)
//   wordgame-bench state [--players N] [--rounds R] [--pairs K] [--rooms R] [--size S]
//                                     what keeping the lesson (--state) costs: a room of N
//                                     (fanout's run) and a district of R rooms of S, each with
//                                     and without it, interleaved (default 10000; 100 of 30; K 3)
//   wordgame-bench district [--rooms 100,300,1000] [--players 30] [--websocket-share 0.7] [--seconds 60] [--aligned]
//                                     classes of 30 and their teacher on one server, playing game after game
//                                     as classes do: the server's CPU, memory and round closes, each pair's
//                                     close to the last player's REVEAL, answers lost (a capacity figure)
//   wordgame-bench upload [runs]      a teacher's list of 500 pairs sent a line at a time (UPLOAD,
//                                     LINE…, CHECK or SAVE) over TCP and over WebSocket: the time
//                                     from the write of the lines to the OK (default 20 runs)
//   wordgame-bench ws-echo            a WebSocket echo endpoint on our framing code, for the
//                                     Autobahn cases (kosoku's fuzzing client)
//   (wordgame-bench bare-loop is that loop, started by fanout as a child process.)
//
// Build first: swift build -c release && .build/release/wordgame-bench fairness
// (The server is the wordgame-server beside this binary: build both with the same --scratch-path.)

let usage = """
    USAGE: wordgame-bench room [sizes...]
           wordgame-bench fairness [games]
           wordgame-bench hosted [players] [games]
           wordgame-bench results-load [players]
           wordgame-bench soak [--minutes M] [--bots N] [--drop-percent P] [--hostile H] [--rooms R]
                               [--round-ms MS] [--pairs N] [--max-incorrect N] [--seed N] [--hostile-address 127.0.0.X]
           wordgame-bench fanout [sizes...] [--pairs K] [--rounds R]
           wordgame-bench web [sizes...] [--pairs K] [--rounds R]
           wordgame-bench fleet [players] [rounds]
           wordgame-bench state [--players N] [--rounds R] [--pairs K] [--rooms R] [--size S]
           wordgame-bench district [--rooms 100,300,1000] [--players 30] [--websocket-share 0.7] [--seconds 60]
                                   [--warmup 15] [--runs 1] [--seed 1] [--aligned]
           wordgame-bench upload [runs]
           wordgame-bench ws-echo
    """

raiseDescriptorLimit()
ChildProcesses.stopOnSignals()
var arguments = Array(CommandLine.arguments.dropFirst())
let mode = arguments.first.flatMap { Int($0) == nil ? arguments.removeFirst() : nil } ?? "room"
if mode == "soak" { SoakBench.run(arguments) }  // flags of its own (SoakOptions.swift)
if mode == "fanout" { FanoutBench.run(arguments) }  // flags of its own (FanoutBench.swift)
if mode == "state" { StateBench.run(arguments) }  // flags of its own (StateBench.swift)
if mode == "web" { WebBench.run(arguments) }  // the same flags (WebBench.swift)
if mode == "ws-echo" { WebSocketEcho.run(arguments) }
if mode == "district" { DistrictBench.run(arguments) }  // flags of its own (DistrictOptions.swift)
if mode == "fleet" { FleetBench.run(arguments) }  // numbers of its own (FleetBench.swift)  // for the Autobahn cases
if mode == "bare-loop" { BareLoopServer.run() }  // fanout's floor, run as its child
let numbers = arguments.map { argument -> Int in
    guard let number = Int(argument), number > 0 else { fail("not a positive number: \(argument)\n\(usage)") }
    return number
}
switch mode {
case "room": RoomBench.run(sizes: numbers.nonEmpty ?? [500, 1_000, 2_000, 4_000])
case "fairness": FairnessBench.run(games: numbers.first ?? 100)
case "hosted": HostedBench.run(players: numbers.first ?? 1_000, games: numbers.dropFirst().first ?? 5)
case "results-load": ResultsLoadBench.run(players: numbers.first ?? 10_000)
case "upload": UploadBench.run(runs: numbers.first ?? 20)
case "-h", "--help": print(usage)
default: fail("unknown mode \(mode)\n\(usage)")
}
