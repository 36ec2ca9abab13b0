import Testing
import WordGame
import WordGameProtocol
@testable import WordGameServer

/// What someone arriving while a game or a countdown is under way gets,
/// through the pure hub: the game, the board so far and the open pair with
/// the time left in it, or the countdown's time left.
@Suite struct LatecomerTests {
    /// The first lines every joiner of `room` gets: `OK JOIN`, the resume code and its `INFO`.
    static func joinLines(_ world: HubWorld, _ client: HubWorld.Client, room: String) -> [String] {
        let code = world.code(of: client)
        return [
            "OK JOIN \"\(room)\"",
            "TOKEN \"\(code)\" 60",
            "INFO \"Your resume code is \(code). If your connection drops, connect again within 60 s and type RESUME \(code): "
                + "you keep your seat and your score.\"",
        ]
    }

    /// A connection that typed NAME, its OK read.
    static func named(_ name: String, _ world: HubWorld) -> HubWorld.Client {
        let client = world.connect()
        world.type("NAME \(name)", from: client)
        _ = world.take(client)
        return client
    }

    @Test func aLatecomerGetsTheGameTheBoardAndTheOpenPair() throws {
        let world = HubWorld(rules: Rules(roundMilliseconds: 3_000, pairCount: 5))
        let ana = world.player("Ana", room: "late")
        world.type("START", from: ana)
        world.deliverTracked()
        world.advance(by: 300)
        world.answer(from: ana, rightly: true)
        let second = try #require(world.lastRound(of: ana))
        #expect(second.number == 2)
        world.advance(by: 500)  // pair 2 opened at 300 ms: 2,500 ms of it are left at 800
        let cy = Self.named("Cy", world)
        world.type("JOIN late", from: cy)
        world.expect(cy, Self.joinLines(world, cy, room: "late") + [
            "ROOM \"late\" PLAYING 2 \"Ana\" 0", "MEMBERS 2 \"Ana\" \"Cy\"", "YOU WATCHING",
            "LANGUAGES \"English\" \"Spanish\"",
            "RULES 5 3000 3 \"default\"",
            "INFO \"A game is on: you watch, and play from the next one.\"",
            "GAME 5 3000 3 1", "REVEAL 1 \"yesterday\" \"ordenador\" WRONG \"ayer\"", "TALLY 1 1 0 0",
            "TOP 1 \"Ana\" 1 0 300", "END TOP",
            "ROUND 2 5 \"\(second.english)\" \"\(second.spanish)\" 2500",
        ])
        // Before the first reveal there is no board to send: GAME and the pair only.
        world.type("STOP", from: ana)
        world.type("START", from: ana)
        let first = try #require(world.lastRound(of: ana))
        #expect(first.number == 1)
        let dee = Self.named("Dee", world)
        world.type("JOIN late", from: dee)
        world.expect(dee, Self.joinLines(world, dee, room: "late") + [
            "ROOM \"late\" PLAYING 3 \"Ana\" 0", "MEMBERS 3 \"Ana\" \"Cy\" \"Dee\"", "YOU WATCHING",
            "LANGUAGES \"English\" \"Spanish\"",
            "RULES 5 3000 3 \"default\"",
            "INFO \"A game is on: you watch, and play from the next one.\"",
            "GAME 5 3000 3 2",
            "ROUND 1 5 \"\(first.english)\" \"\(first.spanish)\" 3000",
        ])
    }

    @Test func aWatcherWhoJoinsMidRoundSeesThePairBeforeItsProgress() {
        let world = HubWorld(rules: Rules(roundMilliseconds: 5_000))
        let ana = world.player("Ana"), bo = world.player("Bo")
        world.type("START", from: ana)
        world.deliverTracked()
        world.advance(by: 300)
        let cy = Self.named("Cy", world)
        world.type("JOIN", from: cy)
        world.expect(cy, Self.joinLines(world, cy, room: "main") + [
            "ROOM \"main\" PLAYING 3 \"Ana\" 0", "MEMBERS 3 \"Ana\" \"Bo\" \"Cy\"", "YOU WATCHING",
            "LANGUAGES \"English\" \"Spanish\"",
            "RULES 15 5000 3 \"default\"",
            "INFO \"A game is on: you watch, and play from the next one.\"",
            "GAME 15 5000 3 2", "ROUND 1 15 \"breakfast\" \"desayuno\" 4700",
        ])
        world.type("ANSWER 1 y", from: ana)
        world.type("ANSWER 1 n", from: bo)
        world.expect(cy, [
            "PROGRESS 1 1 2",
            "REVEAL 1 \"breakfast\" \"desayuno\" CORRECT \"desayuno\"",
            "TALLY 1 1 1 0", "TOP 1 \"Ana\" 1 0 300", "TOP 2 \"Bo\" 0 1 300", "END TOP",
            "ROUND 2 15 \"library\" \"azúcar\" 5000",
        ])
    }

    /// A teacher's page refreshed mid-pair, after one of two players answered: it hears how many have (PROGRESS
    /// right after the pair), not "0 of them" until the next answer.
    @Test func anObserverArrivingAfterAnAnswerHearsHowManyHaveAnswered() throws {
        let world = HubWorld(rules: Rules(roundMilliseconds: 5_000))
        let ana = world.player("Ana"), bo = world.player("Bo")
        world.type("START", from: ana)
        world.deliverTracked()
        world.advance(by: 300)
        world.type("ANSWER 1 y", from: ana)
        world.advance(by: 300)
        let viewer = world.connect()
        world.type("WATCH", from: viewer)
        let lines = world.take(viewer)
        let round = try #require(lines.firstIndex { $0.hasPrefix("ROUND 1 ") })
        #expect(lines[round + 1] == "PROGRESS 1 1 2", "\(lines)")
        #expect(lines.contains("WAITING 1 \"Bo\""))
        _ = bo
    }

    @Test func whoJoinsDuringACountdownHearsTheTimeLeft() {
        let world = HubWorld(autoStart: 2, countdownMilliseconds: 3_000)
        world.player("Ana")
        world.player("Bo")
        world.advance(by: 1_500)
        let cy = Self.named("Cy", world)
        world.type("JOIN", from: cy)
        world.expect(cy, Self.joinLines(world, cy, room: "main") + [
            "ROOM \"main\" STARTING 3 \"Ana\" 2", "MEMBERS 3 \"Ana\" \"Bo\" \"Cy\"", "YOU LOBBY",
            "LANGUAGES \"English\" \"Spanish\"",
            "RULES 15 5000 3 \"default\"",
            "INFO \"The game starts in 2 s.\"",
            "STARTING 1500",
        ])
    }

    /// During the host's START countdown a newcomer hears the time left, not who starts the game.
    @Test func whoJoinsDuringTheHostsStartHearsTheTimeLeft() {
        let world = HubWorld(startDelayMilliseconds: 30_000)
        let ana = world.player("Ana", room: "delay")
        world.player("Bo", room: "delay")
        world.advance(by: 1_000)
        world.type("START", from: ana)
        world.advance(by: 10_000)
        let cy = Self.named("Cy", world)
        world.type("JOIN delay", from: cy)
        world.expect(cy, Self.joinLines(world, cy, room: "delay") + [
            "ROOM \"delay\" STARTING 3 \"Ana\" 0", "MEMBERS 3 \"Ana\" \"Bo\" \"Cy\"", "YOU LOBBY",
            "LANGUAGES \"English\" \"Spanish\"",
            "RULES 15 5000 3 \"default\"",
            "INFO \"The game starts in 20 s.\"",
            "STARTING 20000",
        ])
    }

    /// Bo's join goes out at once; Cy's, within the next interval, waits for the room's next update. Cy
    /// gets that update too (the room as it is now) but not "Cy joined." (Protocol.md §4 JOIN: everyone else).
    @Test func newcomersAreNotToldOfTheirOwnJoining() {
        let world = HubWorld()
        let ana = world.player("Ana", room: "burst")
        world.advance(by: 1_000)
        _ = world.take(ana)
        let bo = world.player("Bo", room: "burst")
        let cy = world.player("Cy", room: "burst")
        world.advance(by: 1_000)
        let room = ["ROOM \"burst\" LOBBY 3 \"Ana\" 0", "MEMBERS 3 \"Ana\" \"Bo\" \"Cy\""]
        world.expect(ana, ["ROOM \"burst\" LOBBY 2 \"Ana\" 0", "MEMBERS 2 \"Ana\" \"Bo\"", "NOTICE joined \"Bo joined.\""]
                     + room + ["NOTICE joined \"Cy joined.\""])
        world.expect(bo, room + ["NOTICE joined \"Cy joined.\""])
        world.expect(cy, room)
    }
}
