import Testing
import RedisWire

@Suite struct RedisReplyDecoderTests {
    static let sample = "+OK\r\n-ERR wrong type\r\n:0\r\n:-42\r\n$5\r\nhe\r\no\r\n$0\r\n\r\n$-1\r\n*-1\r\n*0\r\n"
        + "*3\r\n:1\r\n*2\r\n$1\r\na\r\n*-1\r\n$-1\r\n+PONG\r\n"
    static let sampleValues: [RedisValue] = [
        .simple("OK"), .error("ERR wrong type"), .integer(0), .integer(-42), .bulk(bytes("he\r\no")), .bulk([]), .bulk(nil),
        .array(nil), .array([]), .array([.integer(1), .array([.bulk(bytes("a")), .array(nil)]), .bulk(nil)]), .simple("PONG"),
    ]

    @Test func everyReplyTypeInOneStream() {
        #expect(decode(Self.sample) == Decoded(values: Self.sampleValues))
    }

    @Test func everySplitPointDecodesTheSame() {
        let whole = bytes(Self.sample)
        for split in 0...whole.count {
            #expect(decode([whole[..<split], whole[split...]]) == Decoded(values: Self.sampleValues), "split at \(split)")
        }
        #expect(decode(whole.map { [$0][...] }) == Decoded(values: Self.sampleValues), "byte by byte")
    }

    @Test func anIncompleteReplyIsNotGivenOut() throws {
        var decoder = RedisReplyDecoder()
        decoder.append(bytes("*2\r\n$3\r\nfoo\r\n$3\r\nba"))
        #expect(try decoder.next() == nil)
        decoder.append(bytes("r\r\n"))
        #expect(try decoder.next() == .array([.bulk(bytes("foo")), .bulk(bytes("bar"))]))
        #expect(decoder.bufferedBytes == 0)
    }

    @Test func integersAreRangeChecked() {
        #expect(decode(":9223372036854775807\r\n:-9223372036854775808\r\n").values == [.integer(.max), .integer(.min)])
        for bad in ["9223372036854775808", "-9223372036854775809", "99999999999999999999", "", "-", "+5", "1 ", " 1", "0x10", "1-"] {
            #expect(decode(":\(bad)\r\n").error != nil, "\(bad)")
        }
    }

    @Test func lengthsBelowMinusOneAreRefused() {
        #expect(decode("$-2\r\n").error == RedisProtocolError("bulk string length -2 is negative"))
        #expect(decode("*-5\r\n").error == RedisProtocolError("array length -5 is negative"))
        #expect(decode("$-9223372036854775808\r\n").error != nil)
        #expect(decode("$99999999999999999999\r\n").error == RedisProtocolError("bulk string length is not an integer"))
    }

    @Test func aBulkStringOverTheLimitIsRefusedBeforeItsPayload() {
        let limits = RedisWireLimits(maxBulkBytes: 8)
        #expect(decode("$8\r\n12345678\r\n", limits: limits).values == [.bulk(bytes("12345678"))])
        // The header alone is enough to refuse it: nothing of the payload is awaited.
        #expect(decode("$9\r\n", limits: limits).error == RedisProtocolError("bulk string length 9 is over the limit of 8"))
        #expect(decode("$1048577\r\n").error != nil)
        #expect(decode("$9223372036854775807\r\n").error != nil)
    }

    @Test func anArrayOverTheLimitIsRefused() {
        let limits = RedisWireLimits(maxArrayElements: 2)
        #expect(decode("*2\r\n:1\r\n:2\r\n", limits: limits).values == [.array([.integer(1), .integer(2)])])
        #expect(decode("*3\r\n", limits: limits).error == RedisProtocolError("array length 3 is over the limit of 2"))
        #expect(decode("*1025\r\n").error != nil)
    }

    @Test func nestingDeeperThanTheLimitIsRefused() {
        let eight = String(repeating: "*1\r\n", count: 8) + ":1\r\n"
        var expected = RedisValue.integer(1)
        for _ in 0..<8 { expected = .array([expected]) }
        #expect(decode(eight).values == [expected])
        let nine = String(repeating: "*1\r\n", count: 9) + ":1\r\n"
        #expect(decode(nine).error == RedisProtocolError("arrays nested deeper than 8"))
        // Deep nesting never finished is refused as soon as it is too deep, not buffered.
        #expect(decode(String(repeating: "*1\r\n", count: 100_000)).error == RedisProtocolError("arrays nested deeper than 8"))
    }

    @Test func aLineWithoutEndIsRefusedAtTheLimit() {
        let limits = RedisWireLimits(maxLineBytes: 16)
        #expect(decode("+" + String(repeating: "a", count: 16) + "\r\n", limits: limits).values.count == 1)
        #expect(decode("+" + String(repeating: "a", count: 17), limits: limits).error == RedisProtocolError("line longer than 16 bytes"))
        #expect(decode("-" + String(repeating: "a", count: 17) + "\r\n", limits: limits).error != nil)
        let endless = [UInt8(ascii: "+")] + [UInt8](repeating: 0x61, count: 1 << 20)
        #expect(decode(endless).error == RedisProtocolError("line longer than 4096 bytes"))
    }

    @Test func aReplyOverTheLimitIsRefusedWhileIncomplete() {
        let limits = RedisWireLimits(maxBulkBytes: 100, maxReplyBytes: 64)
        // Nine bulk strings of 10 bytes: 16 bytes each on the wire, 148 in all; the first 70 already overflow.
        let reply = bytes("*9\r\n" + String(repeating: "$10\r\n0123456789\r\n", count: 9))
        #expect(decode([reply[..<70]], limits: limits).error == RedisProtocolError("reply longer than 64 bytes"))
        #expect(decode(reply, limits: limits).error == RedisProtocolError("reply longer than 64 bytes"))
        #expect(decode(reply).values.count == 1)
        // Many small replies buffered at once are not one long reply.
        #expect(decode(String(repeating: ":1\r\n", count: 100), limits: limits).values.count == 100)
    }

    @Test func malformedFramingIsRefused() {
        #expect(decode("$3\r\nfooX\r\n").error == RedisProtocolError("bulk string not followed by CRLF"))
        #expect(decode("+OK\rX").error == RedisProtocolError("CR not followed by LF"))
        #expect(decode("+OK\n").error == RedisProtocolError("LF without CR"))
        #expect(decode("_\r\n").error == RedisProtocolError("unknown reply type byte 95"))  // RESP3's null
        #expect(decode("%1\r\n").error != nil)
    }

    @Test func aFailedDecoderStaysFailed() {
        var decoder = RedisReplyDecoder()
        decoder.append(bytes("?\r\n"))
        #expect(throws: RedisProtocolError.self) { try decoder.next() }
        decoder.append(bytes("+OK\r\n"))
        #expect(throws: RedisProtocolError.self) { try decoder.next() }
    }

    @Test func manyRepliesInOneReadComeOutInOrder() {
        let stream = (0..<1_000).map { ":\($0)\r\n" }.joined()
        #expect(decode(stream).values == (0..<1_000).map { RedisValue.integer(Int64($0)) })
    }
}
