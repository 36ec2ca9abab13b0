import Foundation
import WordGamePOSIX

/// A sentinel of the test's own on 127.0.0.1: every caller's first bytes are
/// answered with `masterPort` as the master's (on 127.0.0.1), then it hangs
/// up, as a real sentinel's answer to `get-master-addr-by-name` ends the
/// client's use of it. The test moves `masterPort` to make a failover the
/// sentinels would not make by themselves (a master demoted while a client
/// stays connected to it).
final class FakeSentinel: @unchecked Sendable {
    let port: UInt16
    private let listener: FileDescriptor
    private let lock = NSLock()
    private var master: UInt16
    private var stopped = false

    init(masterPort: UInt16) throws {
        listener = try Socket.listen(address: "127.0.0.1", port: 0, backlog: 16)
        port = try Socket.localPort(listener)
        master = masterPort
        Thread { [self] in serve() }.start()
    }

    var masterPort: UInt16 {
        get { lock.withLock { master } }
        set { lock.withLock { master = newValue } }
    }

    func stop() {
        lock.withLock { stopped = true }
    }

    private func serve() {
        defer { listener.close() }
        while !lock.withLock({ stopped }) {
            guard Poll.waitUntilReadable(listener, milliseconds: 50), case .done(let peer)? = try? Socket.accept(listener) else { continue }
            defer { peer.socket.close() }
            guard Poll.waitUntilReadable(peer.socket, milliseconds: 2_000) else { continue }
            var buffer = [UInt8](repeating: 0, count: 4_096)
            _ = buffer.withUnsafeMutableBytes { try? Socket.receive(peer.socket, into: $0) }
            let port = "\(masterPort)"
            try? Socket.sendAll(peer.socket, Array("*2\r\n$9\r\n127.0.0.1\r\n$\(port.utf8.count)\r\n\(port)\r\n".utf8))
        }
    }
}
