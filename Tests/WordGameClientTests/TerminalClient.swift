import Foundation
import Glibc

/// The built wordgame-client on a terminal of its own: script(1) gives it a
/// pseudo-terminal (80×24 when script's own input is not a terminal), keys
/// typed go to it, and everything it draws is kept to be searched.
final class TerminalClient {
    static let script = URL(fileURLWithPath: "/usr/bin/script")
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: script.path) }

    let process = Process()
    private let input = Pipe(), output = Pipe()
    private var drawn: [UInt8] = []

    /// `environment`: variables set for the client on top of ours (e.g. `TERM`).
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        let command = ([ClientProcess.binary.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        process.executableURL = Self.script
        process.arguments = ["-qfec", command, "/dev/null"]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        // Seats are kept in a fresh folder unless the test names one, never in the user's.
        let fresh = FileManager.default.temporaryDirectory.appendingPathComponent("wordgame-test-\(UUID().uuidString)").path
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": fresh]) { $1 }.merging(environment) { $1 }
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    func type(_ keys: String) { input.fileHandleForWriting.write(Data(keys.utf8)) }

    /// An answer key for the pair just drawn, pressed once a person could have read it (Protocol.md §7).
    func answer(_ keys: String) {
        Thread.sleep(forTimeInterval: readingFloorPassed)
        type(keys)
    }

    /// Everything drawn so far, escape sequences and all.
    var screen: String { String(decoding: drawn, as: UTF8.self) }

    /// Reads what was drawn until `text` appears in it; false after `timeout`.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        let fd = output.fileHandleForReading.fileDescriptor
        while !screen.contains(text) {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return false }
            var readable = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&readable, 1, Int32(left * 1000) + 1) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n > 0 else { return screen.contains(text) }
            drawn += chunk[0..<n]
        }
        return true
    }

    func waitForExit(timeout: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        guard !process.isRunning else { return nil }
        return process.terminationStatus
    }
}
