import Foundation
import Glibc

/// The release wordgame-server under test, on 127.0.0.1 and a free port, with
/// its CPU time and memory read from /proc.
final class ServerProcess {
    let process = Process()
    let port: UInt16

    init(arguments: [String]) {
        let binary = Bundle.main.executableURL!.deletingLastPathComponent().appendingPathComponent("wordgame-server")
        process.executableURL = binary
        process.arguments = ["--bind", "127.0.0.1", "--port", "0"] + arguments
        let out = Pipe()
        process.standardOutput = out
        do { try process.run() } catch { fail("cannot start \(binary.path): \(error) (build it: swift build -c release)") }
        var banner = ""
        while !banner.contains("Join from") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { fail("server exited: \(banner)") }
            banner += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = banner.range(of: #"port \d+"#, options: .regularExpression), let port = UInt16(banner[range].dropFirst(5)) else {
            fail("no port in banner: \(banner)")
        }
        self.port = port
    }

    /// User + system CPU seconds so far.
    var cpuSeconds: Double {
        let stat = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)) ?? ""
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Resident memory in MiB.
    var residentMiB: Double {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) / 1024
    }

    func stop() {
        process.interrupt()
        process.waitUntilExit()
    }
}
