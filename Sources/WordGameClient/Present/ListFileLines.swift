import Foundation
import WordGame
import WordGameProtocol
import WordListFiles

/// A teacher's list file as the projector sends it (`--upload FILE`), pure: its name (the file's stem),
/// and its lines as they are, for the server's reader (Protocol.md §4, "Word lists"). A JSON list, in the
/// original form or ours, becomes tab lines and brings its languages; any other file is text, sent line by line.
struct ListFileLines: Equatable {
    var name: String
    var lines: [String]
    /// The languages the file names (a JSON list's); nil when its first line must (or `--languages` does).
    var from: String?
    var to: String?

    /// At most this much is read: an upload is at most 256 KiB of lines, and the server says so past it.
    static let maxFileBytes = 4 * 1024 * 1024
    /// A line longer than this would pass the protocol's 512 bytes once in `LINE "…"`: it is cut here (at a
    /// character), and the server then skips it as too long, under its own number.
    static let maxLineBytes = 480

    init(name: String, lines: [String], from: String? = nil, to: String? = nil) {
        self.name = name
        self.lines = lines
        self.from = from
        self.to = to
    }

    /// The file at `path`, read and cut into lines; what is wrong with it, in words.
    static func read(path: String, bytes: [UInt8]) throws(ClientError) -> ListFileLines {
        let file = (path as NSString).lastPathComponent
        let stem = (file as NSString).deletingPathExtension
        guard let name = WordListName.valid(stem), name != WordListName.standard else {
            throw ClientError("--upload \(path): the list is named after its file, and \(stem) is not a list's name "
                + "(1 to \(WordListName.maxLength) letters, digits, - or _, not \(WordListName.standard)); rename the file")
        }
        if file.lowercased().hasSuffix(".json") {
            do {
                let stored = try StoredWordList.parse(Data(bytes))
                let lines = stored.list.entries.map { tabless($0.english) + "\t" + tabless($0.spanish) }
                return ListFileLines(name: name, lines: lines, from: stored.list.from, to: stored.list.to)
            } catch {
                throw ClientError("--upload \(path): \(error.description)")
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ClientError("--upload \(path): not UTF-8 text (save it as UTF-8, or as a spreadsheet's \"Unicode text\")")
        }
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
            .map { cut(String($0)) }
        if lines.last == "" { lines.removeLast() }
        return ListFileLines(name: name, lines: lines)
    }

    /// A word of a JSON list on one line, its tabs (never meant) made spaces.
    private static func tabless(_ text: String) -> String { text.replacingOccurrences(of: "\t", with: " ") }

    /// The line's first `maxLineBytes` bytes at most, never half a character.
    static func cut(_ line: String) -> String {
        guard line.utf8.count > maxLineBytes else { return line }
        var kept = ""
        for character in line {
            guard kept.utf8.count + character.utf8.count <= maxLineBytes else { break }
            kept.append(character)
        }
        return kept
    }

    /// `--languages "English,French"`: the two names, or nil when it is not two names separated by a comma.
    static func languages(_ text: String) -> (from: String, to: String)? {
        let parts = text.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        return (parts[0], parts[1])
    }
}
