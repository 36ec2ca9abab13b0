import Testing
import RedisWire
@testable import RedisClient

/// What a sentinel's and a master's replies mean, reply by reply.
@Suite struct SentinelRepliesTests {
    static func bulk(_ text: String) -> RedisValue { .bulk(Array(text.utf8)) }

    @Test func aSentinelNamesTheMasterOrKnowsNone() {
        #expect(SentinelReplies.master(.array([Self.bulk("127.0.0.1"), Self.bulk("6380")]))
                == .success(RedisAddress(host: "127.0.0.1", port: 6380)))
        #expect(SentinelReplies.master(.array([Self.bulk("::1"), Self.bulk("6380")])) == .success(RedisAddress(host: "::1", port: 6380)))
        #expect(SentinelReplies.master(.array(nil)) == .success(nil))
        #expect(SentinelReplies.master(.bulk(nil)) == .success(nil))
    }

    @Test(arguments: [RedisValue.array([bulk("127.0.0.1"), bulk("0")]), .array([bulk("127.0.0.1"), bulk("65536")]),
                      .array([bulk("127.0.0.1")]), .array([bulk("a b"), bulk("1")]), .array([bulk("h"), .integer(1)]),
                      .simple("OK"), .integer(1)])
    func anythingElseBreaksTheProtocol(reply: RedisValue) {
        guard case .failure(.protocol) = SentinelReplies.master(reply) else {
            Issue.record("\(reply) was taken")
            return
        }
    }

    @Test func roleSaysWhetherItIsTheMaster() {
        #expect(SentinelReplies.isMaster(.array([Self.bulk("master"), .integer(0), .array([])])))
        let replica = RedisValue.array([Self.bulk("slave"), Self.bulk("127.0.0.1"), .integer(6379), Self.bulk("connected"), .integer(1)])
        #expect(!SentinelReplies.isMaster(replica))
        #expect(SentinelReplies.role(replica) == "slave")
        #expect(!SentinelReplies.isMaster(.error("NOPERM")))
    }

    @Test func readOnlyAndMasterDownMeanAskAgain() {
        #expect(SentinelReplies.isFailoverSign("READONLY You can't write against a read only replica."))
        #expect(SentinelReplies.isFailoverSign("MASTERDOWN Link with MASTER is down and replica-serve-stale-data is set to 'no'."))
        #expect(!SentinelReplies.isFailoverSign("ERR unknown command"))
        #expect(!SentinelReplies.isFailoverSign("NOSCRIPT No matching script"))
        #expect(SentinelReplies.isRefusal("NOAUTH Authentication required."))
        #expect(SentinelReplies.isRefusal("WRONGPASS invalid username-password pair or user is disabled."))
        #expect(!SentinelReplies.isRefusal("ERR No such master with that name"))
    }
}
