import Foundation
import Glibc
import Testing
import WordGamePOSIX

@Suite struct SmallFileTests {
    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("wordgame-small-\(UUID().uuidString)").path
        try AtomicFile.makeDirectory(path)
        return path
    }

    @Test func readsAFileWholeAndTellsWhatIsNotOne() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try AtomicFile.write("seat\n", to: directory + "/seat")
        #expect(try SmallFile.read(directory + "/seat", limit: 5) == Array("seat\n".utf8))
        #expect(throws: SmallFile.Problem.tooBig) { try SmallFile.read(directory + "/seat", limit: 4) }
        #expect(throws: SmallFile.Problem.missing) { try SmallFile.read(directory + "/none", limit: 10) }
        #expect(throws: SmallFile.Problem.notAFile) { try SmallFile.read(directory, limit: 10) }
    }

    /// A pipe in the file's place is told at once: opening it for reading would otherwise wait for a writer.
    @Test func aPipeIsNotWaitedOn() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(mkfifo(directory + "/seat", 0o600) == 0)
        #expect(throws: SmallFile.Problem.notAFile) { try SmallFile.read(directory + "/seat", limit: 10) }
    }

    @Test func removingAFileThatIsGoneIsNoProblem() throws {
        let directory = try folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try AtomicFile.write("x", to: directory + "/seat")
        SmallFile.remove(directory + "/seat")
        SmallFile.remove(directory + "/seat")
        #expect(throws: SmallFile.Problem.missing) { try SmallFile.read(directory + "/seat", limit: 10) }
    }
}
