import WordGameProtocol
import WordGameCommandLine

/// What the client says when the server refuses something or tells of an
/// event. The server's texts are written for a person at `nc` ("Type NAME
/// <another name>, then JOIN main."); a player here has keys, not commands,
/// so the client speaks for itself wherever a text would name a command.
/// Errors it has no words for keep the server's text.
public enum ClientTexts {
    public static func error(_ error: ProtocolError, in state: ClientState) -> String {
        switch error.code {
        case .tooLate: return "Too late: that pair counts as a timeout."
        case .tooSoon: return "That key came as the new pair appeared, so it was meant for the last one. Answer this pair again."
        case .alreadyAnswered: return "You already answered this pair."
        case .noRound: return "No pair to answer right now."
        case .notPlaying:
            return state.me == .out ? "You are out of this game: you watch it to the end."
                                    : "You joined during this game: you watch it and play from the next one."
        case .gameOn: return "A game is on: wait for it to end."
        case .notHost: return "Only the host\(hostNamed(state)) starts the next game."
        case .noPlayers: return "Nobody has joined yet."
        default: return withoutCommands(error.text)
        }
    }

    /// The server's notice, or the client's own words where the server's name a command.
    public static func notice(_ event: NoticeEvent, _ text: String, in state: ClientState) -> String {
        let room = state.room.map { spoken($0.name) } ?? ""
        switch event {
        case .removed where text.hasPrefix("You were removed"): return "You were removed from room \(room) by the host."
        case .closed: return "The host closed room \(room)."
        // The ROOM line naming the new host comes first, so the state knows already.
        case .host where state.isHost && state.me != .hosting: return "You are the host now: you start the next game."
        // The server's sentence is for nc; a screen's notice line is narrow (the next pair follows the last revealed).
        case .restarted where !text.hasPrefix("Everyone"):
            return "Server restarted: pair \((state.history.last?.reveal.number ?? 0) + 1) again once all are back."
        default: return text
        }
    }

    /// Why a name was refused before joining, for the question that asks for another.
    public static func nameRefused(_ error: ProtocolError, room: String?) -> String {
        switch error.code {
        case .nameTaken:
            let where_ = room.map { "room \(spoken($0))" } ?? "the room"
            return "Someone in \(where_) already has that name, or one that looks the same. Choose another."
        case .noName: return "A name is needed to join."
        default: return withoutCommands(error.text)
        }
    }

    /// What to do about a refused name when the client cannot ask for another.
    public static let chooseAnotherName = "Run wordgame-client again with another --name."

    /// An answer key pressed while the connection is down.
    static let answerNotSent = "Not sent: the connection is down. Answer again when it is back."
    /// A key pressed as a new pair arrived: meant for the pair before, so nothing went.
    static let tooSoon = "Too soon: that key came as the new pair arrived, so nothing was sent. Read the pair, then answer."

    /// Why a room could not be joined: another name would not help.
    public static func roomRefused(_ error: ProtocolError, room: String?) -> String {
        let code = room.map(spoken) ?? "main"
        switch error.code {
        case .noRoom: return "There is no room \(code) on this server. Check the code, then run wordgame-client again with --room CODE."
        case .roomLocked: return "Room \(code) is locked: the host lets nobody new in now. Ask them to unlock it."
        case .badRoom: return "\"\(room ?? "")\" is not a room code: codes are 1 to 24 letters, digits, - or _."
        case .tooManyRooms: return "The server has no space for another room: join one that exists with --room CODE."
        // A fleet's room whose server stopped: the server's words say what happened and what to do.
        case .roomGone: return withoutCommands(error.text)
        default: return error.text
        }
    }

    /// The text without its sentences that tell a person at `nc` what to type
    /// ("Type NAME <nickname>.", "STATUS shows who is in."): here the keys do
    /// it. A text that is nothing but such sentences is kept whole.
    public static func withoutCommands(_ text: String) -> String {
        let sentences = text.split(separator: ". ").filter { sentence in
            !sentence.split(whereSeparator: { !$0.isLetter }).contains { commandWords.contains(String($0)) }
        }
        guard !sentences.isEmpty else { return text }
        let kept = sentences.joined(separator: ". ")
        return kept.hasSuffix(".") ? kept : kept + "."
    }

    /// The commands a server text may tell a person to type, as they are written there (in capitals).
    static let commandWords: Set<String> = ["NAME", "JOIN", "START", "AGAIN", "STATUS", "LEAVE", "QUIT", "HELP", "RESUME",
                                            "HOST", "WATCH", "KICK", "LOCK", "UNLOCK", "STOP", "CLOSE", "ANSWER", "ROUND", "MODE"]

    /// A room's name as people read it: a hosted room's code in capitals, as
    /// on the board; other names (`main`) as they were typed.
    static func spoken(_ room: String) -> String { RoomCode.looksLikeCode(room) ? room.uppercased() : room }

    private static func hostNamed(_ state: ClientState) -> String {
        guard let host = state.room?.host, !host.isEmpty, host != RoomInfo.unnamedHost else { return "" }
        return " (\(host))"
    }
}
