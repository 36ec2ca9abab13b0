import WordGameProtocol

/// What a server of a fleet says to people about rooms and seats on other
/// servers, about rooms and seats whose server stopped (gone), and about a
/// directory it cannot reach (`HubFleet.swift`). Each
/// says what to type, and where, for a person at `nc`; a browser's address
/// comes with it when the other server has a web port.
enum FleetTexts {
    /// The command to type again on the other server.
    enum Command {
        case join(name: String)
        case watch
        case host(key: String)
    }

    static func movedRoom(_ room: String, command: Command, _ place: Elsewhere) -> String {
        let typed: String, page: String
        switch command {
        case .join(let name):
            typed = "NAME \(name), then JOIN \(room)"
            page = "/?room=\(room)"
        case .watch:
            typed = "WATCH \(room)"
            page = "/watch?room=\(room)"
        case .host(let key):
            typed = "HOST \(room) \(key.uppercased())"
            page = "/host"
        }
        return "Room \(room) is on another server of this school, \(address(place)). Type QUIT, connect there "
            + "(nc \(place.host) \(place.port)) and type \(typed)." + browser(place, page)
    }

    /// HOST of a new room on a server that drains: the teacher is sent to another.
    static func movedNewRoom(_ place: Elsewhere) -> String {
        "This server is about to stop for maintenance, so your room is made on another server of this school, "
            + "\(address(place)). Type QUIT, connect there (nc \(place.host) \(place.port)) and type HOST."
            + browser(place, "/host")
    }

    static func movedSeat(_ code: String, _ place: Elsewhere) -> String {
        "Your seat is on another server of this school, \(address(place)). Type QUIT, connect there "
            + "(nc \(place.host) \(place.port)) and type RESUME \(code)."
    }

    // Gone: the room's server stopped without giving it up. Its game is lost (rooms live in their server's memory),
    // so each text says what comes next for the one who asked, not where to go.

    static func goneToJoin(_ room: String) -> String {
        "\(gone(room)) Ask your teacher for the new room's code."
    }

    static func goneToHost(_ room: String) -> String {
        "\(gone(room)) Open a new room with HOST."
    }

    static func goneToWatch(_ room: String) -> String {
        "\(gone(room)) Once a new room is open, type WATCH and its code."
    }

    static func goneSeat(_ code: String) -> String {
        "The seat of resume code \(code) was on a server that stopped; its game cannot go on here. "
            + "Ask your teacher for the new room's code (a teacher opens one with HOST)."
    }

    private static func gone(_ room: String) -> String {
        "Room \(room) was on a server that stopped; its game cannot go on here."
    }

    static func roomDirectoryDown(_ room: String) -> String {
        "Room \(room) is not on this server, and the directory that knows which server has each room cannot be reached "
            + "just now, so it cannot be found. Try again in a moment. Games already playing go on."
    }

    static let seatDirectoryDown = "No seat is held here for that code, and the directory that knows which server holds "
        + "each seat cannot be reached just now. Try again in a moment."

    static func settling(seconds: Int) -> String {
        "The directory of the school's rooms has just started (or restarted), and takes no new room for \(seconds) s while "
            + "the servers put their rooms back, so that no code is given twice. Yours comes then."
    }

    static func settlingJoin(_ room: String, seconds: Int) -> String {
        "The directory of the school's rooms has just started (or restarted), and the servers are putting their rooms "
            + "back: room \(room) is looked for again every second, for up to \(seconds) s."
    }

    static func settlingSeat(seconds: Int) -> String {
        "The directory of the school's rooms has just started (or restarted), and the servers are putting their rooms "
            + "and seats back: your seat is looked for again every second, for up to \(seconds) s."
    }

    static let hostDirectoryDown = "A new room needs a code that no other server of this school uses, and the directory "
        + "that hands them out cannot be reached just now. Try again in a moment. Rooms already open go on."

    private static func address(_ place: Elsewhere) -> String {
        "\(place.host) port \(place.port)"
    }

    private static func browser(_ place: Elsewhere, _ page: String) -> String {
        place.web.isEmpty ? "" : " In a browser: \(place.web)\(page)"
    }
}
