import Foundation
import Testing
import WordGamePOSIX

/// A bundle's binary finds `Resources` beside its real file, however it was started.
@Suite struct ResourceLocationTests {
    /// A bundle in one folder, its binary linked from another (as /usr/local/bin links to /opt/wordgame).
    @Test func resourcesAreFoundBesideTheRealFileOfASymlinkedExecutable() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wordgame-location-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/opt/wordgame/Resources", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/bin", withIntermediateDirectories: true)
        try Data("binary".utf8).write(to: URL(fileURLWithPath: root + "/opt/wordgame/wordgame-server"))
        try Data("[]".utf8).write(to: URL(fileURLWithPath: root + "/opt/wordgame/Resources/words.json"))
        try FileManager.default.createSymbolicLink(atPath: root + "/bin/wordgame-server",
                                                   withDestinationPath: "../opt/wordgame/wordgame-server")
        // The temporary folder may itself sit behind a symlink: compare real paths.
        let real = try #require(ResourceLocation.realPath(root))

        let candidates = ResourceLocation.candidates("Resources/words.json", executable: root + "/bin/wordgame-server")
        #expect(candidates.first == real + "/opt/wordgame/Resources/words.json", "\(candidates)")
        #expect(!candidates.contains(real + "/bin/Resources/words.json"), "the link's own folder is not the bundle: \(candidates)")
        #expect(ResourceLocation.path("Resources/words.json", executable: root + "/bin/wordgame-server")
                == real + "/opt/wordgame/Resources/words.json")
        #expect(ResourceLocation.path("Resources/none.json", executable: root + "/bin/wordgame-server") == nil)
    }

    /// The default is the kernel's name for this very process, so a test binary finds itself.
    @Test func theExecutableIsTheRunningProcessFile() throws {
        let path = try #require(ResourceLocation.executableRealPath)
        #expect(path.hasPrefix("/") && FileManager.default.isExecutableFile(atPath: path), "\(path)")
        #expect(ResourceLocation.realPath(path) == path)
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        #expect(ResourceLocation.candidates("x").first == directory + "/x")
    }
}
