import Foundation
import Testing
import RedisClient
import RedisWire
import WordGame
import WordGameFleet
import WordGameProtocol
import WordGameServer
import WordGameTestSupport

/// A fleet whose Redis wants a login: the install README's own ACL file, a
/// server that logs in as its user, two fleets kept apart by their databases,
/// and the server's words when the login is refused, at start and later.
@Suite(.serialized,
       .enabled(if: RedisServerProcess.binary != nil, "redis-server is not installed: the fleet's login tests are skipped"))
struct FleetLoginTests {
    static let adminPassword = "admin-6a1f0c"
    static let fleetPassword = "fleet-93be7d"

    /// The `acl` block of Resources/install/README.md, its placeholders given this test's passwords.
    static func readmeACL() throws -> String {
        let readme = try String(contentsOf: TestServer.repositoryRoot.appendingPathComponent("Resources/install/README.md"),
                                encoding: .utf8)
        let block = try #require(readme.firstRange(of: "```acl\n"), "the install README has no acl block")
        let rest = readme[block.upperBound...]
        let end = try #require(rest.firstRange(of: "```"))
        return String(rest[..<end.lowerBound])
            .replacingOccurrences(of: "ADMIN-PASSWORD", with: adminPassword)
            .replacingOccurrences(of: "FLEET-PASSWORD", with: fleetPassword)
    }

    /// A Redis configured as the install README says: its ACL file, protected mode on.
    static func readmeRedis() throws -> (RedisServerProcess, aclFile: String) {
        let path = NSTemporaryDirectory() + "wordgame-acl-\(UUID().uuidString).acl"
        try readmeACL().write(toFile: path, atomically: true, encoding: .utf8)
        return (try RedisServerProcess(arguments: ["--aclfile", path]), path)
    }

    static func configuration(id: String, redisPort: UInt16, database: Int, password: String = fleetPassword) -> FleetConfiguration {
        var fleet = TestFleet.configuration(id: id, redisPort: redisPort)
        fleet.directory = RedisURL(host: "127.0.0.1", port: redisPort, user: "wordgame", database: database)
        fleet.client.password = RedisPassword(password)
        return fleet
    }

    static func admin(port: UInt16, database: Int) -> RedisClient {
        RedisClient(url: RedisURL(host: "127.0.0.1", port: port, database: database),
                    options: RedisClientOptions(password: RedisPassword(adminPassword)))
    }

    @Test func theReadmesACLUserRunsAFleetAndDatabasesKeepTwoFleetsApart() async throws {
        try await onOwnThread {
            let (redis, aclFile) = try Self.readmeRedis()
            defer { try? FileManager.default.removeItem(atPath: aclFile) }
            let rules = Rules(roundMilliseconds: 2_000, pairCount: 2)
            // Fleet A: two servers in database 1; fleet B: one in database 2, its JOIN entering only hosted rooms.
            let a0 = try TestServer(rules: rules, fleet: Self.configuration(id: "a0", redisPort: redis.port, database: 1))
            let a1 = try TestServer(rules: rules, fleet: Self.configuration(id: "a1", redisPort: redis.port, database: 1))
            let b0 = try TestServer(rules: rules, hostedOnly: true,
                                    fleet: Self.configuration(id: "b0", redisPort: redis.port, database: 2))
            let (teacher, room, _) = try a0.teacher(name: "Ms Lee")
            let bo = try a1.client("Bo")
            bo.send("NAME Bo")
            bo.send("JOIN \(room.uppercased())")
            let place = try #require(try bo.moved(orUntil: { $0 == .joined(room: room) }), "Bo was not sent on")
            #expect(place.port == Int(a0.port))
            // The other fleet's server knows no such room: its directory is database 2.
            let cy = try b0.client("Cy")
            cy.send("NAME Cy")
            cy.send("JOIN \(room.uppercased())")
            let error = try cy.waitForError()
            #expect(error.code == .noRoom, "\(error)")
            #expect(try Self.admin(port: redis.port, database: 1).get(FleetKeys.prefix + "room:" + room) == Array("a0".utf8))
            #expect(try Self.admin(port: redis.port, database: 2).get(FleetKeys.prefix + "room:" + room) == nil)
            // A stop gives the room and the server's place up (the scripts' DEL, ZREM): the ACL allowed them too.
            let fleetA = Self.admin(port: redis.port, database: 1)
            #expect(try fleetA.send(RedisCommand(["ZSCORE", FleetKeys.servers, "a0"])) != .bulk(nil))
            a0.server.stop()
            a0.server.waitUntilStopped()
            _ = teacher
            #expect(try fleetA.get(FleetKeys.prefix + "room:" + room) == nil, "a0's room was not given up")
            #expect(try fleetA.send(RedisCommand(["ZSCORE", FleetKeys.servers, "a0"])) == .bulk(nil), "a0 did not leave the fleet's list")
            for server in [a0, a1, b0] {
                #expect(!server.events.contains { $0.contains(Self.fleetPassword) || $0.contains("refused") }, "\(server.events)")
            }
        }
    }

    /// A server that drains marks itself in the directory and sends a new room on, through the README's ACL user:
    /// the mark's `SET` and the pick's script are among the commands it allows.
    @Test func theReadmesACLUserLetsADrainingServerSendANewRoomOn() async throws {
        try await onOwnThread {
            let (redis, aclFile) = try Self.readmeRedis()
            defer { try? FileManager.default.removeItem(atPath: aclFile) }
            // Pairs of 30 s: the game on a1 keeps its drain going for the test's length.
            let rules = Rules(roundMilliseconds: 30_000, pairCount: 2)
            let a0 = try TestServer(rules: rules, fleet: Self.configuration(id: "a0", redisPort: redis.port, database: 1))
            let a1 = try TestServer(rules: rules, fleet: Self.configuration(id: "a1", redisPort: redis.port, database: 1))
            let (teacher, room, _) = try a1.teacher(name: "Ms Lee")
            let ana = try a1.client("Ana")
            try ana.join(as: "Ana", room: room)
            teacher.send("START")
            _ = try ana.waitForRound(timeout: 20)
            a1.server.drain()

            let fleet = Self.admin(port: redis.port, database: 1)
            let deadline = Date().addingTimeInterval(20)
            while try fleet.get(FleetKeys.draining("a1")!) == nil, Date() < deadline { usleep(50_000) }
            #expect(try fleet.get(FleetKeys.draining("a1")!) == Array("1".utf8), "the mark was not written")
            let late = try a1.client("Ms Ray")
            late.send("HOST")
            #expect(try late.moved(orUntil: { _ in false }, timeout: 20)?.port == Int(a0.port))
            for server in [a0, a1] {
                #expect(!server.events.contains { $0.contains(Self.fleetPassword) || $0.contains("refused") }, "\(server.events)")
            }
        }
    }

    /// How many of `wordgame`'s logins Redis has refused: its `ACL LOG`'s `auth` entries, whose `count` grows with each
    /// refusal like the last.
    static func refusedLogins(_ admin: RedisClient) throws -> Int {
        guard case .array(let entries?) = try admin.send(RedisCommand(["ACL", "LOG"])) else { return 0 }
        var refused = 0
        for case .array(let fields?) in entries {
            var entry: [String: RedisValue] = [:]
            for index in stride(from: 0, to: fields.count - 1, by: 2) { entry[fields[index].text ?? ""] = fields[index + 1] }
            guard entry["reason"]?.text == "auth", entry["username"]?.text == "wordgame", case .integer(let count)? = entry["count"]
            else { continue }
            refused += Int(count)
        }
        return refused
    }

    @Test func aLoginRefusedLaterIsOneDatedLineAndTheRoomsPlayOn() async throws {
        try await onOwnThread {
            let (redis, aclFile) = try Self.readmeRedis()
            defer { try? FileManager.default.removeItem(atPath: aclFile) }
            let server = try TestServer(fleet: Self.configuration(id: "s0", redisPort: redis.port, database: 0))
            let (teacher, room, _) = try server.teacher(name: "Ms Lee")
            // The administrator changes the fleet's password and drops its connections: the server's next beat is refused.
            let admin = Self.admin(port: redis.port, database: 0)
            _ = try admin.send(RedisCommand(["ACL", "SETUSER", "wordgame", "resetpass", ">another-password"]))
            _ = try admin.send(RedisCommand(["CLIENT", "KILL", "USER", "wordgame"]))
            let deadline = Date().addingTimeInterval(20)
            var refusals: [String] = []
            while refusals.isEmpty && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.1)
                refusals = server.events.filter { $0.contains("refused this server's login") }
            }
            #expect(refusals.count == 1, "\(server.events)")
            let line = try #require(refusals.first)
            // The install README's line, its date and address this run's.
            let readme = try String(contentsOf: TestServer.repositoryRoot.appendingPathComponent("Resources/install/README.md"),
                                    encoding: .utf8)
            let documented = try #require(readme.split(separator: "\n").first {
                $0.contains("refused this server's login") && $0.hasPrefix("20")
            })
            let url = "redis://wordgame@127.0.0.1:\(redis.port)"
            #expect(line.prefix(20).wholeMatch(of: #/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d /#) != nil, "\(line)")
            // The README's server is school-1; this one is s0 (the console names each line's server).
            let shown = documented.dropFirst(20).replacingOccurrences(of: "redis://wordgame@10.0.0.5:6379", with: url)
                .replacingOccurrences(of: "school-1 fleet:", with: "s0 fleet:")
            #expect(line.dropFirst(20) == shown, "\(line)")
            #expect(!server.events.contains { $0.contains(Self.fleetPassword) })
            // The room here plays on: a student joins it (a room on this server needs no directory).
            let bo = try server.player("Bo", room: room)
            #expect(try teacher.waitFor { if case .arrived(let who) = $0 { who } else { nil } } == "Bo")
            // Redis refuses the server's next logins too (its own count of them): still the one line.
            let refusedBefore = try Self.refusedLogins(admin)
            let again = Date().addingTimeInterval(20)
            while try Self.refusedLogins(admin) < refusedBefore + 2, Date() < again { Thread.sleep(forTimeInterval: 0.1) }
            #expect(try Self.refusedLogins(admin) >= refusedBefore + 2, "the server did not try again")
            #expect(server.events.filter { $0.contains("refused this server's login") }.count == 1, "said more than once")
            withExtendedLifetime(bo) {}
        }
    }
}
