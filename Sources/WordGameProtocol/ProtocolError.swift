/// An error line: `ERROR <code> <text>`. The code is for programs, the text
/// for people: it says what was wrong and what to type instead.
public struct ProtocolError: Error, Equatable, Sendable {
    public var code: Code
    public var text: String

    public init(_ code: Code, _ text: String) {
        self.code = code
        self.text = text
    }

    /// Every error code, defined once (Protocol.md, "Errors").
    public enum Code: String, Sendable, CaseIterable {
        case unknownCommand = "unknown-command"
        case badArgument = "bad-argument"
        case lineTooLong = "line-too-long"
        case badUTF8 = "bad-utf8"
        case badName = "bad-name"
        case nameTaken = "name-taken"
        case noName = "no-name"
        case badRoom = "bad-room"
        case notInRoom = "not-in-room"
        case alreadyInRoom = "already-in-room"
        case notHost = "not-host"
        case gameOn = "game-on"
        case noRound = "no-round"
        case notPlaying = "not-playing"
        case alreadyAnswered = "already-answered"
        case tooLate = "too-late"
        case wrongRound = "wrong-round"
        case serverFull = "server-full"
    }
}
