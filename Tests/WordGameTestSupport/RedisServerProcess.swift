import Foundation
import Glibc

/// A real redis-server for tests: Debian's /usr/bin/redis-server (else the
/// first on PATH), on 127.0.0.1 and a free port, saving nothing, ready once it
/// answers PING. Tests that need one are enabled only if `binary` is found,
/// and say so when it is not.
public final class RedisServerProcess: @unchecked Sendable {
    public static let binary: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = ["/usr/bin"] + path.split(separator: ":").map(String.init)
        return candidates.map { $0 + "/redis-server" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    public let port: UInt16
    private let process = Process()

    public struct StartFailure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Starts redis-server on `port` (a free one if nil), with `arguments` after the test's own
    /// (`--requirepass PW`, `--user NAME on >PW ~KEYS +CMD…`, `--aclfile PATH`), and waits for it to
    /// answer, up to 10 s. `configFile`: read first (a sentinel's, which it rewrites); `binary`: another
    /// program of the package than redis-server (`redis-sentinel`).
    public init(port: UInt16? = nil, arguments: [String] = [], configFile: String? = nil, binary: String? = nil) throws {
        guard let binary = binary ?? Self.binary else { throw StartFailure(description: "redis-server is not installed") }
        self.port = port ?? Self.freePort()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = (configFile.map { [$0] } ?? [])
            + ["--bind", "127.0.0.1", "--port", "\(self.port)", "--save", "", "--appendonly", "no",
               "--protected-mode", "yes", "--daemonize", "no", "--loglevel", "warning"] + arguments
        // Its start-up warnings are about the machine (overcommit, huge pages), not the test. Neither
        // output is the test's: a server left running by a crashed test would keep `swift test` waiting on it.
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        try waitForPong()
    }

    deinit { kill() }

    /// Kills it at once (SIGKILL: no goodbye to its clients but the kernel's) and waits for it to be gone.
    public func kill() {
        guard process.isRunning else { return }
        _ = Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// A port nothing listens on now (bound at port 0 and let go).
    public static func freePort() -> UInt16 {
        let (fd, port) = LoopbackSocket.bound()
        close(fd)
        return port
    }

    private func waitForPong() throws {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            guard process.isRunning else { throw StartFailure(description: "redis-server exited at start on port \(port)") }
            if Self.answersPing(port: port) { return }
            usleep(20_000)
        }
        throw StartFailure(description: "redis-server did not answer PING on 127.0.0.1:\(port) within 10 s")
    }

    /// One blocking PING on a fresh connection, a second at most; +PONG, or -NOAUTH from a Redis with a
    /// password, is ready; anything else (-LOADING) means not yet.
    static func answersPing(port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, length) } }
        guard connected == 0 else { return false }
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let ping = Array("PING\r\n".utf8)
        guard send(fd, ping, ping.count, Int32(MSG_NOSIGNAL)) == ping.count else { return false }
        var reply = [UInt8](repeating: 0, count: 64)
        let count = recv(fd, &reply, reply.count, 0)
        return count >= 5 && (reply.starts(with: "+PONG".utf8) || reply.starts(with: "-NOAUTH".utf8))
    }
}
