import Foundation
import Glibc

/// The built `wordgame-server` running as a child process, started through
/// `sh` so a test can lower its limits first (`ulimit -n`). Its banner has
/// been read when `init` returns; stderr (and, when not `quiet`, the console's
/// lines after the banner) are kept for the test to read.
final class ServerChild {
    let process = Process()
    let port: UInt16
    let banner: String
    private let errors = Pipe()
    private let out = Pipe()
    /// Its stderr, read as it comes: a test may wait for a line there while the server runs (`waitForError`).
    private let errorText: StreamCollector

    /// `shellPrefix`: shell commands run before the server replaces the shell (e.g. "ulimit -n 128").
    /// `port`: 0, the kernel picks; a server started again where one was must take its port again.
    /// `state`: the folder its lesson is kept in (`--state`); nil keeps none.
    /// `quiet`: no line per event on stdout (`--quiet`); a test that reads them says false and reads `stopReadingConsole()`.
    /// `environment`: variables set for it besides this process's own.
    init(_ arguments: [String], shellPrefix: String = "", port: UInt16 = 0, state: String? = nil, results: String? = nil,
         quiet: Bool = true, environment: [String: String] = [:]) throws {
        let command = (shellPrefix.isEmpty ? "" : shellPrefix + "; ") + "exec \"$0\" \"$@\""
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command, ExecutableTests.binary.path, "--bind", "127.0.0.1", "--port", "\(port)", "--web-port", "0"]
            + (quiet ? ["--quiet"] : [])
            + (results.map { ["--results", $0] } ?? ["--no-results"]) + (state.map { ["--state", $0] } ?? ["--no-state"])
            + arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardOutput = out
        process.standardError = errors
        try process.run()
        errorText = StreamCollector(errors.fileHandleForReading)
        do {
            banner = try Self.read(out.fileHandleForReading, until: "Join from this machine")
        } catch {
            process.terminate()
            throw error
        }
        guard let range = banner.range(of: #"port (\d+)"#, options: .regularExpression),
              let port = UInt16(banner[range].dropFirst(5)) else {
            process.terminate()
            throw TestFailure(description: "no port in \(banner)")
        }
        self.port = port
    }

    /// Its stderr so far, once it holds `line` (a part of a line) `count` times, or after `seconds`.
    func waitForError(_ line: String, count: Int = 1, seconds: Double = 30) -> String {
        errorText.wait(seconds: seconds) { $0.components(separatedBy: line).count - 1 >= count }
    }

    deinit {
        if process.isRunning {
            process.interrupt()
            process.waitUntilExit()
        }
    }

    var pid: pid_t { process.processIdentifier }

    /// The web port its banner gives (`(web port N)`), nil when it has none.
    var webPort: UInt16? { banner.firstMatch(of: #/\(web port (\d+)\)/#).flatMap { UInt16($0.1) } }

    /// CPU time the server has used, in seconds (utime + stime from /proc).
    func cpuSeconds() throws -> Double {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        // Fields after the command name (which is in parentheses): state is field 3, utime 14, stime 15.
        let fields = stat[stat.range(of: ")")!.upperBound...].split(separator: " ")
        let ticks = Double(fields[11])! + Double(fields[12])!
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Kills the server outright, as a crash or a power cut would: it writes nothing more.
    func kill() {
        Glibc.kill(pid, SIGKILL)
        process.waitUntilExit()
    }

    /// Stops the server and returns what it wrote to stderr.
    func stop() -> String {
        process.interrupt()
        process.waitUntilExit()
        return errorText.whole()
    }

    /// Stops the server and returns what it wrote after its banner to stdout (the console's lines) and to stderr.
    func stopReadingConsole() -> (console: String, errors: String) {
        let errors = stop()
        let all = banner + String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let end = "Stop the server with Ctrl-C.\n"  // the banner's last line
        return (all.range(of: end).map { String(all[$0.upperBound...]) } ?? all, errors)
    }

    static func read(_ handle: FileHandle, until marker: String, timeout: Double = 20) throws -> String {
        var text = ""
        let deadline = Date().addingTimeInterval(timeout)
        while !text.contains(marker) {
            guard Date() < deadline else { throw TestFailure(description: "no '\(marker)' in: \(text)") }
            let chunk = handle.availableData
            if chunk.isEmpty { throw TestFailure(description: "output ended before '\(marker)': \(text)") }
            text += String(decoding: chunk, as: UTF8.self)
        }
        return text
    }
}
