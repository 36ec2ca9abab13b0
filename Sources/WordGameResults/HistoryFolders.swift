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
    public static func read(_ folders: [String]) throws(Problems) -> [HistoryFile] {
        var paths: [String] = []
        for path in folders.map(historyPath) where !paths.contains(path) { paths.append(path) }
        var files: [HistoryFile] = []
        var problems: [ReportHistory.Problem] = []
        for path in paths {
            do { files.append(try ReportHistory.loadFile(path: path)) } catch { problems.append(error) }
        }
        guard problems.isEmpty else { throw Problems(problems: problems) }
        return files
    }
}
