import Foundation
import Glibc
import Testing
import WordGameTestSupport

/// The built server started as systemd starts a unit of `Type=notify` with `WatchdogSec=` (Resources/install's
/// units): a datagram socket of the test's own stands in for systemd's. The server says it is ready once it takes
/// players, its loop pings the watchdog while nobody is connected, a drain is said, and so is the stop.
@Suite struct ServiceManagerTests {
    /// systemd's end of `NOTIFY_SOCKET`: a bound `AF_UNIX` datagram socket in a temporary folder.
    final class ServiceManager {
        let path = NSTemporaryDirectory() + "wordgame-notify-\(UUID().uuidString.prefix(8)).sock"
        private let socket: Int32

        init() throws {
            socket = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard socket >= 0, bound == 0 else { throw TestFailure(description: "cannot bind \(path): errno \(errno)") }
        }

        deinit {
            close(socket)
            unlink(path)
        }

        /// The next datagram, or nil after `seconds`.
        func next(within seconds: Double) -> String? {
            var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Int32(seconds * 1_000)) == 1 else { return nil }
            var buffer = [UInt8](repeating: 0, count: 4_096)
            let count = recv(socket, &buffer, buffer.count, 0)
            return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : nil
        }

        /// Datagrams until one satisfies `matches` (returned) or `seconds` pass (nil); those before it in `skipped`.
        func wait(seconds: Double = 20, for matches: (String) -> Bool) -> (found: String?, skipped: [String]) {
            let deadline = Date().addingTimeInterval(seconds)
            var skipped: [String] = []
            while Date() < deadline, let message = next(within: deadline.timeIntervalSinceNow) {
                if matches(message) { return (message, skipped) }
                skipped.append(message)
            }
            return (nil, skipped)
        }
    }

    @Test func theServerSaysItIsReadyPingsTheWatchdogFromItsLoopAndSaysItStops() async throws {
        try await onOwnThread {
            let manager = try ServiceManager()
            // A watchdog of 1 s: a ping every half second at least, with nobody connected to wake the loop.
            let child = try ServerChild(["--no-web"], environment: ["NOTIFY_SOCKET": manager.path, "WATCHDOG_USEC": "1000000"])
            let ready = manager.wait { $0.contains("READY=1") }
            #expect(ready.found == "READY=1\nSTATUS=taking players on port \(child.port)", "\(ready.skipped)")
            var pings = 0
            let start = Date()
            while pings < 4, Date().timeIntervalSince(start) < 30 {
                if manager.next(within: 5) == "WATCHDOG=1" { pings += 1 }
            }
            #expect(pings == 4, "the loop pinged the watchdog \(pings) times")

            kill(child.pid, SIGHUP)
            #expect(manager.wait { $0.hasPrefix("STATUS=draining") }.found != nil)
            // No game is on: the drain ends at once, with the stop said.
            #expect(manager.wait { $0.hasPrefix("STOPPING=1") }.found == "STOPPING=1\nSTATUS=stopping")
            child.process.waitUntilExit()
            #expect(child.process.terminationStatus == 75)
        }
    }
}
