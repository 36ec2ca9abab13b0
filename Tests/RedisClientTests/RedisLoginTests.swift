import Foundation
import Testing
import RedisClient
import RedisWire
import WordGameTestSupport

/// The client's login against a real redis-server on 127.0.0.1: `requirepass` (`AUTH PASSWORD`), an ACL
/// user (`AUTH USER PASSWORD`), a wrong password, and the database number (`SELECT`), on the first
/// connection and on every reconnect.
@Suite(.enabled(if: RedisServerProcess.binary != nil, "needs redis-server (Debian's package redis-server; .ci/run installs it)"))
struct RedisLoginTests {
    static let adminPassword = "admin-pw-7f3e"
    static let fleetPassword = "fleet-pw-91c2"

    /// A Redis with a password for `default` and an ACL user `wordgame` limited to `wordgame:*` and a few commands.
    static func protectedRedis() throws -> RedisServerProcess {
        try RedisServerProcess(arguments: ["--requirepass", adminPassword,
                                           "--user", "wordgame", "on", ">" + fleetPassword, "~wordgame:*", "resetchannels",
                                           "-@all", "+ping", "+get", "+set", "+select", "+client|kill"])
    }

    static func client(port: UInt16, user: String? = nil, password: String?, database: Int = 0) -> RedisClient {
        let options = RedisClientOptions(connectTimeoutMilliseconds: 2_000, replyTimeoutMilliseconds: 5_000,
                                         password: password.flatMap(RedisPassword.init))
        return RedisClient(url: RedisURL(host: "127.0.0.1", port: port, user: user, database: database), options: options)
    }

    @Test func requirepassLogsInWithThePasswordAlone() async throws {
        try await onOwnThread {
            let redis = try Self.protectedRedis()
            let client = Self.client(port: redis.port, password: Self.adminPassword)
            #expect(try client.send(RedisCommand(["PING"])) == .simple("PONG"))
            let without = Self.client(port: redis.port, password: nil)
            #expect(redisError { try without.send(RedisCommand(["PING"])) } == .server("NOAUTH Authentication required."))
        }
    }

    @Test func anACLUserLogsInAndIsHeldToItsKeys() async throws {
        try await onOwnThread {
            let redis = try Self.protectedRedis()
            let client = Self.client(port: redis.port, user: "wordgame", password: Self.fleetPassword)
            #expect(try client.send(RedisCommand(["SET", "wordgame:x", "1"])) == .simple("OK"))
            #expect(try client.get("wordgame:x") == Array("1".utf8))
            guard case .server(let message)? = redisError({ try client.get("other:x") }) else {
                Issue.record("a key outside wordgame:* was read")
                return
            }
            #expect(message.hasPrefix("NOPERM"), "\(message)")
        }
    }

    @Test func aWrongPasswordIsARefusedLoginThatNeverShowsThePassword() async throws {
        try await onOwnThread {
            let redis = try Self.protectedRedis()
            for (user, password) in [(nil, "wrong-pw-1"), ("wordgame", "wrong-pw-2"), ("nobody", Self.fleetPassword)] {
                let client = Self.client(port: redis.port, user: user, password: password)
                let error = redisError { try client.send(RedisCommand(["PING"])) }
                guard case .loginRefused(let message)? = error else {
                    Issue.record("\(String(describing: error)) for \(user ?? "default")")
                    continue
                }
                #expect(message.hasPrefix("WRONGPASS"), "\(message)")
                #expect(!error!.description.contains(password), "\(error!.description)")
                #expect(!client.isConnected, "a refused login leaves no connection")
            }
        }
    }

    @Test func aReconnectLogsInAgainAndSelectsTheDatabase() async throws {
        try await onOwnThread {
            let redis = try Self.protectedRedis()
            let client = Self.client(port: redis.port, user: "wordgame", password: Self.fleetPassword, database: 5)
            #expect(try client.send(RedisCommand(["SET", "wordgame:k", "five"])) == .simple("OK"))
            // Redis drops every connection of the user; the client's next call opens a new one.
            let admin = Self.client(port: redis.port, password: Self.adminPassword)
            #expect(try admin.send(RedisCommand(["CLIENT", "KILL", "USER", "wordgame"])) == .integer(1))
            var reply: RedisValue?
            for _ in 0..<3 where reply == nil { reply = try? client.send(.get("wordgame:k")) }
            #expect(reply == .bulk(Array("five".utf8)), "the reconnect did not log in and select 5 again")
            #expect(try admin.get("wordgame:k") == nil, "database 0 holds nothing")
        }
    }

    @Test func databaseNumbersKeepTwoSetsOfKeysApart() async throws {
        try await onOwnThread {
            let redis = try Self.protectedRedis()
            let one = Self.client(port: redis.port, user: "wordgame", password: Self.fleetPassword, database: 1)
            let two = Self.client(port: redis.port, user: "wordgame", password: Self.fleetPassword, database: 2)
            _ = try one.send(RedisCommand(["SET", "wordgame:room:ABCD", "school-1"]))
            _ = try two.send(RedisCommand(["SET", "wordgame:room:ABCD", "school-2"]))
            #expect(try one.get("wordgame:room:ABCD") == Array("school-1".utf8))
            #expect(try two.get("wordgame:room:ABCD") == Array("school-2".utf8))
            let outOfRange = Self.client(port: redis.port, user: "wordgame", password: Self.fleetPassword, database: 99)
            guard case .loginRefused(let message)? = redisError({ try outOfRange.get("wordgame:x") }) else {
                Issue.record("SELECT 99 was not refused")
                return
            }
            #expect(message.hasPrefix("SELECT 99: ERR"), "\(message)")
        }
    }

    @Test func thePasswordPrintsHiddenHoweverItIsPrinted() {
        let options = RedisClientOptions(password: RedisPassword("sekrit-123"))
        for text in ["\(options)", String(describing: options), String(reflecting: options), "\(options.password!)"] {
            #expect(!text.contains("sekrit-123"), "\(text)")
        }
        var dumped = ""
        dump(options, to: &dumped)
        #expect(!dumped.contains("sekrit-123"), "\(dumped)")
        #expect(RedisPassword("") == nil)
    }
}
