import Foundation
import Glibc
import WordGameTestSupport

struct ClientTestFailure: Error, CustomStringConvertible { var description: String }

/// The built wordgame-client, run with pipes (so in line mode), read line by line.
final class ClientProcess {
    static let binary: URL = {
        let beside = Bundle.main.executableURL!.deletingLastPathComponent().appendingPathComponent("wordgame-client")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/wordgame-client")
    }()

    let process = Process()
    private let input = Pipe(), output = Pipe(), errors = Pipe()
    private var reader: LineReader
    private(set) var transcript: [String] = []

    /// `environment` is added to this process's; a solo game's history and a room's seat go to a fresh
    /// temporary folder unless `XDG_DATA_HOME` or `XDG_STATE_HOME` is given, never to the user's.
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = Self.binary
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        merged["XDG_DATA_HOME"] = FileManager.default.temporaryDirectory.appendingPathComponent("wordgame-test-\(UUID().uuidString)").path
        merged["XDG_STATE_HOME"] = merged["XDG_DATA_HOME"]
        merged.merge(environment) { $1 }
        process.environment = merged
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        reader = LineReader(fd: output.fileHandleForReading.fileDescriptor)
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    func type(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// An answer to the pair just shown, typed once a person could have read it: the client sends
    /// nothing typed within the reading floor of a pair's arrival (Protocol.md §7).
    func answer(_ line: String) {
        Thread.sleep(forTimeInterval: readingFloorPassed)
        type(line)
    }

    func closeInput() { try? input.fileHandleForWriting.close() }

    /// The next line of output, or nil at its end.
    func nextLine(timeout: Double = 10) throws -> String? {
        do {
            let line = try reader.next(timeout: timeout)
            if let line { transcript.append(line) }
            return line
        } catch {
            throw ClientTestFailure(description: "\(error); so far:\n\(transcript.suffix(12).joined(separator: "\n"))")
        }
    }

    /// Reads lines until one starts with `prefix`; returns it.
    @discardableResult
    func waitFor(_ prefix: String, timeout: Double = 10) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while let line = try nextLine(timeout: max(0.01, deadline.timeIntervalSinceNow)) {
            if line.hasPrefix(prefix) { return line }
        }
        throw ClientTestFailure(description: "output ended before '\(prefix)'; so far:\n\(transcript.suffix(12).joined(separator: "\n"))")
    }

    func waitForExit(timeout: Double = 10) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        guard !process.isRunning else { return nil }
        return process.terminationStatus
    }

    var standardError: String {
        String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}

/// Seconds after a pair arrives when a key typed for it is surely past its reading floor (150 ms at most, Protocol.md §7).
let readingFloorPassed = 0.25
