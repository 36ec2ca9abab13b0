import Foundation
import WordGame
import WordGamePOSIX

// Reading and parsing the JSON word list, outside the engine: the file is
// opened read-only and never written.
extension WordList {
    /// Loads a word list file of the form `[{"text_eng": ..., "text_spa": ...}]`.
    public static func load(path: String) throws(WordListError) -> WordList {
        let bytes: [UInt8]
        do {
            bytes = try FileContents.read(path)
        } catch {
            throw WordListError(path: path, problem: .unreadable(readableReason(error)))
        }
        do {
            return try parse(Data(bytes))
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

    private static func readableReason(_ problem: FileContents.Problem) -> String {
        switch problem {
        case .missing: "no such file"
        case .isDirectory: "it is a directory"
        case .unreadable(let code?) where code == Errno.permissionDenied: "permission denied"
        case .unreadable(let code?): Errno.text(code)
        case .unreadable(nil): "too large for a word list"
        }
    }

    private static func jsonReason(_ error: Error) -> String {
        let nsError = error as NSError
        if let detail = nsError.userInfo[NSDebugDescriptionErrorKey] as? String { return detail }
        return nsError.localizedDescription
    }
}
