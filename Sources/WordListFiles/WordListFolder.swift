import WordGame
import WordGamePOSIX

/// The folder of word lists a server is given (`--word-lists DIR`, by default
/// `wordgame-lists` beside the results folder): every `*.json` in it is a list
/// a room's host may choose, named by its file name without `.json`. The
/// operator's files (`SERVER`) and the lists hosts saved over the wire
/// (`SAVED`, written there by the server) sit side by side. Every file is
/// loaded and checked at start, so a bad one stops the server with its name
/// and its problem, instead of failing in front of a class.
public enum WordListFolder {
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The folder lists are kept in unless `--word-lists` says otherwise: `wordgame-lists` beside the results folder.
    public static func defaultDirectory(besideResults results: String?) -> String {
        guard let results else { return defaultName }
        let trimmed = results.hasSuffix("/") ? String(results.dropLast()) : results
        let parent = AtomicFile.directory(of: trimmed)
        return parent == "." ? defaultName : parent + "/" + defaultName
    }

    public static let defaultName = "wordgame-lists"

    /// The file a list of `name` is kept in.
    public static func path(of name: String, in folder: String) -> String {
        (folder.hasSuffix("/") ? folder : folder + "/") + name + ".json"
    }

    /// The lists in `folder`, by name (lower case). An empty folder holds none; a
    /// missing one is a problem unless `missingIsEmpty` (the default folder,
    /// made when a host first saves a list).
    public static func load(_ folder: String, missingIsEmpty: Bool = false) throws(Problem) -> [String: StoredWordList] {
        let names: [String]
        do {
            names = try DirectoryListing.names(in: folder)
        } catch {
            if error == .missing, missingIsEmpty { return [:] }
            let why = switch error {
            case .missing: "no such folder"
            case .notAFolder: "not a folder"
            case .unreadable(let reason): reason
            }
            throw Problem(description: "word lists \(folder): \(why)")
        }
        let files = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
        guard files.count <= WordListName.maxLists else {
            throw Problem(description: "word lists \(folder): \(files.count) files, more than \(WordListName.maxLists)")
        }
        var lists: [String: StoredWordList] = [:]
        var fileOf: [String: String] = [:]
        for file in files {
            let stem = String(file.dropLast(".json".count))
            let path = Self.path(of: stem, in: folder)
            guard let name = WordListName.valid(stem) else {
                throw Problem(description: "word list \(path): its name \(stem) is not 1 to \(WordListName.maxLength) letters, "
                    + "digits, - or _ (a host types it: RULES LIST <name>)")
            }
            guard name != WordListName.standard else {
                throw Problem(description: "word list \(path): \(WordListName.standard) is the name of the --words list; rename the file")
            }
            if let other = fileOf[name] {
                throw Problem(description: "word list \(path): \(other) has the same name (names are read in any case)")
            }
            do {
                lists[name] = try StoredWordList.load(path: path)
            } catch {
                throw Problem(description: error.description)
            }
            fileOf[name] = file
        }
        return lists
    }
}
