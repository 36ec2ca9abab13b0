import WordGamePOSIX

/// The results folders given to `wordgame-report`, each one's `history.jsonl` read.
public enum HistoryFolders {
    /// Every problem of every folder, in the order the folders were given.
    public struct Problems: Error, Equatable {
        public var problems: [ReportHistory.Problem]
    }

    /// `DIR/history.jsonl`, without a doubled slash for `DIR/`.
    public static func historyPath(in folder: String) -> String {
        var folder = Substring(folder)
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        return (folder == "/" ? "" : folder) + "/" + ResultsWriter.historyFile
    }

    /// Reads every folder before giving up, so a run tells all the bad ones, a line
    /// each, rather than one per run. A path given twice is read once; other
    /// spellings of one folder are found by `HistoryUnion`, by file identity.
    /// An empty folder (a server's, before its first game) has no games; a folder that is not there, or
    /// holds things but no history, is a problem.
    public static func read(_ folders: [String]) throws(Problems) -> [HistoryFile] {
        var given: [(folder: String, path: String)] = []
        for folder in folders where !given.contains(where: { $0.path == historyPath(in: folder) }) {
            given.append((folder, historyPath(in: folder)))
        }
        var files: [HistoryFile] = []
        var problems: [ReportHistory.Problem] = []
        for (folder, path) in given {
            do {
                files.append(try ReportHistory.loadFile(path: path))
            } catch .missing(let path) {
                // A server makes its folder at start and the history with its first game: the folder of a fleet's
                // server where no game was played yet is there, and empty. Known by the folder, it has no games.
                switch (try? DirectoryListing.names(in: folder), FileIdentity.ofFolder(folder)) {
                case ([]?, let identity?): files.append(HistoryFile(path: path, identity: identity, games: []))
                case (_?, _?): problems.append(.notResults(path: folder))
                default: problems.append(.noFolder(path: folder))
                }
            } catch {
                problems.append(error)
            }
        }
        guard problems.isEmpty else { throw Problems(problems: problems) }
        return files
    }
}
