import WordGame
import WordListFiles

/// What every room of a server plays with.
public struct GameSettings: Sendable {
    /// The list every room starts with (`--words`), named `WordListName.standard`.
    public var words: WordList
    /// The other lists a room's host may choose (`--word-lists`), by name (lower case, `WordListName.valid`).
    public var wordLists: [String: WordList]
    /// The lists hosts saved over the wire (`SAVE`) and the server found in its folder at start, by name.
    public var savedLists: [String: StoredWordList] = [:]
    /// Where lists saved over the wire are written (`--word-lists`, or `wordgame-lists` beside the results);
    /// nil: they are kept in memory only, until the server stops.
    public var listsFolder: String?
    /// The rules every room starts with; a room's host may change its own (`RULES`).
    public var rules: Rules
    /// With a seed, game g of room r is dealt from `GameSeed.derive(serverSeed:room:game:)`:
    /// the same pairs run after run, and never the same game in two rooms.
    public var seed: UInt64?
    /// 0: the host starts each game with START. N > 0: a game also starts by
    /// itself once N players are ready (joined, or typed AGAIN after a game).
    public var autoStart: Int
    /// Wait this long after the auto-start count is reached, so others can join.
    public var countdownMilliseconds: Int
    /// When a host's START pulls in anyone besides the host, the game starts
    /// this long after it (`STARTING`), so every screen can count down and
    /// nobody's end-of-game review is replaced mid-sentence. 0: at once.
    public var startDelayMilliseconds: Int
    /// Top rows sent after each round: a leaderboard that does not grow with the room.
    public var leaderboardSize: Int
    /// Whether `JOIN` makes a room that does not exist yet. Off, only `HOST`
    /// makes rooms, and a mistyped code gets `no-room` instead of an empty room.
    public var openRooms: Bool
    /// Rooms beyond this are refused (`too-many-rooms`).
    public var maxRooms: Int
    /// How long an empty hosted room waits for its host to come back.
    public var hostGraceMilliseconds: Int
    /// How long a dropped player's seat is held for `RESUME` (`--resume-grace`).
    public var resumeGraceMilliseconds: Int

    public static let defaultMaxRooms = 2_000
    public static let defaultHostGraceMilliseconds = 15 * 60 * 1_000
    public static let defaultResumeGraceMilliseconds = 60_000
    public static let defaultStartDelayMilliseconds = 5_000

    // The lists as rooms see them, saved ones included, are the hub's `WordListCatalog`, made from these.

    public init(words: WordList, wordLists: [String: WordList] = [:], rules: Rules = .original, seed: UInt64? = nil, autoStart: Int = 0,
                countdownMilliseconds: Int = 0, startDelayMilliseconds: Int = GameSettings.defaultStartDelayMilliseconds,
                leaderboardSize: Int = 10, openRooms: Bool = true,
                maxRooms: Int = GameSettings.defaultMaxRooms, hostGraceMilliseconds: Int = GameSettings.defaultHostGraceMilliseconds,
                resumeGraceMilliseconds: Int = GameSettings.defaultResumeGraceMilliseconds) {
        self.words = words
        self.wordLists = wordLists
        self.rules = rules
        self.seed = seed
        self.autoStart = autoStart
        self.countdownMilliseconds = countdownMilliseconds
        self.startDelayMilliseconds = startDelayMilliseconds
        self.leaderboardSize = leaderboardSize
        self.openRooms = openRooms
        self.maxRooms = maxRooms
        self.hostGraceMilliseconds = hostGraceMilliseconds
        self.resumeGraceMilliseconds = resumeGraceMilliseconds
    }
}
