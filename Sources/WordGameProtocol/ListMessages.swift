import WordGame

/// Who made a word list (`LIST`'s `<kind>`): the server's operator, or a host over the wire.
public enum ListKind: String, Sendable, CaseIterable {
    /// The operator's file (or `--words`): never changed over the wire.
    case server = "SERVER"
    /// Saved by a host with `SAVE`: replaced or deleted with its key.
    case saved = "SAVED"
}

/// `LIST <name> <pairs> <from> <to> <kind>`: one word list of the server (Protocol.md §5).
public struct ListInfo: Equatable, Sendable {
    public var name: String
    public var pairs: Int
    /// The language of the word that stays ("English").
    public var from: String
    /// The language of the word that falls, whose truth a player judges ("Spanish").
    public var to: String
    public var kind: ListKind

    public init(name: String, pairs: Int, from: String, to: String, kind: ListKind) {
        self.name = name
        self.pairs = pairs
        self.from = from
        self.to = to
        self.kind = kind
    }
}

/// `SKIPPED <line> <why> <text>`: a line of an upload that was not read.
public struct SkippedLine: Equatable, Sendable {
    /// Its number among the upload's `LINE`s, 1-based.
    public var line: Int
    public var why: ListSkip
    /// The line as it was sent.
    public var text: String

    public init(line: Int, why: ListSkip, text: String) {
        self.line = line
        self.why = why
        self.text = text
    }
}

/// `UPLOADED <name> <pairs> <skipped> <from> <to>`: what an upload holds, for `CHECK` and `SAVE`.
public struct UploadSummary: Equatable, Sendable {
    public var name: String
    public var pairs: Int
    /// Every line not read, those named in `SKIPPED` lines and those only counted.
    public var skipped: Int
    public var from: String
    public var to: String

    public init(name: String, pairs: Int, skipped: Int, from: String, to: String) {
        self.name = name
        self.pairs = pairs
        self.skipped = skipped
        self.from = from
        self.to = to
    }
}

/// `SKIPPED` names at most this many lines of an upload; the rest are only counted in `UPLOADED`.
public let skippedListed = 100
