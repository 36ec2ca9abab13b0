import WordGame
import WordGamePOSIX

/// The folder of word lists a server is given (`--word-lists DIR`): every `*.json` in it is a
/// list a room's host may choose, named by its file name without `.json`. Every file is loaded
/// and checked at start, so a bad one stops the server with its name and its problem, instead
/// of failing in front of a class.
public enum WordListFolder {
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The lists in `folder`, by name (lower case).
    public static func load(_ folder: String) throws(Problem) -> [String: WordList] {
        let names: [String]
        do {
            names = try DirectoryListing.names(in: folder)
        } catch {
            let why = switch error {
            case .missing: "no such folder"
            case .notAFolder: "not a folder"
            case .unreadable(let reason): reason
            }
            throw Problem(description: "word lists \(folder): \(why)")
        }
        let files = names.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }
        guard !files.isEmpty else { throw Problem(description: "word lists \(folder): no *.json file in it") }
        guard files.count <= WordListName.maxLists else {
            throw Problem(description: "word lists \(folder): \(files.count) files, more than \(WordListName.maxLists)")
        }
        var lists: [String: WordList] = [:]
        var fileOf: [String: String] = [:]
        for file in files {
            let path = folder.hasSuffix("/") ? folder + file : folder + "/" + file
            let stem = String(file.dropLast(".json".count))
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
                lists[name] = try WordList.load(path: path)
            } catch {
                throw Problem(description: error.description)
            }
            fileOf[name] = file
        }
        return lists
    }
}
