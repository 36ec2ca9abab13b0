import WordGame

/// MEMBERS lists at most this many names, so it never grows with the room.
public let membersListed = 12
/// WAITING names the players still thinking when there are at most this many.
public let waitingListed = 40
/// PLAYED lists at most this many pairs, the latest: a game of the server's flags may have 10,000.
public let playedListed = 300

/// A line the server sends: a keyword, then fields. Strings are always quoted
/// (see `Quoting`), numbers and keywords are bare. Protocol.md documents each.
public enum ServerMessage: Equatable, Sendable {
    case welcome(version: Int, hint: String)
    case help(String)
    /// Closes a block of lines of one keyword (`END HELP`, `END TOP`): a
    /// reader knows the block is complete without waiting for what follows.
    case end(BlockEnd)
    case nameSet(String)
    case joined(room: String)
    case left(room: String)
    /// `OK HOST <room> <key>`: the room is yours; the key takes it back from another connection.
    case hosted(room: String, key: String)
    /// `OK WATCH <room>`
    case watchingRoom(String)
    /// `OK LOCK` / `OK UNLOCK`
    case lockSet(Bool)
    /// `OK KICK <name>`
    case kicked(String)
    /// `OK STOP`
    case stopped
    /// `OK CLOSE <room>`
    case closed(room: String)
    case answerTaken(round: Int, Answer)
    case error(ProtocolError)
    case room(RoomInfo)
    /// Up to `membersListed` names (the host first) of the room's `total` members.
    case members(total: Int, names: [String])
    case you(PlayerState)
    case starting(milliseconds: Int)
    case game(GameInfo)
    case round(RoundInfo)
    case progress(round: Int, answered: Int, playing: Int)
    case reveal(Reveal)
    case result(RoundResult)
    case top(TopEntry)
    case gameOver(GameOver)
    case info(String)
    case pong
    case bye(String)
    /// A room event, for everyone in the room: a keyword for programs, a sentence for people.
    case notice(NoticeEvent, String)
    /// One member, in the roster block a host or viewer gets (ended by `END ROSTER`).
    case roster(String)
    /// A member joined (to the host and viewers).
    case arrived(String)
    /// A member left (to the host and viewers).
    case departed(String, Departure)
    /// The players still thinking about the open pair (to the host and viewers):
    /// their count, and their names when there are at most `waitingListed`.
    case waiting(count: Int, names: [String])
    case tally(Tally)
    /// One row of the whole ranking at a game's end (to the host and viewers; ended by `END RANKING`).
    case ranking(RankingEntry)
    /// `OK RESUME <name> <room>`: the seat held for a resume code is this connection's now.
    case resumed(name: String, room: String)
    /// `RESTARTING <grace-seconds>`: the server is stopping and keeps the lesson: after the `BYE`
    /// that follows, come back with `RESUME` once it answers again (the seat is held this long from then).
    case restarting(graceSeconds: Int)
    /// `TOKEN <code> <grace-seconds>`: the code that takes this seat back from
    /// a new connection after a drop, and how long the seat is held.
    case token(code: String, graceSeconds: Int)
    /// `SCORE <correct> <wrong> <rank> <ranked>`: your counters in the game on,
    /// for a player coming back to it (the same fields as `RESULT`).
    case score(correct: Int, wrong: Int, rank: Int, ranked: Int)
    /// `PLAYED …`: one pair of the game on and how you did on it, for a player coming back (after `SCORE`;
    /// ended by `END PLAYED`).
    case played(PlayedPair)
    /// `WEB <url>`: where students join this room in a browser, its code filled
    /// in (to the host and viewers, from a server with a web port).
    case web(url: String)
    /// `GAMES <games>`: to an observer on arrival, how many games the room played before the one on (or
    /// before the next): the next `GAME` line is game `games + 1`, so a projector taken back mid-lesson
    /// numbers its games as the results files do.
    case games(Int)
    /// `SAVED <game>`: to a hosted room's host, the results files of its game
    /// number `game` are written (and served to the key's holder on the web port).
    case saved(game: Int)
    /// `RULES <pairs> <round-ms> <max-incorrect> <list>`: the rules the room's next game is played by
    /// (to everyone in the room on arrival and when the host changes them; `max-incorrect` 0: never out).
    case rules(RoomRules)
    /// `WORDLIST <name> <words>`: one list a room may play, in reply to `RULES` (ended by `END WORDLIST`).
    case wordList(name: String, words: Int)
    /// `OK RULES`: the host's change is made.
    case rulesSet
    /// `MOVED <host> <port> <web>`: the room or seat a command asked for is on
    /// another server of the fleet; an `ERROR moved` follows, for readers that
    /// do not know this line.
    case moved(Elsewhere)
    /// `HARDEST …`: one pair of the game just ended, hardest first (to the observers after `RANKING`, and on
    /// arrival between games; ended by `END HARDEST`).
    case hardest(HardestPair)
    /// `OK PRACTICE <list>`: a room of one's own, private, on that list; its game starts at once.
    case practising(list: String)
    /// `LANGUAGES <from> <to>`: the languages of the room's list, just before every `RULES` line: the word that
    /// stays is in `from`, the one that falls, whose truth a player judges, in `to`.
    case languages(from: String, to: String)
    /// `LIST …`: one word list, in reply to `LISTS` (ended by `END LIST`).
    case list(ListInfo)
    /// `SKIPPED …`: a line of an upload not read, in reply to `CHECK` or `SAVE` (ended by `END SKIPPED`).
    case skipped(SkippedLine)
    /// `UPLOADED …`: what an upload holds, after `END SKIPPED`.
    case uploaded(UploadSummary)
    /// `LISTKEY <name> <list-key>`: after a `SAVE`, the key that replaces or deletes the list.
    case listKey(name: String, key: String)
    /// `OK UPLOAD`, `OK CHECK`, `OK SAVE`, `OK DELETE`: a list command done (bare: what it did came before it).
    case done(ConfirmedCommand)
}
