import Foundation

/// A built program run to its end, as a person runs it: its exit status and
/// everything it printed. The binaries' tests all start programs this way.
public struct ProgramRun {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    /// Runs `program` (it must end within `timeout`, or it is stopped), with `environment` added to the test's.
    public static func run(_ program: URL, _ arguments: [String], in directory: URL? = nil, timeout: Double = 20,
                           environment: [String: String] = [:]) throws -> ProgramRun {
        let process = Process()
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.executableURL = program
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return ProgramRun(status: process.terminationStatus,
                          stdout: String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                          stderr: String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }
}
