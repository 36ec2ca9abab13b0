import Foundation
import Glibc
import Testing
import WordGameProtocol
import WordGameTestSupport

/// A teacher's own list over a real socket to the built `wordgame-server`: uploaded a line at a
/// time, saved into the lists folder in our format, there again after a restart, replaced with
/// its key, refused to others, and deleted. Real files in a temporary folder.
@Suite struct ListsOverTheWireTests {
    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "wordgame-lists-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A client in machine mode that typed HOST; its lines so far read.
    static func host(_ port: UInt16) throws -> TestClient { try hostedRoom(port).client }

    /// The same, and its room's code.
    static func hostedRoom(_ port: UInt16) throws -> (client: TestClient, room: String) {
        let client = try TestClient(port: port, label: "host")
        _ = try client.next()
        try client.machineMode()
        client.send("HOST")
        let room = try client.waitFor { message -> String? in if case .hosted(let room, _) = message { room } else { nil } }
        _ = try client.waitFor { $0 == .end(.roster) }  // the observer's start, last of HOST's reply
        return (client, room)
    }

    /// The lines up to and including the first that `last` accepts.
    static func lines(_ client: TestClient, through last: (String) -> Bool) throws -> [String] {
        var lines: [String] = []
        while let line = try client.nextLine() {
            lines.append(line)
            if last(line) { return lines }
        }
        throw TestFailure(description: "no end in \(lines)")
    }

    @Test func aListIsUploadedSavedKeptAcrossARestartReplacedWithItsKeyAndDeleted() async throws {
        try await onOwnThread {
            let directory = try Self.folder()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            var server = try ServerChild(["--word-lists", directory])
            #expect(server.banner.contains("Lists hosts upload are kept in \(directory)."), "\(server.banner)")
            let (host, room) = try Self.hostedRoom(server.port)
            host.send("UPLOAD animals \"\" \"\"")
            for line in ["English\tFrench", "the cat\tle chat", "the dog\tle chien", "\"a cow, big\",une vache", "cow"] {
                host.send(ListCommandLine.line(line))
            }
            host.send("SAVE")
            host.send("LISTS")
            let saved = try Self.lines(host) { $0 == "END LIST" }
            let keyLine = try #require(saved.first { $0.hasPrefix("LISTKEY ") })
            guard case .listKey("animals", let key)? = try? ServerMessage(line: keyLine) else { throw TestFailure(description: keyLine) }
            #expect(saved == [
                "OK UPLOAD",
                "SKIPPED 5 columns \"cow\"",
                "END SKIPPED",
                "UPLOADED \"animals\" 3 1 \"English\" \"French\"",
                keyLine,
                "OK SAVE",
                "LIST \"default\" 365 \"English\" \"Spanish\" SERVER",
                "LIST \"animals\" 3 \"English\" \"French\" SAVED",
                "END LIST",
            ])
            // The file: our format, whole, readable by the server's user alone (0600): it holds the list's key.
            let path = directory + "/animals.json"
            var status = stat()
            #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o600)
            let file = try String(contentsOfFile: path, encoding: .utf8)
            #expect(file.hasPrefix("{\"wordgame_list\": 1, \"from\": \"English\", \"to\": \"French\", \"saved\": \""), "\(file)")
            #expect(file.contains("\"key\": \"\(key)\"") && file.contains("[\"a cow, big\", \"une vache\"]"), "\(file)")

            // A student may not upload, nor the host of a room made with JOIN (Bo, first in room main).
            let ana = try TestClient(port: server.port, label: "ana")
            _ = try ana.next()
            try ana.machineMode()
            try ana.join(as: "Ana", room: room)
            ana.send("UPLOAD birds English French")
            #expect(try ana.waitForError().code == .notHost)
            let bo = try TestClient(port: server.port, label: "bo")
            _ = try bo.next()
            try bo.machineMode()
            try bo.join(as: "Bo")
            bo.send("UPLOAD birds English French")
            #expect(try bo.waitForError().code == .notHost)
            host.send("UPLOAD animals English French")
            #expect(try host.waitForError().code == .listTaken, "a saved list is replaced only with its key")

            // After a restart the list is there, with its key.
            _ = server.stop()
            server = try ServerChild(["--word-lists", directory])
            #expect(server.banner.contains("animals (3)"), "\(server.banner)")
            let again = try Self.host(server.port)
            again.send("UPLOAD animals English German \(key.lowercased())")
            again.send(ListCommandLine.line("the cat,die Katze"))
            again.send(ListCommandLine.line("the dog,der Hund"))
            again.send("SAVE")
            let replaced = try Self.lines(again) { $0 == "OK SAVE" }
            #expect(replaced.contains("UPLOADED \"animals\" 2 0 \"English\" \"German\"") && replaced.contains(keyLine), "\(replaced)")
            again.send("RULES LIST animals")
            try again.expectLine("OK RULES")
            try again.expectLine("LANGUAGES \"English\" \"German\"")
            try again.expectLine("RULES 15 5000 3 \"animals\"")
            again.send("DELETE animals \(key)")
            #expect(try again.waitForError().code == .listInUse)
            again.send("RULES LIST default")
            _ = try again.waitFor { if case .rules = $0 { true } else { false } }
            again.send("DELETE animals WRONGKEY")
            #expect(try again.waitForError().code == .listTaken)
            again.send("DELETE animals \(key)")
            try again.expectLine("OK DELETE")
            #expect(!FileManager.default.fileExists(atPath: path))
            again.send("LISTS")
            #expect(try Self.lines(again) { $0 == "END LIST" } == ["LIST \"default\" 365 \"English\" \"Spanish\" SERVER", "END LIST"])
            _ = server.stop()
            #expect(server.process.terminationStatus == 0)
        }
    }
}

/// `LINE` as a program sends it: the text quoted, a tab as `\u{9}`.
enum ListCommandLine {
    static func line(_ text: String) -> String { "LINE " + Quoting.quote(text) }
}
