import WordGameProtocol

/// The lines of `HELP`: what a person at `nc` needs, one command a line,
/// every command and every other spelling of it (Protocol.md §4).
enum HelpText {
    /// The greeting's hints. The greeting is the one line a connection gets
    /// before it can choose a mode, so a person reads it as sent: each fits
    /// in 80 columns with `WORDGAME 2 "…"` around it, and says how to begin.
    static let greeting = "Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana"
    /// On a server where only hosts make rooms, a bare JOIN has nowhere to go: the code comes next.
    static let hostedGreeting = "Welcome! Type NAME and your name, then JOIN and the room's code."
    /// Before `ERROR server-full` and `BYE`: a connection the server turns away.
    static let refusedGreeting = "Sorry, the server is full right now. Please try again later."

    /// The lines, the answer's line in the room's languages (`to`: the language of the word that falls).
    static func lines(to: String) -> [String] {
        lines.map { $0.hasPrefix("Y or N ") ? "Y or N                 the \(to) word is a correct (Y) or wrong (N) translation" : $0 }
    }

    static let lines: [String] = [
        "HELP or ?              this list",
        "NAME <nickname>        your name, 1 to 16 characters (8 Chinese, Japanese or Korean), unique in the room (also NICK)",
        "JOIN [room]            enter a room (default \"\(Names.defaultRoom)\"); the first one in is its host",
        "START                  the host starts a game (also AGAIN or R)",
        "START MISSED           the host: a game of the words missed in the last one first, then the list",
        "Y or N                 the Spanish word is a correct (Y) or wrong (N) translation",
        "                       (also YES / NO, C / W, CORRECT / WRONG, or the arrow keys → / ←)",
        "ANSWER [pair] Y|N      the same, naming the pair: ANSWER 3 Y (also A)",
        "STATUS                 your room and your state",
        "LEAVE                  leave the room",
        "PING                   the server answers PONG",
        "QUIT                   close the connection (also Q, EXIT or BYE)",
        "RESUME <code>          after a drop, from a new connection: your seat back (the code came when you joined)",
        "HOST                   make a room with a code for a class, and run it without playing",
        "HOST <room> <key>      take your host seat back (the key came when you made the room)",
        "WATCH [room]           follow a room without playing, as a projector does",
        "LOCK or UNLOCK         the host: let nobody new in, or let them in again",
        "KICK <name>            the host: remove a player (also REMOVE)",
        "STOP                   the host: end the game now",
        "CLOSE                  the host: close the room",
        "RULES                  the room's rules and the word lists; the host, between games, changes them:",
        "                       RULES PAIRS 10 SECONDS 8 OUT NEVER LIST animals (any of them, in any order)",
        "PRACTICE <list> [word …]  play alone on a list, now; the English words given come first",
        "LISTS                  every word list, with its languages",
        "UPLOAD <name> <from> <to> [key]",
        "                       the host of a room made with HOST: a list of your own (UPLOAD animals English French),",
        "                       then LINE and a line of it (its two sides, a tab or a comma between), a line at a time,",
        "                       then CHECK to see what is read, or SAVE (the key replaces a list you saved before)",
        "DELETE <name> <key>    the host: delete a list you saved",
        "MODE MACHINE or HUMAN  lines for programs (Protocol.md), or sentences for people (the default)",
        "Commands are case-insensitive. Answer each pair before its time is up: no answer in time counts as wrong.",
    ]
}
