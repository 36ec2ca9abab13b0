import Testing
import RedisWire

@Suite struct RedisCommandTests {
    @Test func aCommandIsAnArrayOfBulkStrings() {
        #expect(RedisCommand(["SET", "k", "héllo"]).encoded == bytes("*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$6\r\nhéllo\r\n"))
        #expect(RedisCommand([]).encoded == bytes("*0\r\n"))
        #expect(RedisCommand(["GET", ""]).encoded == bytes("*2\r\n$3\r\nGET\r\n$0\r\n\r\n"))
    }

    @Test func argumentsAreBinarySafe() {
        // Every byte, CR and LF among them: lengths are given, so the decoder (which reads
        // a command as the array it is) must find the very same bytes.
        let every = (0...255).map { UInt8($0) }
        let command = RedisCommand(bytes: [bytes("SET"), bytes("\r\n*1\r\n"), every])
        let decoded = decode(command.encoded)
        #expect(decoded == Decoded(values: [.array([.bulk(bytes("SET")), .bulk(bytes("\r\n*1\r\n")), .bulk(every)])]))
    }

    @Test func aPipelineIsItsCommandsBackToBack() {
        let commands = [RedisCommand(["PING"]), RedisCommand(["GET", "a"])]
        #expect(RedisCommand.pipeline(commands) == commands[0].encoded + commands[1].encoded)
        #expect(RedisCommand.pipeline([]).isEmpty)
    }
}
