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
    /// `RULES`: the room's rules and the server's word lists; `RULES <setting> <value> …`: the host changes them.
    case rules(RulesChange?)
    /// `START MISSED`: the host starts a game that deals first the English words missed in the last one.
    case startMissed
    /// `PRACTICE <list> [<english> …]`: a private room of one on that list, whose game starts at once,
    /// the English words given dealt first (`PracticeCommand.swift`).
    case practice(list: String, english: [String])
    /// `LISTS`, and a host's upload of a list: `UPLOAD`, `LINE`, `CHECK`, `SAVE`, `DELETE` (`ListCommand`).
    case lists(ListCommand)

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
        // Split on the space scalar, never on Characters: a combining accent typed right after the space
        // makes one Character with it (`NAME ́x`), which would glue the argument to the command word.
        let scalars = trimmed.unicodeScalars
        let keywordEnd = scalars.firstIndex(of: " ") ?? scalars.endIndex
        let word = Substring(scalars[..<keywordEnd])
        let typed = word.uppercased()
        let rest = String(scalars[keywordEnd...]).trimmingSpaces
        if ArrowKeys.holdsEscape(word) { return .failure(ProtocolError(.unknownCommand, ArrowKeys.otherKey)) }
        if let answer = ClientKeyword.answerWords[typed] {
            return rest.isEmpty ? .success(.answer(round: nil, answer)) : .failure(noArguments(typed))
        }
        guard let keyword = ClientKeyword.spelled(typed) else {
            return .failure(ProtocolError(.unknownCommand, "\(String(typed.prefix(20))) is not a command. "
                + "Type HELP for the list, or y / n to answer."))
        }
        switch keyword {
        case .name: return .success(.name(unquoted(rest)))
        case .join: return .success(.join(room: rest.isEmpty ? nil : unquoted(rest)))
        case .answer: return parseAnswer(rest)
        case .host: return parseHost(rest)
        case .watch: return .success(.watch(room: rest.isEmpty ? nil : unquoted(rest)))
        case .resume: return parseResume(rest)
        case .kick: return parseKick(typed, rest)
        case .mode: return parseMode(rest)
        case .rules: return rest.isEmpty ? .success(.rules(nil)) : RulesChange.parse(words(rest)).map { .rules($0) }
        case .lists: return bare(.lists(.catalog), typed, rest)
        case .upload: return ListCommand.parseUpload(arguments(rest))
        case .line: return .success(.lists(.line(unquoted(rest))))
        case .check: return bare(.lists(.check), typed, rest)
        case .save: return bare(.lists(.save), typed, rest)
        case .delete: return ListCommand.parseDelete(arguments(rest))
        case .help: return bare(.help, typed, rest)
        case .start: return parseStart(typed, rest)
        case .practice: return parsePractice(rest)
        case .status: return bare(.status, typed, rest)
        case .leave: return bare(.leave, typed, rest)
        case .ping: return bare(.ping, typed, rest)
        case .quit: return bare(.quit, typed, rest)
        case .lock: return bare(.lock, typed, rest)
        case .unlock: return bare(.unlock, typed, rest)
        case .stop: return bare(.stop, typed, rest)
        case .close: return bare(.close, typed, rest)
        }
    }

    /// A command without arguments: anything after its word is a mistake.
    private static func bare(_ command: ClientCommand, _ typed: String, _ rest: String) -> Result<ClientCommand, ProtocolError> {
        rest.isEmpty ? .success(command) : .failure(noArguments(typed))
    }

    /// The words of `rest`, split on space scalars (not Characters: see `parseGeneral`).
    static func words(_ rest: String) -> [String] {
        rest.unicodeScalars.split(separator: " ").map { String($0) }
    }

    private static func parseHost(_ rest: String) -> Result<ClientCommand, ProtocolError> {
        let words = arguments(rest)
        switch words.count {
        case 0: return .success(.host(reclaim: nil))
        case 2: return .success(.host(reclaim: HostClaim(room: words[0], key: words[1])))
        default:
            return .failure(ProtocolError(.badArgument, "Type HOST to make a room of your own, or HOST <room> <key> to take yours back."))
        }
    }

    private static func parseResume(_ rest: String) -> Result<ClientCommand, ProtocolError> {
        let words = arguments(rest)
        guard words.count == 1 else {
            return .failure(ProtocolError(.badArgument, "Type RESUME <code>, with the resume code the server gave you when you joined."))
        }
        return .success(.resume(code: words[0]))
    }

    private static func parseKick(_ keyword: String, _ rest: String) -> Result<ClientCommand, ProtocolError> {
        guard !rest.isEmpty else { return .failure(ProtocolError(.badArgument, "Type \(keyword) <name> to remove that player.")) }
        return .success(.kick(unquoted(rest)))
    }

    private static func parseMode(_ rest: String) -> Result<ClientCommand, ProtocolError> {
        guard let mode = LineMode(rawValue: rest.uppercased()) else {
            return .failure(ProtocolError(.badArgument, "Type MODE HUMAN for sentences (the default) "
                + "or MODE MACHINE for the lines of Protocol.md, for programs."))
        }
        return .success(.mode(mode))
    }

    private static func parseAnswer(_ rest: String) -> Result<ClientCommand, ProtocolError> {
        let words = words(rest).map { $0.uppercased() }
        let usage = ProtocolError(.badArgument, "Type ANSWER CORRECT or ANSWER WRONG (or just y / n); "
            + "ANSWER <round> CORRECT names the round (a number like 3).")
        switch words.count {
        case 1:
            guard let answer = ClientKeyword.answerWords[words[0]] else { return .failure(usage) }
            return .success(.answer(round: nil, answer))
        case 2:
            // Round 0 is a number, just never an open round: the room says wrong-round.
            guard let round = WireNumber.parse(words[0]), let answer = ClientKeyword.answerWords[words[1]] else { return .failure(usage) }
            return .success(.answer(round: round, answer))
        default:
            return .failure(usage)
        }
    }

    private static func noArguments(_ keyword: String) -> ProtocolError {
        ProtocolError(.badArgument, "\(keyword) takes no arguments. Type \(keyword) alone.")
    }

    /// A code, a room or a key as the server wrote it (`TOKEN "K7PXABCD" 60`), quotes and all, is
    /// the same as bare: a program that copies the server's string back is understood.
    private static func arguments(_ rest: String) -> [String] {
        guard rest.contains("\""), let tokens = try? Quoting.tokenize(rest) else { return words(rest) }
        return tokens.map { token in
            switch token {
            case .bare(let text), .quoted(let text): text
            }
        }
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
        case .help: return word(.help)
        case .name(let name): return name.hasPrefix("\"") ? "\(word(.name)) \(Quoting.quote(name))" : "\(word(.name)) \(name)"
        case .join(let room): return room.map { "\(word(.join)) \($0)" } ?? word(.join)
        case .start: return word(.start)
        case .answer(let round, let answer):
            return round.map { "\(word(.answer)) \($0) \(answer.rawValue)" } ?? "\(word(.answer)) \(answer.rawValue)"
        case .status: return word(.status)
        case .leave: return word(.leave)
        case .ping: return word(.ping)
        case .quit: return word(.quit)
        case .host(let claim): return claim.map { "\(word(.host)) \($0.room) \($0.key)" } ?? word(.host)
        case .watch(let room): return room.map { "\(word(.watch)) \($0)" } ?? word(.watch)
        case .lock: return word(.lock)
        case .unlock: return word(.unlock)
        case .kick(let name): return name.hasPrefix("\"") ? "\(word(.kick)) \(Quoting.quote(name))" : "\(word(.kick)) \(name)"
        case .stop: return word(.stop)
        case .close: return word(.close)
        case .resume(let code): return "\(word(.resume)) \(code)"
        case .mode(let mode): return "\(word(.mode)) \(mode.rawValue)"
        case .rules(let change): return change.map { "\(word(.rules)) \($0.words)" } ?? word(.rules)
        case .startMissed: return "\(word(.start)) \(ClientKeyword.missed)"
        case .practice(let list, let english): return Self.practiceLine(list: list, english: english)
        case .lists(let command): return command.line
        }
    }

    private func word(_ keyword: ClientKeyword) -> String { keyword.rawValue }
}
