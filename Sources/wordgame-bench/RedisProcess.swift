import Foundation
import WordGamePOSIX

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
        ChildProcesses.started(pid, stopWith: Signal.terminate)
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
            // Refused until it listens. The socket is non-blocking: the reply is awaited up to 1 s.
            if let fd = try? SocketAddress.loopback(port: port).connect(timeoutMilliseconds: 1_000) {
                sendLine("PING\r\n", to: fd)
                var reply = [UInt8](repeating: 0, count: 64)
                var n = 0
                if Poll.waitUntilReadable(fd, milliseconds: 1_000),
                   case .done(let count)? = reply.withUnsafeMutableBytes({ buffer in try? Socket.receive(fd, into: buffer) }) {
                    n = count
                }
                fd.close()
                // Anything else (-LOADING) means not yet.
                if n >= 5 && reply.starts(with: "+PONG".utf8) { return }
            }
            Poll.sleep(milliseconds: 20)
        }
        fail("redis-server did not answer PING on 127.0.0.1:\(port) within 10 s")
    }
}

/// A port nothing on 127.0.0.1 listens on now: listened on at port 0, read, let go.
/// Another program may take it before redis-server does; for a bench, that rare race is acceptable.
func freeLoopbackPort() -> UInt16 {
    let (fd, port) = listenLoopback()
    fd.close()
    return port
}

/// A TCP socket listening on 127.0.0.1 and a port the kernel chose (backlog
/// 4,096, as wordgame-server's), non-blocking, and that port.
func listenLoopback() -> (fd: FileDescriptor, port: UInt16) {
    do {
        let fd = try Socket.listen(address: "127.0.0.1", port: 0, backlog: 4_096)
        return (fd, try Socket.localPort(fd))
    } catch {
        fail("cannot listen on a port of 127.0.0.1: \(Errno.text(error.code))")
    }
}
