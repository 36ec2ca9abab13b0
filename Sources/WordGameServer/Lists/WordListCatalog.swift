import WordGame
import WordGameProtocol
import WordListFiles

/// The word lists rooms may play: `default` (`--words`), the operator's files
/// (`SERVER`), and the lists hosts saved over the wire (`SAVED`), by name.
/// Rooms name a list; a game takes the list as it is when it starts, so
/// replacing a list changes the next games, never one being played.
/// One object the hub and every room share. Owned by the event loop thread.
final class WordListCatalog {
    struct Entry {
        var list: WordList
        var kind: ListKind
        /// When and with which key a host saved it; nil for the operator's.
        var saved: StoredWordList.Saved?
    }

    /// `default`: the list every room starts with.
    let standard: WordList
    private(set) var entries: [String: Entry]
    init(standard: WordList, serverLists: [String: WordList], savedLists: [String: StoredWordList]) {
        self.standard = standard
        var entries: [String: Entry] = [:]
        for (name, list) in serverLists { entries[name] = Entry(list: list, kind: .server, saved: nil) }
        for (name, stored) in savedLists where entries[name] == nil {
            entries[name] = Entry(list: stored.list, kind: stored.saved == nil ? .server : .saved, saved: stored.saved)
        }
        self.entries = entries
    }

    convenience init(_ settings: GameSettings) {
        self.init(standard: settings.words, serverLists: settings.wordLists, savedLists: settings.savedLists)
    }

    /// The list named `name`, if there is one.
    func list(named name: String) -> WordList? {
        name == WordListName.standard ? standard : entries[name]?.list
    }

    /// The languages of the list `name` (the default's when there is none: a room's list is always one that exists).
    func languages(of name: String) -> (from: String, to: String) {
        let list = self.list(named: name) ?? standard
        return (list.from, list.to)
    }

    /// Lists besides `default` (the 100 of Protocol.md §8 count these).
    var count: Int { entries.count }

    /// Every list's name, `default` first, then by name.
    var names: [String] { [WordListName.standard] + entries.keys.sorted() }

    /// The `LIST` block's lines (Protocol.md §5), `END LIST` included.
    var listLines: [ServerMessage] {
        let standardLine = ServerMessage.list(ListInfo(name: WordListName.standard, pairs: standard.entries.count,
                                                       from: standard.from, to: standard.to, kind: .server))
        return [standardLine] + entries.keys.sorted().map { name in
            let entry = entries[name]!
            return .list(ListInfo(name: name, pairs: entry.list.entries.count, from: entry.list.from, to: entry.list.to,
                                  kind: entry.kind))
        } + [.end(.list)]
    }

    /// The `WORDLIST` block's lines, `END WORDLIST` included: as before lists had languages.
    var wordListLines: [ServerMessage] {
        names.map { ServerMessage.wordList(name: $0, words: list(named: $0)!.entries.count) } + [.end(.wordList)]
    }

    func entry(_ name: String) -> Entry? { entries[name] }

    /// A list saved over the wire, new or replacing the one of its name.
    func keep(_ name: String, _ list: WordList, saved: StoredWordList.Saved) {
        entries[name] = Entry(list: list, kind: .saved, saved: saved)
    }

    func remove(_ name: String) { entries[name] = nil }
}
