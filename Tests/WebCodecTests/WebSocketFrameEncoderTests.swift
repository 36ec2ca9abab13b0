import Testing
@testable import WebCodec

@Suite struct WebSocketFrameEncoderTests {
    /// Parses one unmasked server frame: (fin, opcode, payload), or nil.
    private func parseServerFrame(_ bytes: [UInt8]) -> (fin: Bool, opcode: UInt8, payload: [UInt8])? {
        guard bytes.count >= 2, bytes[1] & 0x80 == 0 else { return nil }
        var length = Int(bytes[1] & 0x7F)
        var offset = 2
        if length == 126 {
            length = Int(bytes[2]) << 8 | Int(bytes[3])
            offset = 4
        } else if length == 127 {
            length = bytes[2..<10].reduce(0) { $0 << 8 | Int($1) }
            offset = 10
        }
        guard bytes.count == offset + length else { return nil }
        return (bytes[0] & 0x80 != 0, bytes[0] & 0x0F, Array(bytes[offset...]))
    }

    /// Adds a masking key, turning a server frame into a client frame.
    private func masked(_ serverFrame: [UInt8], key: [UInt8] = [9, 8, 7, 6]) -> [UInt8] {
        let headerLength = serverFrame[1] & 0x7F == 126 ? 4 : serverFrame[1] & 0x7F == 127 ? 10 : 2
        var frame = Array(serverFrame[..<headerLength])
        frame[1] |= 0x80
        frame += key
        for (index, byte) in serverFrame[headerLength...].enumerated() { frame.append(byte ^ key[index % 4]) }
        return frame
    }

    @Test func rfcExampleUnmaskedHello() {
        #expect(WebSocketFrameEncoder.text("Hello") == [0x81, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F])
        #expect(WebSocketFrameEncoder.pong(Array("Hello".utf8)) == [0x8A, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F])
        #expect(WebSocketFrameEncoder.ping(Array("Hello".utf8)) == [0x89, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F])
    }

    @Test(arguments: [0, 1, 125, 126, 127, 65535, 65536, 70000])
    func lengthEncodingsAreMinimal(_ count: Int) {
        let payload = [UInt8](repeating: 0x5A, count: count)
        let frame = WebSocketFrameEncoder.binary(payload)
        #expect(frame.count == WebSocketFrameFormat.unmaskedHeaderByteCount(payloadCount: count) + count)
        let expectedMarker: UInt8 = count < 126 ? UInt8(count) : count <= 65535 ? 126 : 127
        #expect(frame[1] == expectedMarker)
        let parsed = parseServerFrame(frame)
        #expect(parsed?.fin == true && parsed?.opcode == 0x2 && parsed?.payload == payload)
        // And our own decoder accepts it once masked.
        #expect(decodeAll(masked(frame), maxMessageBytes: 70000) == [.binary(payload)])
    }

    @Test func textRoundTripsThroughTheDecoder() {
        for text in ["", "hello", "naïve café ✓ 𝄞", String(repeating: "mot ", count: 200)] {
            #expect(decodeAll(masked(WebSocketFrameEncoder.text(text))) == [.text(text)])
            #expect(WebSocketFrameEncoder.text(Array(text.utf8)) == WebSocketFrameEncoder.text(text))
        }
    }

    @Test func controlPayloadsAreCutTo125Bytes() {
        let long = [UInt8](repeating: 1, count: 300)
        #expect(parseServerFrame(WebSocketFrameEncoder.pong(long))?.payload.count == 125)
        #expect(parseServerFrame(WebSocketFrameEncoder.ping(long))?.payload.count == 125)
    }

    @Test func closeFrames() {
        #expect(WebSocketFrameEncoder.close(code: nil, reason: "ignored") == [0x88, 0x00])
        #expect(WebSocketFrameEncoder.close(code: 1000) == [0x88, 0x02, 0x03, 0xE8])
        #expect(WebSocketFrameEncoder.close(code: 1009, reason: "too big") == [0x88, 0x09, 0x03, 0xF1] + Array("too big".utf8))
        #expect(decodeAll(masked(WebSocketFrameEncoder.close(code: 4001, reason: "kicked"))) == [.close(code: 4001, reason: "kicked")])
    }

    @Test func closeReasonIsCutOnACodePointBoundary() {
        // 122 ASCII bytes then "€" (3 bytes) would need 127: the euro must go whole.
        let reason = String(repeating: "a", count: 122) + "€€"
        let frame = WebSocketFrameEncoder.close(code: 1000, reason: reason)
        let parsed = parseServerFrame(frame)
        #expect(parsed?.payload.count == 2 + 122)
        #expect(decodeAll(masked(frame)) == [.close(code: 1000, reason: String(repeating: "a", count: 122))])
        // Exactly 123 bytes fit.
        let exact = String(repeating: "b", count: 120) + "€"
        #expect(parseServerFrame(WebSocketFrameEncoder.close(code: 1000, reason: exact))?.payload.count == 125)
        // 4-byte scalars are never split either.
        let clefs = String(repeating: "𝄞", count: 40)
        let clefFrame = WebSocketFrameEncoder.close(code: 1000, reason: clefs)
        #expect(parseServerFrame(clefFrame)?.payload.count == 2 + 120)
        #expect(decodeAll(masked(clefFrame)) == [.close(code: 1000, reason: String(repeating: "𝄞", count: 30))])
    }

    @Test func appendTextWritesIntoTheCallersBuffer() {
        var output: [UInt8] = [0xAA]
        let line = Array("WORD chien 3\n".utf8)
        line.withUnsafeBytes { WebSocketFrameEncoder.appendText($0, into: &output) }
        WebSocketFrameEncoder.appendText(line[0..<4], into: &output)
        WebSocketFrameEncoder.appendText("ok", into: &output)
        #expect(output == [0xAA, 0x81, UInt8(line.count)] + line + [0x81, 4] + Array("WORD".utf8) + [0x81, 2, 0x6F, 0x6B])
    }

    /// Wrapping many lines into a pre-sized buffer never reallocates it: the
    /// encoder writes in place instead of building per-frame arrays.
    @Test func appendTextDoesNotReallocateAReservedBuffer() {
        let line = Array(String(repeating: "x", count: 1000).utf8)
        let frames = 1000
        var output: [UInt8] = []
        output.reserveCapacity(frames * (line.count + 4))
        let capacity = output.capacity
        let base = output.withUnsafeBufferPointer { $0.baseAddress }
        line.withUnsafeBytes { bytes in
            for _ in 0..<frames { WebSocketFrameEncoder.appendText(bytes, into: &output) }
        }
        #expect(output.count == frames * (line.count + 4))
        #expect(output.capacity == capacity)
        #expect(output.withUnsafeBufferPointer { $0.baseAddress } == base)
    }
}
