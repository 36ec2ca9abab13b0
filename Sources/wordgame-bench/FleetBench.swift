import Foundation
import WordGamePOSIX

// wordgame-bench fleet: what joining through the fleet's directory costs.
//
// A redis-server and three wordgame-servers sharing it as their directory,
// all on 127.0.0.1. Each server hosts one room. Players join in two ways,
// alternated, A B A B…:
//   A  direct: each player connects to the server of its room (NAME, JOIN, OK JOIN);
//   B  moved: each player connects to the next server instead, whose JOIN asks
//      the directory and answers MOVED; the player connects where it says and
//      joins there.
// First one player at a time (the added time to join, unloaded), then all the
// players at once, spread over the three rooms (joins a second, and each
// join's time from its first connect to its OK JOIN). Players QUIT between
// runs. The machine is shared and noisy: compare A with B within one run.

enum FleetBench {
    static let servers = 3

    static func run(_ arguments: [String]) -> Never {
        measure(arguments)
        exit(0)
    }

    private static func measure(_ arguments: [String]) {
        let numbers = arguments.compactMap { Int($0) }
        let players = numbers.first ?? 3_000, rounds = numbers.dropFirst().first ?? 3, sequential = 200
        guard let binary = RedisProcess.binary else { fail(RedisProcess.installHint) }
        let redis = RedisProcess(binary: binary, maxClients: 1_000)
        defer { redis.stop() }
        let fleet = (0..<servers).map { index in
            ServerProcess(arguments: ["--directory", "redis://127.0.0.1:\(redis.port)", "--server-id", "bench-\(index)",
                                      "--advertise", "127.0.0.1", "--no-results", "--quiet", "--max-connections", "20000",
                                      "--max-per-address", "100000", "--start-delay", "0"])
        }
        defer { for server in fleet { server.stop() } }
        var hosts = LineSockets([])
        // The first HOST waits for the new directory to settle (one TTL): the fleet is ready when it is answered.
        let rooms = fleet.map { makeHostedRoom(&hosts, port: $0.port) }
        let ports = fleet.map(\.port)
        print("""
            wordgame-bench fleet: \(servers) servers sharing one redis-server \(RedisProcess.version(of: binary)) as their directory, \
            all on 127.0.0.1; one hosted room on each
              A  a player connects to its room's server: NAME, JOIN, OK JOIN
              B  it connects to the next server: NAME, JOIN, MOVED (the directory asked); then to the room's server: NAME, JOIN, OK JOIN
              join ms: from the first connect to OK JOIN, as the bench read it; moved ms (B): to MOVED
            """)
        print("one player at a time, \(sequential) joins a run:")
        print("run    p50 join ms  p90 join ms  p50 moved ms")
        var oneA: [Double] = [], oneB: [Double] = []
        for round in 1...rounds {
            for moved in [false, true] {
                let run = joins(count: sequential, atOnce: false, moved: moved, rooms: rooms, ports: ports, tag: "s\(round)")
                (moved ? { oneB.append(run.p50) } : { oneA.append(run.p50) })()
                print(String(format: "%d %@   %11.2f  %11.2f  %12.2f", round, moved ? "B" : "A", run.p50, run.p90, run.movedP50))
                idle(&hosts, seconds: 0.2)
            }
        }
        print(String(format: "the redirect adds %.2f ms to a join (medians of the runs' p50: A %.2f, B %.2f)",
                     percentile(oneB, 50) - percentile(oneA, 50), percentile(oneA, 50), percentile(oneB, 50)))
        print("\(players) players at once, a third to each room:")
        print("run    joins/s  wall s  p50 join ms  p99 join ms  p50 moved ms  server CPU s (3)   redis CPU s")
        for round in 1...rounds {
            for moved in [false, true] {
                let cpuBefore = fleet.map(\.cpuSeconds), redisBefore = cpuSeconds(ofProcess: redis.pid)
                let run = joins(count: players, atOnce: true, moved: moved, rooms: rooms, ports: ports, tag: "m\(round)")
                let cpu = zip(fleet.map(\.cpuSeconds), cpuBefore).map { String(format: "%.2f", $0 - $1) }.joined(separator: " ")
                print(String(format: "%d %@  %9.0f  %6.2f  %11.1f  %11.1f  %12.1f  %@  %10.3f", round, moved ? "B" : "A",
                             Double(players) / run.wall, run.wall, run.p50, run.p99, run.movedP50, cpu,
                             cpuSeconds(ofProcess: redis.pid) - redisBefore))
                idle(&hosts, seconds: 0.5)
            }
        }
    }

    struct Run {
        var wall = 0.0, p50 = 0.0, p90 = 0.0, p99 = 0.0, movedP50 = Double.nan
    }

    /// `count` players join (player k the room of server k % 3), one at a time or all at once,
    /// directly or through the next server; then they QUIT.
    static func joins(count: Int, atOnce: Bool, moved: Bool, rooms: [String], ports: [UInt16], tag: String) -> Run {
        var sockets = LineSockets([])
        var owner: [Int] = []  // socket index -> player
        var began = [Double](repeating: 0, count: count), movedAt = began, joinedAt = began
        var joined = 0
        // Players to connect again where MOVED said: not while the sockets are being read, which `add` would change.
        var movedOn: [(player: Int, server: Int)] = []
        let start = now()
        func dial(_ player: Int, to server: Int) {
            let fd = connectLoopback(port: ports[server])
            sockets.add(fd)
            owner.append(player)
            sendLine("NAME \(tag)p\(player)\nJOIN \(rooms[player % servers])\n", to: fd)
        }
        let onLine = { (index: Int, line: Substring, arrival: Double) in
            let player = owner[index]
            if line.hasPrefix("OK JOIN ") {
                joinedAt[player] = arrival
                joined += 1
            } else if line.hasPrefix("MOVED ") {
                movedAt[player] = arrival
                let fields = line.split(separator: " ")
                guard fields.count == 4, let port = UInt16(fields[2]), let server = ports.firstIndex(of: port) else {
                    fail("a MOVED the bench cannot follow: \(line)")
                }
                movedOn.append((player, server))
            } else if line.hasPrefix("ERROR ") && !line.hasPrefix("ERROR moved ") {
                fail("player \(player): \(line)")
            }
        }
        /// Reads what came (waiting up to `timeout`), then connects the players it moved on.
        func pump(timeout: Double) {
            sockets.pump(timeout: timeout, onLine: onLine)
            for (player, server) in movedOn { dial(player, to: server) }
            movedOn.removeAll()
        }
        func pump(until done: () -> Bool, limit: Double) {
            let deadline = now() + limit
            while !done() {
                if now() > deadline { fail("gave up waiting after \(limit) s: \(joined) of \(count) joined") }
                pump(timeout: 0.1)
            }
        }
        for player in 0..<count {
            began[player] = now()
            dial(player, to: (player % servers + (moved ? 1 : 0)) % servers)
            if atOnce {
                if player % 100 == 99 { pump(timeout: 0) }
            } else {
                pump(until: { joined == player + 1 }, limit: 30)
            }
        }
        pump(until: { joined == count }, limit: 300)
        let wall = (joinedAt.max() ?? start) - start
        for fd in sockets.fds { sendLine("QUIT\n", to: fd) }
        idle(&sockets, seconds: 0.3)
        for fd in sockets.fds { fd.close() }
        let times = zip(joinedAt, began).map { ($0 - $1) * 1_000 }
        var run = Run(wall: wall, p50: percentile(times, 50), p90: percentile(times, 90), p99: percentile(times, 99))
        if moved { run.movedP50 = percentile(zip(movedAt, began).map { ($0 - $1) * 1_000 }, 50) }
        return run
    }
}
