import Foundation
import WordGame
import WordGamePOSIX

// Reading and parsing word list files, outside the engine: the file is
// opened read-only and never written here (the server writes its own lists
// with `StoredWordList.fileBytes` and AtomicFile).
extension WordList {
    /// Loads a word list file: the original form `[{"text_eng": ..., "text_spa": ...}]`, or ours (`StoredWordList`).
    public static func load(path: String) throws(WordListError) -> WordList {
        try StoredWordList.load(path: path).list
    }

    /// Parses word list JSON, of either form. Keys other than those read are ignored.
    public static func parse(_ data: Data) throws(WordListProblem) -> WordList {
        try StoredWordList.parse(data).list
    }
}

extension StoredWordList {
    /// Loads a word list file of either form; the original form is the operator's list, English → Spanish.
    public static func load(path: String) throws(WordListError) -> StoredWordList {
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

    /// Parses either form: an array is the original one, an object with `"wordgame_list"` ours.
    public static func parse(_ data: Data) throws(WordListProblem) -> StoredWordList {
        let json: Any
        do {
            json = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            throw .notJSON(jsonReason(error))
        }
        if let object = json as? [String: Any], object["wordgame_list"] != nil { return try ours(object) }
        guard let array = json as? [Any] else { throw .notAnArray }
        return StoredWordList(list: try original(array))
    }

    /// `[{"text_eng": ..., "text_spa": ...}]`, English → Spanish.
    private static func original(_ array: [Any]) throws(WordListProblem) -> WordList {
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

    /// `{"wordgame_list": 1, "from", "to", ["saved", "key",] "pairs": [[from, to], …]}`.
    private static func ours(_ object: [String: Any]) throws(WordListProblem) -> StoredWordList {
        guard let version = object["wordgame_list"] as? Int, version == formatVersion else {
            throw .badFormat("\"wordgame_list\" is \(object["wordgame_list"].map { "\($0)" } ?? "missing"); "
                + "this server reads version \(formatVersion)")
        }
        func language(_ key: String) throws(WordListProblem) -> String {
            guard let name = object[key] as? String, name.contains(where: { !$0.isWhitespace }) else {
                throw .badFormat("\"\(key)\" is not a language's name (a string, such as \"English\")")
            }
            return name.trimmingCharacters(in: .whitespaces)
        }
        let from = try language("from"), to = try language("to")
        guard let pairs = object["pairs"] as? [Any] else { throw .badFormat("\"pairs\" is not an array of [\"\(from)\", \"\(to)\"] pairs") }
        var entries: [WordEntry] = []
        entries.reserveCapacity(pairs.count)
        for (index, element) in pairs.enumerated() {
            guard let sides = element as? [Any], sides.count == 2, let left = sides[0] as? String, let right = sides[1] as? String else {
                throw .badFormat("pair \(index + 1) is not two strings, [\"\(from) word\", \"\(to) word\"]")
            }
            guard left.contains(where: { !$0.isWhitespace }), right.contains(where: { !$0.isWhitespace }) else {
                throw .badFormat("pair \(index + 1) has an empty side")
            }
            entries.append(WordEntry(english: left, spanish: right))
        }
        let list = try WordList(entries: entries, from: from, to: to)
        guard object["saved"] != nil else { return StoredWordList(list: list) }
        guard let date = object["saved"] as? String, !date.isEmpty else { throw .badFormat("\"saved\" is not a date") }
        guard let key = object["key"] as? String, (1...64).contains(key.utf8.count),
              key.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) }) else {
            throw .badFormat("a saved list needs its \"key\" (letters and digits)")
        }
        return StoredWordList(list: list, saved: Saved(date: date, key: key))
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
