import Foundation
import WordGamePOSIX

// wordgame-bench room: how one room of thousands of players costs the server.
//
// For each room size it starts a fresh wordgame-server, connects that many
// sockets to one room, plays a whole game in which every player answers each
// pair at once, and reads the server's CPU time and memory from /proc. This
// machine is shared and noisy: compare the per-player figures of one run with
// each other (they should stay flat if no work grows with the square of the
// room), not with another run's.

enum RoomBench {
    static let pairs = 10

    struct Figures {
        var players: Int
        var joinSeconds: Double
        var gameSeconds: Double
        var serverCPUJoin: Double
        var serverCPUGame: Double
        var residentMiB: Double
        var worstFanOut: Double
    }

    static func run(sizes: [Int]) {
        print("wordgame-bench room: one room, \(pairs) pairs, every player answers at once; server on 127.0.0.1")
        print("players  join s  server CPU/join µs  game s  round ms  server CPU/player-round µs  fan-out ms  server MiB/1000 players")
        for size in sizes {
            let f = measure(players: size)
            let perPlayerRound = f.serverCPUGame / Double(size * pairs) * 1e6
            print(String(format: "%7d  %6.2f  %18.1f  %6.2f  %8.1f  %26.2f  %10.1f  %23.2f",
                         size, f.joinSeconds, f.serverCPUJoin / Double(size) * 1e6, f.gameSeconds, f.gameSeconds / Double(pairs) * 1000,
                         perPlayerRound, f.worstFanOut * 1000, f.residentMiB / Double(size) * 1000))
        }
        print("Flat CPU per player-round across sizes means no per-event work grows with the room "
              + "(clock ticks are 10 ms: small rooms read coarse).")
    }

    static func measure(players count: Int) -> Figures {
        // --max-incorrect 1000 keeps every player in, so every game plays all its pairs (each answers y).
        // Results are kept, as a real server keeps them, in a folder of the bench's own.
        let results = temporaryDirectory("wordgame-bench-room")
        defer { try? FileManager.default.removeItem(atPath: results) }
        let server = ServerProcess(arguments: ["--pairs", "\(pairs)", "--seed", "1", "--max-incorrect", "1000",
                                               "--max-connections", "20000", "--max-per-address", "100000",
                                               "--results", results, "--start-delay", "0"])
        defer { server.stop() }
        let idleMiB = server.residentMiB
        // Joins: the first player is the host.
        let joinStart = now(), cpuBeforeJoin = server.cpuSeconds
        var sockets = LineSockets([])
        joinPlayers(&sockets, count: count, prefix: "p", room: "bench-room", port: server.port)
        let fds = sockets.fds
        let joinSeconds = now() - joinStart, cpuJoin = server.cpuSeconds - cpuBeforeJoin

        // A game: everyone answers each pair as soon as it arrives.
        var firstRoundSeen: [Int: Double] = [:], lastRoundSeen: [Int: Double] = [:]
        var over = 0
        // Memory is read while the room plays its last pair, not after the game: then the results
        // writer's transient buffers (measured by results-load) would count as the room's.
        var playingMiB: Double?
        let gameStart = now(), cpuBeforeGame = server.cpuSeconds
        sendLine("START\n", to: fds[0])
        sockets.pump(until: { over == count }) { i, line, arrival in
            if line.hasPrefix("ROUND ") {
                let number = Int(line.split(separator: " ")[1])!
                if number == pairs && playingMiB == nil { playingMiB = server.residentMiB }
                firstRoundSeen[number] = min(firstRoundSeen[number] ?? arrival, arrival)
                lastRoundSeen[number] = max(lastRoundSeen[number] ?? arrival, arrival)
                sendLine("ANSWER \(number) y\n", to: fds[i])
            } else if line.hasPrefix("GAMEOVER") {
                over += 1
            }
        }
        let gameSeconds = now() - gameStart, cpuGame = server.cpuSeconds - cpuBeforeGame
        let fanOut = firstRoundSeen.keys.map { lastRoundSeen[$0]! - firstRoundSeen[$0]! }.max() ?? 0
        let figures = Figures(players: count, joinSeconds: joinSeconds, gameSeconds: gameSeconds, serverCPUJoin: cpuJoin,
                              serverCPUGame: cpuGame, residentMiB: (playingMiB ?? server.residentMiB) - idleMiB, worstFanOut: fanOut)
        for fd in fds { fd.close() }
        return figures
    }
}
