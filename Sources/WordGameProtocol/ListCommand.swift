import WordGame

/// The commands about word lists (Protocol.md §4, "Word lists"): what the
/// server has, and a host's upload of a list of their own, a line at a time.
public enum ListCommand: Equatable, Sendable {
    /// `LISTS`: every list, with its languages.
    case catalog
    /// `UPLOAD <name> <from> <to> [<list-key>]`: an upload opens (`""` for a language a header row names).
    case upload(ListUpload)
    /// `LINE <text>`: one line of the teacher's text.
    case line(String)
    /// `CHECK`: the upload ends, read, and nothing is saved.
    case check
    /// `SAVE`: the upload ends, read, and is saved.
    case save
    /// `DELETE <name> <list-key>`: a saved list goes.
    case delete(name: String, key: String)

    /// What `UPLOAD` opens.
    public struct ListUpload: Equatable, Sendable {
        /// Valid (`WordListName.valid`), in lower case.
        public var name: String
        /// `""` when not given.
        public var from: String
        public var to: String
        /// The key that replaces a list saved before under this name.
        public var key: String?

        public init(name: String, from: String, to: String, key: String? = nil) {
            self.name = name
            self.from = from
            self.to = to
            self.key = key
        }
    }

    /// A language's name, as `UPLOAD` takes it: at most this many characters…
    public static let languageMaxCharacters = 30
    /// …and bytes.
    public static let languageMaxBytes = 120

    static func parseUpload(_ tokens: [String]) -> Result<ClientCommand, ProtocolError> {
        let usage = "Type UPLOAD <name> <from> <to>, e.g. UPLOAD animals English French (\"\" for a language your first line names; "
            + "a fourth word, the list's key, replaces a list you saved)."
        guard (3...4).contains(tokens.count) else { return .failure(ProtocolError(.badArgument, usage)) }
        guard let name = WordListName.valid(tokens[0]), name != WordListName.standard else {
            return .failure(ProtocolError(.badArgument, nameRule(tokens[0])))
        }
        for language in tokens[1...2] where !language.isEmpty && !isLanguageName(language) {
            return .failure(ProtocolError(.badArgument, "A language is named in 1 to \(languageMaxCharacters) letters, "
                + "spaces or punctuation (\"English\", \"Français\", \"日本語\"), or \"\" when your first line names it. \(usage)"))
        }
        let key = tokens.count == 4 ? tokens[3] : nil
        return .success(.lists(.upload(ListUpload(name: name, from: tokens[1].trimmingSpaces, to: tokens[2].trimmingSpaces, key: key))))
    }

    static func parseDelete(_ tokens: [String]) -> Result<ClientCommand, ProtocolError> {
        guard tokens.count == 2 else {
            return .failure(ProtocolError(.badArgument, "Type DELETE <name> <key>, with the key the server gave when the list was saved."))
        }
        guard let name = WordListName.valid(tokens[0]), name != WordListName.standard else {
            return .failure(ProtocolError(.badArgument, nameRule(tokens[0])))
        }
        return .success(.lists(.delete(name: name, key: tokens[1])))
    }

    /// Why `typed` is no list's name, without repeating more of it than fits a line.
    static func nameRule(_ typed: String) -> String {
        typed.lowercased() == WordListName.standard
            ? "\(WordListName.standard) is the server's own list; give yours another name."
            : "A list's name is 1 to \(WordListName.maxLength) letters, digits, - or _ (no spaces, no /), e.g. animals or unit-3."
    }

    /// 1 to 30 characters and at most 120 bytes, something to read, nothing a terminal would act on.
    static func isLanguageName(_ text: String) -> Bool {
        let trimmed = text.trimmingSpaces
        guard (1...languageMaxCharacters).contains(trimmed.count), trimmed.utf8.count <= languageMaxBytes else { return false }
        return trimmed.unicodeScalars.allSatisfy { Names.isPrintable($0) && !$0.properties.isDefaultIgnorableCodePoint }
            && trimmed.unicodeScalars.contains { !$0.properties.isWhitespace }
    }
}

extension ListCommand {
    /// The line that sends this command, its strings quoted as a program sends them.
    public var line: String {
        switch self {
        case .catalog: return ClientKeyword.lists.rawValue
        case .upload(let upload):
            let head = "\(ClientKeyword.upload.rawValue) \(upload.name) \(Quoting.quote(upload.from)) \(Quoting.quote(upload.to))"
            return upload.key.map { "\(head) \(Quoting.quote($0))" } ?? head
        case .line(let text): return "\(ClientKeyword.line.rawValue) \(Quoting.quote(text))"
        case .check: return ClientKeyword.check.rawValue
        case .save: return ClientKeyword.save.rawValue
        case .delete(let name, let key): return "\(ClientKeyword.delete.rawValue) \(name) \(Quoting.quote(key))"
        }
    }
}

extension ClientCommand {
    /// Whether `line` is a `LINE` command (its word in any case, alone or before a space), without parsing the rest:
    /// the transport asks it of every line while an upload is open.
    public static func isUploadLine(_ line: String) -> Bool {
        var scalars = line.unicodeScalars.drop { $0 == " " }.makeIterator()
        for expected in "LINE".unicodeScalars {
            guard let scalar = scalars.next(), scalar == expected || scalar.value == expected.value + 32 else { return false }
        }
        let after = scalars.next()
        return after == nil || after == " "
    }
}
