import Foundation
import WordGamePOSIX

// wordgame-bench hosted: does hosting a room slow its rounds?
//
// One server plays two rooms of the same size in turn: a warm-up game of
// each, then A, B, A, B … A is a room made with JOIN, whose first player
// hosts and plays. B is a room made with HOST, followed by a projector and 10
// more viewers (WATCH), its host starting the games without playing. Every
// player answers each pair as soon as its ROUND arrives (ANSWER n y|n;
// --max-incorrect 1000 keeps everyone in, so every game plays all its pairs).
// Both rooms keep results, so hosting is the only difference, and each game's
// files are written before the next game starts. The machine is shared and
// noisy: compare A with B within one run, not with another run.

enum HostedBench {
    static let pairs = 10
    static let viewers = 10  // besides the projector

    /// One room's sockets. Observers (B's host, projector, viewers) come first, then the players.
    struct Table {
        var name = ""
        var sockets = LineSockets([])
        var firstPlayer = 0
        var projector: Int?
        var games = 0
        var observers: Int { firstPlayer }
        var players: Int { sockets.fds.count - firstPlayer }
    }

    /// One game's figures, over the steady rounds 2…pairs (start and end left out).
    struct Figures {
        var roundMs = 0.0
        var loopMicros = 0.0, processMicros = 0.0
        var gapPlayers = 0.0, gapObservers = Double.nan
        var answerToFirstReveal = 0.0, answerToLastReveal = 0.0, answerToProjector = Double.nan
        var playerBytes = 0.0, projectorBytes = Double.nan
        var projectorLines: [Substring: Int] = [:]
    }

    static func run(players: Int, games: Int) {
        let results = temporaryDirectory("wordgame-bench-hosted")
        defer { try? FileManager.default.removeItem(atPath: results) }
        let server = ServerProcess(arguments: ["--pairs", "\(pairs)", "--seed", "1", "--max-incorrect", "1000",
                                               "--max-connections", "20000", "--max-per-address", "100000",
                                               "--results", results, "--start-delay", "0"])
        defer { server.stop() }
        var plain = Table(name: "plain")
        join(&plain, players: players, prefix: "a", port: server.port)
        var hosted = hostedTable(players: players, port: server.port)
        printHeader(players: players)
        _ = play(&plain, on: server)
        _ = play(&hosted, on: server)
        var a: [Figures] = [], b: [Figures] = []
        for game in 1...games {
            a.append(play(&plain, on: server))
            printRow("\(game) A", a.last!)
            b.append(play(&hosted, on: server))
            printRow("\(game) B", b.last!)
        }
        let medianA = median(a), medianB = median(b)
        printRow("med A", medianA)
        printRow("med B", medianB)
        print(String(format: "B/A (medians): round time %.2f, loop CPU per player-round %.2f, process CPU per player-round %.2f",
                     medianB.roundMs / medianA.roundMs, medianB.loopMicros / medianA.loopMicros,
                     medianB.processMicros / medianA.processMicros))
        // Game n of A and of B ran back to back: their ratios show how much of the difference is noise.
        let pairRatios = zip(a, b).map { String(format: "%.2f", $1.loopMicros / $0.loopMicros) }.joined(separator: " ")
        print("B/A loop CPU per player-round, game by game: \(pairRatios)")
        let seen = b.last!.projectorLines.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        print("The projector's lines in B's last game: \(seen)")
    }

    static func printHeader(players: Int) {
        print("""
            wordgame-bench hosted: \(players) players a room, \(pairs) pairs a game, each player answers as its ROUND arrives; \
            server on 127.0.0.1
              A  room made with JOIN: its first player hosts and plays
              B  room made with HOST: the host starts and does not play; 1 projector + \(viewers) viewers WATCH; players JOIN its code
              One server holds both rooms throughout: a warm-up game of each, then A, B, A, B…; results kept for both.
              Figures over the steady rounds 2..\(pairs), times as the bench read them (one thread reading every socket):
              round ms    ROUND n to ROUND n+1, first player to read it
              loop µs     server event-loop CPU per player-round (main thread, from schedstat: ns)
              proc µs     whole server CPU per player-round (all threads, from /proc stat: 10 ms ticks)
              RV>RD pl/ob worst gap from REVEAL n to ROUND n+1 on one connection, ms: players / observers
              ans>RV      last answer sent to REVEAL read, ms, mean of rounds: first player / last player / projector
              B/round     bytes one connection receives a round: a player / the projector
            game   round ms  loop µs  proc µs  RV>RD pl/ob   ans>RV first/last/proj   B/round pl/proj
            """)
    }

    static func printRow(_ label: String, _ f: Figures) {
        print(label.padding(toLength: 6, withPad: " ", startingAt: 0)
              + String(format: "%9.1f %8.2f %8.2f %6.1f/%-6.1f %7.1f/%6.1f/%6.1f    %6.0f/%-6.0f",
                       f.roundMs, f.loopMicros, f.processMicros, f.gapPlayers, f.gapObservers,
                       f.answerToFirstReveal, f.answerToLastReveal, f.answerToProjector, f.playerBytes, f.projectorBytes))
    }

    /// Each figure's median over the games.
    static func median(_ games: [Figures]) -> Figures {
        func m(_ key: KeyPath<Figures, Double>) -> Double { percentile(games.map { $0[keyPath: key] }, 50) }
        return Figures(roundMs: m(\.roundMs), loopMicros: m(\.loopMicros), processMicros: m(\.processMicros),
                       gapPlayers: m(\.gapPlayers), gapObservers: m(\.gapObservers), answerToFirstReveal: m(\.answerToFirstReveal),
                       answerToLastReveal: m(\.answerToLastReveal), answerToProjector: m(\.answerToProjector),
                       playerBytes: m(\.playerBytes), projectorBytes: m(\.projectorBytes))
    }

    // MARK: Rooms

    /// B: the host makes the room, the projector and viewers follow it before the players come.
    static func hostedTable(players: Int, port: UInt16) -> Table {
        var table = Table()
        table.name = makeHostedRoom(&table.sockets, port: port)
        table.projector = watch(&table.sockets, room: table.name, port: port)
        for _ in 0..<viewers { watch(&table.sockets, room: table.name, port: port) }
        table.firstPlayer = table.sockets.fds.count
        join(&table, players: players, prefix: "b", port: port)
        return table
    }

    /// Players JOIN `table.name`; the first one alone first, since in a JOIN room it becomes the host.
    static func join(_ table: inout Table, players: Int, prefix: String, port: UInt16) {
        joinPlayers(&table.sockets, count: players, prefix: prefix, room: table.name, port: port)
    }

    // MARK: A game

    static func play(_ table: inout Table, on server: ServerProcess) -> Figures {
        let first = table.firstPlayer, players = table.players, observers = table.observers, projector = table.projector
        let count = table.sockets.fds.count
        var roundSeen = [Int](repeating: 0, count: pairs + 2)
        var firstRound = [Double](repeating: .infinity, count: pairs + 2)
        var firstReveal = firstRound, lastReveal = [Double](repeating: -.infinity, count: pairs + 2), projectorReveal = lastReveal
        var lastAnswer = [Double](repeating: 0, count: pairs + 2)
        var revealAt = [Double?](repeating: nil, count: count)
        var steady = [Bool](repeating: false, count: count), bytes = [Int](repeating: 0, count: count)
        var cpu: [Int: (loop: Double, process: Double)] = [:]
        var figures = Figures()
        var over = 0, rankings = 0
        table.games += 1
        sendLine("START\n", to: table.sockets.fds[0])  // A's first player hosts; B's host is its first socket (AGAIN is START)
        let fds = table.sockets.fds
        table.sockets.pump(until: { over == players && rankings == observers }) { i, line, arrival in
            let fields = line.split(separator: " ", maxSplits: 2)
            let number = fields.count > 1 ? Int(fields[1]) ?? 0 : 0
            if fields[0] == "ROUND" {
                if number == 2 { steady[i] = true } else if number == pairs { steady[i] = false }
                if let reveal = revealAt[i] {
                    if i >= first { figures.gapPlayers = max(figures.gapPlayers, (arrival - reveal) * 1000) }
                    else { figures.gapObservers = max(figures.gapObservers.isNaN ? 0 : figures.gapObservers, (arrival - reveal) * 1000) }
                }
            }
            if steady[i] { bytes[i] += line.utf8.count + 1 }
            if i == projector { figures.projectorLines[fields[0], default: 0] += 1 }
            guard i >= first || fields[0] == "REVEAL" || fields[0] == "END" else { return }
            switch fields[0] {
            case "ROUND":
                firstRound[number] = min(firstRound[number], arrival)
                roundSeen[number] += 1
                if roundSeen[number] == players && (number == 2 || number == pairs) {
                    cpu[number] = (server.loopCPUSeconds, server.cpuSeconds)
                }
                sendLine("ANSWER \(number) \((i + number) % 2 == 0 ? "y" : "n")\n", to: fds[i])
                lastAnswer[number] = now()
            case "REVEAL":
                revealAt[i] = arrival
                if i == projector { projectorReveal[number] = arrival }
                if i >= first {
                    firstReveal[number] = min(firstReveal[number], arrival)
                    lastReveal[number] = max(lastReveal[number], arrival)
                }
            case "GAMEOVER": over += 1
            case "END": if fields[1] == "RANKING" { rankings += 1 }
            default: break
            }
        }
        let steadyRounds = Double(pairs - 2), playerRounds = Double(players) * steadyRounds
        figures.roundMs = (firstRound[pairs] - firstRound[2]) / steadyRounds * 1000
        figures.loopMicros = (cpu[pairs]!.loop - cpu[2]!.loop) / playerRounds * 1e6
        figures.processMicros = (cpu[pairs]!.process - cpu[2]!.process) / playerRounds * 1e6
        let rounds = 2..<pairs
        func mean(_ reveal: [Double]) -> Double { rounds.map { (reveal[$0] - lastAnswer[$0]) * 1000 }.reduce(0, +) / steadyRounds }
        figures.answerToFirstReveal = mean(firstReveal)
        figures.answerToLastReveal = mean(lastReveal)
        figures.playerBytes = Double(bytes[count - 1]) / steadyRounds  // the last player: in A the first one hosts
        if let projector {
            figures.answerToProjector = mean(projectorReveal)
            figures.projectorBytes = Double(bytes[projector]) / steadyRounds
        }
        // The game's files are written before the next game, so its writer never overlaps rounds measured here.
        let written = "results of \(table.name) game \(table.games):"
        table.sockets.pump(limit: 60, until: { server.console.last(containing: written) != nil }) { _, _, _ in }
        idle(&table.sockets, seconds: 0.3)
        return figures
    }
}
