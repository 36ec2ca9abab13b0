import WordGameProtocol

/// The lines of `HELP`: what a person at `nc` needs, one command a line.
enum HelpText {
    static let greeting = "Welcome to wordgame! Type NAME <nickname>, then JOIN to play in room \"\(Names.defaultRoom)\" (or JOIN <room>). HELP lists every command."

    static let lines: [String] = [
        "NAME <nickname>     choose your name: 1 to 16 characters, unique in the room",
        "JOIN [room]         enter a room (default \"\(Names.defaultRoom)\"); the first one in is its host",
        "START               the host starts a game (also AGAIN or R, after a game)",
        "Y or N              the Spanish word is a correct (Y) or wrong (N) translation",
        "ANSWER [round] CORRECT|WRONG   the same, naming the round (also C / W, YES / NO)",
        "STATUS              your room and your state",
        "LEAVE               leave the room",
        "PING                the server answers PONG",
        "QUIT                close the connection (also Q)",
        "Commands are case-insensitive. A pair falls for the time ROUND gives; no answer in time counts as wrong.",
    ]
}
