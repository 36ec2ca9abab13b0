import Foundation
import Testing
import WordGamePOSIX

/// Which file a path leads to, told by the file system rather than by the path's spelling.
@Suite struct FileIdentityTests {
    @Test func everyPathToAFileHasItsIdentityAndAnotherFileHasAnother() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wordgame-identity-\(UUID().uuidString)").path
        try AtomicFile.makeDirectory(folder)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try AtomicFile.makeDirectory(folder + "/a")
        try AtomicFile.write("same\n", to: folder + "/a/history.jsonl")
        try AtomicFile.write("same\n", to: folder + "/b.jsonl")
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: folder + "/a")

        let read = try FileContents.readIdentified(folder + "/a/history.jsonl")
        #expect(read.bytes == Array("same\n".utf8))
        for spelling in ["/./a/history.jsonl", "/a//history.jsonl", "/link/history.jsonl", "/link/../a/history.jsonl"] {
            #expect(try FileContents.readIdentified(folder + spelling).identity == read.identity, "\(spelling)")
        }
        #expect(try FileContents.readIdentified(folder + "/b.jsonl").identity != read.identity, "equal bytes, another file")
        #expect(throws: FileContents.Problem.missing) { try FileContents.readIdentified(folder + "/none") }
    }
}
