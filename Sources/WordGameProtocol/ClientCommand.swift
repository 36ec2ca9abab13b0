import WordGame

/// A line a client sends. Keywords are case-insensitive; arguments follow
/// after a space. Short forms exist for people typing into `nc`.
public enum ClientCommand: Equatable, Sendable {
    case help
    /// `NAME <nickname>`: the rest of the line (or one quoted string) is the name.
    case name(String)
    /// `JOIN [room]`: the default room when none is given.
    case join(room: String?)
    /// `START` (also `AGAIN`, `R`): the host starts a game.
    case start
    /// `ANSWER [round] CORRECT|WRONG`, or just `y` / `n`.
    case answer(round: Int?, Answer)
    case status
    case leave
    case ping
    case quit
    /// `HOST`: make a room with a fresh code and run it without playing.
    /// `HOST <room> <key>`: take back the host seat of that room.
    case host(reclaim: HostClaim?)
    /// `WATCH [room]`: follow a room without playing (a projector, a visitor).
    case watch(room: String?)
    /// Host controls: no new joiners (`LOCK`) or again (`UNLOCK`).
    case lock
    case unlock
    /// `KICK <name>` (also `REMOVE`): the host removes a player.
    case kick(String)
    /// `STOP`: the host ends the game now.
    case stop
    /// `CLOSE`: the host closes the room.
    case close
    /// `RESUME <code>`: take back the seat a dropped connection held (the code came in `TOKEN`).
    case resume(code: String)
    /// `MODE MACHINE`: the lines of Protocol.md from now on; `MODE HUMAN`: sentences again.
    case mode(LineMode)

    /// What `HOST <room> <key>` claims.
    public struct HostClaim: Equatable, Sendable {
        public var room: String
        public var key: String
        public init(room: String, key: String) {
            self.room = room
            self.key = key
        }
    }

    /// Parses one line. Blank lines are not commands: the caller skips them.
    public static func parse(_ line: String) -> Result<ClientCommand, ProtocolError> {
        if let answer = parseCommonAnswer(line) { return .success(answer) }
        return parseGeneral(line)
    }

    /// Every line: what `parseCommonAnswer` takes, and the rest.
    static func parseGeneral(_ line: String) -> Result<ClientCommand, ProtocolError> {
        let trimmed = line.trimmingSpaces
        if let answer = ArrowKeys.answer(trimmed) { return .success(.answer(round: nil, answer)) }
        let keywordEnd = trimmed.firstIndex(of: " ") ?? trimmed.endIndex
        let keyword = trimmed[..<keywordEnd].uppercased()
        let rest = String(trimmed[keywordEnd...]).trimmingSpaces
        if ArrowKeys.holdsEscape(trimmed[..<keywordEnd]) { return .failure(ProtocolError(.unknownCommand, ArrowKeys.otherKey)) }
        if let answer = shortAnswers[keyword] {
            return rest.isEmpty ? .success(.answer(round: nil, answer)) : .failure(noArguments(keyword))
        }
        if let parseArguments = commandsWithArguments[keyword] { return parseArguments(keyword, rest) }
        guard let command = bareCommands[keyword] else {
            return .failure(ProtocolError(.unknownCommand, "\(String(keyword.prefix(20))) is not a command. Type HELP for the list, or y / n to answer."))
        }
        return rest.isEmpty ? .success(command) : .failure(noArguments(keyword))
    }

    /// The commands that take arguments, by keyword, each with what reads
    /// them (keyword, rest of the line). With `bareCommands` and
    /// `shortAnswers`, every word the parser knows, so HELP's test can take them from here.
    static let commandsWithArguments: [String: @Sendable (String, String) -> Result<ClientCommand, ProtocolError>] = [
        "NAME": { _, rest in .success(.name(unquoted(rest))) },
        "NICK": { _, rest in .success(.name(unquoted(rest))) },
        "JOIN": { _, rest in .success(.join(room: rest.isEmpty ? nil : rest)) },
        "ANSWER": { _, rest in parseAnswer(rest) },
        "A": { _, rest in parseAnswer(rest) },
        "HOST": { _, rest in parseHost(rest) },
        "WATCH": { _, rest in .success(.watch(room: rest.isEmpty ? nil : rest)) },
        "RESUME": { _, rest in parseResume(rest) },
        "KICK": parseKick,
        "REMOVE": parseKick,
        "MODE": { _, rest in parseMode(rest) },
    ]

    private static func parseHost(_ rest: String) -> Result<ClientCommand, ProtocolError> {
        let words = rest.split(separator: " ")
        switch words.count {
        case 0: return .success(.host(reclaim: nil))
        case 2: return .success(.host(reclaim: HostClaim(room: String(words[0]), key: String(words[1]))))
        default:
            return .failure(ProtocolError(.badArgument, "Type HOST to make a room of your own, or HOST <room> <key> to take yours back."))
        }
    }

    private static func parseResume(_ rest: String) -> Result<ClientCommand, ProtocolError> {
        let words = rest.split(separator: " ")
        guard words.count == 1 else {
            return .failure(ProtocolError(.badArgument, "Type RESUME <code>, with the resume code the server gave you when you joined."))
        }
        return .success(.resume(code: String(words[0])))
    }

    @Sendable private static func parseKick(_ keyword: String, _ rest: String) -> Result<ClientCommand, ProtocolError> {
        guard !rest.isEmpty else { return .failure(ProtocolError(.badArgument, "Type \(keyword) <name> to remove that player.")) }
        return .success(.kick(unquoted(rest)))
    }

    private static func parseMode(_ rest: String) -> Result<ClientCommand, ProtocolError> {
        guard let mode = LineMode(rawValue: rest.uppercased()) else {
            return .failure(ProtocolError(.badArgument, "Type MODE HUMAN for sentences (the default) or MODE MACHINE for the lines of Protocol.md, for programs."))
        }
        return .success(.mode(mode))
    }

    static let shortAnswers: [String: Answer] = [
        "Y": .correct, "YES": .correct, "C": .correct, "CORRECT": .correct,
        "N": .wrong, "NO": .wrong, "W": .wrong, "WRONG": .wrong,
    ]

    static let bareCommands: [String: ClientCommand] = [
        "HELP": .help, "?": .help,
        "START": .start, "AGAIN": .start, "R": .start,
        "STATUS": .status,
        "LEAVE": .leave,
        "PING": .ping,
        "QUIT": .quit, "Q": .quit, "EXIT": .quit, "BYE": .quit,
        "LOCK": .lock, "UNLOCK": .unlock, "STOP": .stop, "CLOSE": .close,
    ]

    private static func parseAnswer(_ rest: String) -> Result<ClientCommand, ProtocolError> {
        let words = rest.split(separator: " ").map { $0.uppercased() }
        let usage = ProtocolError(.badArgument, "Type ANSWER CORRECT or ANSWER WRONG (or just y / n); ANSWER <round> CORRECT names the round (a number like 3).")
        switch words.count {
        case 1:
            guard let answer = shortAnswers[words[0]] else { return .failure(usage) }
            return .success(.answer(round: nil, answer))
        case 2:
            // Round 0 is a number, just never an open round: the room says wrong-round.
            guard let round = WireNumber.parse(words[0]), let answer = shortAnswers[words[1]] else { return .failure(usage) }
            return .success(.answer(round: round, answer))
        default:
            return .failure(usage)
        }
    }

    private static func noArguments(_ keyword: String) -> ProtocolError {
        ProtocolError(.badArgument, "\(keyword) takes no arguments. Type \(keyword) alone.")
    }

    /// `NAME "Ana María"` and `NAME Ana María` name the same player.
    private static func unquoted(_ text: String) -> String {
        guard text.count >= 2, text.first == "\"",
              let tokens = try? Quoting.tokenize(text), tokens.count == 1, case .quoted(let inner) = tokens[0]
        else { return text }
        return inner
    }

    /// The line that sends this command (what a client program writes).
    public var line: String {
        switch self {
        case .help: return "HELP"
        case .name(let name): return name.hasPrefix("\"") ? "NAME \(Quoting.quote(name))" : "NAME \(name)"
        case .join(let room): return room.map { "JOIN \($0)" } ?? "JOIN"
        case .start: return "START"
        case .answer(let round, let answer): return round.map { "ANSWER \($0) \(answer.rawValue)" } ?? "ANSWER \(answer.rawValue)"
        case .status: return "STATUS"
        case .leave: return "LEAVE"
        case .ping: return "PING"
        case .quit: return "QUIT"
        case .host(let claim): return claim.map { "HOST \($0.room) \($0.key)" } ?? "HOST"
        case .watch(let room): return room.map { "WATCH \($0)" } ?? "WATCH"
        case .lock: return "LOCK"
        case .unlock: return "UNLOCK"
        case .kick(let name): return name.hasPrefix("\"") ? "KICK \(Quoting.quote(name))" : "KICK \(name)"
        case .stop: return "STOP"
        case .close: return "CLOSE"
        case .resume(let code): return "RESUME \(code)"
        case .mode(let mode): return "MODE \(mode.rawValue)"
        }
    }
}
