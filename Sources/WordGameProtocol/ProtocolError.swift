/// An error line: `ERROR <code> <text>`. The code is for programs, the text
/// for people: it says what was wrong and what to type instead.
public struct ProtocolError: Error, Equatable, Sendable {
    public var code: Code
    public var text: String

    public init(_ code: Code, _ text: String) {
        self.code = code
        self.text = text
    }

    /// An error code: a keyword (Protocol.md §2). A struct rather than an enum,
    /// so that a client reading a code a later server adds still gets the line
    /// and its text.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        // Every code this server sends, defined once (Protocol.md §3).
        public static let unknownCommand = Code(rawValue: "unknown-command")
        public static let badArgument = Code(rawValue: "bad-argument")
        public static let lineTooLong = Code(rawValue: "line-too-long")
        public static let badUTF8 = Code(rawValue: "bad-utf8")
        public static let badName = Code(rawValue: "bad-name")
        public static let nameTaken = Code(rawValue: "name-taken")
        public static let noName = Code(rawValue: "no-name")
        public static let badRoom = Code(rawValue: "bad-room")
        public static let notInRoom = Code(rawValue: "not-in-room")
        public static let alreadyInRoom = Code(rawValue: "already-in-room")
        public static let notHost = Code(rawValue: "not-host")
        public static let gameOn = Code(rawValue: "game-on")
        public static let noRound = Code(rawValue: "no-round")
        public static let notPlaying = Code(rawValue: "not-playing")
        public static let alreadyAnswered = Code(rawValue: "already-answered")
        public static let tooLate = Code(rawValue: "too-late")
        public static let tooSoon = Code(rawValue: "too-soon")
        public static let wrongRound = Code(rawValue: "wrong-round")
        public static let serverFull = Code(rawValue: "server-full")
        public static let noRoom = Code(rawValue: "no-room")
        public static let badKey = Code(rawValue: "bad-key")
        public static let roomLocked = Code(rawValue: "room-locked")
        public static let noSuchPlayer = Code(rawValue: "no-such-player")
        public static let tooManyRooms = Code(rawValue: "too-many-rooms")
        public static let noPlayers = Code(rawValue: "no-players")
        public static let badCode = Code(rawValue: "bad-code")
        public static let slowDown = Code(rawValue: "slow-down")
        public static let badRules = Code(rawValue: "bad-rules")
        /// The room or seat is on another server of the fleet: `MOVED` came just before.
        public static let moved = Code(rawValue: "moved")
        /// The room is not on this server, and the fleet's directory cannot be asked where it is.
        public static let directoryDown = Code(rawValue: "directory-down")
        /// The room or seat was on a server of the fleet that stopped without giving it up: its game cannot go on.
        public static let roomGone = Code(rawValue: "room-gone")
        /// `START MISSED` with no word to play again: the last game had no miss, or there was no game.
        public static let nothingMissed = Code(rawValue: "nothing-missed")
        /// An upload the server refuses to keep: no pair read, too few wrong translations to show, no languages.
        public static let badList = Code(rawValue: "bad-list")
        /// The list's name is the operator's, or a saved list's whose key was not given (or was wrong).
        public static let listTaken = Code(rawValue: "list-taken")
        public static let tooManyLists = Code(rawValue: "too-many-lists")
        /// An upload past its lines, bytes or pairs: it is discarded.
        public static let uploadTooBig = Code(rawValue: "upload-too-big")
        /// `LINE`, `CHECK` or `SAVE` with no upload open.
        public static let noUpload = Code(rawValue: "no-upload")
        /// `DELETE` of a list a room's rules name.
        public static let listInUse = Code(rawValue: "list-in-use")
        /// The server could not write (or delete) the list's file: nothing changed.
        public static let listNotSaved = Code(rawValue: "list-not-saved")
        /// The server is draining before it stops: it makes no new room (HOST, PRACTICE, a JOIN that would make one).
        public static let draining = Code(rawValue: "draining")

        public static let all: [Code] = [
            .unknownCommand, .badArgument, .lineTooLong, .badUTF8, .badName, .nameTaken, .noName, .badRoom, .notInRoom,
            .alreadyInRoom, .notHost, .gameOn, .noRound, .notPlaying, .alreadyAnswered, .tooLate, .tooSoon, .wrongRound,
            .serverFull, .noRoom, .badKey, .roomLocked, .noSuchPlayer, .tooManyRooms, .noPlayers,
            .badCode, .slowDown, .badRules, .moved, .directoryDown, .roomGone,
            .nothingMissed,
            .badList, .listTaken, .tooManyLists, .uploadTooBig, .noUpload, .listInUse, .listNotSaved,
            .draining,
        ]
    }
}
