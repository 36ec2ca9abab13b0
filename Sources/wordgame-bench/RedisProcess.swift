import Foundation
import Glibc

/// redis-server, for the fan-out comparison only: the system's package, on
/// 127.0.0.1 and a free port, saving nothing, stopped with SIGTERM. Its
/// descriptor limit is the bench's, which main raised and children inherit.
final class RedisProcess {
    static let installHint = "redis-server is not installed: apt-get update && apt-get install -y redis-server (for this comparison only)"

    /// /usr/bin/redis-server, else the first on PATH; nil when there is none.
    static let binary: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = ["/usr/bin"] + path.split(separator: ":").map(String.init)
        return candidates.map { $0 + "/redis-server" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// "7.0.15", from `redis-server --version`, for the bench's header.
    static func version(of binary: String) -> String {
        let process = Process(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["--version"]
        process.standardOutput = output
        guard (try? process.run()) != nil else { return "?" }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard let range = text.range(of: #"v=[0-9.]+"#, options: .regularExpression) else { return "?" }
        return String(text[range].dropFirst(2))
    }

    let process = Process()
    let port = freeLoopbackPort()
    var pid: Int32 { process.processIdentifier }

    init(binary: String, maxClients: Int) {
        process.executableURL = URL(fileURLWithPath: binary)
        // The listen backlog is wordgame-server's, 4,096. Redis's own 511 overflows when a burst of
        // connects meets Redis off the CPU for a few ms (this machine has 2 cores, shared): the
        // dropped SYN comes back after the kernel's 1 s retry timer, a second that is not Redis's.
        process.arguments = ["--bind", "127.0.0.1", "--port", "\(port)", "--save", "", "--appendonly", "no",
                             "--maxclients", "\(maxClients)", "--protected-mode", "yes", "--daemonize", "no", "--loglevel", "warning",
                             "--tcp-backlog", "4096"]
        // Its start-up warnings (overcommit_memory, transparent huge pages) are about the machine, not the comparison.
        process.standardOutput = FileHandle.nullDevice
        do { try process.run() } catch { fail("cannot start \(binary): \(error)") }
        ChildProcesses.started(pid, stopWith: SIGTERM)
        waitForPong()
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
        ChildProcesses.stopped(pid)
    }

    private func waitForPong() {
        let deadline = now() + 10
        while now() < deadline {
            if !process.isRunning { fail("redis-server exited at start on 127.0.0.1:\(port) (run it by hand to see why)") }
            if let fd = dialLoopback(port: port) {
                var timeout = timeval(tv_sec: 1, tv_usec: 0)
                setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                send("PING\r\n", to: fd)
                var reply = [UInt8](repeating: 0, count: 64)
                let n = recv(fd, &reply, reply.count, 0)
                close(fd)
                // Anything else (-LOADING) means not yet.
                if n >= 5 && reply.starts(with: "+PONG".utf8) { return }
            }
            usleep(20_000)
        }
        fail("redis-server did not answer PING on 127.0.0.1:\(port) within 10 s")
    }
}

/// A port nothing on 127.0.0.1 listens on now: bound to port 0, read, let go.
/// Another program may take it before redis-server does; for a bench, that rare race is acceptable.
func freeLoopbackPort() -> UInt16 {
    let (fd, port) = bindLoopback()
    close(fd)
    return port
}

/// A TCP socket bound to 127.0.0.1 and a port the kernel chose, and that port.
func bindLoopback() -> (fd: Int32, port: UInt16) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let found = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
    }
    if !found { fail("cannot bind a port on 127.0.0.1: \(String(cString: strerror(errno)))") }
    return (fd, UInt16(bigEndian: address.sin_port))
}
