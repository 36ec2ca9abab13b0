import Foundation
import Glibc

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
    private var buffer: [UInt8] = []
    private(set) var transcript: [String] = []

    init(_ arguments: [String]) throws {
        process.executableURL = Self.binary
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    func type(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    func closeInput() { try? input.fileHandleForWriting.close() }

    /// The next line of output, or nil at its end.
    func nextLine(timeout: Double = 10) throws -> String? {
        let fd = output.fileHandleForReading.fileDescriptor
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeFirst(newline + 1)
                transcript.append(line)
                return line
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw ClientTestFailure(description: "no output line in \(timeout) s; so far:\n\(transcript.suffix(12).joined(separator: "\n"))") }
            var readable = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&readable, 1, Int32(left * 1000) + 1) > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return nil }
            buffer += chunk[0..<n]
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
