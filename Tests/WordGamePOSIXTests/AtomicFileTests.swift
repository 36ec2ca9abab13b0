import Foundation
import Glibc
import Testing
import WordGamePOSIX

@Suite struct AtomicFileTests {
    func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("wordgame-atomic-\(UUID().uuidString)").path
        try AtomicFile.makeDirectory(path)
        return path
    }

    /// A reader looking at the file while it is rewritten again and again only
    /// ever sees a whole version, never half of one.
    @Test func aFileNeverAppearsHalfWritten() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/players.csv"
        let versions = (0..<2).map { n in String(repeating: "row \(n), with some text to make it long\r\n", count: 40_000) }
        let watch = Watch()
        let reader = Thread {
            while !watch.isStopped {
                guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
                watch.saw(versions.firstIndex(of: text))
            }
            watch.done()
        }
        reader.start()
        for round in 0..<60 { try AtomicFile.write(versions[round % 2], to: path) }
        watch.stop()
        let (whole, torn) = watch.waitDone()
        #expect(torn == 0, "a reader saw a half-written file \(torn) times")
        #expect(whole > 0)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0 != "players.csv" }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
    }

    @Test func aLineIsAppendedWholeOrNotAtAll() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/history.jsonl"
        try AtomicFile.appendLine("{\"game\":1}", to: path)
        try AtomicFile.appendLine("{\"game\":2}", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\"game\":1}\n{\"game\":2}\n")
        // A full disk: /dev/full takes nothing and says ENOSPC.
        #expect(throws: AtomicFile.Failure.self) { try AtomicFile.appendLine("{\"game\":3}", to: "/dev/full") }
        do {
            try AtomicFile.write("x", to: "/dev/full/nope")
            Issue.record("wrote under /dev/full")
        } catch {
            #expect(error.description.hasPrefix("/dev/full"), "\(error)")
        }
    }

    /// A file removed is gone; one already gone is no problem; one that cannot be removed is named with why.
    @Test func aFileIsRemovedOrTheReasonNamed() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/pets.json"
        try AtomicFile.write("{}", to: path)
        try AtomicFile.remove(path)
        #expect(!FileManager.default.fileExists(atPath: path))
        try AtomicFile.remove(path)
        try AtomicFile.makeDirectory(directory + "/folder")
        do {
            try AtomicFile.remove(directory + "/folder")
            Issue.record("unlinked a folder")
        } catch {
            #expect(error.path == directory + "/folder" && error.description.hasPrefix(directory + "/folder: "), "\(error)")
        }
    }

    @Test func aFolderUnderAFileIsRefusedWithItsName() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try AtomicFile.write("not a folder", to: directory + "/file")
        do {
            try AtomicFile.makeDirectory(directory + "/file/results")
            Issue.record("made a folder under a file")
        } catch {
            #expect(error.path.hasSuffix("/file/results") || error.path.hasSuffix("/file"), "\(error)")
            #expect(error.reason == "Not a directory")
        }
    }
}

/// What a reader thread saw, handed back when it is done.
final class Watch: @unchecked Sendable {
    private let condition = NSCondition()
    private var stopped = false
    private var finished = false
    private var whole = 0
    private var torn = 0
    var isStopped: Bool { condition.lock(); defer { condition.unlock() }; return stopped }
    func stop() { condition.lock(); stopped = true; condition.unlock() }
    /// A read: the version it was, or nil for a torn one.
    func saw(_ version: Int?) { condition.lock(); if version == nil { torn += 1 } else { whole += 1 }; condition.unlock() }
    func done() { condition.lock(); finished = true; condition.broadcast(); condition.unlock() }
    func waitDone() -> (whole: Int, torn: Int) {
        condition.lock()
        defer { condition.unlock() }
        while !finished { condition.wait() }
        return (whole, torn)
    }
}
