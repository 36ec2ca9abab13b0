import Testing
import WordGame
import WordGameProtocol

@Suite struct MessageTests {
    static let tricky = "Ana \"la\" María \\ o'Neil"

    static let messages: [ServerMessage] = [
        .welcome(version: 1, hint: "Type NAME <nickname>."),
        .help("NAME <nickname>     choose your name"),
        .end(.help),
        .nameSet(tricky),
        .joined(room: "main"),
        .left(room: "class-7b"),
        .answerTaken(round: 3, .correct),
        .answerTaken(round: 15, .wrong),
        .error(ProtocolError(.unknownCommand, "FOO is not a command.")),
        .error(ProtocolError(.badUTF8, "That line was not UTF-8.")),
        .room(RoomInfo(name: "main", state: .lobby, members: 3, host: tricky, autoStart: 0)),
        .room(RoomInfo(name: "main", state: .starting, members: 1, host: "", autoStart: 4)),
        .members(total: 40, names: ["Ana", tricky]),
        .members(total: 0, names: []),
        .you(.watching),
        .starting(milliseconds: 10_000),
        .game(GameInfo(pairs: 15, roundMilliseconds: 5_000, maxIncorrect: 3, players: 40)),
        .round(RoundInfo(number: 1, pairs: 15, english: "ice cream", spanish: "helado", milliseconds: 5_000)),
        .round(RoundInfo(number: 2, pairs: 15, english: "say \"hi\"", spanish: "tab\there\u{1B}[2J", milliseconds: 5_000)),
        .progress(round: 2, answered: 10, playing: 12),
        .reveal(Reveal(number: 2, english: "partner", spanish: "pareja", truth: .correct, translation: "pareja")),
        .result(RoundResult(number: 2, verdict: .timeout, correct: 1, wrong: 1, rank: 4, ranked: 12)),
        .top(TopEntry(rank: 1, name: tricky, correct: 9, wrong: 0, milliseconds: 12_345)),
        .gameOver(GameOver(rank: 0, ranked: 12, correct: 0, wrong: 0, milliseconds: 0)),
        .info("Game over."),
        .pong,
        .bye("Goodbye!"),
        .hosted(room: "k7px", key: "ABCDEFGHJKMN"),
        .watchingRoom("k7px"),
        .lockSet(true),
        .lockSet(false),
        .kicked(tricky),
        .stopped,
        .closed(room: "k7px"),
        .notice(.removed, "Bo was removed by the host."),
        .roster(tricky),
        .arrived("Bo"),
        .departed(tricky, .removed),
        .waiting(count: 2, names: ["Ana", tricky]),
        .waiting(count: 870, names: []),
        .tally(Tally(number: 3, right: 21, wrong: 6, timeout: 3)),
        .ranking(RankingEntry(rank: 12, name: tricky, correct: 5, wrong: 3, milliseconds: 23_456, outAt: 9)),
        .resumed(name: tricky, room: "k7px"),
        .token(code: "K7PXABCD", graceSeconds: 60),
        .score(correct: 2, wrong: 0, rank: 1, ranked: 4),
        .played(PlayedPair(Reveal(number: 1, english: tricky, spanish: "casa", truth: .wrong, translation: "hogar"), .right)),
        .played(PlayedPair(Reveal(number: 2, english: "dog", spanish: "perro", truth: .correct, translation: "perro"), .away)),
        .played(PlayedPair(Reveal(number: 3, english: "cat", spanish: "gato", truth: .correct, translation: "gato"), .out)),
        .end(.played),
        .notice(.back, "Bo is back."),
        .web(url: "http://192.0.2.2:8080/?room=K7PX"),
        .saved(game: 3),
        .games(2),
        .restarting(graceSeconds: 60),
        .rules(RoomRules(pairs: 10, roundMilliseconds: 8_500, maxIncorrect: 0, list: "animals")),
        .rules(RoomRules(pairs: 15, roundMilliseconds: 5_000, maxIncorrect: 3, list: "default")),
        .wordList(name: "animals", words: 40),
        .end(.wordList),
        .rulesSet,
        .moved(Elsewhere(host: "192.0.2.3", port: 4001, web: "http://192.0.2.3:8081")!),
        .moved(Elsewhere(host: "fd00::3", port: 65_535, web: "")!),
        .hardest(HardestPair(rank: 1, reveal: Reveal(number: 3, english: tricky, spanish: "casa", truth: .wrong, translation: "hogar"),
                             right: 0, wrong: 2, timeout: 1)),
        .hardest(HardestPair(rank: 100, reveal: Reveal(number: 9_999, english: "dog", spanish: "perro", truth: .correct,
                                                        translation: "perro"), right: 40, wrong: 0, timeout: 0)),
        .practising(list: "animals"),
        .languages(from: "English", to: "Français"),
        .languages(from: "日本語", to: tricky),
        .list(ListInfo(name: "default", pairs: 365, from: "English", to: "Spanish", kind: .server)),
        .list(ListInfo(name: "unit-3", pairs: 1_000, from: "Deutsch", to: "العربية", kind: .saved)),
        .end(.list),
        .skipped(SkippedLine(line: 3, why: .columns, text: "a,b,c")),
        .skipped(SkippedLine(line: 1_200, why: .tooLong, text: "tab\there \"quoted\"")),
        .skipped(SkippedLine(line: 7, why: .unshowable, text: "\u{1B}[2J,x")),
        .end(.skipped),
        .uploaded(UploadSummary(name: "animals", pairs: 12, skipped: 140, from: "English", to: "French")),
        .listKey(name: "animals", key: "K7PXABCDEFGH"),
        .done(.upload),
        .done(.check),
        .done(.save),
        .done(.delete),
    ]

    /// Which case a message is. No `default`: a new case does not compile until it is named here,
    /// next to the list above that must then get a round-trip example of it.
    static func variant(_ message: ServerMessage) -> String {
        switch message {
        case .welcome: "welcome"
        case .help: "help"
        case .end: "end"
        case .nameSet: "nameSet"
        case .joined: "joined"
        case .left: "left"
        case .hosted: "hosted"
        case .watchingRoom: "watchingRoom"
        case .lockSet: "lockSet"
        case .kicked: "kicked"
        case .stopped: "stopped"
        case .closed: "closed"
        case .answerTaken: "answerTaken"
        case .error: "error"
        case .room: "room"
        case .members: "members"
        case .you: "you"
        case .starting: "starting"
        case .game: "game"
        case .round: "round"
        case .progress: "progress"
        case .reveal: "reveal"
        case .result: "result"
        case .top: "top"
        case .gameOver: "gameOver"
        case .info: "info"
        case .pong: "pong"
        case .bye: "bye"
        case .notice: "notice"
        case .roster: "roster"
        case .arrived: "arrived"
        case .departed: "departed"
        case .waiting: "waiting"
        case .tally: "tally"
        case .ranking: "ranking"
        case .resumed: "resumed"
        case .restarting: "restarting"
        case .token: "token"
        case .score: "score"
        case .played: "played"
        case .web: "web"
        case .saved: "saved"
        case .games: "games"
        case .rules: "rules"
        case .wordList: "wordList"
        case .rulesSet: "rulesSet"
        case .moved: "moved"
        case .hardest: "hardest"
        case .practising: "practising"
        case .languages: "languages"
        case .list: "list"
        case .skipped: "skipped"
        case .uploaded: "uploaded"
        case .listKey: "listKey"
        case .done: "done"
        }
    }

    static let variantCount = 55

    @Test(arguments: messages)
    func everyMessageRoundTrips(message: ServerMessage) throws {
        let line = message.line
        #expect(!line.unicodeScalars.contains { $0.properties.generalCategory == .control }, "raw control character in \(line)")
        #expect(try ServerMessage(line: line) == message)
    }

    @Test func everyVariantIsCovered() {
        // One of each case above; a new case without a round-trip test fails here.
        let keywords = Set(Self.messages.map { $0.line.split(separator: " ").prefix(2).joined(separator: " ") }
            .map { $0.hasPrefix("OK") ? $0 : String($0.split(separator: " ")[0]) })
        #expect(keywords == ["WORDGAME", "HELP", "END", "OK NAME", "OK JOIN", "OK LEAVE", "OK ANSWER", "ERROR", "ROOM", "MEMBERS", "YOU",
                             "STARTING", "GAME", "ROUND", "PROGRESS", "REVEAL", "RESULT", "TOP", "GAMEOVER", "INFO", "PONG", "BYE",
                             "OK HOST", "OK WATCH", "OK LOCK", "OK UNLOCK", "OK KICK", "OK STOP", "OK CLOSE", "NOTICE", "ROSTER",
                             "ARRIVED", "DEPARTED", "WAITING", "TALLY", "RANKING", "OK RESUME", "TOKEN", "SCORE", "PLAYED", "WEB",
                             "SAVED", "GAMES", "RESTARTING",
                             "RULES", "WORDLIST", "OK RULES", "MOVED", "HARDEST", "OK PRACTICE", "LANGUAGES", "LIST", "SKIPPED",
                             "UPLOADED", "LISTKEY",
                             "OK UPLOAD", "OK CHECK", "OK SAVE", "OK DELETE"])
        #expect(Set(Self.messages.map(Self.variant)).count == Self.variantCount)
    }

    @Test func linesReadWell() {
        #expect(ServerMessage.round(RoundInfo(number: 1, pairs: 15, english: "ice cream", spanish: "helado", milliseconds: 5_000)).line
                == "ROUND 1 15 \"ice cream\" \"helado\" 5000")
        #expect(ServerMessage.nameSet("Bo \"B\"").line == "OK NAME \"Bo \\\"B\\\"\"")
        #expect(ServerMessage.info("a\u{1B}b").line == "INFO \"a\\u{1B}b\"")
    }

    /// Lines are written as bytes (`ServerMessageEncoding.swift`); strings
    /// must come out exactly as `Quoting.quote` writes them, whatever they hold:
    /// C0 and C1 controls, DEL, quotes, backslashes, and characters of every
    /// UTF-8 length on either side of them.
    @Test func stringsAreQuotedByteForByteAsQuotingSays() {
        var generator = SeededGenerator(seed: 10)
        let pieces: [String] = ["\u{0}", "\u{1F}", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}", "\u{C2}", "\u{FF}", "\"", "\\", "a", " ",
                                "é", "\u{2028}", "\u{202E}", "中", "👨‍👩‍👧", "\u{FE0F}", "\u{10FFFF}", "\u{7E}"]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(ServerMessage.info(text).line == "INFO " + Quoting.quote(text), "\(Array(text.unicodeScalars))")
        }
    }

    @Test func numbersAreWrittenInFullAtTheirExtremes() {
        #expect(ServerMessage.top(TopEntry(rank: 0, name: "", correct: Int.max, wrong: Int.min, milliseconds: Int64.min)).line
                == "TOP 0 \"\" \(Int.max) \(Int.min) \(Int64.min)")
        #expect(ServerMessage.starting(milliseconds: 9).line == "STARTING 9")
        var bytes = Array("kept ".utf8)
        ServerMessage.pong.encodeLine(into: &bytes)
        #expect(bytes == Array("kept PONG\n".utf8))
    }

    @Test(arguments: ["", "NOPE 1", "ROUND 1 15 \"a\" \"b\"", "ROUND x 15 \"a\" \"b\" 5", "YOU SLEEPING", "INFO \"open",
                      "INFO \"a\"b", "INFO bare", "PONG extra", "OK MAYBE", "END", "END \"TOP\"",
                      // Numbers out of range, signed or padded: a hostile server's, never read as numbers.
                      "STARTING 10000000000000", "STARTING 9223372036854775808", "STARTING -5", "STARTING +5", "STARTING 05",
                      "GAMEOVER 1 1 1 1 99999999999999999999",
                      "HARDEST 1 3 \"a\" \"b\" MAYBE \"c\" 0 1 0", "HARDEST 1 3 \"a\" \"b\" WRONG \"c\" 0 1", "OK PRACTICE animals",
                      // A place a client could not go to, or that would break the command line or URL it builds.
                      "MOVED \"h\" 0 \"\"", "MOVED \"h\" 65536 \"\"", "MOVED \"\" 4001 \"\"", "MOVED \"a b\" 4001 \"\"",
                      "MOVED \"a\\\"b\" 4001 \"\"", "MOVED \"h/x\" 4001 \"\"", "MOVED \"h\" 4001 \"javascript:alert(1)\"",
                      "MOVED \"h\" 4001 \"http://h:8081/x\"", "MOVED \"h\" 4001 \"http://h:0\"", "MOVED \"h\" 4001 \"http://h:+81\"",
                      "MOVED \"h\" 4001 \"https://h:8081\"", "MOVED \"h\" 4001", "MOVED \"a@b\" 4001 \"\"", "MOVED \"a_b\" 4001 \"\"",
                      "MOVED \"h\" 4001 \"http://a@b:80\"", "MOVED \"h\" 4001 \"http://a?b:80\"", "MOVED \"h\" 4001 \"http://a#b:80\"",
                      "MOVED \"h\" 4001 \"http://h:08081\"", "MOVED \"h\" 4001 \"http://::1:8081\"", "MOVED \"h\" 4001 \"http://[h]:8081\"",
                      "MOVED \"\(String(repeating: "h", count: 254))\" 4001 \"\""])
    func malformedLinesAreRejected(line: String) {
        #expect(throws: ServerMessage.ParseError.self) { try ServerMessage(line: line) }
    }

    @Test func theLargestNumberAServerMaySendIsTwelveDigits() throws {
        #expect(try ServerMessage(line: "STARTING 999999999999") == .starting(milliseconds: 999_999_999_999))
        #expect(try ServerMessage(line: "STARTING 0") == .starting(milliseconds: 0))
    }

    @Test func anErrorCodeAClientDoesNotKnowStillGivesItsText() throws {
        #expect(try ServerMessage(line: "ERROR rate-limited \"Slow down.\"")
                == .error(ProtocolError(ProtocolError.Code(rawValue: "rate-limited"), "Slow down.")))
    }

    /// Protocol.md §2: a keyword is ASCII letters, digits, `-` or `_`, starting with a letter.
    @Test(arguments: ProtocolError.Code.all)
    func everyErrorCodeIsAKeyword(code: ProtocolError.Code) {
        let scalars = Array(code.rawValue.unicodeScalars)
        #expect(scalars.first.map { $0.isASCII && $0.properties.isAlphabetic } == true, "\(code)")
        #expect(scalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") },
                "\(code)")
    }
}
