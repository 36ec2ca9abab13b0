import Testing
import WordGamePOSIX

/// The system layer's sockets, on real sockets on 127.0.0.1, port 0: what a
/// join costs the server less of (options the kernel copies from the
/// listener, the peer's address from `accept4` itself), connecting with a
/// time limit, and random words fetched ahead.
@Suite struct SocketTests {
    /// A listener on a free port, a client connected to it, and the accepted socket.
    func acceptedPair(tuneListener: Bool) throws -> (listener: FileDescriptor, client: FileDescriptor,
                                                     accepted: FileDescriptor?, address: String) {
        let listener = try Socket.listen(address: "127.0.0.1", port: 0)
        if tuneListener { #expect(Socket.tuneForGame(listener)) }
        let client = try SocketAddress.loopback(port: try Socket.localPort(listener)).connect(timeoutMilliseconds: 5_000)
        #expect(Poll.waitUntilReadable(listener, milliseconds: 5_000))
        guard case .done(let accepted) = try Socket.accept(listener) else {
            Issue.record("nothing to accept")
            return (listener, client, nil, "")
        }
        return (listener, client, accepted.socket, accepted.address)
    }

    @Test func anAcceptedSocketHasTheListenersGameOptionsAndItsPeersAddress() throws {
        let tuned = try acceptedPair(tuneListener: true)
        defer { [tuned.listener, tuned.client, tuned.accepted].compactMap { $0 }.forEach { $0.close() } }
        #expect(tuned.address == "127.0.0.1")
        #expect(tuned.accepted.map(Socket.hasGameOptions) == true)

        // The check can say no: a socket from a plain listener has none of them.
        let plain = try acceptedPair(tuneListener: false)
        defer { [plain.listener, plain.client, plain.accepted].compactMap { $0 }.forEach { $0.close() } }
        let accepted = try #require(plain.accepted)
        #expect(!Socket.hasGameOptions(accepted))
        #expect(Socket.tuneForGame(accepted))
        #expect(Socket.hasGameOptions(accepted))
    }

    @Test func bytesSentArriveWhole() throws {
        let pair = try acceptedPair(tuneListener: true)
        defer { [pair.listener, pair.client, pair.accepted].compactMap { $0 }.forEach { $0.close() } }
        let accepted = try #require(pair.accepted)
        let sent = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        var offset = 0
        // Both ends non-blocking: send what the kernel takes, read what came, until all of it is across.
        while received.count < sent.count {
            if offset < sent.count, case .done(let count) = try sent[offset...].withUnsafeBytes({ try Socket.send(pair.client, $0) }) {
                offset += count
            }
            #expect(Poll.waitUntilReadable(accepted, milliseconds: 5_000) || offset < sent.count)
            let read = try buffer.withUnsafeMutableBytes { try Socket.receive(accepted, into: $0) }
            if case .done(let count) = read {
                try #require(count > 0, "end of stream after \(received.count) bytes")
                received += buffer[0..<count]
            }
        }
        #expect(received == sent)
    }

    @Test func aConnectToAPortNobodyListensOnIsRefusedAtOnce() throws {
        let listener = try Socket.listen(address: "127.0.0.1", port: 0)
        let port = try Socket.localPort(listener)
        listener.close()
        #expect(throws: Errno("connect", code: Errno.connectionRefused)) {
            _ = try SocketAddress.loopback(port: port).connect(timeoutMilliseconds: 5_000)
        }
    }

    @Test func aNumericAddressIsParsedAndAnythingElseIsNot() {
        #expect(SocketAddress(numeric: "127.0.0.1", port: 1) != nil)
        #expect(SocketAddress(numeric: "::1", port: 1) != nil)
        #expect(SocketAddress(numeric: "localhost", port: 1) == nil)
        #expect(SocketAddress(numeric: "127.0.0.256", port: 1) == nil)
    }

    @Test func theRandomPoolKeepsDrawingPastEachRefill() {
        let pool = RandomPool()
        let draws = (0..<2_000).map { _ in pool.next() }  // four refills of 512
        #expect(Set(draws).count == draws.count)  // 64-bit words: a repeat would be a broken refill
        #expect(draws.filter { $0 == 0 }.count <= 1)
    }
}
