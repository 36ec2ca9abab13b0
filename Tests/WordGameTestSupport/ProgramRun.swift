import Foundation

/// A built program run to its end, as a person runs it: its exit status and
/// everything it printed. The binaries' tests all start programs this way.
public struct ProgramRun {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    /// Runs `program` (it must end within `timeout`, or it is stopped).
    public static func run(_ program: URL, _ arguments: [String], in directory: URL? = nil, timeout: Double = 20) throws -> ProgramRun {
        let process = Process()
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
