import WordGameProtocol

/// The lines of `HELP`: what a person at `nc` needs, one command a line,
/// every command and every other spelling of it (Protocol.md §4).
enum HelpText {
    static let greeting = "Welcome to wordgame! Type NAME <nickname>, then JOIN to play in room \"\(Names.defaultRoom)\" (or JOIN <room>). HELP lists every command."
    /// On a server where only hosts make rooms, a bare JOIN has nowhere to go: ask for the code.
    static let hostedGreeting = "Welcome to wordgame! Type NAME <nickname>, then JOIN <code> with the room code your teacher shows. HELP lists every command."

    static let lines: [String] = [
        "HELP or ?              this list",
        "NAME <nickname>        your name, 1 to 16 characters (8 Chinese, Japanese or Korean), unique in the room (also NICK)",
        "JOIN [room]            enter a room (default \"\(Names.defaultRoom)\"); the first one in is its host",
        "START                  the host starts a game (also AGAIN or R)",
        "Y or N                 the Spanish word is a correct (Y) or wrong (N) translation",
        "                       (also YES / NO, C / W, CORRECT / WRONG)",
        "ANSWER [round] Y|N     the same, naming the round: ANSWER 3 Y (also A)",
        "STATUS                 your room and your state",
        "LEAVE                  leave the room",
        "PING                   the server answers PONG",
        "QUIT                   close the connection (also Q, EXIT or BYE)",
        "RESUME <code>          after a drop, from a new connection: your seat back (the code came with TOKEN)",
        "HOST                   make a room with a code for a class, and run it without playing",
        "HOST <room> <key>      take your host seat back (the key came with OK HOST)",
        "WATCH [room]           follow a room without playing, as a projector does",
        "LOCK or UNLOCK         the host: let nobody new in, or let them in again",
        "KICK <name>            the host: remove a player (also REMOVE)",
        "STOP                   the host: end the game now",
        "CLOSE                  the host: close the room",
        "Commands are case-insensitive. A pair falls for the time ROUND gives; no answer in time counts as wrong.",
    ]
}
