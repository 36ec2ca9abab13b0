import Foundation
import Testing
import WordGame
import WordGameProtocol

/// Human mode against the real server on 127.0.0.1: raw sockets that never
/// send MODE MACHINE, as a person at `nc` does, and the exact sentences they
/// read. Then switching modes, the greeting's width, and arrow keys.
@Suite struct HumanModeTests {
    /// A person at nc: connected, greeted, nothing sent yet.
    func person(_ server: TestServer, _ label: String) throws -> TestClient {
        let client = try TestClient(port: server.port, label: label)
        try client.expectLine("WORDGAME 2 \"Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana\"")
        return client
    }

    /// Reads `expected`, line by line. `{code}` stands for a resume code, `{s}`
    /// for an answer time ("2.3 s"), `{ms}` for one in milliseconds: they change from run to run.
    func expect(_ client: TestClient, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        for pattern in expected {
            let line = try client.nextLine() ?? "(the end of the stream)"
            var regex = NSRegularExpression.escapedPattern(for: pattern)
            regex = regex.replacingOccurrences(of: "\\{code\\}", with: "[A-Z0-9]{8}")
            regex = regex.replacingOccurrences(of: "\\{s\\}", with: "[0-9]+\\.[0-9] s")
            regex = regex.replacingOccurrences(of: "\\{ms\\}", with: "[0-9]+")
            #expect(line.range(of: "^" + regex + "$", options: .regularExpression) != nil, "\(client.label): \(line)\n  expected: \(pattern)",
                    sourceLocation: sourceLocation)
        }
    }

    /// Time enough after a pair arrives that a bare key is not taken for the previous pair's (Protocol.md §7).
    func think() { Thread.sleep(forTimeInterval: 0.3) }

    @Test func aPersonPlaysAGameAloneInSentences() throws {
        let server = try TestServer(rules: Rules(roundMilliseconds: 1_000, pairCount: 4))
        let ana = try person(server, "Ana")
        ana.send("NAME Ana")
        try expect(ana, ["Hello, Ana! Now type JOIN to play (or JOIN and a room's name)."])
        ana.send("JOIN")
        try expect(ana, [
            "You are in room main.",
            "If your connection drops, connect again within 60 s and type RESUME {code}.",
            "Room main has 1 player: Ana. Ana is the host.",
            "You are the host. Type START when everyone is in. Others join with JOIN main.",
        ])
        ana.send("START")
        try expect(ana, [
            "The game: 4 pairs, 1 s each, 1 player; out after 3 wrong answers.",
            "The host started the game.",
            "Pair 1 of 4: breakfast = desayuno ?   y (or →) if right, n (or ←) if wrong · 1 s",
        ])
        think()
        ana.send("y")
        try expect(ana, ["You said pair 1 is right.", "✓ Pair 1: you were right, breakfast = desayuno.", "Your score: 1 right, 0 wrong."])
        try expect(ana, ["Pair 2 of 4: library = azúcar ?   y (or →) if right, n (or ←) if wrong · 1 s"])
        think()
        ana.send("n")
        try expect(ana, ["You said pair 2 is wrong.", "✓ Pair 2: you were right, library ≠ azúcar (library = biblioteca).", "Your score: 2 right, 0 wrong."])
        try expect(ana, ["Pair 3 of 4: garden = jardín ?   y (or →) if right, n (or ←) if wrong · 1 s"])
        think()
        ana.sendRaw([0x1B, 0x5B, 0x44, 0x0A])  // ← then Enter, as a terminal sends it
        try expect(ana, ["You said pair 3 is wrong.", "✗ Pair 3: you were wrong, garden = jardín.", "Your score: 2 right, 1 wrong."])
        try expect(ana, ["Pair 4 of 4: school = café ?   y (or →) if right, n (or ←) if wrong · 1 s"])
        // No answer: the pair times out.
        try expect(ana, [
            "✗ Pair 4: time ran out, school ≠ café (school = escuela).",
            "Your score: 2 right, 2 wrong.",
            "Game over! You got 2 right, 2 wrong (total {s}).",
            "Type AGAIN to play again, or QUIT.",
        ])
        ana.send("quit")
        try expect(ana, ["Goodbye! Thanks for playing."])
        try ana.waitForClose()
    }

    @Test func twoPeopleInARoomReadWhoseAnswerAndWhichPair() throws {
        let server = try TestServer(rules: Rules(roundMilliseconds: 1_000, pairCount: 3))
        let ana = try person(server, "Ana")
        ana.send("NAME Ana")
        ana.send("JOIN duo")
        try expect(ana, [
            "Hello, Ana! Now type JOIN to play (or JOIN and a room's name).",
            "You are in room duo.",
            "If your connection drops, connect again within 60 s and type RESUME {code}.",
            "Room duo has 1 player: Ana. Ana is the host.",
            "You are the host. Type START when everyone is in. Others join with JOIN duo.",
        ])
        Thread.sleep(forTimeInterval: 0.3)  // Bo's arrival is then a room update of its own, not gathered with Ana's
        let bo = try person(server, "Bo")
        bo.send("NAME Bo")
        bo.send("JOIN duo")
        try expect(bo, [
            "Hello, Bo! Now type JOIN to play (or JOIN and a room's name).",
            "You are in room duo.",
            "If your connection drops, connect again within 60 s and type RESUME {code}.",
            "Room duo has 2 players: Ana and Bo. Ana is the host.",
            "The host (Ana) starts the game with START.",
        ])
        try expect(ana, ["Bo joined."])
        ana.send("START")
        for person in [ana, bo] {
            try expect(person, [
                "The game: 3 pairs, 1 s each, 2 players; out after 3 wrong answers.",
                "The host started the game.",
                "Pair 1 of 3: to finish = viento ?   y (or →) if right, n (or ←) if wrong · 1 s",
            ])
        }
        think()
        ana.send("y")
        try expect(ana, ["You said pair 1 is right. Wait for the others…"])
        bo.send("n")
        try expect(bo, ["You said pair 1 is wrong.", "✓ Pair 1: you were right, to finish ≠ viento (to finish = terminar).",
                        "Your score: 1 right, 0 wrong, rank 1 of 2."])
        try expect(ana, ["✗ Pair 1: you were wrong, to finish ≠ viento (to finish = terminar).", "Your score: 0 right, 1 wrong, rank 2 of 2."])
        for person in [ana, bo] {
            try expect(person, [
                "Everyone on pair 1: 1 right, 1 wrong.",
                "Leaderboard:",
                "  1. Bo    1 right, 0 wrong · {s}",
                "  2. Ana   0 right, 1 wrong · {s}",
                "Pair 2 of 3: face = cara ?   y (or →) if right, n (or ←) if wrong · 1 s",
            ])
        }
        think()
        bo.sendRaw([0x1B, 0x4F, 0x43, 0x0A])  // →, as a terminal in application-cursor mode sends it
        try expect(bo, ["You said pair 2 is right. Wait for the others…"])
        ana.send("n")
        try expect(ana, ["You said pair 2 is wrong.", "✗ Pair 2: you were wrong, face = cara.", "Your score: 0 right, 2 wrong, rank 2 of 2."])
        try expect(bo, ["✓ Pair 2: you were right, face = cara.", "Your score: 2 right, 0 wrong, rank 1 of 2."])
        for person in [ana, bo] {
            try expect(person, [
                "Everyone on pair 2: 1 right, 1 wrong.",
                "Leaderboard:",
                "  1. Bo    2 right, 0 wrong · {s}",
                "  2. Ana   0 right, 2 wrong · {s}",
                "Pair 3 of 3: happy = cumpleaños ?   y (or →) if right, n (or ←) if wrong · 1 s",
            ])
        }
        think()
        ana.send("y")
        try expect(ana, ["You said pair 3 is right. Wait for the others…"])
        // Bo lets the pair time out; Ana's third wrong answer puts her out as the game ends.
        try expect(ana, ["✗ Pair 3: you were wrong, happy ≠ cumpleaños (happy = feliz).", "Your score: 0 right, 3 wrong, rank 2 of 2."])
        try expect(bo, ["✗ Pair 3: time ran out, happy ≠ cumpleaños (happy = feliz).", "Your score: 2 right, 1 wrong, rank 1 of 2."])
        for person in [ana, bo] {
            try expect(person, [
                "Everyone on pair 3: 0 right, 1 wrong, 1 out of time.",
                "Leaderboard:",
                "  1. Bo    2 right, 1 wrong · {s}",
                "  2. Ana   0 right, 3 wrong · {s}",
            ])
        }
        try expect(ana, [
            "You are out of this game (too many wrong answers); you watch until it ends.",
            "Game over! You finished 2nd of 2 with 0 right, 3 wrong (total {s}).",
            "Type AGAIN to play again, or QUIT.",
        ])
        try expect(bo, [
            "Game over! You finished 1st of 2 with 2 right, 1 wrong (total {s}).",
            "The host (Ana) starts the next game; QUIT to leave.",
        ])
    }

    @Test func modeSwitchesBothWaysAtAnyTimeAndABadOneKeepsTheConnection() throws {
        let server = try TestServer(rules: Rules(roundMilliseconds: 5_000, pairCount: 2))
        let ana = try person(server, "Ana")
        ana.send("ping")
        try expect(ana, ["Pong: the server is there."])
        ana.send("mode fancy")
        try expect(ana, ["Sorry: Type MODE HUMAN for sentences (the default) or MODE MACHINE for the lines of Protocol.md, for programs."])
        ana.send("MODE MACHINE")
        try expect(ana, ["OK MODE MACHINE"])
        ana.send("mode fancy")
        try expect(ana, ["ERROR bad-argument \"Type MODE HUMAN for sentences (the default) or MODE MACHINE for the lines of Protocol.md, for programs.\""])
        ana.send("PING")
        try expect(ana, ["PONG"])
        ana.send("MODE MACHINE")  // again: the same reply
        try expect(ana, ["OK MODE MACHINE"])
        ana.send("Mode Human")
        try expect(ana, ["You get sentences now (human mode). HELP lists the commands."])
        // In a game, between a pair and its answer.
        ana.send("NAME Ana")
        ana.send("JOIN")
        ana.send("START")
        try expect(ana, [
            "Hello, Ana! Now type JOIN to play (or JOIN and a room's name).", "You are in room main.",
            "If your connection drops, connect again within 60 s and type RESUME {code}.",
            "Room main has 1 player: Ana. Ana is the host.", "You are the host. Type START when everyone is in. Others join with JOIN main.",
            "The game: 2 pairs, 5 s each, 1 player; out after 3 wrong answers.",
            "The host started the game.",
            "Pair 1 of 2: breakfast = desayuno ?   y (or →) if right, n (or ←) if wrong · 5 s",
        ])
        ana.send("MODE MACHINE")
        try expect(ana, ["OK MODE MACHINE"])
        ana.send("y")
        try expect(ana, [
            "OK ANSWER 1 CORRECT",
            "REVEAL 1 \"breakfast\" \"desayuno\" CORRECT \"desayuno\"",
            "RESULT 1 RIGHT 1 0 1 1",
            "TALLY 1 1 0 0",
        ])
        ana.send("MODE HUMAN")
        try expect(ana, ["TOP 1 \"Ana\" 1 0 {ms}", "END TOP", "ROUND 2 2 \"library\" \"azúcar\" 5000",
                         "You get sentences now (human mode). HELP lists the commands."])
        think()
        ana.send("n")
        try expect(ana, ["You said pair 2 is wrong.", "✓ Pair 2: you were right, library ≠ azúcar (library = biblioteca).",
                         "Your score: 2 right, 0 wrong.", "Game over! You got 2 right, 0 wrong (total {s}).", "Type AGAIN to play again, or QUIT."])
    }

    /// One broadcast, two forms: each member reads it in their own mode.
    @Test func aRoomOfPeopleAndProgramsEachGetTheirOwnLines() throws {
        let server = try TestServer(rules: Rules(roundMilliseconds: 5_000, pairCount: 1))
        let ana = try person(server, "Ana")
        ana.send("NAME Ana")
        ana.send("JOIN")
        try expect(ana, ["Hello, Ana! Now type JOIN to play (or JOIN and a room's name).", "You are in room main.",
                         "If your connection drops, connect again within 60 s and type RESUME {code}.",
                         "Room main has 1 player: Ana. Ana is the host.",
                         "You are the host. Type START when everyone is in. Others join with JOIN main."])
        Thread.sleep(forTimeInterval: 0.3)
        let bot = try server.player("Bot")
        try expect(ana, ["Bot joined."])
        ana.send("START")
        try expect(ana, ["The game: 1 pair, 5 s each, 2 players; out after 3 wrong answers.", "The host started the game.",
                         "Pair 1 of 1: breakfast = desayuno ?   y (or →) if right, n (or ←) if wrong · 5 s"])
        try expect(bot, ["GAME 1 5000 3 2", "YOU PLAYING", "NOTICE started \"The host started the game.\""])
        #expect(try bot.waitForRound() == RoundInfo(number: 1, pairs: 1, english: "breakfast", spanish: "desayuno", milliseconds: 5_000))
        #expect(bot.transcript.last == "ROUND 1 1 \"breakfast\" \"desayuno\" 5000")
    }

    /// The greeting is sent before any command, so a person reads it as it is: 80 columns at most.
    @Test func theGreetingFitsInEightyColumnsInEveryVariant() throws {
        for hostedOnly in [false, true] {
            let server = try TestServer(hostedOnly: hostedOnly)
            let client = try TestClient(port: server.port)
            let greeting = try #require(try client.nextLine())
            #expect(greeting.hasPrefix("WORDGAME 2 \"") && greeting.count <= 80, "\(greeting.count) columns: \(greeting)")
        }
        let server = try TestServer(maxConnections: 1)
        let first = try server.client()
        defer { withExtendedLifetime(first) {} }
        // Turned away before the server reads a line, so before MODE: the same three lines in both modes.
        let refused = try TestClient(port: server.port)
        try expect(refused, ["WORDGAME 2 \"Sorry, the server is full right now. Please try again later.\""])
        #expect(refused.transcript[0].count <= 80)
        try expect(refused, ["ERROR server-full \"The server is full (1 players); try again later.\"", "BYE \"Server full.\""])
        try refused.waitForClose()
    }

    /// → and ← answer like y and n, with their rules (too soon after a pair); other keys say which keys answer.
    @Test func arrowKeysAnswerInMachineModeToo() throws {
        let server = try TestServer(rules: Rules(roundMilliseconds: 5_000, pairCount: 3))
        let ana = try server.player("Ana")
        ana.send("START")
        _ = try ana.waitForRound()
        think()
        ana.sendRaw([0x1B, 0x5B, 0x43, 0x0A])  // ESC [ C: →
        #expect(try ana.waitFor { if case .answerTaken = $0 { true } else { false } } == .answerTaken(round: 1, .correct))
        _ = try ana.waitForRound()
        ana.sendRaw([0x1B, 0x4F, 0x44, 0x0A])  // ESC O D: ←, at once: a key meant for the pair before
        #expect(try ana.waitForError().code == .tooSoon)
        think()
        ana.sendRaw([0x1B, 0x4F, 0x44, 0x0A])
        #expect(try ana.next() == .answerTaken(round: 2, .wrong))
        _ = try ana.waitForRound()
        ana.sendRaw([0x1B, 0x5B, 0x41, 0x0A])  // ESC [ A: ↑
        let line = try #require(try ana.nextLine())
        #expect(line == "ERROR unknown-command \"That was a special key, not a command. Type y or press → if the pair is right, n or ← if it is wrong; HELP lists the commands.\"")
        #expect(!line.utf8.contains(0x1B))
    }
}
