import Foundation
import WordGamePOSIX

// wordgame-bench fairness: is every player's time the time they lived?
//
// 16 players play one-pair games on the release server (1,000 ms a pair).
// Each player answers at a random moment after its ROUND arrives; three of
// them per game answer 10 ms before their deadline as they see it (ROUND's
// arrival + 1,000 ms). With one pair a game, GAMEOVER's milliseconds are the
// time the server booked for that one answer. Printed:
// - REVEAL spread: last minus first arrival of a round's REVEAL, per game;
// - booked minus lived: GAMEOVER's ms minus (answer sent - ROUND arrived);
// - answers 10 ms before the deadline that the server took.

enum FairnessBench {
    static let players = 16
    static let roundSeconds = 1.0
    static let nearDeadlinePerGame = 3

    struct Seat {
        var arrival: Double?
        var sendAt: Double?
        var sentAt: Double?
        var nearDeadline = false
        var taken: Bool?
        var revealAt: Double?
        var booked: Double?
        var over = false
    }

    static func run(games: Int) {
        let server = ServerProcess(arguments: ["--round-ms", "\(Int(roundSeconds * 1_000))", "--pairs", "1",
                                               "--max-incorrect", "1000", "--seed", "1", "--start-delay", "0"])
        defer { server.stop() }
        let fds = (0..<players).map { _ in connectLoopback(port: server.port) }
        var sockets = LineSockets(fds)
        var joined = Set<Int>()
        for (index, fd) in fds.enumerated() {
            sendLine(String(format: "NAME P%02d\nJOIN fairness\n", index), to: fd)
            sockets.pump(until: { joined.contains(index) }) { i, line, _ in if line.hasPrefix("INFO") { joined.insert(i) } }
        }
        var generator = SystemRandomNumberGenerator()
        var spreads: [Double] = [], differences: [Double] = []
        var nearSent = 0, nearTaken = 0
        print("wordgame-bench fairness: \(players) players, \(games) one-pair games of \(Int(roundSeconds * 1_000)) ms; "
              + "server on 127.0.0.1")
        for game in 1...games {
            var seats = Array(repeating: Seat(), count: players)
            for k in 0..<nearDeadlinePerGame { seats[(game * nearDeadlinePerGame + k) % players].nearDeadline = true }
            sendLine(game == 1 ? "START\n" : "AGAIN\n", to: fds[0])
            while !seats.allSatisfy(\.over) {
                let due = seats.compactMap { $0.sentAt == nil ? $0.sendAt : nil }.min()
                let wait = due.map { $0 - now() } ?? 0.1
                // poll() counts whole milliseconds: sleep in it until 2 ms before a send, then spin.
                sockets.pump(timeout: wait > 0.002 ? wait - 0.002 : 0) { i, line, arrival in
                    let fields = line.split(separator: " ")
                    switch fields.first {
                    case "ROUND":
                        seats[i].arrival = arrival
                        let think = seats[i].nearDeadline ? roundSeconds - 0.010 : Double.random(in: 0.05...0.8, using: &generator)
                        seats[i].sendAt = arrival + think
                    case "OK": if fields.count > 1 && fields[1] == "ANSWER" { seats[i].taken = true }
                    case "ERROR": seats[i].taken = false
                    case "REVEAL": seats[i].revealAt = arrival
                    case "GAMEOVER":
                        seats[i].booked = Double(fields[5])
                        seats[i].over = true
                    default: break
                    }
                }
                for i in seats.indices where seats[i].sentAt == nil && seats[i].sendAt.map({ $0 <= now() }) == true {
                    sendLine("ANSWER 1 y\n", to: fds[i])
                    seats[i].sentAt = now()
                }
            }
            let reveals = seats.compactMap(\.revealAt)
            spreads.append((reveals.max()! - reveals.min()!) * 1_000)
            for seat in seats {
                if seat.nearDeadline {
                    nearSent += 1
                    if seat.taken == true { nearTaken += 1 }
                }
                if seat.taken == true, let booked = seat.booked, let sent = seat.sentAt, let arrival = seat.arrival {
                    differences.append(booked - (sent - arrival) * 1_000)
                }
            }
        }
        func row(_ name: String, _ values: [Double]) {
            let figures = [percentile(values, 50), percentile(values, 99), values.max()!, values.min()!]
            print(name.padding(toLength: 38, withPad: " ", startingAt: 0) + figures.map { String(format: "%9.3f", $0) }.joined())
        }
        print("ms".padding(toLength: 38, withPad: " ", startingAt: 0)
              + ["p50", "p99", "max", "min"].map { String(repeating: " ", count: 9 - $0.count) + $0 }.joined())
        row("REVEAL spread across \(players) players", spreads)
        row("booked minus lived answer time", differences)
        row("|booked minus lived|", differences.map(abs))
        print("Answers sent 10 ms before the deadline as the player saw it: \(nearTaken) of \(nearSent) taken.")
        print("(Booked times are whole milliseconds, rounded down: expect booked minus lived in (-1, 0] plus noise.)")
    }
}
