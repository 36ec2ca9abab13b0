import Testing
@testable import WebCodec

@Suite struct WebSocketFrameDecoderTests {
    // MARK: RFC 6455 §5.7 examples (masked variants: a server rejects unmasked)

    @Test func singleFrameMaskedHello() {
        let frame: [UInt8] = [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58]
        #expect(decodeAll(frame) == [.text("Hello")])
        #expect(decodeByteByByte(frame) == [.text("Hello")])
    }

    @Test func fragmentedHelloMasked() {
        // §5.7 "a fragmented unmasked text message": "Hel" then "lo", here masked.
        let bytes = clientFrame(opcode: 0x1, payload: Array("Hel".utf8), fin: false)
            + clientFrame(opcode: 0x0, payload: Array("lo".utf8))
        #expect(decodeAll(bytes) == [.text("Hello")])
    }

    @Test func unmaskedExamplesAreRejected() {
        let unmaskedHello: [UInt8] = [0x81, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F]
        #expect(decodeAll(unmaskedHello) == [.failure(closeCode: 1002, reason: "client frame is not masked")])
        let unmaskedFragment: [UInt8] = [0x01, 0x03, 0x48, 0x65, 0x6C]
        #expect(decodeAll(unmaskedFragment).first.map(closeCode) == 1002)
    }

    @Test func pingWithHelloBody() {
        // §5.7 "Unmasked Ping request and masked Ping response": here a masked ping.
        #expect(decodeAll(clientFrame(opcode: 0x9, payload: Array("Hello".utf8))) == [.ping(Array("Hello".utf8))])
        #expect(decodeAll(clientFrame(opcode: 0xA, payload: Array("Hello".utf8))) == [.pong(Array("Hello".utf8))])
    }

    @Test func binary256BytesUses16BitLength() {
        let payload = (0..<256).map { UInt8($0 & 0xFF) }
        let frame = clientFrame(opcode: 0x2, payload: payload)
        #expect(Array(frame[0..<4]) == [0x82, 0xFE, 0x01, 0x00])  // §5.7: 0x82 0x7E 0x0100, plus mask bit
        #expect(decodeAll(frame) == [.binary(payload)])
    }

    @Test func binary64KiBUses64BitLength() {
        let payload = (0..<65536).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let frame = clientFrame(opcode: 0x2, payload: payload)
        #expect(Array(frame[0..<10]) == [0x82, 0xFF, 0, 0, 0, 0, 0, 1, 0, 0])
        #expect(decodeAll(frame, maxMessageBytes: 65536) == [.binary(payload)])
        #expect(decodeAll(frame).first.map(closeCode) == 1009)
    }

    // MARK: Messages

    @Test func emptyMessagesAndControlFrames() {
        #expect(decodeAll(clientFrame(opcode: 0x1, payload: [])) == [.text("")])
        #expect(decodeAll(clientFrame(opcode: 0x2, payload: [])) == [.binary([])])
        #expect(decodeAll(clientFrame(opcode: 0x9, payload: [])) == [.ping([])])
        let emptyFragments = clientFrame(opcode: 0x1, payload: [], fin: false) + clientFrame(opcode: 0x0, payload: [], fin: false)
            + clientFrame(opcode: 0x0, payload: [])
        #expect(decodeAll(emptyFragments) == [.text("")])
    }

    @Test func controlFramesInterleaveWithFragments() {
        let bytes = clientFrame(opcode: 0x1, payload: Array("frag".utf8), fin: false)
            + clientFrame(opcode: 0x9, payload: [1, 2])
            + clientFrame(opcode: 0x0, payload: Array("ment".utf8), fin: false)
            + clientFrame(opcode: 0xA, payload: [3])
            + clientFrame(opcode: 0x0, payload: Array("ed".utf8))
            + clientFrame(opcode: 0x2, payload: [9])
        let expected: [WebSocketEvent] = [.ping([1, 2]), .pong([3]), .text("fragmented"), .binary([9])]
        #expect(decodeAll(bytes) == expected)
        #expect(decodeByteByByte(bytes) == expected)
    }

    @Test func codePointSplitAcrossFragmentsIsAccepted() {
        let euro: [UInt8] = [0xE2, 0x82, 0xAC]
        let bytes = clientFrame(opcode: 0x1, payload: [euro[0]], fin: false)
            + clientFrame(opcode: 0x0, payload: [euro[1]], fin: false)
            + clientFrame(opcode: 0x0, payload: [euro[2]])
        #expect(decodeAll(bytes) == [.text("€")])
    }

    @Test func maskingKeyPhaseContinuesAcrossChunks() {
        let payload = Array("The quick brown fox jumps over the lazy dog".utf8)
        let frame = clientFrame(opcode: 0x1, payload: payload, maskingKey: [0xA1, 0xB2, 0xC3, 0xD4])
        var generator = SeededGenerator(seed: 77)
        for _ in 0..<100 {
            var decoder = WebSocketFrameDecoder()
            var events: [WebSocketEvent] = []
            for chunk in randomChunks(frame, maxChunk: 5, using: &generator) { events += decoder.feed(chunk) }
            #expect(events == [.text(String(decoding: payload, as: UTF8.self))])
        }
    }

    // MARK: Close frames

    @Test func closeFrames() {
        #expect(decodeAll(clientFrame(opcode: 0x8, payload: [])) == [.close(code: nil, reason: "")])
        #expect(decodeAll(clientFrame(opcode: 0x8, payload: [0x03, 0xE8])) == [.close(code: 1000, reason: "")])
        #expect(decodeAll(clientFrame(opcode: 0x8, payload: [0x03, 0xE9] + Array("bye ✓".utf8)))
            == [.close(code: 1001, reason: "bye ✓")])
    }

    @Test func closeIsTerminal() {
        var decoder = WebSocketFrameDecoder()
        let bytes = clientFrame(opcode: 0x8, payload: [0x03, 0xE8]) + clientFrame(opcode: 0x1, payload: Array("late".utf8))
        #expect(decoder.feed(bytes) == [.close(code: 1000, reason: "")])
        #expect(decoder.isFinished)
        #expect(decoder.feed(clientFrame(opcode: 0x1, payload: [0x41])) == [])
        #expect(decoder.bufferedByteCount == 0)
    }

    static let validCloseCodes: [UInt16] = [1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014,
                                            3000, 3999, 4000, 4999]
    static let invalidCloseCodes: [UInt16] = [0, 1, 999, 1004, 1005, 1006, 1015, 1016, 1100, 2000, 2999, 5000, 65535]

    @Test(arguments: validCloseCodes)
    func acceptsValidCloseCode(_ code: UInt16) {
        #expect(decodeAll(clientFrame(opcode: 0x8, payload: [UInt8(code >> 8), UInt8(code & 0xFF)]))
            == [.close(code: code, reason: "")])
    }

    @Test(arguments: invalidCloseCodes)
    func rejectsInvalidCloseCode(_ code: UInt16) {
        let events = decodeAll(clientFrame(opcode: 0x8, payload: [UInt8(code >> 8), UInt8(code & 0xFF)]))
        #expect(events.count == 1)
        #expect(events.first.map(closeCode) == 1002)
    }

    // MARK: Failures, each with its close code

    @Test(arguments: [
        ("RSV1", clientFrame(opcode: 0x1, payload: [0x41], rsv: 0b100), UInt16(1002)),
        ("RSV2", clientFrame(opcode: 0x1, payload: [0x41], rsv: 0b010), 1002),
        ("RSV3", clientFrame(opcode: 0x1, payload: [0x41], rsv: 0b001), 1002),
        ("opcode 3", clientFrame(opcode: 0x3, payload: []), 1002),
        ("opcode 7", clientFrame(opcode: 0x7, payload: []), 1002),
        ("opcode 11", clientFrame(opcode: 0xB, payload: []), 1002),
        ("opcode 15", clientFrame(opcode: 0xF, payload: []), 1002),
        ("unmasked", clientFrame(opcode: 0x1, payload: [0x41], masked: false), 1002),
        ("fragmented ping", clientFrame(opcode: 0x9, payload: [], fin: false), 1002),
        ("fragmented close", clientFrame(opcode: 0x8, payload: [], fin: false), 1002),
        ("ping of 126 bytes", clientFrame(opcode: 0x9, payload: [UInt8](repeating: 0, count: 126)), 1002),
        ("close of 126 bytes", clientFrame(opcode: 0x8, payload: [0x03, 0xE8] + [UInt8](repeating: 0x2A, count: 124)), 1002),
        ("orphan continuation", clientFrame(opcode: 0x0, payload: [0x41]), 1002),
        ("text while text open", clientFrame(opcode: 0x1, payload: [0x41], fin: false) + clientFrame(opcode: 0x1, payload: [0x41]), 1002),
        ("binary while text open", clientFrame(opcode: 0x1, payload: [0x41], fin: false) + clientFrame(opcode: 0x2, payload: [0x41]), 1002),
        ("16-bit length for 5 bytes", clientFrame(opcode: 0x2, payload: [1, 2, 3, 4, 5], lengthEncoding: 16), 1002),
        ("16-bit length for 125 bytes", clientFrame(opcode: 0x2, payload: [UInt8](repeating: 0, count: 125), lengthEncoding: 16), 1002),
        ("64-bit length for 200 bytes", clientFrame(opcode: 0x2, payload: [UInt8](repeating: 0, count: 200), lengthEncoding: 64), 1002),
        ("64-bit length with top bit", [0x82, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 1, 1, 2, 3, 4], 1002),
        ("close with 1-byte payload", clientFrame(opcode: 0x8, payload: [0x03]), 1002),
        ("close with bad UTF-8 reason", clientFrame(opcode: 0x8, payload: [0x03, 0xE8, 0xC3, 0x28]), 1007),
        ("text with bad UTF-8", clientFrame(opcode: 0x1, payload: [0x41, 0xFF]), 1007),
        ("text with surrogate", clientFrame(opcode: 0x1, payload: [0xED, 0xA0, 0x80]), 1007),
        ("text with overlong", clientFrame(opcode: 0x1, payload: [0xC0, 0x80]), 1007),
        ("text above U+10FFFF", clientFrame(opcode: 0x1, payload: [0xF4, 0x90, 0x80, 0x80]), 1007),
        ("text ending mid code point", clientFrame(opcode: 0x1, payload: [0x41, 0xE2, 0x82]), 1007),
        ("fragmented text ending mid code point",
         clientFrame(opcode: 0x1, payload: [0xE2], fin: false) + clientFrame(opcode: 0x0, payload: [0x82]), 1007),
        ("message over the limit", clientFrame(opcode: 0x2, payload: [UInt8](repeating: 0, count: 4097)), 1009),
        ("fragments over the limit",
         clientFrame(opcode: 0x2, payload: [UInt8](repeating: 0, count: 4000), fin: false)
            + clientFrame(opcode: 0x0, payload: [UInt8](repeating: 0, count: 97)), 1009),
    ] as [(String, [UInt8], UInt16)])
    func failsWithCloseCode(_ name: String, _ bytes: [UInt8], _ expectedCode: UInt16) {
        for events in [decodeAll(bytes), decodeByteByByte(bytes)] {
            #expect(events.count == 1, "\(name): \(events)")
            #expect(events.last.map(closeCode) == expectedCode, "\(name): \(events)")
        }
    }

    @Test func failureIsTerminal() {
        var decoder = WebSocketFrameDecoder()
        #expect(decoder.feed(clientFrame(opcode: 0x3, payload: [])).count == 1)
        #expect(decoder.isFinished)
        #expect(decoder.feed(clientFrame(opcode: 0x1, payload: [0x41])) == [])
        #expect(decoder.bufferedByteCount == 0)
    }

    @Test func messageExactlyAtTheLimitIsAccepted() {
        let limit = WebSocketFrameDecoder.defaultMaxMessageBytes
        let oneFrame = clientFrame(opcode: 0x2, payload: [UInt8](repeating: 7, count: limit))
        #expect(decodeAll(oneFrame) == [.binary([UInt8](repeating: 7, count: limit))])
        let fragments = clientFrame(opcode: 0x1, payload: [UInt8](repeating: 0x61, count: limit - 1), fin: false)
            + clientFrame(opcode: 0x0, payload: [0x62])
        #expect(decodeAll(fragments) == [.text(String(repeating: "a", count: limit - 1) + "b")])
    }

    // MARK: Fail fast (before buffering, before the rest arrives)

    @Test func oversizedLengthFailsBeforeAnyPayloadArrives() {
        var decoder = WebSocketFrameDecoder()
        // Header only, declaring 16 MiB: failure on the length bytes, no mask needed.
        let header: [UInt8] = [0x82, 0xFF, 0, 0, 0, 0, 0x01, 0, 0, 0]
        #expect(decoder.feed(header).first.map(closeCode) == 1009)
        #expect(decoder.bufferedByteCount == 0)
        var sixteenBit = WebSocketFrameDecoder(maxMessageBytes: 1000)
        #expect(sixteenBit.feed([0x82, 0xFE, 0x03, 0xE9]).first.map(closeCode) == 1009)
    }

    @Test func topBitOf64BitLengthFailsOnItsOwnByte() {
        var decoder = WebSocketFrameDecoder()
        #expect(decoder.feed([0x82, 0xFF]) == [])
        #expect(decoder.feed([0x80]).first.map(closeCode) == 1002)
    }

    @Test func invalidUTF8FailsBeforeTheFrameEnds() {
        // Autobahn 6.4.x style: a long text frame whose payload turns invalid early.
        var decoder = WebSocketFrameDecoder()
        let frame = clientFrame(opcode: 0x1, payload: Array("κόσμε".utf8) + [0xF4, 0x90] + [UInt8](repeating: 0x41, count: 100))
        let invalidByteEnd = 6 + Array("κόσμε".utf8).count + 2
        #expect(decoder.feed(Array(frame[..<(invalidByteEnd - 1)])) == [])
        #expect(decoder.feed(Array(frame[(invalidByteEnd - 1)..<invalidByteEnd])).first.map(closeCode) == 1007)
    }

    @Test func invalidUTF8FailsInAnEarlyFragment() {
        var decoder = WebSocketFrameDecoder()
        let first = clientFrame(opcode: 0x1, payload: [0x41, 0xC0], fin: false)
        #expect(decoder.feed(first).first.map(closeCode) == 1007)
    }

    @Test func controlFramesAreNotCountedAgainstTheMessageLimit() {
        let limit = WebSocketFrameDecoder.defaultMaxMessageBytes
        let bytes = clientFrame(opcode: 0x2, payload: [UInt8](repeating: 1, count: limit - 10), fin: false)
            + clientFrame(opcode: 0x9, payload: [UInt8](repeating: 2, count: 125))
            + clientFrame(opcode: 0x0, payload: [UInt8](repeating: 1, count: 10))
        let events = decodeAll(bytes)
        #expect(events.count == 2)
        #expect(events.first == .ping([UInt8](repeating: 2, count: 125)))
    }
}

/// The close code of a `.failure`, or 0 for any other event.
func closeCode(_ event: WebSocketEvent) -> UInt16 {
    if case .failure(let code, _) = event { return code }
    return 0
}
