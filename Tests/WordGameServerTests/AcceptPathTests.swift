import Foundation
import Glibc
import Testing
@testable import WordGameServer

/// What a join costs the server less of: options the kernel copies from the
/// listener, the peer's address from `accept4` itself, random words fetched
/// ahead. Real sockets on 127.0.0.1, port 0.
@Suite struct AcceptPathTests {
    /// A listener on a free port, a client connected to it, and the accepted socket.
    func acceptedPair(tuneListener: Bool) throws -> (listener: Int32, client: Int32, accepted: Int32, address: String) {
        let listener = try Socket.listen(address: "127.0.0.1", port: 0)
        if tuneListener { #expect(Socket.tuneForGame(listener)) }
        var target = sockaddr_in()
        target.sin_family = sa_family_t(AF_INET)
        target.sin_port = try Socket.localPort(listener).bigEndian
        target.sin_addr.s_addr = inet_addr("127.0.0.1")
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        let connected = withUnsafePointer(to: &target) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        #expect(connected == 0)
        var waiting = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        _ = poll(&waiting, 1, 5_000)
        guard case .done(let accepted) = try Socket.accept(listener) else {
            Issue.record("nothing to accept")
            return (listener, client, -1, "")
        }
        return (listener, client, accepted.fd, accepted.address)
    }

    @Test func anAcceptedSocketHasTheListenersGameOptionsAndItsPeersAddress() throws {
        let tuned = try acceptedPair(tuneListener: true)
        defer { [tuned.listener, tuned.client, tuned.accepted].forEach { close($0) } }
        #expect(tuned.address == "127.0.0.1")
        #expect(Socket.hasGameOptions(tuned.accepted))

        // The check can say no: a socket from a plain listener has none of them.
        let plain = try acceptedPair(tuneListener: false)
        defer { [plain.listener, plain.client, plain.accepted].forEach { close($0) } }
        #expect(!Socket.hasGameOptions(plain.accepted))
        #expect(Socket.tuneForGame(plain.accepted))
        #expect(Socket.hasGameOptions(plain.accepted))
    }

    @Test func theRandomPoolKeepsDrawingPastEachRefill() {
        let pool = RandomPool()
        let draws = (0..<2_000).map { _ in pool.next() }  // four refills of 512
        #expect(Set(draws).count == draws.count)  // 64-bit words: a repeat would be a broken refill
        #expect(draws.filter { $0 == 0 }.count <= 1)
    }
}
