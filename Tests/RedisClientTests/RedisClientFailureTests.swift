import Foundation
import Testing
import RedisClient
import RedisWire
import WordGamePOSIX
import WordGameTestSupport

/// The failures a client must report by type, against sockets of the test's own: no redis-server needed.
@Suite struct RedisClientFailureTests {
    @Test func aConnectNobodyListensToIsRefused() async {
        await onOwnThread {
            let client = loopbackClient(port: RedisServerProcess.freePort())
            // Refused, not the 1 s timeout: the error's kind tells them apart, whatever the machine's load.
            #expect(redisError { try client.send(RedisCommand(["PING"])) } == .refused)
            #expect(!client.isConnected)
        }
    }

    @Test func aPeerThatNeverAnswersIsATimeout() async throws {
        try await onOwnThread {
            let listener = try SilentListener()
            defer { listener.close() }
            let client = loopbackClient(port: listener.port, replyTimeoutMilliseconds: 300)
            let start = MonotonicClock.seconds()
            #expect(redisError { try client.send(RedisCommand(["PING"])) } == .timeout)
            let waited = MonotonicClock.seconds() - start
            #expect(waited >= 0.29 && waited < 2, "waited \(waited) s")
            // A late reply would be taken for the next command's: the connection is dropped.
            #expect(!client.isConnected)
        }
    }

    @Test func aBrokenReplyIsAProtocolError() async throws {
        try await onOwnThread {
            let listener = try SilentListener()
            defer { listener.close() }
            listener.answerFirstCaller(with: Array("$-7\r\n".utf8))
            let client = loopbackClient(port: listener.port)
            #expect(redisError { try client.send(RedisCommand(["GET", "k"])) } == .protocol("bulk string length -7 is negative"))
            #expect(!client.isConnected)
        }
    }

    @Test func anEndOfStreamBeforeTheReplyIsADisconnect() async throws {
        try await onOwnThread {
            let listener = try SilentListener()
            defer { listener.close() }
            // Half a reply, then the peer closes.
            listener.answerFirstCaller(with: Array("$5\r\nab".utf8), holdMilliseconds: 0)
            let client = loopbackClient(port: listener.port, replyTimeoutMilliseconds: 5_000)
            let start = MonotonicClock.seconds()
            #expect(redisError { try client.send(RedisCommand(["GET", "k"])) } == .disconnected)
            #expect(MonotonicClock.seconds() - start < 4.5)
        }
    }

    /// After two failed connects in a row the client waits before a third: a listener that
    /// appears meanwhile sees no connect until the backoff has passed.
    @Test func aDownRedisIsNotHammered() async throws {
        try await onOwnThread {
            let port = RedisServerProcess.freePort()
            let client = loopbackClient(port: port, replyTimeoutMilliseconds: 200,
                                        backoff: ReconnectBackoff(initialMilliseconds: 600, maxMilliseconds: 600))
            #expect(redisError { try client.send(RedisCommand(["PING"])) } == .refused)
            #expect(redisError { try client.send(RedisCommand(["PING"])) } == .refused)
            let listener = try SilentListener(port: port)
            defer { listener.close() }
            #expect(redisError { try client.send(RedisCommand(["PING"])) } == .refused)
            #expect(!listener.hasCaller, "connected during the backoff")
            Poll.sleep(milliseconds: 700)
            #expect(redisError { try client.send(RedisCommand(["PING"])) } == .timeout)
            #expect(listener.hasCaller, "did not connect once the backoff had passed")
        }
    }
}
