import Foundation
import WordGamePOSIX

/// Where a server keeps its lesson (`LessonState`): `lesson-<port>.json` in
/// the state folder (`--state DIR`; by default `wordgame-state` beside the
/// results folder). Named by the game's port, so that servers sharing a
/// folder (a fleet tried on one machine) never take up each other's rooms,
/// and no two write one file (a port has one server). Read once as the
/// server starts; written by `StateWriter`.
///
/// A file that cannot be read never stops a school's server: it is set aside
/// under a dated name, the operator is told which file and why, and the
/// server starts empty.
struct StateFile {
    /// Absolute, so that the banner and the log say exactly where.
    let directory: String
    let port: UInt16
    var path: String { directory + "/lesson-\(port).json" }

    /// A file bigger than this is not read (a lesson of 10,000 players and 15 pairs takes a few MiB; one
    /// this big is a room of thousands thousands of pairs into a game, or not a lesson file).
    static let maxBytes = 256 << 20
    /// A lesson saved longer ago than this is over: its rooms are not taken up again (its games are recorded as stopped early).
    static let restoreWithinSeconds = 3_600.0

    init(directory: String, port: UInt16) {
        self.port = port
        self.directory = directory.hasPrefix("/") ? directory : FileManager.default.currentDirectoryPath + "/" + directory
    }

    /// The folder beside the results folder (`wordgame-results` → `wordgame-state`): a restart in the same place finds it.
    static func defaultDirectory(besideResults results: String?) -> String {
        guard let results else { return defaultName }
        let parent = AtomicFile.directory(of: results.hasSuffix("/") ? String(results.dropLast()) : results)
        return parent == "." ? defaultName : parent + "/" + defaultName
    }

    static let defaultName = "wordgame-state"

    enum Loaded {
        /// No file: a first start, or one after a clean stop of a server keeping nothing.
        case none
        case state(LessonState)
        /// It could not be read: `problem` says why, and the file now lies at `keptAs` (nil if it could not be moved).
        case unreadable(problem: String, keptAs: String?)
    }

    func load(now wallClock: Double) -> Loaded {
        let bytes: [UInt8]
        do {
            bytes = try SmallFile.read(path, limit: Self.maxBytes)
        } catch {
            switch error {
            case .missing: return .none
            case .notAFile: return setAside("not a regular file", at: wallClock)
            case .tooBig: return setAside("bigger than \(Self.maxBytes >> 20) MiB", at: wallClock)
            case .unreadable(let code): return .unreadable(problem: String(cString: strerror(code)), keptAs: nil)
            }
        }
        let state: LessonState
        do {
            state = try JSONDecoder().decode(LessonState.self, from: Data(bytes))
        } catch {
            return setAside(Self.describe(error), at: wallClock)
        }
        guard state.format == LessonState.currentFormat else {
            return setAside("format \(state.format), where this server reads format \(LessonState.currentFormat)", at: wallClock)
        }
        return .state(state)
    }

    /// Moves the file out of the way, under a name that says when, so that the next save does not write over it.
    private func setAside(_ problem: String, at wallClock: Double) -> Loaded {
        let kept = path + ".unreadable-" + Self.stamp(wallClock)
        return .unreadable(problem: problem, keptAs: rename(path, kept) == 0 ? kept : nil)
    }

    /// The file is done with (a server that keeps nothing now, or a lesson too old to take up).
    func remove() { SmallFile.remove(path) }

    private static func stamp(_ wallClock: Double) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: Date(timeIntervalSince1970: wallClock))
    }

    /// A decoding error in a sentence: what was wrong, and where in the file.
    private static func describe(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return "not JSON" }
        func place(_ context: DecodingError.Context) -> String {
            let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            return path.isEmpty ? "" : " at \(path)"
        }
        switch error {
        case .dataCorrupted(let context): return "not valid JSON\(place(context))"
        case .keyNotFound(let key, let context): return "no \"\(key.stringValue)\"\(place(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "a value of the wrong kind\(place(context))"
        @unknown default: return "not a lesson file"
        }
    }
}
