import Foundation
import WordGamePOSIX
import WordGameResults

/// Where and how the solo history is kept: one JSON object a line in
/// `$XDG_DATA_HOME/wordgame/solo-history.jsonl` (by default
/// `~/.local/share/wordgame/`), as the XDG Base Directory spec says a
/// program's data goes. A line that does not read is skipped, not fatal: the
/// history is a nicety and must never stop a game.
public struct SoloHistoryFile: Sendable {
    public let path: String
    /// Kept games at most: past this the oldest go, so the file stays small (about 150 bytes a game).
    public static let maxGames = 1_000
    /// The file is cut back to `maxGames` only once it holds this many more, so
    /// that a full history is not rewritten after every game.
    public static let trimSlack = 100

    public init(path: String) { self.path = path }

    /// The file for this user, or nil when neither `XDG_DATA_HOME` nor `HOME` is set.
    public static func forUser(environment: [String: String] = ProcessInfo.processInfo.environment) -> SoloHistoryFile? {
        // The spec says a relative XDG_DATA_HOME is invalid and must be ignored.
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return SoloHistoryFile(path: data + "/wordgame/solo-history.jsonl")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return SoloHistoryFile(path: home + "/.local/share/wordgame/solo-history.jsonl")
    }

    /// The games kept so far (none when there is no file yet).
    public func load() -> SoloHistory {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            return SoloHistory(games: [])
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let games = text.split(separator: "\n").compactMap { try? decoder.decode(SoloHistory.Game.self, from: Data($0.utf8)) }
        return SoloHistory(games: games)
    }

    /// Adds `game` and returns the summary to show, with the problem if it could not be kept.
    public func record(_ game: SoloHistory.Game) -> SoloHistory.Summary {
        var history = load()
        history.games.append(game)
        var summary = history.summary(after: game)
        do {
            try AtomicFile.makeDirectory(AtomicFile.directory(of: path))
            if history.games.count > Self.maxGames + Self.trimSlack {
                let encoder = Self.encoder()
                let kept = history.games.suffix(Self.maxGames).map { Self.line($0, encoder) + "\n" }.joined()
                try AtomicFile.write(kept, to: path)
            } else {
                try AtomicFile.appendLine(Self.line(game, Self.encoder()), to: path)
            }
        } catch {
            summary.problem = "history not kept: \(error)"
        }
        return summary
    }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = .sortedKeys
        return encoder
    }

    static func line(_ game: SoloHistory.Game, _ encoder: JSONEncoder) -> String {
        String(decoding: (try? encoder.encode(game)) ?? Data(), as: UTF8.self)
    }
}
