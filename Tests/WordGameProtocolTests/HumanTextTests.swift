import Testing
import WordGame
@testable import WordGameProtocol

/// Human mode's sentences, message by message and batch by batch: every
/// message has one, none leaks the wire's field syntax, and the lines that
/// read together (a verdict and its pair, a block and its heading) do.
@Suite struct HumanTextTests {
    /// Messages a person does not act on: left out in human mode (Protocol.md, "Human mode").
    static let silent: Set<String> = ["end", "progress", "arrived", "departed", "saved", "moved"]

    /// Every word the parser knows, in capitals: the only capitals a human line may add.
    static let commandWords = Set(ClientKeyword.allSpellings + LineMode.allCases.map(\.rawValue))

    /// The batch a message speaks in: ROOM and MEMBERS answer STATUS (alone they
    /// are a room update, whose NOTICE tells the news), and a board has two rows
    /// (a board of one repeats the verdict).
    static func batch(around message: ServerMessage) -> [ServerMessage] {
        switch message {
        case .room(let room): return [message, .members(total: room.members, names: []), .you(.lobby)]
        case .members: return [.room(RoomInfo(name: "main", state: .lobby, members: 2, host: "", autoStart: 0)), message, .you(.lobby)]
        case .top: return [message, .top(TopEntry(rank: 2, name: "Bo", correct: 0, wrong: 1, milliseconds: 1_000)), .end(.top)]
        default: return [message]
        }
    }

    @Test(arguments: MessageTests.messages)
    func everyMessageHasAHumanForm(message: ServerMessage) throws {
        let lines = HumanText.lines(Self.batch(around: message))
        let variant = MessageTests.variant(message)
        if Self.silent.contains(variant) {
            #expect(lines.isEmpty, "\(variant) is left out: \(lines)")
            return
        }
        #expect(!lines.isEmpty, "\(variant) has no human line")
        for line in lines {
            #expect(!line.unicodeScalars.contains { $0.properties.generalCategory == .control }, "raw control character in \(line)")
            if case .welcome = message {
                #expect(line == message.line, "the greeting is the same in both modes")
                continue
            }
            #expect(line != message.line)
            // A capitalised word a human line adds is a command the person types; capitals
            // inside the message's own texts (names, codes, the server's sentences, written
            // with their escapes) are theirs.
            let own = try Quoting.tokenize(message.line).compactMap { token -> String? in
                if case .quoted(let text) = token { Quoting.quote(text).uppercased() } else { nil }
            }.joined(separator: " ")
            for word in Self.capitalWords(line) where !Self.commandWords.contains(word) && !own.contains(word) {
                Issue.record("\(variant): \(word) in \"\(line)\" is a keyword a person does not type")
            }
        }
    }

    /// Words of two or more capital letters (and digits): the shape of keywords and codes.
    static func capitalWords(_ line: String) -> [String] {
        line.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
            .filter { $0.count >= 2 && $0.allSatisfy { $0.isUppercase || $0.isNumber } && $0.contains { $0.isLetter } }
    }

    // MARK: A pair

    static let wrongPair = Reveal(number: 1, english: "sorry", spanish: "silla", truth: .wrong, translation: "perdón")
    static let rightPair = Reveal(number: 2, english: "old", spanish: "viejo", truth: .correct, translation: "viejo")

    @Test func theRoundSaysWhichKeysAnswerOnlyToWhoCanAnswer() {
        let round = ServerMessage.round(RoundInfo(number: 2, pairs: 4, english: "old", spanish: "viejo", milliseconds: 5_000))
        #expect(HumanText.lines([round], context: .init(answering: true))
                == ["Pair 2 of 4: old = viejo ?   y (or →) if right, n (or ←) if wrong · 5 s"])
        #expect(HumanText.lines([round]) == ["Pair 2 of 4: old = viejo ?   (you watch this one) · 5 s"])
        // Back after a drop, still playing: the batch says so.
        #expect(HumanText.lines([.you(.playing), .info("Welcome back!"), round]).last
                == "Pair 2 of 4: old = viejo ?   y (or →) if right, n (or ←) if wrong · 5 s")
    }

    @Test func anAnswerSaysWhatYouSaidNotWhetherItWasRight() {
        #expect(HumanText.lines([.answerTaken(round: 1, .wrong)]) == ["You said pair 1 is wrong."])
        #expect(HumanText.lines([.answerTaken(round: 3, .correct)], context: .init(endsTurn: true))
                == ["You said pair 3 is right. Wait for the others…"])
    }

    @Test func theVerdictSharesItsLineWithThePairsTruth() {
        let result = RoundResult(number: 1, verdict: .right, correct: 1, wrong: 0, rank: 1, ranked: 2)
        #expect(HumanText.lines([.reveal(Self.wrongPair), .result(result)])
                == ["✓ Pair 1: you were right, sorry ≠ silla (sorry = perdón).", "Your score: 1 right, 0 wrong, rank 1 of 2."])
        let wrong = RoundResult(number: 2, verdict: .wrong, correct: 1, wrong: 1, rank: 2, ranked: 2)
        #expect(HumanText.lines([.reveal(Self.rightPair), .result(wrong)])
                == ["✗ Pair 2: you were wrong, old = viejo.", "Your score: 1 right, 1 wrong, rank 2 of 2."])
        let late = RoundResult(number: 2, verdict: .timeout, correct: 0, wrong: 1, rank: 1, ranked: 1)
        #expect(HumanText.lines([.reveal(Self.rightPair), .result(late)])
                == ["✗ Pair 2: time ran out, old = viejo.", "Your score: 0 right, 1 wrong."])
        // Whoever did not play the pair reads its truth alone.
        #expect(HumanText.lines([.reveal(Self.wrongPair)]) == ["Pair 1 was wrong: sorry ≠ silla (sorry = perdón)."])
        #expect(HumanText.lines([.reveal(Self.rightPair)]) == ["Pair 2 was right: old = viejo."])
        // A verdict for another pair is not joined to this truth.
        #expect(!HumanText.joins([.reveal(Self.rightPair)], [.result(result)]))
        #expect(HumanText.joins([.reveal(Self.wrongPair)], [.result(result)]))
    }

    @Test func batchesThatDependOnTheNextAreTheAnswerAndTheTruth() {
        #expect(HumanText.readsWithNext([.answerTaken(round: 1, .wrong)]))
        #expect(HumanText.readsWithNext([.reveal(Self.wrongPair)]))
        #expect(!HumanText.readsWithNext([.reveal(Self.wrongPair), .info("x")]))
        #expect(!HumanText.readsWithNext([.pong]))
    }

    /// After a pair, the tally and the first three on one line: a small terminal keeps the next pair in view.
    /// On coming back (after SCORE), the whole board, a block with a heading.
    @Test func theBoardIsALineAfterAPairAndABlockAtTheEnd() {
        let batch: [ServerMessage] = [
            .tally(Tally(number: 3, right: 1, wrong: 0, timeout: 1)),
            .top(TopEntry(rank: 1, name: "Ana", correct: 3, wrong: 0, milliseconds: 7_400)),
            .top(TopEntry(rank: 2, name: "Bo \"the bear\"", correct: 0, wrong: 3, milliseconds: 11_500)),
            .end(.top),
        ]
        #expect(HumanText.lines(batch) == [
            "Everyone on pair 3: 1 right, 0 wrong, 1 out of time.",
            "Top: 1. Ana 3 ✓ 0 ✗ · 2. Bo \"the bear\" 0 ✓ 3 ✗",
        ])
        #expect(HumanText.lines([.score(correct: 3, wrong: 0, rank: 1, ranked: 2)] + batch).dropFirst().prefix(4) == [
            "Everyone on pair 3: 1 right, 0 wrong, 1 out of time.",
            "Leaderboard:",
            "  1. Ana             3 right, 0 wrong · 7.4 s",
            "  2. Bo \"the bear\"   0 right, 3 wrong · 11.5 s",
        ])
        // Alone in a game, the tally and a board of one would repeat the verdict.
        #expect(HumanText.lines([.tally(Tally(number: 1, right: 1, wrong: 0, timeout: 0)),
                                 .top(TopEntry(rank: 1, name: "Ana", correct: 1, wrong: 0, milliseconds: 1_000)), .end(.top)]).isEmpty)
    }

    @Test func theEndOfAGameSaysYourPlaceOnce() {
        let over = GameOver(rank: 1, ranked: 2, correct: 3, wrong: 1, milliseconds: 7_700)
        #expect(HumanText.lines([.gameOver(over), .you(.lobby), .info("Game over. Type AGAIN to play again, or QUIT.")]) == [
            "Game over! You finished 1st of 2 with 3 right, 1 wrong (total 7.7 s).",
            "Type AGAIN to play again, or QUIT.",
        ])
        #expect(HumanText.lines([.gameOver(GameOver(rank: 1, ranked: 1, correct: 2, wrong: 1, milliseconds: 3_000))])
                == ["Game over! You got 2 right, 1 wrong (total 3.0 s)."])
        #expect(HumanText.lines([.gameOver(GameOver(rank: 0, ranked: 2, correct: 0, wrong: 0, milliseconds: 0))])
                == ["Game over! You watched this one."])
        // An observer's ranking follows its GAMEOVER; the INFO after says the game is over.
        let ranking: [ServerMessage] = [
            .gameOver(GameOver(rank: 0, ranked: 2, correct: 0, wrong: 0, milliseconds: 0)),
            .ranking(RankingEntry(rank: 1, name: "Ana", correct: 3, wrong: 1, milliseconds: 7_700, outAt: 0)),
            .ranking(RankingEntry(rank: 2, name: "Bo", correct: 0, wrong: 3, milliseconds: 11_500, outAt: 3)),
            .end(.ranking),
        ]
        #expect(HumanText.lines(ranking) == [
            "Final ranking:",
            "  1. Ana   3 right, 1 wrong · 7.7 s",
            "  2. Bo    0 right, 3 wrong · 11.5 s · out after pair 3",
        ])
    }

    // MARK: Rooms and seats

    @Test func joiningSaysWhereYouAreAndTheResumeCodeOnce() {
        let batch: [ServerMessage] = [
            .joined(room: "main"), .token(code: "39YEMUXC", graceSeconds: 60),
            .info("Your resume code is 39YEMUXC. If your connection drops, connect again within 60 s and type RESUME 39YEMUXC."),
            .room(RoomInfo(name: "main", state: .lobby, members: 2, host: "Ana", autoStart: 0)), .members(total: 2, names: ["Ana", "Bo"]),
            .you(.lobby), .info("The host (Ana) starts the game."),
        ]
        #expect(HumanText.lines(batch) == [
            "You are in room main.",
            "If your connection drops, connect again within 60 s and type RESUME 39YEMUXC.",
            "Room main has 2 players: Ana and Bo. Ana is the host.",
            "The host (Ana) starts the game.",
        ])
    }

    @Test func statusSaysTheRoomAndYourState() {
        let room = RoomInfo(name: "main", state: .playing, members: 14, host: "Ana", autoStart: 0)
        let names = ["Ana", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hana", "Iker", "Jo", "Kai", "Lu"]
        #expect(HumanText.lines([.room(room), .members(total: 14, names: names), .you(.out)]) == [
            "Room main has 14 players: Ana, Bo, Cy, Di, Ed, Flo, Gus, Hana, Iker, Jo, Kai, Lu and 2 more. Ana is the host. A game is on.",
            "You are out of this game (too many wrong answers); you watch until it ends.",
        ])
        // A room update says its news in its NOTICE; the counts are for programs.
        #expect(HumanText.lines([.room(room), .members(total: 14, names: names), .notice(.joined, "Lu joined.")]) == ["Lu joined."])
    }

    @Test func aHostedRoomsCodeIsWrittenInCapitals() {
        let room = RoomInfo(name: "k7px", state: .lobby, members: 1, host: "Ms Li", autoStart: 0)
        #expect(HumanText.lines([.joined(room: "k7px"), .room(room), .members(total: 1, names: ["Ana"]), .you(.lobby), .info("Wait.")]) == [
            "You are in room K7PX.", "Room K7PX has 1 player: Ana. Ms Li is the host.", "Wait.",
        ])
        #expect(HumanText.lines([.hosted(room: "k7px", key: "ABCDEFGHJKMN")])
                == ["You host room K7PX.", "Your key is ABCDEFGHJKMN: HOST K7PX ABCDEFGHJKMN takes the room back."])
        // A room made with JOIN lists its host first: its name stays as typed.
        let open = RoomInfo(name: "class7", state: .lobby, members: 1, host: "Ana", autoStart: 0)
        #expect(HumanText.lines([.room(open), .members(total: 1, names: ["Ana"]), .you(.lobby)]).first
                == "Room class7 has 1 player: Ana. Ana is the host.")
    }

    @Test func theNameReplySaysWhatToTypeNext() {
        #expect(HumanText.lines([.nameSet("Ana")]) == ["Hello, Ana! Now type JOIN to play (or JOIN and a room's name)."])
        #expect(HumanText.lines([.nameSet("Ana")], context: .init(openRooms: false))
                == ["Hello, Ana! Now type JOIN and the room code your teacher shows."])
    }

    @Test func helpWrapsTo80ColumnsUnderItsDescriptions() {
        let long = "NAME <nickname>        your name, 1 to 16 characters (8 Chinese, Japanese or Korean), unique in the room (also NICK)"
        let lines = HumanText.lines([
            .help(long), .help("Commands are case-insensitive. Answer each pair before its time is up: no answer in time counts as wrong."),
            .end(.help),
        ])
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines)")
        #expect(lines[1].hasPrefix("  NAME <nickname>        your name,"))
        #expect(lines[2].hasPrefix(String(repeating: " ", count: 25)) && !lines[2].hasPrefix(String(repeating: " ", count: 26)),
                "hangs under the description")
        #expect(lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
                == (["Commands (type one, then Enter; any case):", long,
                     "Commands are case-insensitive. Answer each pair before its time is up: no answer in time counts as wrong."])
                    .joined(separator: " ").split(separator: " ").joined(separator: " "), "no word lost")
    }

    @Test func blocksHaveAHeading() {
        #expect(HumanText.lines([.help("HELP or ?   this list"), .help("QUIT   close"), .end(.help)])
                == ["Commands (type one, then Enter; any case):", "  HELP or ?   this list", "  QUIT   close"])
        #expect(HumanText.lines([.roster("Ana"), .roster("Bo"), .end(.roster)]) == ["Players in the room (2):", "  Ana, Bo"])
        #expect(HumanText.lines([.end(.roster)]) == ["Nobody plays in the room yet."])
        #expect(HumanText.lines([.waiting(count: 2, names: ["Ana", "Bo"])]) == ["Still to answer (2): Ana and Bo."])
        #expect(HumanText.lines([.waiting(count: 870, names: [])]) == ["Still to answer: 870 players."])
    }

    @Test func errorsAreMarkedAsAProblem() {
        #expect(HumanText.lines([.error(ProtocolError(.notHost, "Only the host (Ana) starts games."))])
                == ["Sorry: Only the host (Ana) starts games."])
    }

    // MARK: Text

    /// Words and names keep their text; only control characters are escaped, as on the wire.
    @Test func controlCharactersAreEscapedAndNothingElse() {
        let round = ServerMessage.round(RoundInfo(number: 1, pairs: 2, english: "say \"hi\"", spanish: "tab\there\u{1B}[2J\u{85}",
                                                  milliseconds: 5_000))
        #expect(HumanText.lines([round]) == ["Pair 1 of 2: say \"hi\" = tab\\u{9}here\\u{1B}[2J\\u{85} ?   (you watch this one) · 5 s"])
        #expect(HumanText.lines([.notice(.joined, "Ñandú \\o/ joined.")]) == ["Ñandú \\o/ joined."])
    }

    @Test func timesPlacesAndCounts() {
        #expect(HumanFormat.seconds(5_000) == "5 s")
        #expect(HumanFormat.seconds(2_998) == "2.9 s")
        #expect(HumanFormat.seconds(Int64(1_000), tenths: true) == "1.0 s")
        #expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(HumanFormat.ordinal)
                == ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th"])
        #expect(HumanFormat.list(["Ana"]) == "Ana")
        #expect(HumanFormat.list(["Ana", "Bo", "Cy"], more: 12) == "Ana, Bo, Cy and 12 more")
    }

    /// What a player reads in a game with short names and words fits in 80 columns.
    @Test func aGamesLinesFitInEightyColumns() {
        let batches: [[ServerMessage]] = [
            [.nameSet("Ana")],
            [.joined(room: "main"), .token(code: "39YEMUXC", graceSeconds: 60), .info("x")],
            [.game(GameInfo(pairs: 15, roundMilliseconds: 5_000, maxIncorrect: 3, players: 30)), .you(.playing)],
            [.starting(milliseconds: 10_000)],
            [.answerTaken(round: 12, .correct)],
            [.reveal(Reveal(number: 12, english: "window", spanish: "médico", truth: .wrong, translation: "ventana")),
             .result(RoundResult(number: 12, verdict: .wrong, correct: 10, wrong: 2, rank: 12, ranked: 30))],
            [.tally(Tally(number: 12, right: 20, wrong: 7, timeout: 3))],
            [.gameOver(GameOver(rank: 12, ranked: 30, correct: 12, wrong: 3, milliseconds: 41_234))],
            [.you(.out)], [.you(.watching)],
        ]
        for batch in batches {
            for line in HumanText.lines(batch, context: .init(answering: true, endsTurn: true)) {
                #expect(line.count <= 80, "\(line.count) columns: \(line)")
            }
        }
        let round = RoundInfo(number: 12, pairs: 15, english: "window", spanish: "médico", milliseconds: 5_000)
        #expect(HumanText.lines([.round(round)], context: .init(answering: true)).allSatisfy { $0.count <= 80 })
    }
}
