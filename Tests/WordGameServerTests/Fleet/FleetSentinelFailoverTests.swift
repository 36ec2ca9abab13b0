import Foundation
import Testing
import RedisClient
import RedisWire
import WordGameFleet
import WordGameProtocol
import WordGameTestSupport

/// Three built servers of one fleet whose Redis is behind Sentinel, logged in as the install README's ACL
/// user, with sentinels configured by its sentinel.conf lines (a password of their own): the master is SIGKILLed mid-game; the game plays
/// to its end with exact scores, every server takes new rooms again once the sentinels have promoted the
/// replica, and each one's /metrics counted the directory's failures and shows it up again.
@Suite(.serialized,
       .enabled(if: RedisServerProcess.binary != nil && RedisSentinelGroup.binary != nil,
                "redis-server or redis-sentinel is not installed (Debian's packages; .ci/run installs them): the failover is not tried"))
struct FleetSentinelFailoverTests {
    static let sentinelPassword = "sentinel-4c0d2e"

    /// The install README's sentinel.conf lines, for this machine: its addresses 127.0.0.1 and the master's port
    /// left as MASTER-PORT, this test's passwords, and its times short (a down master noticed after 1 s, not 5).
    static func readmeSentinelConfig() throws -> String {
        let readme = try String(contentsOf: TestServer.repositoryRoot.appendingPathComponent("Resources/install/README.md"),
                                encoding: .utf8)
        let section = try #require(readme.firstRange(of: "### Redis behind Sentinel"), "the install README has no Sentinel part")
        let blocks = readme[section.upperBound...].components(separatedBy: "```conf\n")
        let block = try #require(blocks.dropFirst(2).first?.components(separatedBy: "```").first, "no sentinel.conf lines")
        var config = block
        for (documented, here) in [("bind 10.0.0.7", "bind 127.0.0.1"), ("10.0.0.5 6379", "127.0.0.1 MASTER-PORT"),
                                   ("SENTINEL-PASSWORD", sentinelPassword), ("ADMIN-PASSWORD", FleetLoginTests.adminPassword),
                                   ("down-after-milliseconds wordgame 5000", "down-after-milliseconds wordgame 1000"),
                                   ("failover-timeout wordgame 60000", "failover-timeout wordgame 3000")] {
            #expect(config.contains(documented), "the README's sentinel.conf has no '\(documented)'")
            config = config.replacingOccurrences(of: documented, with: here)
        }
        return config
    }

    /// The directory's gauge and its count of failed answers on a server's /metrics now.
    static func directoryFigures(webPort: UInt16) throws -> (up: Double?, errors: Double?) {
        let lines = try DrainOverTheWireTests.get(webPort, "/metrics").body
        func value(_ name: String) -> Double? {
            lines.first { $0.hasPrefix(name + " ") }.flatMap { Double($0.dropFirst(name.count + 1)) }
        }
        return (value("wordgame_directory_up"), value(#"wordgame_directory_answers_total{outcome="error"}"#))
    }

    /// `HOST` again and again until a room is made (each `directory-down` answer waited out a moment); the room's
    /// code and how many refusals came first.
    static func hostUntilTaken(_ client: TestClient, before deadline: Date) throws -> (room: String?, refusals: Int) {
        var refusals = 0
        while Date() < deadline {
            client.send("HOST")
            let answer = try client.waitFor(timeout: 30) { message -> String? in
                if case .hosted(let room, _) = message { return room }
                if case .error(let error) = message { return "!" + error.code.rawValue }
                return nil
            }
            guard answer.hasPrefix("!") else { return (answer, refusals) }
            refusals += 1
            Thread.sleep(forTimeInterval: 0.1)
        }
        return (nil, refusals)
    }

    @Test func aGameOutlivesTheMastersDeathAndEveryServerTakesNewRoomsAfterTheFailover() async throws {
        try await onOwnThread {
            let aclFile = NSTemporaryDirectory() + "wordgame-acl-\(UUID().uuidString).acl"
            try FleetLoginTests.readmeACL().write(toFile: aclFile, atomically: true, encoding: .utf8)
            let passwordFile = try FleetLoginExecutableTests.passwordFile(FleetLoginTests.fleetPassword + "\n")
            let sentinelFile = try FleetLoginExecutableTests.passwordFile(Self.sentinelPassword + "\n")
            defer { for file in [aclFile, passwordFile, sentinelFile] { try? FileManager.default.removeItem(atPath: file) } }
            let sentinelConfig = try Self.readmeSentinelConfig()
            let group = try RedisSentinelGroup(adminPassword: FleetLoginTests.adminPassword, dataArguments: ["--aclfile", aclFile],
                                               sentinelPassword: Self.sentinelPassword) { port in
                sentinelConfig.replacingOccurrences(of: "MASTER-PORT", with: "\(port)")
            }
            let fleet = ["--directory", group.url(user: "wordgame"), "--directory-password-file", passwordFile,
                         "--sentinel-password-file", sentinelFile, "--directory-ttl-ms", "6000", "--advertise", "127.0.0.1",
                         "--round-ms", "30000", "--pairs", "6", "--start-delay", "0"]
            let servers = try (0..<3).map { try ServerChild(fleet + ["--server-id", "s\($0)"]) }
            let webPorts = try servers.map { try #require($0.webPort) }
            for server in servers {
                #expect(server.banner.contains("Fleet: one of the servers whose directory is \(group.url(user: "wordgame"))"))
            }

            let host = try RestartOverTheWireTests.connect(servers[0].port, "host")
            host.send("HOST")
            let room = try host.waitFor(timeout: 20) { if case .hosted(let room, _) = $0 { room } else { nil } }
            let ana = try RestartOverTheWireTests.connect(servers[0].port, "Ana")
            try ana.join(as: "Ana", room: room)
            let bo = try RestartOverTheWireTests.connect(servers[0].port, "Bo")
            try bo.join(as: "Bo", room: room)
            // Every server has written its record: each /metrics says the directory is up, with no failure yet.
            let deadline = Date().addingTimeInterval(30)
            var before = try webPorts.map { try Self.directoryFigures(webPort: $0) }
            while before.contains(where: { $0.up != 1 }), Date() < deadline {
                Thread.sleep(forTimeInterval: 0.2)
                before = try webPorts.map { try Self.directoryFigures(webPort: $0) }
            }
            let allUp = before.allSatisfy { $0.up == 1.0 }
            #expect(allUp, "\(before)")

            host.send("START")
            // From the kill, a teacher at each server asks for a new room until one is made (its own thread).
            let taken = Taken()
            let teachers = try servers.enumerated().map { try RestartOverTheWireTests.connect($0.element.port, "teacher \($0.offset)") }
            let done = DispatchGroup()
            for number in 1...6 {
                let a = try ana.waitForRound(timeout: 20), b = try bo.waitForRound(timeout: 20)
                if number == 2 {
                    group.master.kill()  // mid-game, a pair open
                    let killed = Date()
                    // And /metrics, read meanwhile: whether each server's gauge showed the directory down.
                    DispatchQueue.global().async(group: done) {
                        while Date().timeIntervalSince(killed) < 60, taken.all.count < 3 {
                            for (index, port) in webPorts.enumerated() where (try? Self.directoryFigures(webPort: port))?.up == 0 {
                                taken.sawDown(index)
                            }
                            Thread.sleep(forTimeInterval: 0.1)
                        }
                    }
                    for teacher in teachers {
                        // Each teacher is this thread's no more: only its own thread touches it from here.
                        nonisolated(unsafe) let client = teacher
                        DispatchQueue.global().async(group: done) {
                            let result = (try? Self.hostUntilTaken(client, before: killed.addingTimeInterval(60)))
                                ?? (room: nil, refusals: 0)
                            taken.add((result.room, result.refusals, Date().timeIntervalSince(killed)))
                        }
                    }
                }
                // After the kill, each pair is answered a moment late: the game spans the sentinels' failover.
                if number >= 2 { Thread.sleep(forTimeInterval: 0.6) }
                ana.send(BotAnswer.line(for: a, rightly: true))
                bo.send(BotAnswer.line(for: b, rightly: number % 2 == 1))  // Bo is wrong on pairs 2, 4 and 6
                let anas = try ana.waitForResult(timeout: 20), bos = try bo.waitForResult(timeout: 20)
                #expect((anas.correct, anas.wrong) == (number, 0))
                #expect((bos.correct, bos.wrong) == (number - number / 2, number / 2))
            }
            let anaEnd = try ana.waitForGameOver(timeout: 20), boEnd = try bo.waitForGameOver(timeout: 20)
            #expect((anaEnd.rank, anaEnd.correct, anaEnd.wrong) == (1, 6, 0))
            #expect((boEnd.rank, boEnd.correct, boEnd.wrong) == (2, 3, 3))

            done.wait()
            let results = taken.all
            print("sentinel failover: from the master's SIGKILL to a new room taken, by server: "
                  + results.map { "\(String(format: "%.1f", $0.seconds)) s (\($0.refusals) directory-down first)" }
                      .joined(separator: ", ") + "; /metrics showed the directory down on servers \(taken.down.sorted())")
            #expect(results.count == 3 && results.allSatisfy { $0.room != nil }, "\(results)")
            #expect(group.masterPort() == group.replica.port, "the sentinels promoted the replica")
            // The new rooms are in the new master's directory, each its own server's.
            let promoted = group.adminClient(port: group.replica.port)
            for (index, teacherRoom) in results.compactMap(\.room).enumerated() {
                let holder = try promoted.get(FleetKeys.room(teacherRoom)!).map { String(decoding: $0, as: UTF8.self) }
                #expect(holder.map { ["s0", "s1", "s2"].contains($0) } == true, "room \(index): \(String(describing: holder))")
            }
            // Each server counted its failed answers meanwhile, and says the directory is up again.
            var after = try webPorts.map { try Self.directoryFigures(webPort: $0) }
            let upDeadline = Date().addingTimeInterval(30)
            while after.contains(where: { $0.up != 1 }), Date() < upDeadline {
                Thread.sleep(forTimeInterval: 0.2)
                after = try webPorts.map { try Self.directoryFigures(webPort: $0) }
            }
            for (index, (was, now)) in zip(before, after).enumerated() {
                #expect(now.up == 1, "s\(index): \(now)")
                #expect((now.errors ?? 0) > (was.errors ?? 0), "s\(index) counted no failure: \(was) then \(now)")
            }
            for server in servers { _ = server.stop() }
        }
    }
}

/// Each teacher's room, its refusals before it, and its time from the kill, added from the teachers' threads;
/// the servers whose /metrics showed the directory down meanwhile.
private final class Taken: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [(room: String?, refusals: Int, seconds: Double)] = []
    private var downOn: Set<Int> = []

    func add(_ item: (room: String?, refusals: Int, seconds: Double)) { lock.withLock { items.append(item) } }
    var all: [(room: String?, refusals: Int, seconds: Double)] { lock.withLock { items } }
    func sawDown(_ server: Int) { lock.withLock { _ = downOn.insert(server) } }
    var down: Set<Int> { lock.withLock { downOn } }
}
