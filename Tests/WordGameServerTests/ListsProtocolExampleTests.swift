import Foundation
import Testing
import WordGameProtocol
import WordGameTestSupport

/// The examples of Protocol.md's "Word lists" run against the built server: each line typed there is
/// sent, and what comes back must be what the document shows, but for the key and the room's code,
/// which a real run draws anew.
@Suite struct ListsProtocolExampleTests {
    /// The indented block of Protocol.md that begins with `first`: each line typed (after `> `), and the lines read after it.
    static func block(startingWith first: String) throws -> [(typed: String, read: [String])] {
        let document = try String(contentsOf: TestServer.repositoryRoot.appendingPathComponent("Protocol.md"), encoding: .utf8)
        let lines = document.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "    " + first) else { throw TestFailure(description: "no \(first) in Protocol.md") }
        var steps: [(typed: String, read: [String])] = []
        for line in lines[start...].prefix(while: { $0.hasPrefix("    ") }).map({ String($0.dropFirst(4)) }) {
            if line.hasPrefix("> ") { steps.append((String(line.dropFirst(2)), [])) } else { steps[steps.count - 1].read.append(line) }
        }
        return steps
    }

    /// Types each line of `steps` and reads as many lines as the document shows after it; `real` turns
    /// the document's key (and code) into the run's in what is typed, `shown` the run's into the document's in what is read.
    static func run(_ steps: [(typed: String, read: [String])], on host: TestClient, real: (String) -> String,
                    shown: (String) -> String) throws -> [String] {
        var read: [String] = []
        for step in steps {
            host.send(real(step.typed))
            for _ in step.read { if let line = try host.nextLine() { read.append(shown(line)) } }
        }
        return read
    }

    @Test func theMachineExampleIsWhatTheServerSends() async throws {
        try await onOwnThread {
            let folder = try ListsOverTheWireTests.folder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let server = try ServerChild(["--word-lists", folder])
            let host = try TestClient(port: server.port, label: "host")
            _ = try host.next()
            try host.machineMode()
            host.send("HOST")
            let room = try host.waitFor { message -> String? in if case .hosted(let room, _) = message { room } else { nil } }
            _ = try host.waitFor { $0 == .end(.roster) }
            let steps = try Self.block(startingWith: "> UPLOAD animals \"\" \"\"")
            var key = "?"
            let read = try Self.run(steps, on: host, real: { $0.replacingOccurrences(of: "VRMJUWJ8DYRJ", with: key) }, shown: { line in
                if case .listKey(_, let given)? = try? ServerMessage(line: line) { key = given }
                return line.replacingOccurrences(of: key, with: "VRMJUWJ8DYRJ")
                    .replacingOccurrences(of: "Room \(room.uppercased()) ", with: "Room K7PX ")
            })
            #expect(read == steps.flatMap(\.read))
            #expect(try host.lines(for: 0.3).isEmpty, "nothing after the example's last line")
            // §5's example lines of LIST and SKIPPED are lines of this run.
            for (heading, holding) in [("### LIST: a list", "LIST \"default\""), ("### SKIPPED", "SKIPPED 4 columns")] {
                let example = try #require(ProtocolDocument.repository.block(under: heading, containing: holding))
                for line in example.lines { #expect(read.contains(line), "§5 \(heading) shows \(line)") }
            }
            _ = server.stop()
        }
    }

    @Test func theHumanExampleIsWhatAPersonAtNcReads() async throws {
        try await onOwnThread {
            let folder = try ListsOverTheWireTests.folder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let server = try ServerChild(["--word-lists", folder])
            let host = try TestClient(port: server.port, label: "host")
            _ = try host.nextLine()
            host.send("HOST")
            while let line = try host.nextLine(), !line.hasPrefix("Nobody plays") {}
            let steps = try Self.block(startingWith: "> UPLOAD fruit English German")
            var key = "?"
            let read = try Self.run(steps, on: host, real: { $0 }, shown: { line in
                if line.hasPrefix("The list's key is ") { key = String(line.dropFirst("The list's key is ".count).prefix(12)) }
                return line.replacingOccurrences(of: key, with: "HVMPK8KHXR6H")
            })
            #expect(read == steps.flatMap(\.read))
            #expect(try host.lines(for: 0.3).isEmpty, "nothing after the example's last line")
            _ = server.stop()
        }
    }
}
