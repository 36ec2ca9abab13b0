/// Every keyword that starts a server line, spelled once: the encoder writes
/// these and the parser reads them (Protocol.md §5).
public enum ServerKeyword: String, Sendable, CaseIterable {
    case welcome = "WORDGAME"
    case help = "HELP"
    case end = "END"
    case ok = "OK"
    case error = "ERROR"
    case room = "ROOM"
    case members = "MEMBERS"
    case you = "YOU"
    case starting = "STARTING"
    case game = "GAME"
    case round = "ROUND"
    case progress = "PROGRESS"
    case reveal = "REVEAL"
    case result = "RESULT"
    case top = "TOP"
    case gameOver = "GAMEOVER"
    case info = "INFO"
    case pong = "PONG"
    case bye = "BYE"
    case notice = "NOTICE"
    case roster = "ROSTER"
    case arrived = "ARRIVED"
    case departed = "DEPARTED"
    case waiting = "WAITING"
    case tally = "TALLY"
    case ranking = "RANKING"
    case token = "TOKEN"
    case restarting = "RESTARTING"
    case score = "SCORE"
    case played = "PLAYED"
    case web = "WEB"
    case saved = "SAVED"
    case games = "GAMES"
    case rules = "RULES"
    case wordList = "WORDLIST"
    case moved = "MOVED"
    case hardest = "HARDEST"
}

/// What an `OK` line confirms: the keyword after `OK`, spelled once for the
/// encoder and the parser.
public enum ConfirmedCommand: String, Sendable, CaseIterable {
    case name = "NAME"
    case join = "JOIN"
    case leave = "LEAVE"
    case host = "HOST"
    case watch = "WATCH"
    case lock = "LOCK"
    case unlock = "UNLOCK"
    case kick = "KICK"
    case stop = "STOP"
    case close = "CLOSE"
    case answer = "ANSWER"
    case resume = "RESUME"
    case rules = "RULES"
    case practice = "PRACTICE"
}

/// The blocks of lines that end with `END <keyword>` (Protocol.md §5, END):
/// a reader knows the block is whole without waiting for what follows.
public enum BlockEnd: String, Sendable, CaseIterable {
    case help = "HELP"
    case top = "TOP"
    case roster = "ROSTER"
    case ranking = "RANKING"
    case wordList = "WORDLIST"
    case played = "PLAYED"
    case hardest = "HARDEST"
}
