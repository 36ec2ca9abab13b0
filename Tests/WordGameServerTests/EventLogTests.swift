import Foundation
import Glibc
import Testing
import WordGamePOSIX
@testable import WordGameServer

/// The console writes what it is given (lines the server has dated and named, `ConsoleLine`), in order, and a
/// burst of lines in a few writes rather than one a line.
@Suite struct EventLogTests {
    @Test func linesComeOutInOrderAndABurstIsGathered() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let log = EventLog(output: FileDescriptor(rawValue: fds[1]), limit: 10_000)
        // A line every 10 µs or so: without gathering, the console's thread
        // would wake and write for nearly every one.
        let started = Date()
        for index in 1...300 {
            log.write("line \(index)")
            usleep(10)
        }
        let elapsedMilliseconds = Date().timeIntervalSince(started) * 1_000
        log.flush()
        var text = ""
        var buffer = [UInt8](repeating: 0, count: 65_536)
        _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
        while true {
            let n = read(fds[0], &buffer, buffer.count)
            if n <= 0 { break }
            text += String(decoding: buffer[0..<n], as: UTF8.self)
        }
        let lines = text.split(separator: "\n")
        #expect(lines.count == 300)
        #expect(lines.enumerated().allSatisfy { index, line in line == "line \(index + 1)" })
        // One write per 5 ms gathered, however slow the machine made the loop
        // above (a few more for the edges), not one a line.
        #expect(Double(log.writeCount) <= elapsedMilliseconds / 5 + 5, "\(log.writeCount) writes in \(Int(elapsedMilliseconds)) ms")
    }
}
