import Foundation
import Testing
import RedisClient
import RedisWire
import WordGamePOSIX
import WordGameTestSupport

/// The client against a real redis-server on 127.0.0.1, started by each test.
@Suite(.enabled(if: RedisServerProcess.binary != nil, "needs redis-server (Debian's package redis-server; .ci/run installs it)"))
struct RedisClientTests {
    @Test func aSecondClaimOfTheSameKeyIsRefused() async throws {
        try await onOwnThread {
            let redis = try RedisServerProcess()
            let client = loopbackClient(port: redis.port)
            #expect(try client.setIfAbsent("room:ABCD", Array("10.0.0.5:7777".utf8), expiresInMilliseconds: 60_000))
            #expect(try !client.setIfAbsent("room:ABCD", Array("10.0.0.6:7777".utf8), expiresInMilliseconds: 60_000))
            #expect(try client.get("room:ABCD") == Array("10.0.0.5:7777".utf8))
            #expect(try client.delete("room:ABCD", "room:none") == 1)
            #expect(try client.setIfAbsent("room:ABCD", Array("10.0.0.6:7777".utf8), expiresInMilliseconds: 60_000))
        }
    }

    @Test func anExpiryIsObservedAndARefreshKeepsTheKey() async throws {
        try await onOwnThread {
            let redis = try RedisServerProcess()
            let client = loopbackClient(port: redis.port)
            #expect(try client.setIfAbsent("short", [1], expiresInMilliseconds: 150))
            #expect(try client.setIfAbsent("kept", [2], expiresInMilliseconds: 150))
            #expect(try client.setIfPresent("kept", [3], expiresInMilliseconds: 60_000))
            #expect(try client.setIfAbsent("pexpired", [4], expiresInMilliseconds: 150))
            #expect(try client.expire("pexpired", inMilliseconds: 60_000))
            #expect(try client.get("short") == [1])
            let deadline = MonotonicClock.seconds() + 3
            while try client.get("short") != nil && MonotonicClock.seconds() < deadline { Poll.sleep(milliseconds: 20) }
            #expect(try client.get("short") == nil, "the key did not expire")
            #expect(try !client.setIfPresent("short", [5], expiresInMilliseconds: 1_000), "refreshed a key that had expired")
            #expect(try !client.expire("short", inMilliseconds: 1_000))
            #expect(try client.get("kept") == [3])
            #expect(try client.get("pexpired") == [4])
        }
    }

    @Test func aThousandPipelinedCommandsAnswerInOrder() async throws {
        try await onOwnThread {
            let redis = try RedisServerProcess()
            let client = loopbackClient(port: redis.port)
            let commands = (0..<1_000).map { $0 % 2 == 0 ? RedisCommand(["INCR", "n"]) : RedisCommand(["SET", "k\($0)", "v\($0)"]) }
            let replies = try client.pipeline(commands)
            let expected: [RedisValue] = (0..<1_000).map { (index: Int) -> RedisValue in
                index % 2 == 0 ? .integer(Int64(index / 2 + 1)) : .simple("OK")
            }
            #expect(replies == expected)
            let gets = try client.pipeline((0..<1_000).map { RedisCommand.get("k\($0)") })
            let values: [RedisValue] = (0..<1_000).map { (index: Int) -> RedisValue in
                index % 2 == 0 ? .bulk(nil) : .bulk(Array("v\(index)".utf8))
            }
            #expect(gets == values)
        }
    }

    @Test func aValueOfEveryByteRoundTrips() async throws {
        try await onOwnThread {
            let redis = try RedisServerProcess()
            let client = loopbackClient(port: redis.port)
            let every = (0...255).map { UInt8($0) } + (0...255).reversed().map { UInt8($0) }
            #expect(try client.setIfAbsent("bytes", every, expiresInMilliseconds: 60_000))
            #expect(try client.get("bytes") == every)
            #expect(try client.send(RedisCommand(["STRLEN", "bytes"])) == .integer(512))
        }
    }

    @Test func anErrorReplyIsTypedAndLeavesTheConnectionUp() async throws {
        try await onOwnThread {
            let redis = try RedisServerProcess()
            let client = loopbackClient(port: redis.port)
            let refused = redisError { try client.send(RedisCommand(["NOSUCHCOMMAND"])) }
            guard case .server(let message)? = refused else {
                Issue.record("expected .server, got \(String(describing: refused))")
                return
            }
            #expect(message.hasPrefix("ERR unknown command"))
            let commands = [RedisCommand(["SET", "a", "1"]), RedisCommand(["INCR", "a", "extra"]), RedisCommand(["GET", "a"])]
            let replies = try client.pipeline(commands)
            #expect(replies.count == 3 && replies[0] == .simple("OK") && replies[2] == .bulk([UInt8(ascii: "1")]))
            guard case .error? = replies.dropFirst().first else {
                Issue.record("the wrong INCR did not answer an error: \(replies)")
                return
            }
            #expect(client.isConnected)
        }
    }

    /// Killed while a command waits (BLPOP blocks until the kill): `.disconnected`. Restarted on
    /// the same port: the next command connects again by itself and works.
    @Test func aKilledRedisIsADisconnectAndARestartedOneIsReconnected() async throws {
        try await onOwnThread {
            var redis = try RedisServerProcess()
            let port = redis.port
            let client = loopbackClient(port: port, replyTimeoutMilliseconds: 5_000)
            #expect(try client.setIfAbsent("before", [1], expiresInMilliseconds: 60_000))
            let doomed = redis
            let killer = Thread {
                Poll.sleep(milliseconds: 300)
                doomed.kill()
            }
            killer.start()
            let start = MonotonicClock.seconds()
            #expect(redisError { try client.send(RedisCommand(["BLPOP", "nothing", "0"])) } == .disconnected)
            #expect(MonotonicClock.seconds() - start < 4, "the kill was noticed by the timeout, not the end of stream")
            redis = try RedisServerProcess(port: port)
            #expect(try client.send(RedisCommand(["PING"])) == .simple("PONG"))
            #expect(try client.get("before") == nil, "a new redis-server, saving nothing")
            _ = redis
        }
    }

    /// Redis restarted between two commands: the dead connection is noticed before sending, and the
    /// command goes on a new one instead of failing.
    @Test func aConnectionClosedWhileIdleIsReplacedBeforeSending() async throws {
        try await onOwnThread {
            let redis = try RedisServerProcess()
            let client = loopbackClient(port: redis.port)
            #expect(try client.send(RedisCommand(["CLIENT", "SETNAME", "first"])) == .simple("OK"))
            #expect(try client.send(RedisCommand(["CLIENT", "KILL", "SKIPME", "no"])) == .integer(1))
            Poll.sleep(milliseconds: 100)
            #expect(try client.send(RedisCommand(["CLIENT", "GETNAME"])) == .bulk(nil), "not a new connection")
        }
    }
}
