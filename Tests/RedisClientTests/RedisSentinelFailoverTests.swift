import Foundation
import Testing
import RedisClient
import RedisWire
import WordGameTestSupport

/// The client behind Redis Sentinel, against real processes on 127.0.0.1: a
/// master, a replica and three sentinels (`RedisSentinelGroup`), all with
/// passwords, and a sentinel of the test's own for a master demoted under a
/// connected client.
@Suite(.serialized,
       .enabled(if: RedisServerProcess.binary != nil && RedisSentinelGroup.binary != nil,
                "needs redis-server and redis-sentinel (Debian's packages redis-server and redis-sentinel; .ci/run installs them)"))
struct RedisSentinelFailoverTests {
    static let adminPassword = "admin-pw-5d1a", fleetPassword = "fleet-pw-0c7e", sentinelPassword = "sentinel-pw-9b24"
    /// An ACL user held to its keys, as the fleet's: ROLE is among its commands, for the check of each new master.
    static let dataArguments = ["--requirepass", adminPassword, "--user", "wordgame", "on", ">" + fleetPassword, "~wordgame:*",
                                "resetchannels", "-@all", "+ping", "+get", "+set", "+select", "+role"]

    static func client(_ url: String, sentinelPassword: String? = Self.sentinelPassword) -> RedisClient {
        let options = RedisClientOptions(connectTimeoutMilliseconds: 1_000, replyTimeoutMilliseconds: 2_000,
                                         backoff: ReconnectBackoff(initialMilliseconds: 50, maxMilliseconds: 500),
                                         password: RedisPassword(fleetPassword),
                                         sentinelPassword: sentinelPassword.flatMap(RedisPassword.init))
        return RedisClient(url: RedisURL(url)!, options: options)
    }

    static func admin(port: UInt16) -> RedisClient {
        RedisClient(url: RedisURL(host: "127.0.0.1", port: port), options: RedisClientOptions(password: RedisPassword(adminPassword)))
    }

    @Test func aKilledMasterIsFollowedToTheReplicaTheSentinelsPromote() async throws {
        try await onOwnThread {
            let group = try RedisSentinelGroup(adminPassword: Self.adminPassword, dataArguments: Self.dataArguments,
                                               sentinelPassword: Self.sentinelPassword)
            let client = Self.client(group.url(user: "wordgame", database: 3))
            #expect(try client.send(RedisCommand(["SET", "wordgame:before", "1"])) == .simple("OK"))
            let admin = group.adminClient(port: group.master.port)
            _ = try admin.send(RedisCommand(["SELECT", "3"]))
            #expect(try admin.get("wordgame:before") == Array("1".utf8), "written to the master the sentinels named")
            // The replica has it before the master dies (WAIT: until one replica acknowledged it).
            #expect(try admin.send(RedisCommand(["WAIT", "1", "5000"])) == .integer(1))

            group.master.kill()
            let killed = Date()
            var errors: [RedisError] = []
            var written = false
            while !written, Date().timeIntervalSince(killed) < 60 {
                do {
                    written = try client.send(RedisCommand(["SET", "wordgame:after", "2"])) == .simple("OK")
                } catch {
                    if let error = error as? RedisError, errors.last != error { errors.append(error) }
                    Thread.sleep(forTimeInterval: 0.05)
                }
            }
            print("sentinel failover: a write went to the new master \(String(format: "%.1f", Date().timeIntervalSince(killed))) s "
                  + "after the master's SIGKILL, after \(errors)")
            #expect(written, "no write within 60 s of the kill: \(errors)")
            #expect(errors.first == .disconnected || errors.first == .refused, "\(errors)")
            #expect(group.masterPort() == group.replica.port, "the sentinels promoted the replica")
            let promoted = group.adminClient(port: group.replica.port)
            _ = try promoted.send(RedisCommand(["SELECT", "3"]))
            #expect(try promoted.get("wordgame:after") == Array("2".utf8), "the write is on the new master")
            #expect(try promoted.get("wordgame:before") == Array("1".utf8))
        }
    }

    @Test func sentinelsThatWantAPasswordAndAnUnknownMasterAreSaidSo() async throws {
        try await onOwnThread {
            let group = try RedisSentinelGroup(adminPassword: Self.adminPassword, dataArguments: Self.dataArguments,
                                               sentinelPassword: Self.sentinelPassword)
            let none = redisError { try Self.client(group.url(), sentinelPassword: nil).send(RedisCommand(["PING"])) }
            guard case .sentinelRefused(let message)? = none else {
                Issue.record("\(String(describing: none))")
                return
            }
            #expect(message.hasPrefix("127.0.0.1:") && message.contains("NOAUTH"), "\(message)")
            let wrong = redisError { try Self.client(group.url(), sentinelPassword: "not-it-3e").send(RedisCommand(["PING"])) }
            guard case .sentinelRefused(let refusal)? = wrong else {
                Issue.record("\(String(describing: wrong))")
                return
            }
            #expect(refusal.contains("WRONGPASS") && !wrong!.description.contains("not-it-3e"), "\(refusal)")
            let url = group.url().replacingOccurrences(of: "/\(RedisSentinelGroup.masterName)", with: "/nobody")
            #expect(redisError { try Self.client(url).send(RedisCommand(["PING"])) }
                    == .noMaster("the sentinels know no master named nobody"))
            // One sentinel down, the next is asked.
            group.sentinels[0].kill()
            #expect(try Self.client(group.url(user: "wordgame")).send(RedisCommand(["PING"])) == .simple("PONG"))
        }
    }

    /// A master demoted while the client stays connected (no sentinel kills its clients here): its `-READONLY`
    /// drops the connection, and the next calls ask again until the Redis named is a master (`ROLE`).
    @Test func aDemotedMastersReadOnlyAndAReplicaNamedAsMasterAreAskedAgain() async throws {
        try await onOwnThread {
            let a = try RedisServerProcess(arguments: Self.dataArguments), b = try RedisServerProcess(arguments: Self.dataArguments)
            let sentinel = try FakeSentinel(masterPort: a.port)
            defer { sentinel.stop() }
            let client = Self.client("redis-sentinel://wordgame@127.0.0.1:\(sentinel.port)/m", sentinelPassword: nil)
            #expect(try client.send(RedisCommand(["SET", "wordgame:k", "a"])) == .simple("OK"))
            let adminA = Self.admin(port: a.port)
            _ = try adminA.send(RedisCommand(["CONFIG", "SET", "masterauth", Self.adminPassword]))
            _ = try adminA.send(RedisCommand(["REPLICAOF", "127.0.0.1", "\(b.port)"]))

            guard case .noMaster(let readOnly)? = redisError({ try client.send(RedisCommand(["SET", "wordgame:k", "b"])) }) else {
                Issue.record("a demoted master's write was not refused as no master")
                return
            }
            #expect(readOnly.hasPrefix("the master answered READONLY"), "\(readOnly)")
            #expect(!client.isConnected)
            // The sentinel still names A: a replica now, which ROLE shows.
            let named = redisError { try client.send(RedisCommand(["SET", "wordgame:k", "b"])) }
            #expect(named == .noMaster("127.0.0.1:\(a.port), named by the sentinels as m, is no master (ROLE: slave)"))
            sentinel.masterPort = b.port
            var reply: RedisValue?
            let deadline = Date().addingTimeInterval(20)  // the client's backoff, on a loaded machine
            while reply == nil, Date() < deadline {
                reply = try? client.send(RedisCommand(["SET", "wordgame:k", "b"]))
                if reply == nil { Thread.sleep(forTimeInterval: 0.1) }
            }
            #expect(reply == .simple("OK"))
            let adminB = Self.admin(port: b.port)
            #expect(try adminB.get("wordgame:k") == Array("b".utf8))
        }
    }
}
