import Foundation
import WordGamePOSIX

/// Several history files as one, as if one server had played every game: what
/// `wordgame-report` summarises when given the results folder of each server of
/// a fleet. Pure: the files are already read.
///
/// - A file is read once, however many paths lead to it (`HistoryFile.identity`).
/// - A game counts once, by its id (`2026-11-23_101502_k7px_1`: its start, room and
///   number), wherever it is: a history file copied into another server's folder
///   adds nothing. The first copy met, in the order the files were given, is kept.
/// - Games are in the order they ended, as one server appends them, each file's own
///   order kept: `Report` takes the first and last games, and a player's latest
///   spelling, from that order.
public struct HistoryUnion: Equatable, Sendable {
    /// A file read, for the report's first line: it says what each file brought.
    public struct Source: Equatable, Sendable {
        public var path: String
        /// Games in the file, and how many of those were already counted from a file before it (or earlier in it).
        public var games: Int
        public var repeated: Int

        public init(path: String, games: Int, repeated: Int) {
            self.path = path
            self.games = games
            self.repeated = repeated
        }
    }

    public enum Problem: Error, Equatable, CustomStringConvertible {
        /// One game id with two different records: copies would be equal, so which one is right cannot be told.
        case differentRecords(game: String, first: String, second: String)

        public var description: String {
            switch self {
            case .differentRecords(let game, let first, let second) where first == second:
                "\(first): game \(game) is there twice, with different records (which one to count?)"
            case .differentRecords(let game, let first, let second):
                "\(second): game \(game) is also in \(first), with a different record (which one to count?)"
            }
        }
    }

    public var games: [GameSummary]
    /// The files read, in the order given; a second path to a file already read is not listed again.
    public var sources: [Source]

    public init(_ files: [HistoryFile]) throws(Problem) {
        var filesRead = Set<FileIdentity>()
        var counted: [String: (game: GameSummary, path: String)] = [:]
        var keptByFile: [[GameSummary]] = []
        sources = []
        for file in files where filesRead.insert(file.identity).inserted {
            var kept: [GameSummary] = []
            for game in file.games {
                if let earlier = counted[game.game] {
                    guard earlier.game == game else {
                        throw .differentRecords(game: game.game, first: earlier.path, second: file.path)
                    }
                } else {
                    counted[game.game] = (game, file.path)
                    kept.append(game)
                }
            }
            sources.append(Source(path: file.path, games: file.games.count, repeated: file.games.count - kept.count))
            keptByFile.append(kept)
        }
        games = Self.inOrderEnded(keptByFile)
    }

    /// Merges lists each already in the order its games ended (a server appends a game as it ends):
    /// the earliest end next, a tie going to the file given first. A single file keeps its order exactly.
    static func inOrderEnded(_ lists: [[GameSummary]]) -> [GameSummary] {
        // `ReportHistory` refuses a game whose end cannot be read; one made by hand without it goes first.
        let ends = lists.map { $0.map { $0.endedInstant ?? .distantPast } }
        var next = Array(repeating: 0, count: lists.count)
        var merged: [GameSummary] = []
        merged.reserveCapacity(lists.reduce(0) { $0 + $1.count })
        while true {
            var earliest: Int?
            for list in lists.indices where next[list] < lists[list].count {
                if let best = earliest, ends[best][next[best]] <= ends[list][next[list]] { continue }
                earliest = list
            }
            guard let list = earliest else { return merged }
            merged.append(lists[list][next[list]])
            next[list] += 1
        }
    }
}
