import WordGame

extension ServerMessage {
    /// The longest number a server line may carry (Protocol.md §2): a game's
    /// total milliseconds stay below it, and nothing a client adds it to can overflow.
    public static let maxNumberDigits = 12

    public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// Parses a server line (without its line end). Clients and tests use it;
    /// an unknown keyword is an error, so a reader can choose to skip it.
    public init(line: String) throws(ParseError) {
        let tokens: [Quoting.Token]
        do { tokens = try Quoting.tokenize(line) } catch { throw ParseError(description: "\(error): \(line)") }
        var reader = FieldReader(tokens: tokens, line: line)
        let word = try reader.keyword()
        guard let keyword = ServerKeyword(rawValue: word) else { throw reader.failure("unknown keyword \(word)") }
        switch keyword {
        case .welcome: self = .welcome(version: try reader.int(), hint: try reader.string())
        case .help: self = .help(try reader.string())
        case .end: self = .end(try reader.enumeration())
        case .ok: self = try Self.ok(&reader)
        case .error:
            // A code this client does not know is still an error with a text to show.
            self = .error(ProtocolError(ProtocolError.Code(rawValue: try reader.keyword()), try reader.string()))
        case .room:
            self = .room(RoomInfo(name: try reader.string(), state: try reader.enumeration(), members: try reader.int(),
                                  host: try reader.string(), autoStart: try reader.int()))
        case .members:
            let total = try reader.int()
            var names: [String] = []
            while !reader.isAtEnd { names.append(try reader.string()) }
            self = .members(total: total, names: names)
        case .you: self = .you(try reader.enumeration())
        case .starting: self = .starting(milliseconds: try reader.int())
        case .game:
            self = .game(GameInfo(pairs: try reader.int(), roundMilliseconds: try reader.int(),
                                  maxIncorrect: try reader.int(), players: try reader.int()))
        case .round:
            self = .round(RoundInfo(number: try reader.int(), pairs: try reader.int(), english: try reader.string(),
                                    spanish: try reader.string(), milliseconds: try reader.int()))
        case .progress: self = .progress(round: try reader.int(), answered: try reader.int(), playing: try reader.int())
        case .reveal:
            self = .reveal(Reveal(number: try reader.int(), english: try reader.string(), spanish: try reader.string(),
                                  truth: try reader.enumeration(), translation: try reader.string()))
        case .result:
            self = .result(RoundResult(number: try reader.int(), verdict: try reader.enumeration(), correct: try reader.int(),
                                       wrong: try reader.int(), rank: try reader.int(), ranked: try reader.int()))
        case .top:
            self = .top(TopEntry(rank: try reader.int(), name: try reader.string(), correct: try reader.int(),
                                 wrong: try reader.int(), milliseconds: Int64(try reader.int())))
        case .gameOver:
            self = .gameOver(GameOver(rank: try reader.int(), ranked: try reader.int(), correct: try reader.int(),
                                      wrong: try reader.int(), milliseconds: Int64(try reader.int())))
        case .info: self = .info(try reader.string())
        case .pong: self = .pong
        case .bye: self = .bye(try reader.string())
        case .notice: self = .notice(try reader.enumeration(), try reader.string())
        case .roster: self = .roster(try reader.string())
        case .arrived: self = .arrived(try reader.string())
        case .departed: self = .departed(try reader.string(), try reader.enumeration())
        case .waiting:
            let count = try reader.int()
            var names: [String] = []
            while !reader.isAtEnd { names.append(try reader.string()) }
            self = .waiting(count: count, names: names)
        case .tally:
            self = .tally(Tally(number: try reader.int(), right: try reader.int(), wrong: try reader.int(), timeout: try reader.int()))
        case .ranking:
            self = .ranking(RankingEntry(rank: try reader.int(), name: try reader.string(), correct: try reader.int(),
                                         wrong: try reader.int(), milliseconds: Int64(try reader.int()), outAt: try reader.int()))
        case .token: self = .token(code: try reader.string(), graceSeconds: try reader.int())
        case .restarting: self = .restarting(graceSeconds: try reader.int())
        case .score: self = .score(correct: try reader.int(), wrong: try reader.int(), rank: try reader.int(), ranked: try reader.int())
        case .played:
            let reveal = Reveal(number: try reader.int(), english: try reader.string(), spanish: try reader.string(),
                                truth: try reader.enumeration(), translation: try reader.string())
            self = .played(PlayedPair(reveal, try reader.enumeration()))
        case .web: self = .web(url: try reader.string())
        case .saved: self = .saved(game: try reader.int())
        case .games: self = .games(try reader.int())
        case .rules:
            self = .rules(RoomRules(pairs: try reader.int(), roundMilliseconds: try reader.int(), maxIncorrect: try reader.int(),
                                    list: try reader.string()))
        case .wordList: self = .wordList(name: try reader.string(), words: try reader.int())
        case .moved:
            let host = try reader.string(), port = try reader.int(), web = try reader.string()
            guard let place = Elsewhere(host: host, port: port, web: web) else { throw reader.failure("not a place to go") }
            self = .moved(place)
        case .hardest:
            let rank = try reader.int()
            let reveal = Reveal(number: try reader.int(), english: try reader.string(), spanish: try reader.string(),
                                truth: try reader.enumeration(), translation: try reader.string())
            self = .hardest(HardestPair(rank: rank, reveal: reveal, right: try reader.int(), wrong: try reader.int(),
                                        timeout: try reader.int()))
        case .languages: self = .languages(from: try reader.string(), to: try reader.string())
        case .list:
            self = .list(ListInfo(name: try reader.string(), pairs: try reader.int(), from: try reader.string(), to: try reader.string(),
                                  kind: try reader.enumeration()))
        case .skipped: self = .skipped(SkippedLine(line: try reader.int(), why: try reader.enumeration(), text: try reader.string()))
        case .uploaded:
            self = .uploaded(UploadSummary(name: try reader.string(), pairs: try reader.int(), skipped: try reader.int(),
                                           from: try reader.string(), to: try reader.string()))
        case .listKey: self = .listKey(name: try reader.string(), key: try reader.string())
        }
        try reader.end()
    }

    private static func ok(_ reader: inout FieldReader) throws(ParseError) -> ServerMessage {
        let what = try reader.keyword()
        guard let confirmed = ConfirmedCommand(rawValue: what) else { throw reader.failure("unknown OK \(what)") }
        switch confirmed {
        case .name: return .nameSet(try reader.string())
        case .join: return .joined(room: try reader.string())
        case .leave: return .left(room: try reader.string())
        case .host: return .hosted(room: try reader.string(), key: try reader.string())
        case .watch: return .watchingRoom(try reader.string())
        case .lock: return .lockSet(true)
        case .unlock: return .lockSet(false)
        case .kick: return .kicked(try reader.string())
        case .stop: return .stopped
        case .close: return .closed(room: try reader.string())
        case .answer: return .answerTaken(round: try reader.int(), try reader.enumeration())
        case .resume: return .resumed(name: try reader.string(), room: try reader.string())
        case .rules: return .rulesSet
        case .practice: return .practising(list: try reader.string())
        case .upload, .check, .save, .delete: return .done(confirmed)
        }
    }
}

/// Reads typed fields off a tokenized line, in order.
private struct FieldReader {
    var tokens: [Quoting.Token]
    let line: String
    var position = 0

    func failure(_ what: String) -> ServerMessage.ParseError {
        ServerMessage.ParseError(description: "\(what): \(line)")
    }

    mutating func next() throws(ServerMessage.ParseError) -> Quoting.Token {
        guard position < tokens.count else { throw failure("missing field \(position + 1)") }
        defer { position += 1 }
        return tokens[position]
    }

    mutating func keyword() throws(ServerMessage.ParseError) -> String {
        guard case .bare(let word) = try next() else { throw failure("field \(position) should be a keyword") }
        return word
    }

    /// A number as Protocol.md §2 defines it: digits only, no sign, no
    /// leading zero, at most `ServerMessage.maxNumberDigits` of them, so every
    /// value a client computes with stays far from overflow.
    mutating func int() throws(ServerMessage.ParseError) -> Int {
        let word = try keyword()
        guard let value = WireNumber.parse(word, maxDigits: ServerMessage.maxNumberDigits) else {
            throw failure("field \(position) should be a number of at most \(ServerMessage.maxNumberDigits) digits, not \(word)")
        }
        return value
    }

    mutating func string() throws(ServerMessage.ParseError) -> String {
        guard case .quoted(let text) = try next() else { throw failure("field \(position) should be a quoted string") }
        return text
    }

    mutating func enumeration<E: RawRepresentable>() throws(ServerMessage.ParseError) -> E where E.RawValue == String {
        let word = try keyword()
        guard let value = E(rawValue: word) else { throw failure("field \(position): unexpected \(word)") }
        return value
    }

    var isAtEnd: Bool { position >= tokens.count }

    func end() throws(ServerMessage.ParseError) {
        if position < tokens.count { throw failure("unexpected field \(position + 1)") }
    }
}
