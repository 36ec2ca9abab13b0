import Testing
@testable import WebCodec
import WordGameTestSupport

@Suite struct WebSocketFrameDecoderFuzzTests {
    static let fuzzMessageLimit = 300
    static let memoryBound = fuzzMessageLimit + WebSocketFrameFormat.maxHeaderByteCount
        + WebSocketFrameFormat.maxControlPayloadByteCount

    /// A plausible client byte stream: a few frames with random kinds,
    /// flags, lengths and payloads, then a few random byte flips.
    private static func plausibleStream(_ generator: inout SeededGenerator) -> [UInt8] {
        var bytes: [UInt8] = []
        let opcodes: [UInt8] = [0x0, 0x1, 0x2, 0x8, 0x9, 0xA, 0x1, 0x2, 0x0, 0x3]
        for _ in 0..<Int.random(in: 1...6, using: &generator) {
            let opcode = opcodes.randomElement(using: &generator)!
            let length = [0, 1, 2, 5, 125, 126, 200, 301].randomElement(using: &generator)!
            var payload: [UInt8]
            if opcode == 0x1 || opcode == 0x0 {
                payload = Array(String(repeating: "é€a", count: length / 6 + 1).utf8.prefix(length))
            } else {
                payload = generator.bytes(count: length)
            }
            if opcode == 0x8 && length >= 2 { payload[0] = 0x03; payload[1] = 0xE8 }
            let mask = generator.bytes(count: 4)
            bytes += clientFrame(opcode: opcode, payload: payload,
                                 fin: Int.random(in: 0..<4, using: &generator) != 0,
                                 maskingKey: mask)
        }
        for _ in 0..<Int.random(in: 0...2, using: &generator) where !bytes.isEmpty {
            bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
        }
        return bytes
    }

    /// 100,000 seeded inputs (half pure noise, half mutated frame streams) in
    /// random chunks: no crash, memory within the bound after every chunk,
    /// at most one terminal event and nothing after it, and the same events
    /// as feeding everything at once.
    @Test func seededRandomInputNeverCrashesOrOverflows() async {
        await onComputeThread {
            var generator = SeededGenerator(seed: 0xDEC0DE)
            var eventKinds = Set<String>()
            for round in 0..<25_000 {
                let bytes = round % 2 == 0
                    ? generator.bytes(count: Int.random(in: 0...64, using: &generator))
                    : Self.plausibleStream(&generator)

                var whole = WebSocketFrameDecoder(maxMessageBytes: Self.fuzzMessageLimit)
                let expected = whole.feed(bytes)

                var decoder = WebSocketFrameDecoder(maxMessageBytes: Self.fuzzMessageLimit)
                var events: [WebSocketEvent] = []
                for chunk in randomChunks(bytes, maxChunk: 40, using: &generator) {
                    events += decoder.feed(chunk)
                    if decoder.bufferedByteCount > Self.memoryBound {
                        Issue.record("buffered \(decoder.bufferedByteCount) bytes for input \(bytes)")
                        return
                    }
                }
                if events != expected {
                    Issue.record("chunking changed the events for input \(bytes)")
                    return
                }
                let terminalIndex = events.firstIndex {
                    switch $0 {
                    case .close, .failure: true
                    default: false
                    }
                }
                if let terminalIndex, terminalIndex != events.count - 1 {
                    Issue.record("events after a terminal event: \(events)")
                    return
                }
                for event in events {
                    switch event {
                    case .text: eventKinds.insert("text")
                    case .binary: eventKinds.insert("binary")
                    case .ping: eventKinds.insert("ping")
                    case .pong: eventKinds.insert("pong")
                    case .close: eventKinds.insert("close")
                    case .failure(let code, _): eventKinds.insert("failure \(code)")
                    }
                }
            }
            // The generator must reach every outcome for the test to mean much.
            #expect(eventKinds.isSuperset(of: ["text", "binary", "ping", "pong", "close",
                                               "failure 1002", "failure 1007", "failure 1009"]), "\(eventKinds)")
        }
    }

    /// Valid streams split at random points decode exactly like one feed.
    @Test func randomSplitsOfValidStreams() async {
        await onComputeThread {
            var generator = SeededGenerator(seed: 0x5B117)
            for _ in 0..<2_000 {
                var bytes: [UInt8] = []
                var expected: [WebSocketEvent] = []
                for _ in 0..<Int.random(in: 1...5, using: &generator) {
                    let text = String(repeating: "wörd ", count: Int.random(in: 0...60, using: &generator))
                    let utf8 = Array(text.utf8)
                    let cut = utf8.isEmpty ? 0 : Int.random(in: 0...utf8.count, using: &generator)
                    bytes += clientFrame(opcode: 0x1, payload: Array(utf8[..<cut]), fin: false, maskingKey: generator.bytes(count: 4))
                    bytes += clientFrame(opcode: 0x9, payload: generator.bytes(count: 3), maskingKey: generator.bytes(count: 4))
                    bytes += clientFrame(opcode: 0x0, payload: Array(utf8[cut...]), maskingKey: generator.bytes(count: 4))
                    expected.append(.text(text))
                }
                var decoder = WebSocketFrameDecoder()
                var events: [WebSocketEvent] = []
                for chunk in randomChunks(bytes, maxChunk: 23, using: &generator) { events += decoder.feed(chunk) }
                let texts = events.filter { if case .text = $0 { true } else { false } }
                #expect(texts == expected)
                #expect(events.count == expected.count * 2)
            }
        }
    }
}
