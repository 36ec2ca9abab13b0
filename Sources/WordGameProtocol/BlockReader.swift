import WordGame

/// The blocks of lines that end with `END <keyword>` (Protocol.md §2), read
/// whole: every client takes each server line through one of these, and gets
/// a block's lines together at its `END`, never a leaderboard half read. Its
/// lines are kept until then, each kind apart; nothing else is.
public struct BlockReader: Sendable {
    /// A block, whole.
    public enum Block: Equatable, Sendable {
        case help([String])
        case top([TopEntry])
        case roster([String])
        case ranking([RankingEntry])
        case wordLists([WordListLine])
        case played([PlayedPair])
        /// The last game's pairs, hardest first (at most `hardestListed`: a longer block is cut there).
        case hardest([HardestPair])
        case lists([ListInfo])
        case skipped([SkippedLine])
    }

    /// One `WORDLIST` line: a list's name and how many English words it holds.
    public struct WordListLine: Equatable, Sendable {
        public var name: String
        public var words: Int

        public init(name: String, words: Int) {
            self.name = name
            self.words = words
        }
    }

    private var help: [String] = []
    private var top: [TopEntry] = []
    private var roster: [String] = []
    private var ranking: [RankingEntry] = []
    private var wordLists: [WordListLine] = []
    private var played: [PlayedPair] = []
    private var hardest: [HardestPair] = []
    private var lists: [ListInfo] = []
    private var skipped: [SkippedLine] = []

    public init() {}

    /// Keeps a block's line; at its `END`, the block, and its lines are forgotten. Nil for any other line.
    public mutating func take(_ message: ServerMessage) -> Block? {
        switch message {
        case .help(let line): help.append(line)
        case .top(let entry): top.append(entry)
        case .roster(let name): roster.append(name)
        case .ranking(let entry): ranking.append(entry)
        case .wordList(let name, let words): wordLists.append(WordListLine(name: name, words: words))
        case .played(let pair): played.append(pair)
        case .hardest(let pair): if hardest.count < hardestListed { hardest.append(pair) }
        // What the server sends at most (Protocol.md §8); a hostile server's more is not kept.
        case .list(let list): if lists.count <= WordListName.maxLists { lists.append(list) }
        case .skipped(let line): if skipped.count < skippedListed { skipped.append(line) }
        case .end(let block): return close(block)
        default: break
        }
        return nil
    }

    /// Forgets a block begun and not ended (a connection that went in the middle of one).
    public mutating func reset() { self = BlockReader() }

    private mutating func close(_ block: BlockEnd) -> Block {
        defer { forget(block) }
        switch block {
        case .help: return .help(help)
        case .top: return .top(top)
        case .roster: return .roster(roster)
        case .ranking: return .ranking(ranking)
        case .wordList: return .wordLists(wordLists)
        case .played: return .played(played)
        case .hardest: return .hardest(hardest)
        case .list: return .lists(lists)
        case .skipped: return .skipped(skipped)
        }
    }

    private mutating func forget(_ block: BlockEnd) {
        switch block {
        case .help: help = []
        case .top: top = []
        case .roster: roster = []
        case .ranking: ranking = []
        case .wordList: wordLists = []
        case .played: played = []
        case .hardest: hardest = []
        case .list: lists = []
        case .skipped: skipped = []
        }
    }
}
