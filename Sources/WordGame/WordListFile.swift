import Foundation

// The only file of the engine that touches the OS: reading and parsing the
// JSON word list. The file is opened read-only and never written.
extension WordList {
    /// Loads a word list file of the form `[{"text_eng": ..., "text_spa": ...}]`.
    public static func load(path: String) throws(WordListError) -> WordList {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw WordListError(path: path, problem: .unreadable(readableReason(error, path: path)))
        }
        do {
            return try parse(data)
        } catch {
            throw WordListError(path: path, problem: error)
        }
    }

    /// Parses word list JSON. Keys other than `text_eng` and `text_spa` are ignored.
    public static func parse(_ data: Data) throws(WordListProblem) -> WordList {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            throw .notJSON(jsonReason(error))
        }
        guard let array = json as? [Any] else { throw .notAnArray }
        var entries: [WordEntry] = []
        entries.reserveCapacity(array.count)
        for (index, element) in array.enumerated() {
            let number = index + 1
            guard let object = element as? [String: Any] else { throw .entryNotAnObject(entry: number) }
            func text(_ key: String) throws(WordListProblem) -> String {
                guard let value = object[key] else { throw .missingKey(entry: number, key: key) }
                guard let string = value as? String else { throw .notAString(entry: number, key: key) }
                return string
            }
            entries.append(WordEntry(english: try text(WordListKeys.english), spanish: try text(WordListKeys.spanish)))
        }
        return try WordList(entries: entries)
    }

    private static func readableReason(_ error: Error, path: String) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) { return "no such file" }
        if isDirectory.boolValue { return "it is a directory" }
        if !FileManager.default.isReadableFile(atPath: path) { return "permission denied" }
        return (error as NSError).localizedDescription
    }

    private static func jsonReason(_ error: Error) -> String {
        let nsError = error as NSError
        if let detail = nsError.userInfo[NSDebugDescriptionErrorKey] as? String { return detail }
        return nsError.localizedDescription
    }
}
