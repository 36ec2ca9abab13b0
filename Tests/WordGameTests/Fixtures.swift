import Foundation
import WordGame

/// Paths to the repository's own files and to the shared fixtures, found from this source file.
enum Fixtures {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let defaultWordsPath = repositoryRoot.appendingPathComponent("Resources/words.json").path
    /// The original challenge's list, byte for byte; absent on some machines.
    static let babbelWordsPath = repositoryRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/fixtures/babbel-words.json").path
    static var hasBabbelWords: Bool { FileManager.default.fileExists(atPath: babbelWordsPath) }

    static func list(_ pairs: [(String, String)]) throws -> WordList {
        try WordList(entries: pairs.map { WordEntry(english: $0.0, spanish: $0.1) })
    }

    /// A list with `count` distinct words and translations.
    static func numbered(_ count: Int) throws -> WordList {
        try list((1...count).map { ("english \($0)", "spanish \($0)") })
    }

    /// Temporary file with `contents`, removed by the caller.
    static func temporaryFile(_ contents: String) throws -> String {
        let path = NSTemporaryDirectory() + "wordgame-test-\(UUID().uuidString).json"
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
