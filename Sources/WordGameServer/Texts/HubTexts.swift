import WordGame
import WordGameProtocol

/// What the hub says to people at `nc` (errors and notes about names, rooms,
/// hosting and resuming); the client shows its own words for the codes.
enum HubTexts {
    static let goodbye = "Goodbye! Thanks for playing."
    /// After `RESTARTING`: the server stops, and the lesson goes on when it is back.
    static let restarting = "The server is restarting; your seat and score are kept."
    /// `ERROR draining`: the server waits for its games to end before it stops, and makes no new room meanwhile.
    static let drainingAlone = "This server is about to stop for maintenance and takes no new room; "
        + "the games on it finish first. Try again in a few minutes."
    static let drainingInFleet = "This server is about to stop for maintenance and takes no new room: "
        + "connect to another of the school's servers to make one (rooms already here go on)."
    static let drainingNoOther = "This server is about to stop for maintenance and takes no new room, and no other "
        + "server of the school takes one just now. Try again in a few minutes (rooms already here go on)."
    static let confirmQuit = "Leave the game? Your seat and score are given up. Type q again to leave, or anything else to stay."

    // Names and rooms.
    static func inRoomCannotRename(_ room: String) -> String { "You are in room \(room); LEAVE first to change your name." }
    static func inRoomCannotJoin(_ room: String) -> String { "You are in room \(room) already; LEAVE first to change rooms." }
    static let nameFirst = "Choose a name first: NAME <nickname>, then JOIN."
    static func noRoomToJoin(_ code: String, openRooms: Bool) -> String {
        let own = openRooms ? " For a room of your own, choose a name that is no code: 6 or more characters, say." : ""
        return "There is no room \(code). Check the code on the board and type JOIN <code>.\(own)"
    }
    static func notACode(_ typed: String, meant: String?, openRooms: Bool) -> String {
        let rule = "Room codes use only the letters \(RoomCode.letters) and the digits \(RoomCode.digits): never O, I, L, S, Z, "
            + "0, 1, 2 or 5."
        if let meant { return "There is no room \(typed). \(rule) Did you mean JOIN \(meant)?" }
        let own = openRooms ? " For a room of your own, choose a name of 6 or more characters." : ""
        return "There is no room \(typed). \(rule) Check the code on the board and type JOIN <code>.\(own)"
    }
    static func roomLocked(_ room: String) -> String {
        "Room \(room) is locked: the host lets nobody new in now. Ask them to let you in."
    }
    static func nameTaken(room: String, name: String, taken: String) -> String {
        let who = taken == name ? "is already called \(name)" : "is called \(taken), which looks the same as \(name)"
        return "Someone in room \(room) \(who). Type NAME <another name>, then JOIN \(room)."
    }
    static func tooManyRooms(_ maxRooms: Int) -> String {
        "The server has \(maxRooms) rooms already; join one of them, or try again later."
    }
    static let notInRoom = "You are not in a room: type NAME <nickname>, then JOIN (or JOIN <room>)."

    // Practice.
    /// Whom a practice room's leaderboard names when its player gave no `NAME` (as the solo client's).
    static let practiceName = "Player"
    static func inRoomCannotPractise(_ room: String) -> String { "You are in room \(room); LEAVE first to practise alone." }
    static func noListToPractise(_ list: String, lists: [String]) -> String {
        "There is no list \(list). Type PRACTICE and one of: \(lists.joined(separator: ", "))."
    }

    // Hosting and watching.
    static let defaultHostName = RoomInfo.unnamedHost
    static func inRoomCannotHost(_ room: String) -> String { "You are in room \(room) already; LEAVE first to host a room of your own." }
    static func inRoomAlready(_ room: String) -> String { "You are in room \(room) already; LEAVE first." }
    static func noRoomToReclaim(_ code: String) -> String { "There is no room \(code) (it was closed, or the code is mistyped)." }
    static func wrongKey(_ code: String) -> String {
        "That is not the key of room \(code). The key came with OK HOST when the room was made."
    }
    static func hostSeatTakenBack(_ code: String) -> String { "Your host seat of room \(code) was taken back from another connection." }
    static func noRoomToWatch(_ code: String) -> String { "There is no room \(code) to watch. Check the code and type WATCH <room>." }
    static func tooManyViewers(_ room: String, _ maxViewers: Int) -> String {
        "Room \(room) has \(maxViewers) viewers already; try again later."
    }
    static func noSuchPlayer(_ name: String, room: String) -> String {
        "Nobody called \(name) plays in room \(room). STATUS shows who is in."
    }
    static let cannotRemoveYourself = "You cannot remove yourself: type LEAVE to go, or CLOSE to close the room."
    static func removed(from room: String, locked: Bool) -> String {
        let door = locked ? "The room is locked, so you cannot come back." : "You may JOIN another room."
        return "You were removed from room \(room) by the host. \(door)"
    }
    static func resultsSaved(game: Int, players: String) -> String {
        "The results of game \(game) are saved: \(players) (and the answers and the pairs beside it)."
    }
    static func resultsNotSaved(game: Int, failure: String) -> String {
        "The results of game \(game) could not be saved: \(failure). The server goes on."
    }

    // Resuming.
    static func resumeCode(_ code: String, graceSeconds: Int) -> String {
        "Your resume code is \(code). If your connection drops, connect again within \(graceSeconds) s and type RESUME \(code): "
            + "you keep your seat and your score."
    }
    static func inRoomCannotResume(_ room: String) -> String {
        "You are in room \(room) already: RESUME is for a new connection after a drop."
    }
    static func tooManyWrongCodes(waitSeconds: Int) -> String {
        "No seat is held for that code, and your address has sent too many wrong codes: its connections outside a room wait "
            + "\(waitSeconds) s before their next line."
    }
    static func noSeatForCode(_ code: Substring, graceSeconds: Int) -> String {
        "No seat is held for code \(code): it is mistyped, or the seat was given up after \(graceSeconds) s. "
            + "Type NAME <nickname>, then JOIN."
    }
    static func seatTakenOver(_ room: String) -> String { "Your seat in room \(room) was taken over by a new connection (RESUME)." }
}

/// The operator's console: one line per event that matters in a room.
enum ConsoleTexts {
    static func made(room: String, by host: String?) -> String { "\(room): made by \(host ?? "a host") with HOST" }
    static func practice(room: String, list: String) -> String { "\(room): made to practise list \(list) alone, with PRACTICE" }
    static func didNotComeBack(room: String?, name: String?, graceSeconds: Int) -> String {
        "\(room ?? "-"): \(name ?? "a player") did not come back within \(graceSeconds) s"
    }
    static func joined(room: String, name: String) -> String { "\(room): \(name) joined" }
    static func departed(room: String, name: String, verb: String) -> String { "\(room): \(name) \(verb)" }
    static func hostBack(room: String) -> String { "\(room): the host is back" }
    static func hostAway(room: String) -> String { "\(room): the host is away" }
    static func dropped(room: String, name: String) -> String { "\(room): \(name) dropped; the seat is held" }
    static func back(room: String, name: String) -> String { "\(room): \(name) is back" }
    static func locked(room: String, _ locked: Bool) -> String { "\(room): \(locked ? "locked" : "unlocked")" }
    static func closed(room: String) -> String { "\(room): closed by the host" }
    static func startsIn(room: String, seconds: Int) -> String { "\(room): the host starts a game in \(seconds) s" }
    static func started(room: String, game: Int, players: Int) -> String {
        "\(room): game \(game) started with \(players) player\(players == 1 ? "" : "s")"
    }
    static func over(room: String, game: Int, pairs: Int, first: String?) -> String {
        "\(room): game \(game) over after \(pairs) pair\(pairs == 1 ? "" : "s")" + (first.map { "; first: \($0)" } ?? "")
    }
}
