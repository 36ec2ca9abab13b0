import Testing
import WordGame
import WordGameProtocol
@testable import WordGameServer

/// Human mode through the pure hub: a person at `nc` reads these sentences,
/// written by the server's own human stream, turn by turn.
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
            "If your connection drops, connect again within 60 s and type RESUME \(world.code(of: ana)).",
            "Room main has 1 player: Ana. Ana is the host.",
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
}
