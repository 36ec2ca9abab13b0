import Testing
import WordGame
import WordGameProtocol
@testable import WordGameServer

/// Human mode through the pure hub: the sentences people at `nc` read, alone or together, switching MODE, pressing arrow keys.
@Suite struct HumanTranscriptTests {
    @Test func aPersonPlaysAGameAloneInSentences() throws {
        let world = HubWorld(rules: Rules(roundMilliseconds: 1_000, pairCount: 4))
        let ana = world.connect(mode: .human)
        world.expect(ana, ["WORDGAME 2 \"Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana\""])
        world.type("NAME Ana", from: ana)
        world.expect(ana, ["Hello, Ana! Now type JOIN to play (or JOIN and a room's name)."])
        world.type("JOIN", from: ana)
        world.expect(ana, [
            "You are in room main.",
            "If your connection drops, connect again within 60 s and type RESUME 4CRFJ4ND.",
            "Room main has 1 player: Ana. Ana is the host.",
            "Each pair: a word in English and one in Spanish. Is the Spanish word the right translation?",
            "Rules: 4 pairs, 1 s a pair, out after 3 wrong answers, list default.",
            "You are the host. Type START when everyone is in. Others join with JOIN main.",
        ])
        world.type("START", from: ana)
        world.expect(ana, [
            "The game: 4 pairs, 1 s each, 1 player; out after 3 wrong answers.",
            "The host started the game.",
            "Pair 1 of 4: breakfast = desayuno ?   y (or →) if right, n (or ←) if wrong · 1 s",
        ])
        world.deliverTracked()
        world.advance(by: 300)  // time enough that a bare key is not taken for the previous pair's (Protocol.md §7)
        world.type("y", from: ana)
        world.expect(ana, ["You said pair 1 is right.", "✓ Pair 1: you were right, breakfast = desayuno.", "Your score: 1 right, 0 wrong.",
                           "Pair 2 of 4: library = azúcar ?   y (or →) if right, n (or ←) if wrong · 1 s"])
        world.deliverTracked()
        world.advance(by: 300)
        world.type("n", from: ana)
        world.expect(ana, ["You said pair 2 is wrong.", "✓ Pair 2: you were right, library ≠ azúcar (library = biblioteca).",
                           "Your score: 2 right, 0 wrong.", "Pair 3 of 4: garden = jardín ?   y (or →) if right, n (or ←) if wrong · 1 s"])
        world.deliverTracked()
        world.advance(by: 300)
        world.type("\u{1B}[D", from: ana)  // ←, as a terminal sends it
        world.expect(ana, ["You said pair 3 is wrong.", "✗ Pair 3: you were wrong, garden = jardín.", "Your score: 2 right, 1 wrong.",
                           "Pair 4 of 4: school = café ?   y (or →) if right, n (or ←) if wrong · 1 s"])
        world.deliverTracked()
        // No answer: the pair times out.
        world.advance(by: 1_000)
        world.expect(ana, [
            "✗ Pair 4: time ran out, school ≠ café (school = escuela).",
            "Your score: 2 right, 2 wrong.",
            "Game over! You got 2 right, 2 wrong (total 1.9 s).",
            "Type AGAIN to play again, or QUIT.",
        ])
        world.type("quit", from: ana)
        world.expect(ana, ["Goodbye! Thanks for playing."])
        #expect(ana.closing)
        world.expectNothingUnread()
    }

    @Test func twoPeopleInARoomReadWhoseAnswerAndWhichPair() {
        let world = HubWorld(rules: Rules(roundMilliseconds: 1_000, pairCount: 3))
        let ana = world.connect(mode: .human)
        world.type("NAME Ana", from: ana)
        world.type("JOIN duo", from: ana)
        world.expect(ana, [
            "WORDGAME 2 \"Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana\"",
            "Hello, Ana! Now type JOIN to play (or JOIN and a room's name).",
            "You are in room duo.",
            "If your connection drops, connect again within 60 s and type RESUME 4CRFJ4ND.",
            "Room duo has 1 player: Ana. Ana is the host.",
            "Each pair: a word in English and one in Spanish. Is the Spanish word the right translation?",
            "Rules: 3 pairs, 1 s a pair, out after 3 wrong answers, list default.",
            "You are the host. Type START when everyone is in. Others join with JOIN duo.",
        ])
        world.advance(by: 300)  // Bo's arrival is then a room update of its own, not gathered with Ana's
        let bo = world.connect(mode: .human)
        world.type("NAME Bo", from: bo)
        world.type("JOIN duo", from: bo)
        world.expect(bo, [
            "WORDGAME 2 \"Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana\"",
            "Hello, Bo! Now type JOIN to play (or JOIN and a room's name).",
            "You are in room duo.",
            "If your connection drops, connect again within 60 s and type RESUME E9KPCW86.",
            "Room duo has 2 players: Ana and Bo. Ana is the host.",
            "Each pair: a word in English and one in Spanish. Is the Spanish word the right translation?",
            "Rules: 3 pairs, 1 s a pair, out after 3 wrong answers, list default.",
            "The host (Ana) starts the game.",
        ])
        world.expect(ana, ["Bo joined."])
        world.type("START", from: ana)
        world.expect(ana, [
            "The game: 3 pairs, 1 s each, 2 players; out after 3 wrong answers.",
            "The host started the game.",
            "Pair 1 of 3: to finish = viento ?   y (or →) if right, n (or ←) if wrong · 1 s",
        ])
        world.expect(bo, [
            "The game: 3 pairs, 1 s each, 2 players; out after 3 wrong answers.",
            "The host started the game.",
            "Pair 1 of 3: to finish = viento ?   y (or →) if right, n (or ←) if wrong · 1 s",
        ])
        world.deliverTracked()
        world.advance(by: 300)
        world.type("y", from: ana)
        world.expect(ana, ["You said pair 1 is right. Wait for the others…"])
        world.advance(by: 200)
        world.type("n", from: bo)
        world.expect(bo, [
            "You said pair 1 is wrong.",
            "✓ Pair 1: you were right, to finish ≠ viento (to finish = terminar).",
            "Your score: 1 right, 0 wrong, rank 1 of 2.",
            "Everyone on pair 1: 1 right, 1 wrong.",
            "Top: 1. Bo 1 ✓ 0 ✗ · 2. Ana 0 ✓ 1 ✗",
            "Pair 2 of 3: face = cara ?   y (or →) if right, n (or ←) if wrong · 1 s",
        ])
        world.expect(ana, [
            "✗ Pair 1: you were wrong, to finish ≠ viento (to finish = terminar).",
            "Your score: 0 right, 1 wrong, rank 2 of 2.",
            "Everyone on pair 1: 1 right, 1 wrong.",
            "Top: 1. Bo 1 ✓ 0 ✗ · 2. Ana 0 ✓ 1 ✗",
            "Pair 2 of 3: face = cara ?   y (or →) if right, n (or ←) if wrong · 1 s",
        ])
        world.deliverTracked()
        world.advance(by: 300)
        world.type("\u{1B}OC", from: bo)  // →, as a terminal in application-cursor mode sends it
        world.expect(bo, ["You said pair 2 is right. Wait for the others…"])
        world.advance(by: 400)
        world.type("n", from: ana)
        world.expect(ana, [
            "You said pair 2 is wrong.",
            "✗ Pair 2: you were wrong, face = cara.",
            "Your score: 0 right, 2 wrong, rank 2 of 2.",
            "Everyone on pair 2: 1 right, 1 wrong.",
            "Top: 1. Bo 2 ✓ 0 ✗ · 2. Ana 0 ✓ 2 ✗",
            "Pair 3 of 3: happy = cumpleaños ?   y (or →) if right, n (or ←) if wrong · 1 s",
        ])
        world.expect(bo, [
            "✓ Pair 2: you were right, face = cara.",
            "Your score: 2 right, 0 wrong, rank 1 of 2.",
            "Everyone on pair 2: 1 right, 1 wrong.",
            "Top: 1. Bo 2 ✓ 0 ✗ · 2. Ana 0 ✓ 2 ✗",
            "Pair 3 of 3: happy = cumpleaños ?   y (or →) if right, n (or ←) if wrong · 1 s",
        ])
        world.deliverTracked()
        world.advance(by: 300)
        world.type("y", from: ana)
        world.expect(ana, ["You said pair 3 is right. Wait for the others…"])
        // Bo lets the pair time out; Ana's third wrong answer puts her out as the game ends.
        world.advance(by: 700)
        world.expect(ana, [
            "✗ Pair 3: you were wrong, happy ≠ cumpleaños (happy = feliz).",
            "Your score: 0 right, 3 wrong, rank 2 of 2.",
            "Everyone on pair 3: 0 right, 1 wrong, 1 out of time.",
            "Top: 1. Bo 2 ✓ 1 ✗ · 2. Ana 0 ✓ 3 ✗",
            "You are out of this game (too many wrong answers); you watch until it ends.",
            "Game over! You finished 2nd of 2 with 0 right, 3 wrong (total 1.3 s).",
            "Type AGAIN to play again, or QUIT.",
        ])
        world.expect(bo, [
            "✗ Pair 3: time ran out, happy ≠ cumpleaños (happy = feliz).",
            "Your score: 2 right, 1 wrong, rank 1 of 2.",
            "Everyone on pair 3: 0 right, 1 wrong, 1 out of time.",
            "Top: 1. Bo 2 ✓ 1 ✗ · 2. Ana 0 ✓ 3 ✗",
            "Game over! You finished 1st of 2 with 2 right, 1 wrong (total 1.8 s).",
            "The host (Ana) starts the next game; QUIT to leave.",
        ])
        world.advance(by: 250)
        world.expect(ana, [])
        world.expect(bo, [])
    }

    @Test func modeSwitchesBothWaysAtAnyTimeAndABadOneKeepsTheConnection() {
        let world = HubWorld(rules: Rules(roundMilliseconds: 5_000, pairCount: 2))
        let ana = world.connect(mode: .human)
        world.expect(ana, ["WORDGAME 2 \"Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana\""])
        world.type("ping", from: ana)
        world.expect(ana, ["Pong: the server is there."])
        world.type("mode fancy", from: ana)
        world.expect(ana, ["Sorry: Type MODE HUMAN for sentences (the default) "
                           + "or MODE MACHINE for the lines of Protocol.md, for programs."])
        world.type("MODE MACHINE", from: ana)
        world.expect(ana, ["OK MODE MACHINE"])
        world.type("mode fancy", from: ana)
        world.expect(ana, [
            "ERROR bad-argument \"Type MODE HUMAN for sentences (the default) "
                + "or MODE MACHINE for the lines of Protocol.md, for programs.\"",
        ])
        world.type("PING", from: ana)
        world.expect(ana, ["PONG"])
        world.type("MODE MACHINE", from: ana)  // again: the same reply
        world.expect(ana, ["OK MODE MACHINE"])
        world.type("Mode Human", from: ana)
        world.expect(ana, ["You get sentences now (human mode). HELP lists the commands."])
        // In a game, between a pair and its answer.
        world.type("NAME Ana", from: ana)
        world.type("JOIN", from: ana)
        world.type("START", from: ana)
        world.expect(ana, [
            "Hello, Ana! Now type JOIN to play (or JOIN and a room's name).",
            "You are in room main.",
            "If your connection drops, connect again within 60 s and type RESUME 4CRFJ4ND.",
            "Room main has 1 player: Ana. Ana is the host.",
            "Each pair: a word in English and one in Spanish. Is the Spanish word the right translation?",
            "Rules: 2 pairs, 5 s a pair, out after 3 wrong answers, list default.",
            "You are the host. Type START when everyone is in. Others join with JOIN main.",
            "The game: 2 pairs, 5 s each, 1 player; out after 3 wrong answers.",
            "The host started the game.",
            "Pair 1 of 2: breakfast = desayuno ?   y (or →) if right, n (or ←) if wrong · 5 s",
        ])
        world.deliverTracked()
        world.advance(by: 300)
        world.type("MODE MACHINE", from: ana)
        world.expect(ana, ["OK MODE MACHINE"])
        world.type("y", from: ana)
        world.expect(ana, [
            "OK ANSWER 1 CORRECT",
            "REVEAL 1 \"breakfast\" \"desayuno\" CORRECT \"desayuno\"",
            "RESULT 1 RIGHT 1 0 1 1",
            "TALLY 1 1 0 0",
            "TOP 1 \"Ana\" 1 0 300",
            "END TOP",
            "ROUND 2 2 \"library\" \"azúcar\" 5000",
        ])
        world.type("MODE HUMAN", from: ana)
        world.expect(ana, ["You get sentences now (human mode). HELP lists the commands."])
        world.deliverTracked()
        world.advance(by: 300)
        world.type("n", from: ana)
        world.expect(ana, [
            "You said pair 2 is wrong.",
            "✓ Pair 2: you were right, library ≠ azúcar (library = biblioteca).",
            "Your score: 2 right, 0 wrong.",
            "Game over! You got 2 right, 0 wrong (total 0.6 s).",
            "Type AGAIN to play again, or QUIT.",
        ])
    }

    /// One broadcast, two forms: each member reads it in their own mode.
    @Test func aRoomOfPeopleAndProgramsEachGetTheirOwnLines() {
        let world = HubWorld(rules: Rules(roundMilliseconds: 5_000, pairCount: 1))
        let ana = world.connect(mode: .human)
        world.type("NAME Ana", from: ana)
        world.type("JOIN", from: ana)
        world.expect(ana, [
            "WORDGAME 2 \"Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana\"",
            "Hello, Ana! Now type JOIN to play (or JOIN and a room's name).",
            "You are in room main.",
            "If your connection drops, connect again within 60 s and type RESUME 4CRFJ4ND.",
            "Room main has 1 player: Ana. Ana is the host.",
            "Each pair: a word in English and one in Spanish. Is the Spanish word the right translation?",
            "Rules: 1 pair, 5 s a pair, out after 3 wrong answers, list default.",
            "You are the host. Type START when everyone is in. Others join with JOIN main.",
        ])
        world.advance(by: 300)
        let bot = world.player("Bot")
        world.expect(ana, ["Bot joined."])
        world.type("START", from: ana)
        world.expect(ana, [
            "The game: 1 pair, 5 s each, 2 players; out after 3 wrong answers.",
            "The host started the game.",
            "Pair 1 of 1: breakfast = desayuno ?   y (or →) if right, n (or ←) if wrong · 5 s",
        ])
        world.expect(bot, [
            "GAME 1 5000 3 2",
            "YOU PLAYING",
            "NOTICE started \"The host started the game.\"",
            "ROUND 1 1 \"breakfast\" \"desayuno\" 5000",
        ])
    }

    /// → and ← answer like y and n, with their rules (too soon after a pair); other keys say which keys answer.
    @Test func arrowKeysAnswerInMachineModeToo() {
        let world = HubWorld(rules: Rules(roundMilliseconds: 5_000, pairCount: 3))
        let ana = world.player("Ana")
        world.type("START", from: ana)
        _ = world.take(ana)
        world.deliverTracked()
        world.advance(by: 300)
        world.type("\u{1B}[C", from: ana)  // ESC [ C: →
        world.expect(ana, [
            "ROOM \"main\" PLAYING 1 \"Ana\" 0",
            "MEMBERS 1 \"Ana\"",
            "OK ANSWER 1 CORRECT",
            "REVEAL 1 \"breakfast\" \"desayuno\" CORRECT \"desayuno\"",
            "RESULT 1 RIGHT 1 0 1 1",
            "TALLY 1 1 0 0",
            "TOP 1 \"Ana\" 1 0 300",
            "END TOP",
            "ROUND 2 3 \"library\" \"azúcar\" 5000",
        ])
        world.deliverTracked()
        world.type("\u{1B}OD", from: ana)  // ESC O D: ←, at once: a key meant for the pair before
        world.expect(ana, [
            "ERROR too-soon \"That answer came 0 ms after pair 2 reached you, too soon to be for it: "
                + "it was a late answer to pair 1 and does not count. Pair 2 is still open: answer it with y / n.\"",
        ])
        world.advance(by: 300)
        world.type("\u{1B}OD", from: ana)
        world.expect(ana, [
            "OK ANSWER 2 WRONG",
            "REVEAL 2 \"library\" \"azúcar\" WRONG \"biblioteca\"",
            "RESULT 2 RIGHT 2 0 1 1",
            "TALLY 2 1 0 0",
            "TOP 1 \"Ana\" 2 0 600",
            "END TOP",
            "ROUND 3 3 \"garden\" \"jardín\" 5000",
        ])
        world.deliverTracked()
        world.type("\u{1B}[A", from: ana)  // ESC [ A: ↑
        world.expect(ana, [
            "ERROR unknown-command \"That was a special key, not a command. "
                + "Type y or press → if the pair is right, n or ← if it is wrong; HELP lists the commands.\"",
        ])
        #expect(!ana.transcript.contains { $0.utf8.contains(0x1B) })
    }
}
