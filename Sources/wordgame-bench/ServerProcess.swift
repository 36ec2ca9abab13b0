import Foundation
import WordGamePOSIX

/// The release wordgame-server under test, on 127.0.0.1 and a free port, with
/// its CPU time and memory read from /proc. Every bench socket comes from
/// 127.0.0.1, so a bench of more than 500 of them passes `--max-per-address`;
/// benches that start games as a host pass `--start-delay 0`, or every game
/// would begin with the 5 s countdown a class gets.
final class ServerProcess {
    let process = Process()
    let port: UInt16
    /// The web port (pages and the game over WebSocket), always a free one.
    let webPort: UInt16
    /// The server's console after the banner, as it comes.
    let console = ConsoleLines()
    private let output = Pipe()

    init(arguments: [String]) {
        let binary = Bundle.main.executableURL!.deletingLastPathComponent().appendingPathComponent("wordgame-server")
        process.executableURL = binary
        // No lesson kept unless a benchmark asks (`--state`): each run starts empty, and leaves no file behind.
        let keeping = arguments.contains("--state") ? [] : ["--no-state"]
        process.arguments = ["--bind", "127.0.0.1", "--port", "0", "--web-port", "0"] + keeping + arguments
        let banner = ChildProcesses.start(process, output: output, stopWith: Signal.interrupt, readingUntil: "Join from",
                                          what: "\(binary.path) (build it: swift build -c release)")
        guard let range = banner.range(of: #"port \d+"#, options: .regularExpression), let port = UInt16(banner[range].dropFirst(5)) else {
            fail("no port in banner: \(banner)")
        }
        self.port = port
        guard let web = banner.range(of: #"web port \d+"#, options: .regularExpression),
              let webPort = UInt16(banner[web].dropFirst(9)) else {
            fail("no web port in banner: \(banner)")
        }
        self.webPort = webPort
        // A pipe nobody reads fills at 64 KiB (a thousand "joined" lines); the
        // server's console thread then blocks, and so does its exit, which flushes the console.
        console.startReading(FileDescriptor(rawValue: output.fileHandleForReading.fileDescriptor))
    }

    /// User + system CPU seconds so far, all threads (clock ticks: 10 ms).
    var cpuSeconds: Double {
        let stat = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)) ?? ""
        return statCPUSeconds(stat, ticksPerSecond: ProcessStatus.clockTicksPerSecond) ?? 0
    }

    /// CPU seconds of the event loop alone (the server's main thread), to the
    /// nanosecond: rounds are played there, results are written elsewhere.
    var loopCPUSeconds: Double {
        let pid = process.processIdentifier
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/schedstat", encoding: .utf8)) ?? ""
        return (Double(stat.split(separator: " ").first ?? "0") ?? 0) / 1e9
    }

    /// Resident memory in MiB.
    var residentMiB: Double { residentKiB(ofProcess: process.processIdentifier) / 1024 }

    func stop() {
        process.interrupt()
        process.waitUntilExit()
        ChildProcesses.stopped(process.processIdentifier)
    }
}

/// Lines the server prints on its console, each with the moment the bench read it.
final class ConsoleLines: @unchecked Sendable {
    // `lines` is guarded by `lock`: the reader thread appends, the bench reads.
    private let lock = NSLock()
    private var lines: [(time: Double, text: String)] = []

    func startReading(_ fd: FileDescriptor) {
        let thread = Thread { [self] in
            var pending: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                // A blocking pipe; an interrupted read is retried inside `read(into:)`.
                let read = chunk.withUnsafeMutableBytes { buffer in try? fd.read(into: buffer) }
                guard case .done(let n)? = read, n > 0 else { return }
                let arrival = now()
                splitLines(&pending, adding: chunk[0..<n]) { text in lock.withLock { lines.append((arrival, text)) } }
            }
        }
        thread.name = "server console"
        thread.start()
    }

    /// The latest line that contains `text`, and when it was read.
    func last(containing text: String) -> (time: Double, text: String)? {
        lock.withLock { lines.last { $0.text.contains(text) } }
    }
}
