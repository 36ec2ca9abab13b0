import Testing
import WordGame
import WordGameProtocol

@Suite struct CommandTests {
    static let accepted: [(String, ClientCommand)] = [
        ("help", .help), ("?", .help), ("HeLp", .help),
        ("NAME Ana", .name("Ana")), ("name   Ana María  ", .name("Ana María")), ("NAME \"Bo Li\"", .name("Bo Li")),
        ("NAME say \"hi\"", .name("say \"hi\"")), ("nick Zoe", .name("Zoe")), ("NAME", .name("")),
        ("JOIN", .join(room: nil)), ("join class7", .join(room: "class7")),
        ("START", .start), ("again", .start), ("r", .start),
        ("START MISSED", .startMissed), ("again missed", .startMissed), ("R  Missed ", .startMissed),
        ("PRACTICE default", .practice(list: "default", english: [])), ("practice Animals", .practice(list: "animals", english: [])),
        ("PRACTICE default dog \"ice cream\" \"say \\\"hi\\\"\"", .practice(list: "default", english: ["dog", "ice cream", "say \"hi\""])),
        ("PRACTICE \"default\" \"la casa\"", .practice(list: "default", english: ["la casa"])),
        ("y", .answer(round: nil, .correct)), ("YES", .answer(round: nil, .correct)), ("c", .answer(round: nil, .correct)),
        ("correct", .answer(round: nil, .correct)),
        ("n", .answer(round: nil, .wrong)), ("No", .answer(round: nil, .wrong)), ("w", .answer(round: nil, .wrong)),
        ("ANSWER CORRECT", .answer(round: nil, .correct)), ("answer 3 wrong", .answer(round: 3, .wrong)),
        ("ANSWER 12 y", .answer(round: 12, .correct)), ("  y  ", .answer(round: nil, .correct)),
        // 0 is a number that never names an open round: the room answers wrong-round, not bad-argument.
        ("ANSWER 0 y", .answer(round: 0, .correct)), ("a 999999999 n", .answer(round: 999_999_999, .wrong)),
        ("STATUS", .status), ("LEAVE", .leave), ("ping", .ping), ("QUIT", .quit), ("q", .quit), ("exit", .quit),
        ("MODE MACHINE", .mode(.machine)), ("mode human", .mode(.human)), ("Mode  Machine ", .mode(.machine)),
        // Arrow keys typed into nc, then Enter: → says correct, ← wrong, in both cursor-key spellings.
        ("\u{1B}[C", .answer(round: nil, .correct)), ("\u{1B}OC", .answer(round: nil, .correct)),
        ("\u{1B}[D", .answer(round: nil, .wrong)), ("\u{1B}OD", .answer(round: nil, .wrong)), (" \u{1B}[D ", .answer(round: nil, .wrong)),
    ]

    @Test(arguments: accepted)
    func parses(line: String, command: ClientCommand) throws {
        #expect(try ClientCommand.parse(line).get() == command)
    }

    @Test(arguments: accepted.map(\.1))
    func aCommandsOwnLineParsesBackToIt(command: ClientCommand) throws {
        #expect(try ClientCommand.parse(command.line).get() == command)
    }

    @Test(arguments: [
        ("FROB", ProtocolError.Code.unknownCommand), ("y please", .badArgument), ("ANSWER", .badArgument),
        ("ANSWER maybe", .badArgument), ("ANSWER +1 y", .badArgument), ("ANSWER 01 y", .badArgument),
        ("ANSWER -1 y", .badArgument), ("ANSWER 1234567890 y", .badArgument), ("ANSWER ١ y", .badArgument), ("ANSWER 2 3 y", .badArgument),
        ("QUIT now", .badArgument), ("START now", .badArgument), ("START MISSED twice", .badArgument), ("PRACTICE", .badArgument),
        ("PRACTICE ../x", .badArgument), ("PRACTICE default \"open", .badArgument), ("PRACTICE default a\"b", .badArgument),
        ("PRACTICE \(String(repeating: "a", count: 25))", .badArgument),
    ])
    func refuses(line: String, code: ProtocolError.Code) {
        guard case .failure(let error) = ClientCommand.parse(line) else { Issue.record("accepted \(line)"); return }
        #expect(error.code == code)
        #expect(error.text.contains("Type"), "an error says what to type instead: \(error.text)")
    }

    /// A combining accent right after a space makes one Character with it in
    /// Swift; the command word and the arguments are split on the space scalar
    /// all the same, so the command is still the command and the accent lands
    /// in its argument (where NAME refuses it as bad-name).
    @Test(arguments: [
        ("NAME \u{301}x", ClientCommand.name("\u{301}x")), ("JOIN \u{301}", .join(room: "\u{301}")),
        ("RESUME \u{301}", .resume(code: "\u{301}")), ("KICK \u{301}Bo", .kick("\u{301}Bo")),
        ("WATCH \u{300}a", .watch(room: "\u{300}a")), ("HOST k7px \u{301}", .host(reclaim: .init(room: "k7px", key: "\u{301}"))),
    ])
    func anAccentAfterTheSpaceStaysInTheArgument(line: String, command: ClientCommand) throws {
        #expect(try ClientCommand.parse(line).get() == command)
    }

    /// A program that copies the server's strings back (`TOKEN "K7PXABCD" 60`, `OK JOIN "k7px"`) is understood.
    @Test(arguments: [
        ("RESUME \"K7PXABCD\"", ClientCommand.resume(code: "K7PXABCD")), ("JOIN \"k7px\"", .join(room: "k7px")),
        ("WATCH \"k7px\"", .watch(room: "k7px")), ("HOST \"k7px\" \"secret\"", .host(reclaim: .init(room: "k7px", key: "secret"))),
        ("HOST k7px \"secret\"", .host(reclaim: .init(room: "k7px", key: "secret"))),
    ])
    func theServersQuotedStringsReadAsBareWords(line: String, command: ClientCommand) throws {
        #expect(try ClientCommand.parse(line).get() == command)
    }

    @Test(arguments: ["PING \u{301}", "QUIT \u{301}", "y \u{301}", "RESUME ABCD \u{301}", "ANSWER 2 \u{301}y", "MODE \u{301}"])
    func anAccentAfterTheSpaceIsAnArgumentNotPartOfTheWord(line: String) {
        guard case .failure(let error) = ClientCommand.parse(line) else { Issue.record("accepted \(line.debugDescription)"); return }
        #expect(error.code == .badArgument, "\(line.debugDescription): \(error.text)")
    }

    /// ↑, ↓ and other keys (or arrows mixed with typing) are no command. The
    /// reply says which keys answer, and never echoes the escape back.
    @Test(arguments: ["\u{1B}[A", "\u{1B}[B", "\u{1B}OA", "\u{1B}[H", "\u{1B}[15~", "\u{1B}", "y\u{1B}[C", "\u{1B}[C\u{1B}[C", "\u{1B}[Cy"])
    func otherKeysSayWhichKeysAnswer(line: String) {
        guard case .failure(let error) = ClientCommand.parse(line) else { Issue.record("accepted \(line.debugDescription)"); return }
        #expect(error.code == .unknownCommand)
        #expect(error.text.contains("→") && error.text.contains("←") && error.text.contains("Type"))
        #expect(!error.text.unicodeScalars.contains("\u{1B}"))
    }

    @Test(arguments: ["MODE", "MODE fancy", "MODE MACHINE HUMAN", "MODE MACHINES"])
    func aBadModeNamesBothChoices(line: String) {
        guard case .failure(let error) = ClientCommand.parse(line) else { Issue.record("accepted \(line)"); return }
        #expect(error.code == .badArgument)
        #expect(error.text.contains("MODE HUMAN") && error.text.contains("MODE MACHINE"))
    }

    @Test func nicknames() throws {
        #expect(try Names.nickname("  Ana María ").get() == "Ana María")
        #expect(try Names.nickname("Bo \"B\" O'Neil").get() == "Bo \"B\" O'Neil")
        #expect(try Names.nickname(String(repeating: "ñ", count: 16)).get().count == 16)
        for bad in ["", "   ", String(repeating: "x", count: 17), "a\u{1B}[31m", "tab\there", "bell\u{07}", "rtl\u{202E}x", "del\u{7F}",
                    "c1\u{85}"] {
            guard case .failure(let error) = Names.nickname(bad) else { Issue.record("accepted \(bad.debugDescription)"); continue }
            #expect(error.code == .badName)
        }
        #expect(Names.nicknameKey("ANA") == Names.nicknameKey("ana"))
    }

    @Test func roomNames() throws {
        #expect(try Names.room("Class-7B").get() == "class-7b")
        for bad in ["", "a b", "ñandú", String(repeating: "r", count: 25), "x\"y"] {
            #expect((try? Names.room(bad).get()) == nil, "accepted \(bad)")
        }
    }
}
