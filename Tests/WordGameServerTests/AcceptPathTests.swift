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

/// The console writes what it is given, in order, with a timestamp, and a
/// burst of lines in a few writes rather than one a line.
@Suite struct EventLogTests {
    @Test func linesComeOutInOrderAndABurstIsGathered() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let log = EventLog(fd: fds[1], limit: 10_000)
        // A line every 10 µs or so: without gathering, the console's thread
        // would wake and write for nearly every one.
        for index in 1...300 {
            log.write("line \(index)")
            usleep(10)
        }
        log.flush()
        var text = ""
        var buffer = [UInt8](repeating: 0, count: 65_536)
        _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
        while true {
            let n = read(fds[0], &buffer, buffer.count)
            if n <= 0 { break }
            text += String(decoding: buffer[0..<n], as: UTF8.self)
        }
        let lines = text.split(separator: "\n")
        #expect(lines.count == 300)
        #expect(lines.enumerated().allSatisfy { index, line in line.hasSuffix(" line \(index + 1)") })
        #expect(lines.first.map { $0.range(of: #"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d "#, options: .regularExpression) != nil } == true)
        // They came within a few milliseconds: a handful of writes, not one a line.
        #expect(log.writeCount < 30, "\(log.writeCount) writes")
    }
}
