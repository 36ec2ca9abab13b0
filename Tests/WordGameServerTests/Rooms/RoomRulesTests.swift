import Testing
import WordGame
import WordGameProtocol
@testable import WordGameServer

/// `RULES`: the host of a room sets its rules between games, everyone in it hears them, and a
/// game is played by them. Through the pure hub, with a made-up clock.
@Suite struct RoomRulesTests {
    static let animals = try! WordList(entries: [WordEntry(english: "dog", spanish: "perro"), WordEntry(english: "cat", spanish: "gato"),
                                                 WordEntry(english: "cow", spanish: "vaca")])

    func world(rules: Rules = .original) -> HubWorld {
        HubWorld(settings: GameSettings(words: TestServer.defaultWords, wordLists: ["animals": Self.animals], rules: rules, seed: 1,
                                        startDelayMilliseconds: 0))
    }

    @Test func aNewRoomHasTheServersRulesAndAnyoneInItMayAskForThemAndTheLists() {
        let world = world()
        let ana = world.player("Ana")
        let bo = world.player("Bo")
        world.type("RULES", from: bo)
        world.expect(bo, [
            "WORDLIST \"default\" \(TestServer.defaultWords.entries.count)",
            "WORDLIST \"animals\" 3",
            "END WORDLIST",
            "LANGUAGES \"English\" \"Spanish\"",
            "RULES 15 5000 3 \"default\"",
        ])
        world.type("rules", from: ana)
        #expect(ana.unread.last == "RULES 15 5000 3 \"default\"")
    }

    @Test func theHostChangesSeveralRulesInOneLineAndEveryoneInTheRoomHears() throws {
        let world = world()
        let ana = world.player("Ana")
        let bo = world.player("Bo")
        world.advance(by: 300)
        _ = world.take(ana); _ = world.take(bo)
        world.type("RULES pairs 10 SECONDS 8.5 out never LIST Animals", from: ana)
        world.expect(ana, ["OK RULES", "LANGUAGES \"English\" \"Spanish\"", "RULES 10 8500 0 \"animals\""])
        world.expect(bo, ["LANGUAGES \"English\" \"Spanish\"", "RULES 10 8500 0 \"animals\""])
        // One setting at a time leaves the others as they are.
        world.type("RULES OUT 2", from: ana)
        world.expect(ana, ["OK RULES", "LANGUAGES \"English\" \"Spanish\"", "RULES 10 8500 2 \"animals\""])
        world.expect(bo, ["LANGUAGES \"English\" \"Spanish\"", "RULES 10 8500 2 \"animals\""])
        // Whoever arrives later is told on arrival.
        let dee = world.connect()
        world.type("NAME Dee", from: dee)
        world.type("JOIN", from: dee)
        #expect(dee.unread.contains("RULES 10 8500 2 \"animals\""))
    }

    @Test func theGameIsPlayedByTheRoomsRulesAndItsList() throws {
        let world = world()
        let ana = world.player("Ana")
        world.type("RULES PAIRS 4 SECONDS 1.5 OUT NEVER LIST animals", from: ana)
        _ = world.take(ana)
        world.type("START", from: ana)
        let lines = world.take(ana)
        #expect(lines.contains("GAME 4 1500 0 1"))
        let round = try #require(world.lastRound(of: ana))
        #expect(round.milliseconds == 1_500)
        #expect(["dog", "cat", "cow"].contains(round.english))
        // Everyone plays every pair: four timeouts, and Ana (out after the third under the server's rules) plays all four.
        for _ in 1...4 {
            world.deliverTracked()
            world.advance(by: 1_600)
        }
        let end = world.take(ana)
        #expect(!end.contains("YOU OUT"))
        #expect(end.contains { $0.hasPrefix("GAMEOVER 1 1 0 4 ") })
        let record = try #require(world.games.last)
        #expect(record.wordList == "animals")
        #expect(record.rules == Rules(roundMilliseconds: 1_500, maxIncorrect: Rules.neverOut, pairCount: 4))
        // Another room keeps the server's rules.
        let bo = world.player("Bo", room: "other")
        world.type("RULES", from: bo)
        #expect(bo.unread.last == "RULES 15 5000 3 \"default\"")
    }

    @Test func onlyTheHostSetsTheRules() {
        let world = world()
        _ = world.player("Ana")
        let bo = world.player("Bo")
        world.type("RULES PAIRS 5", from: bo)
        world.expect(bo, ["ERROR not-host \"Only the host (Ana) sets the rules. Type RULES to see them.\""])
        let outside = world.connect()
        _ = world.take(outside)
        world.type("RULES", from: outside)
        #expect(outside.unread.first?.hasPrefix("ERROR not-in-room ") == true)
    }

    @Test func notDuringAGameNorItsCountdownAndTheOldRulesStay() {
        let world = HubWorld(settings: GameSettings(words: TestServer.defaultWords, rules: .original, seed: 1))
        let ana = world.player("Ana")
        _ = world.player("Bo")
        world.type("START", from: ana)  // the start delay: a countdown
        _ = world.take(ana)
        world.type("RULES PAIRS 5", from: ana)
        world.expect(ana, ["ERROR game-on \"A game is about to start: STOP calls it off, then type RULES again.\""])
        world.advance(by: 5_000)
        _ = world.take(ana)
        world.type("RULES PAIRS 5", from: ana)
        world.expect(ana, ["ERROR game-on \"The rules change between games: wait for this game to end (or STOP it), "
            + "then type RULES again.\""])
        world.type("STOP", from: ana)
        _ = world.take(ana)
        world.type("RULES", from: ana)
        #expect(ana.unread.last == "RULES 15 5000 3 \"default\"")
    }

    @Test(arguments: [
        ("RULES PAIRS 0", "bad-rules"), ("RULES PAIRS 101", "bad-rules"), ("RULES SECONDS 0.9", "bad-rules"),
        ("RULES SECONDS 60.1", "bad-rules"), ("RULES OUT 0", ""), ("RULES OUT 101", "bad-rules"), ("RULES LIST fish", "bad-rules"),
        ("RULES PAIRS 10 LIST fish", "bad-rules"), ("RULES PAIRS", "bad-argument"), ("RULES PAIRS ten", "bad-argument"),
        ("RULES SECONDS 2.55", "bad-argument"), ("RULES SECONDS 08", "bad-argument"), ("RULES PAIRS 5 PAIRS 6", "bad-argument"),
        ("RULES COLOR red", "bad-argument"), ("RULES LIST ../etc/passwd", "bad-argument"), ("RULES PAIRS 9999999999", "bad-argument"),
        ("RULES OUT sometimes", "bad-argument"),
    ])
    func badValuesAreRefusedWithACodeAndChangeNothing(line: String, code: String) {
        let world = world()
        let ana = world.player("Ana")
        let bo = world.player("Bo")
        world.advance(by: 300)
        _ = world.take(ana); _ = world.take(bo)
        world.type(line, from: ana)
        let reply = world.take(ana)
        if code.isEmpty {
            // OUT 0 is how the RULES line writes never: a program may send back what it read.
            #expect(reply == ["OK RULES", "LANGUAGES \"English\" \"Spanish\"", "RULES 15 5000 0 \"default\""])
            return
        }
        #expect(reply.count == 1 && reply[0].hasPrefix("ERROR \(code) "), "\(reply)")
        #expect(bo.unread.isEmpty)
        world.type("RULES", from: ana)
        #expect(ana.unread.last == "RULES 15 5000 3 \"default\"")
    }

    @Test func theRangesAreTheDocumentedEnds() {
        let world = world()
        let ana = world.player("Ana")
        for (line, told) in [("RULES PAIRS 1 SECONDS 1 OUT 1", "RULES 1 1000 1 \"default\""),
                             ("RULES PAIRS 100 SECONDS 60 OUT 100", "RULES 100 60000 100 \"default\""),
                             ("RULES SECONDS 2.5", "RULES 100 2500 100 \"default\"")] {
            world.type(line, from: ana)
            world.expect(ana, ["OK RULES", "LANGUAGES \"English\" \"Spanish\"", told])
        }
    }

    @Test func observersHearTheRulesOnArrivalAndWhenTheyChange() throws {
        let world = world()
        let host = world.connect()
        world.type("HOST", from: host)
        let hosted = host.unread.compactMap { line -> String? in
            if case .hosted(let room, _)? = try? ServerMessage(line: line) { room } else { nil }
        }.first
        let room = try #require(hosted)
        #expect(host.unread.contains("RULES 15 5000 3 \"default\""))
        let viewer = world.connect()
        world.type("WATCH \(room)", from: viewer)
        #expect(viewer.unread.contains("RULES 15 5000 3 \"default\""))
        _ = world.take(host); _ = world.take(viewer)
        world.type("RULES OUT NEVER", from: host)
        world.expect(host, ["OK RULES", "LANGUAGES \"English\" \"Spanish\"", "RULES 15 5000 0 \"default\""])
        world.expect(viewer, ["LANGUAGES \"English\" \"Spanish\"", "RULES 15 5000 0 \"default\""])
    }

    @Test func aPersonAtNcReadsTheRulesInASentence() {
        let world = world()
        let ana = world.player("Ana", mode: .human)
        let bo = world.player("Bo", mode: .human)
        world.advance(by: 300)
        _ = world.take(ana); _ = world.take(bo)
        world.type("RULES PAIRS 10 SECONDS 8 OUT NEVER LIST animals", from: ana)
        world.expect(ana, ["You changed the rules; everyone in the room is told.",
                           "Each pair: a word in English and one in Spanish. Is the Spanish word the right translation?",
                           "Rules: 10 pairs, 8 s a pair, everyone plays every pair, list animals."])
        world.expect(bo, ["Each pair: a word in English and one in Spanish. Is the Spanish word the right translation?",
                          "Rules: 10 pairs, 8 s a pair, everyone plays every pair, list animals."])
        world.type("RULES", from: bo)
        world.expect(bo, [
            "Word lists (the host picks one with RULES):",
            "  default  \(TestServer.defaultWords.entries.count) words",
            "  animals  3 words",
            "Each pair: a word in English and one in Spanish. Is the Spanish word the right translation?",
            "Rules: 10 pairs, 8 s a pair, everyone plays every pair, list animals.",
        ])
        world.type("START", from: ana)
        #expect(ana.unread.contains("The game: 10 pairs, 8 s each, 2 players; everyone plays every pair."))
    }
}
