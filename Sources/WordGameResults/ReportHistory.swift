import Foundation
import WordGamePOSIX

/// Reads `history.jsonl` for the report: one `GameSummary` a line, blank
/// lines skipped. A line that does not decode stops the report with its
/// number, rather than a total that silently leaves a game out.
public enum ReportHistory {
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case missing(path: String)
        /// A results folder given to the report that is not there.
        case noFolder(path: String)
        /// A folder given to the report with things in it but no history: not a results folder, or one of another program.
        case notResults(path: String)
        case unreadable(path: String, reason: String)
        case badLine(path: String, line: Int, reason: String)

        public var description: String {
            switch self {
            case .missing(let path): "\(path): no such file (no games have been saved there yet?)"
            case .noFolder(let path): "\(path): no such folder"
            case .notResults(let path): "\(path): no history.jsonl, yet the folder is not empty: is it a server's results folder?"
            case .unreadable(let path, let reason): "\(path): \(reason)"
            case .badLine(let path, let line, let reason): "\(path) line \(line): not a game record (\(reason))"
            }
        }
    }

    public static func load(path: String) throws(Problem) -> [GameSummary] {
        try loadFile(path: path).games
    }

    /// The games and which file they came from, so a file reached by two paths is read once (`HistoryUnion`).
    public static func loadFile(path: String) throws(Problem) -> HistoryFile {
        let (text, identity) = try readFile(path)
        return HistoryFile(path: path, identity: identity, games: try parse(text, path: path))
    }

    /// `path` only names the file in problems.
    public static func parse(_ text: String, path: String) throws(Problem) -> [GameSummary] {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase  // as `GameResults.summaryLine` encodes
        var games: [GameSummary] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard line.contains(where: { !$0.isWhitespace }) else { continue }
            let game: GameSummary
            do {
                game = try decoder.decode(GameSummary.self, from: Data(line.utf8))
            } catch {
                throw .badLine(path: path, line: index + 1, reason: reason(error))
            }
            // Games of several files are put in the order they ended (`HistoryUnion`): a time that
            // cannot be read is told here, with its line, rather than a game put in the wrong place.
            guard game.endedInstant != nil else {
                throw .badLine(path: path, line: index + 1, reason: "\"ended\" is not a date and time")
            }
            games.append(game)
        }
        return games
    }

    /// Through the descriptor, so a missing file is told apart from one that
    /// cannot be read, by errno rather than by the wording of a Foundation error.
    static func readFile(_ path: String) throws(Problem) -> (text: String, identity: FileIdentity) {
        do {
            let (bytes, identity) = try FileContents.readIdentified(path)
            return (String(decoding: bytes, as: UTF8.self), identity)
        } catch {
            switch error {
            case .missing: throw .missing(path: path)
            case .isDirectory: throw .unreadable(path: path, reason: "a folder, not a file")
            case .unreadable(let code?): throw .unreadable(path: path, reason: Errno.text(code))
            case .unreadable(nil): throw .unreadable(path: path, reason: "cannot be read")
            }
        }
    }

    /// A few words for a person: what is wrong and where in the record, with
    /// keys spelled as they are in the file.
    static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .keyNotFound(let key, let context):
            return "no \"\(place(context.codingPath + [key]))\""
        case .typeMismatch(let type, let context):
            return context.codingPath.isEmpty ? "not a JSON object" : "\"\(place(context.codingPath))\" is not \(kind(type))"
        case .valueNotFound(let type, let context):
            return "\"\(place(context.codingPath))\" is null, not \(kind(type))"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not valid JSON" : "bad value at \"\(place(context.codingPath))\""
        @unknown default:
            return "cannot decode"
        }
    }

    /// `players.0.total_ms`: the JSON keys (snake_case) and array positions.
    static func place(_ path: [any CodingKey]) -> String {
        path.map { key in key.intValue.map(String.init) ?? snakeCase(key.stringValue) }.joined(separator: ".")
    }

    static func snakeCase(_ key: String) -> String {
        key.reduce(into: "") { out, character in
            if character.isUppercase { out += "_" + character.lowercased() } else { out.append(character) }
        }
    }

    static func kind(_ type: Any.Type) -> String {
        switch type {
        case is any BinaryInteger.Type: "a whole number"
        case is String.Type: "text"
        case is Bool.Type: "true or false"
        case is [Any].Type: "a list"
        default: "the right kind of value"
        }
    }
}
