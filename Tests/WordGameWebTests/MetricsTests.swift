import Foundation
import RedisClient
import Testing
import WordGame
import WordGameFleet
import WordGameServer
import WordGameTestSupport

/// `/metrics` and `/healthz` on the web port (Protocol.md §11), against the
/// real server on 127.0.0.1 over raw sockets: the figures move as a game is
/// played, `promtool` (Debian's `prometheus` package) accepts the page, the
/// health follows the fleet's directory, and a reader from outside the allowed
/// networks is refused.
@Suite struct MetricsTests {
    static let promtool: String? = ["/usr/bin/promtool", "/usr/local/bin/promtool"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    func get(_ server: WebServer, _ path: String) throws -> (head: String, body: String) {
        let answer = try WebHardeningTests().get(server, path)
        let parts = answer.components(separatedBy: "\r\n\r\n")
        return (parts[0], parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    /// The samples of a page, by name with its labels as written (`wordgame_rooms{kind="class"}`).
    func samples(_ body: String) -> [String: Double] {
        var values: [String: Double] = [:]
        for line in body.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " ") else { continue }
            values[String(line[..<space])] = Double(line[line.index(after: space)...])
        }
        return values
    }

    @Test func aGamePlayedMovesTheFigures() async throws {
        try await onOwnThread {
            let server = try WebServer(rules: Rules(roundMilliseconds: 5_000, pairCount: 3))
            let before = try get(server, "/metrics")
            #expect(before.head.hasPrefix("HTTP/1.1 200"), "\(before.head)")
            #expect(before.head.contains("Content-Type: text/plain; version=0.0.4; charset=utf-8"), "\(before.head)")
            let empty = samples(before.body)
            #expect(empty["wordgame_answers_total"] == 0 && empty["wordgame_round_close_seconds_count"] == 0)
            #expect(empty["wordgame_rooms{kind=\"class\"}"] == 0)
            #expect((empty["process_resident_memory_bytes"] ?? 0) > 1_000_000, "read from /proc/self/statm")
            #expect(empty["process_cpu_seconds_total"] != nil)
            #expect(empty["wordgame_directory_up"] == nil, "a server of no fleet has no directory")

            let tcp = try RawSocket(port: server.port)
            tcp.send(Array("MODE MACHINE\nNAME Tom\nJOIN metrics\n".utf8))
            var tcpLines = TCPLines(socket: tcp)
            _ = try tcpLines.waitFor("YOU LOBBY")
            let web = try WebSocketTestClient(port: server.webPort)
            web.sendLine("NAME Wendy")
            web.sendLine("JOIN metrics")
            _ = try web.waitFor("YOU LOBBY")
            tcp.send(Array("START\n".utf8))  // Tom joined first: he hosts
            _ = try web.waitFor("ROUND 1 ")
            let during = samples(try get(server, "/metrics").body)
            #expect(during["wordgame_games_on"] == 1 && during["wordgame_rooms{kind=\"class\"}"] == 1)
            // The room's first player hosts it and plays in it: a member.
            #expect(during["wordgame_connections{role=\"player\",transport=\"tcp\"}"] == 1, "\(during)")
            #expect(during["wordgame_connections{role=\"player\",transport=\"websocket\"}"] == 1, "\(during)")
            for number in 1...3 {
                if number > 1 { _ = try web.waitFor("ROUND \(number) ") }
                _ = try tcpLines.waitFor("ROUND \(number) ")
                web.sendLine("ANSWER \(number) y")
                tcp.send(Array("ANSWER \(number) n\n".utf8))
                _ = try web.waitFor("RESULT \(number) ")
            }
            _ = try web.waitFor("GAMEOVER")
            _ = try tcpLines.waitFor("GAMEOVER")
            let after = try get(server, "/metrics").body
            let figures = samples(after)
            #expect(figures["wordgame_answers_total"] == 6, "\(figures)")
            #expect(figures["wordgame_round_close_seconds_count"] == 3, "one close a pair")
            #expect(figures["wordgame_round_close_seconds_bucket{le=\"+Inf\"}"] == 3)
            #expect(figures["wordgame_games_on"] == 0)
            #expect((figures["wordgame_messages_sent_total"] ?? 0) > (during["wordgame_messages_sent_total"] ?? 0))
            #expect((figures["wordgame_bytes_sent_total"] ?? 0) > (during["wordgame_bytes_sent_total"] ?? 0) + 100)
            for secret in ["Tom", "Wendy", "metrics\"", "METRICS"] { #expect(!after.contains(secret), "\(secret) in the page") }
            withExtendedLifetime((tcp, web)) {}
        }
    }

    /// The page after a pair was played (its histogram counted, its counters moved), as a school's Prometheus reads it.
    @Test(.enabled(if: MetricsTests.promtool != nil, "promtool is not installed (Debian's prometheus package): format not checked"))
    func promtoolAcceptsThePage() async throws {
        try await onOwnThread {
            let server = try WebServer(rules: Rules(roundMilliseconds: 5_000, pairCount: 1))
            let tcp = try RawSocket(port: server.port)
            tcp.send(Array("MODE MACHINE\nNAME Tom\nJOIN metrics\nSTART\n".utf8))
            var lines = TCPLines(socket: tcp)
            _ = try lines.waitFor("ROUND 1 ")
            tcp.send(Array("ANSWER 1 y\n".utf8))
            _ = try lines.waitFor("GAMEOVER")
            let after = try get(server, "/metrics").body
            #expect(samples(after)["wordgame_round_close_seconds_count"] == 1)
            let page = FileManager.default.temporaryDirectory.appendingPathComponent("wordgame-metrics-\(UUID().uuidString).txt")
            defer { try? FileManager.default.removeItem(at: page) }
            try after.write(to: page, atomically: true, encoding: .utf8)
            // promtool reads the page on its standard input.
            let promtool = try #require(Self.promtool)
            let checked = try ProgramRun.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "\"$0\" check metrics < \"$1\"", promtool, page.path])
            #expect(checked.status == 0, "promtool: \(checked.stdout) \(checked.stderr)")
        }
    }

    @Test func aRefusedConnectionIsCountedByItsReason() async throws {
        try await onOwnThread {
            var limits = ConnectionLimits()
            limits.maxPerAddress = 1
            let server = try WebServer(limits: limits)
            var first: RawSocket? = try RawSocket(port: server.port)
            do {
                var greeted = TCPLines(socket: first!)
                _ = try greeted.waitFor("WORDGAME")
            }
            let second = try RawSocket(port: server.port)
            #expect(try second.readAll().contains("ERROR server-full"))
            // The metrics' own reader is refused too (one connection from 127.0.0.1): it may read once the first goes.
            first = nil
            var figures: [String: Double] = [:]
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline {
                let page = try get(server, "/metrics")
                if page.head.hasPrefix("HTTP/1.1 200") {
                    figures = samples(page.body)
                    break
                }
                Thread.sleep(forTimeInterval: 0.1)
            }
            #expect((figures["wordgame_refused_connections_total{reason=\"per_address\"}"] ?? 0) >= 1, "\(figures)")
            #expect(figures["wordgame_refused_connections_total{reason=\"server_full\"}"] == 0)
        }
    }

    @Test func healthIsReadyAloneAndFollowsTheFleetsDirectory() async throws {
        try await onOwnThread {
            let alone = try WebServer()
            let ready = try get(alone, "/healthz")
            #expect(ready.head.hasPrefix("HTTP/1.1 200") && ready.body == "ready\n", "\(ready)")

            let redis = try RedisServerProcess()
            let fleet = FleetConfiguration(directory: RedisURL(host: "127.0.0.1", port: redis.port), serverID: "metrics-1",
                                           advertisedHost: "127.0.0.1",
                                           timings: FleetTimings(ttlMilliseconds: 1_500, refreshMilliseconds: 500))
            let member = try WebServer(fleet: fleet)
            let up = try poll(member) { $0.head.hasPrefix("HTTP/1.1 200") }
            #expect(up.body == "ready\n")
            #expect(samples(try get(member, "/metrics").body)["wordgame_directory_up"] == 1)
            redis.kill()
            let down = try poll(member) { $0.head.hasPrefix("HTTP/1.1 503") }
            #expect(down.body == "not ready: the fleet's directory does not answer\n", "\(down.body)")
            let figures = samples(try get(member, "/metrics").body)
            #expect(figures["wordgame_directory_up"] == 0)
            #expect((figures["wordgame_directory_answers_total{outcome=\"error\"}"] ?? 0) >= 1, "\(figures)")
            #expect((figures["wordgame_directory_round_trip_seconds_count"] ?? 0) >= 1, "\(figures)")
        }
    }

    @Test func aReaderOutsideTheAllowedNetworksIsRefused() async throws {
        try await onOwnThread {
            let server = try WebServer(metricsAccess: MetricsAccess(networks: [MetricsAccess.Network("10.0.0.0/8")!]))
            for path in ["/metrics", "/healthz"] {
                let answer = try get(server, path)
                #expect(answer.head.hasPrefix("HTTP/1.1 403"), "\(path): \(answer.head)")
                #expect(!answer.body.contains("wordgame_"), "\(path)")
            }
            #expect(try get(server, "/").head.hasPrefix("HTTP/1.1 200"), "the pages are everyone's")
        }
    }

    /// `/healthz` asked every 100 ms until `done` (10 s at most: a loaded machine).
    func poll(_ server: WebServer, until done: ((head: String, body: String)) -> Bool) throws -> (head: String, body: String) {
        let deadline = Date().addingTimeInterval(10)
        while true {
            let answer = try get(server, "/healthz")
            if done(answer) || Date() > deadline { return answer }
            Thread.sleep(forTimeInterval: 0.1)
        }
    }
}
