import Foundation
import Glibc

// wordgame-bench: how one room of thousands of players costs the server.
//
// For each room size it starts a fresh wordgame-server on 127.0.0.1 (port 0),
// connects that many sockets to one room, plays a whole game in which every
// player answers each pair at once, and reads the server's CPU time and memory
// from /proc. This machine is shared and noisy: compare the per-player figures
// of one run with each other (they should stay flat if no work grows with the
// square of the room), not with another run's.
//
// Usage: wordgame-bench [room sizes...]   (default: 500 1000 2000 4000)
// Talks to 127.0.0.1 only. Bounded: one game per size, and each wait gives up after 120 s.

let sizes = CommandLine.arguments.dropFirst().compactMap { Int($0) }.nonEmpty ?? [500, 1_000, 2_000, 4_000]
let pairs = 10

extension Collection { var nonEmpty: Self? { isEmpty ? nil : self } }

func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("wordgame-bench: \(message)\n".utf8))
    exit(1)
}

/// The server process under test, with its CPU time and memory read from /proc.
final class ServerProcess {
    let process = Process()
    let port: UInt16

    init() {
        let binary = Bundle.main.executableURL!.deletingLastPathComponent().appendingPathComponent("wordgame-server")
        process.executableURL = binary
        process.arguments = ["--bind", "127.0.0.1", "--port", "0", "--pairs", "\(pairs)", "--seed", "1", "--max-connections", "20000"]
        let out = Pipe()
        process.standardOutput = out
        do { try process.run() } catch { fail("cannot start \(binary.path): \(error) (build it: swift build -c release)") }
        var banner = ""
        while !banner.contains("Join from") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { fail("server exited: \(banner)") }
            banner += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = banner.range(of: #"port \d+"#, options: .regularExpression), let port = UInt16(banner[range].dropFirst(5)) else {
            fail("no port in banner: \(banner)")
        }
        self.port = port
    }

    /// User + system CPU seconds so far.
    var cpuSeconds: Double {
        let stat = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)) ?? ""
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Resident memory in MiB.
    var residentMiB: Double {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
    }

    func stop() {
        process.interrupt()
        process.waitUntilExit()
    }
}

/// One player: a non-blocking socket and the bytes of an unfinished line.
struct Player {
    var fd: Int32
    var pending: [UInt8] = []
    var joined = false
    var over = false
}

func connectPlayer(port: UInt16) -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    if result != 0 { fail("connect: \(String(cString: strerror(errno)))") }
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    return fd
}

func send(_ text: String, to fd: Int32) {
    let bytes = Array(text.utf8)
    let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    if sent != bytes.count { fail("short send to a player") }
}

/// Reads every readable socket and hands each complete line to `onLine(player, line)`.
/// Returns when `done()` holds; fails after `limit` seconds.
func pump(_ players: inout [Player], limit: Double = 120, until done: (inout [Player]) -> Bool,
          onLine: (Int, Substring, inout [Player]) -> Void) {
    var polls = players.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
    var chunk = [UInt8](repeating: 0, count: 65_536)
    let deadline = now() + limit
    while !done(&players) {
        if now() > deadline { fail("gave up waiting after \(limit) s") }
        guard poll(&polls, nfds_t(polls.count), 100) > 0 else { continue }
        for index in polls.indices where polls[index].revents != 0 {
            polls[index].revents = 0
            let n = chunk.withUnsafeMutableBytes { recv(players[index].fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { continue }
            players[index].pending += chunk[0..<n]
            while let newline = players[index].pending.firstIndex(of: 0x0A) {
                let line = String(decoding: players[index].pending[..<newline], as: UTF8.self)
                players[index].pending.removeFirst(newline + 1)
                onLine(index, line[...], &players)
            }
        }
    }
}

func raiseDescriptorLimit() {
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    limit.rlim_cur = limit.rlim_max
    setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
}

struct Figures {
    var players: Int
    var joinSeconds: Double
    var gameSeconds: Double
    var serverCPUJoin: Double
    var serverCPUGame: Double
    var residentMiB: Double
    var worstFanOut: Double
}

func measure(players count: Int) -> Figures {
    let server = ServerProcess()
    defer { server.stop() }
    let idleMiB = server.residentMiB
    var players: [Player] = []
    players.reserveCapacity(count)

    // Joins: the first player is the host.
    let joinStart = now(), cpuBeforeJoin = server.cpuSeconds
    for index in 0..<count {
        let fd = connectPlayer(port: server.port)
        players.append(Player(fd: fd))
        send("NAME p\(index)\nJOIN bench\n", to: fd)
        if index == 0 {
            pump(&players, until: { $0[0].joined }) { i, line, ps in if line.hasPrefix("INFO") { ps[i].joined = true } }
        }
    }
    pump(&players, until: { $0.allSatisfy(\.joined) }) { i, line, ps in if line.hasPrefix("INFO") { ps[i].joined = true } }
    let joinSeconds = now() - joinStart, cpuJoin = server.cpuSeconds - cpuBeforeJoin

    // A game: everyone answers each pair as soon as it arrives.
    var firstRoundSeen: [Int: Double] = [:], lastRoundSeen: [Int: Double] = [:]
    let gameStart = now(), cpuBeforeGame = server.cpuSeconds
    send("START\n", to: players[0].fd)
    pump(&players, until: { $0.allSatisfy(\.over) }) { i, line, ps in
        if line.hasPrefix("ROUND ") {
            let number = Int(line.split(separator: " ")[1])!
            let t = now()
            firstRoundSeen[number] = min(firstRoundSeen[number] ?? t, t)
            lastRoundSeen[number] = t
            send("ANSWER \(number) y\n", to: ps[i].fd)
        } else if line.hasPrefix("GAMEOVER") {
            ps[i].over = true
        }
    }
    let gameSeconds = now() - gameStart, cpuGame = server.cpuSeconds - cpuBeforeGame
    let fanOut = firstRoundSeen.keys.map { lastRoundSeen[$0]! - firstRoundSeen[$0]! }.max() ?? 0
    let figures = Figures(players: count, joinSeconds: joinSeconds, gameSeconds: gameSeconds, serverCPUJoin: cpuJoin,
                          serverCPUGame: cpuGame, residentMiB: server.residentMiB - idleMiB, worstFanOut: fanOut)
    for player in players { close(player.fd) }
    return figures
}

raiseDescriptorLimit()
print("wordgame-bench: one room, \(pairs) pairs, every player answers at once; server on 127.0.0.1")
print("players  join s  server CPU/join µs  game s  round ms  server CPU/player-round µs  fan-out ms  server MiB/1000 players")
var baseline: Double?
for size in sizes {
    let f = measure(players: size)
    let perPlayerRound = f.serverCPUGame / Double(size * pairs) * 1e6
    baseline = baseline ?? perPlayerRound
    print(String(format: "%7d  %6.2f  %18.1f  %6.2f  %8.1f  %26.2f  %10.1f  %23.2f",
                 size, f.joinSeconds, f.serverCPUJoin / Double(size) * 1e6, f.gameSeconds, f.gameSeconds / Double(pairs) * 1000,
                 perPlayerRound, f.worstFanOut * 1000, f.residentMiB / Double(size) * 1000))
}
print("CPU/player-round relative to the smallest room: flat means no per-event work grows with the room (clock ticks are 10 ms: small rooms read coarse).")
