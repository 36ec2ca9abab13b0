import Testing
import WordGame
import WordGameProtocol
@testable import WordGameServer

/// How a game starts, through the pure hub: the host's START and its start
/// delay, a second START skipping it and STOP calling it off, who may start,
/// and auto-start with its countdown.
@Suite struct StartTests {
    /// Two players in `room`, after the room's news of their joining went out and was read.
    static func anaAndBo(_ world: HubWorld, room: String) -> (ana: HubWorld.Client, bo: HubWorld.Client) {
        let ana = world.player("Ana", room: room), bo = world.player("Bo", room: room)
        world.advance(by: 1_000)
        _ = world.take(ana)
        _ = world.take(bo)
        return (ana, bo)
    }

    @Test func aHostsStartCountsDownOnEveryScreenBeforeTheGame() {
        let world = HubWorld(startDelayMilliseconds: 600)
        let (ana, bo) = Self.anaAndBo(world, room: "delay")
        world.type("START", from: ana)
        // The room says so too, for a screen that draws it from ROOM.
        for client in [ana, bo] {
            world.expect(client, ["STARTING 600", "ROOM \"delay\" STARTING 2 \"Ana\" 0", "MEMBERS 2 \"Ana\" \"Bo\""])
        }
        // Nothing of the game before the delay is over.
        world.advance(by: 599)
        world.expect(ana, [])
        world.expect(bo, [])
        world.advance(by: 1)
        for client in [ana, bo] {
            world.expect(client, [
                "GAME 15 5000 3 2", "YOU PLAYING", "NOTICE started \"The host started the game.\"",
                "ROOM \"delay\" PLAYING 2 \"Ana\" 0", "MEMBERS 2 \"Ana\" \"Bo\"", "ROUND 1 15 \"pencil\" \"lápiz\" 5000",
            ])
        }
    }

    @Test func theHostsSecondStartSkipsTheDelayAndStopCallsItOff() {
        let world = HubWorld(startDelayMilliseconds: 30_000)
        let (ana, bo) = Self.anaAndBo(world, room: "skip")
        let countdown = ["STARTING 30000", "ROOM \"skip\" STARTING 2 \"Ana\" 0", "MEMBERS 2 \"Ana\" \"Bo\""]
        world.type("START", from: ana)
        world.expect(ana, countdown)
        world.expect(bo, countdown)
        world.type("START", from: bo)  // not the host
        world.expect(bo, ["ERROR not-host \"Only the host (Ana) starts games. Wait for them, or LEAVE.\""])
        world.type("STOP", from: ana)
        world.expect(ana, ["OK STOP", "NOTICE stopped \"The host called off the start.\""])
        world.expect(bo, ["NOTICE stopped \"The host called off the start.\""])
        world.advance(by: 250)  // the room's update, coalesced
        for client in [ana, bo] { world.expect(client, ["ROOM \"skip\" LOBBY 2 \"Ana\" 0", "MEMBERS 2 \"Ana\" \"Bo\""]) }
        // Past the delay the START would have had, nothing starts.
        world.advance(by: 31_000)
        world.expect(ana, [])
        world.expect(bo, [])
        world.type("START", from: ana)
        world.expect(ana, countdown)
        world.expect(bo, countdown)
        world.type("START", from: ana)
        for client in [ana, bo] {
            world.expect(client, ["GAME 15 5000 3 2", "YOU PLAYING", "NOTICE started \"The host started the game.\"",
                                  "ROUND 1 15 \"lunch\" \"naranja\" 5000"])
        }
    }

    @Test func aPlayerAloneStartsAtOnce() {
        let world = HubWorld(startDelayMilliseconds: 30_000)
        let ana = world.player("Ana", room: "solo")
        world.type("START", from: ana)
        world.expect(ana, ["GAME 15 5000 3 1", "YOU PLAYING", "NOTICE started \"The host started the game.\"",
                           "ROUND 1 15 \"hair\" \"pelo\" 5000"])
    }

    @Test func aHostedRoomsStartDelaysEvenForOneStudent() throws {
        let world = HubWorld(startDelayMilliseconds: 30_000)
        let host = world.connect()
        world.type("HOST", from: host)
        let room = try #require(world.messages(host).compactMap { if case .hosted(let room, _) = $0 { room } else { nil } }.first)
        let ana = world.player("Ana", room: room)
        world.expect(host, ["ARRIVED \"Ana\"", "ROOM \"\(room)\" LOBBY 1 \"Host\" 0", "MEMBERS 1 \"Ana\"", "NOTICE joined \"Ana joined.\""])
        world.advance(by: 1_000)
        _ = world.take(host)
        _ = world.take(ana)
        world.type("START", from: host)
        let countdown = ["STARTING 30000", "ROOM \"\(room)\" STARTING 1 \"Host\" 0", "MEMBERS 1 \"Ana\""]
        world.expect(ana, countdown)
        world.expect(host, countdown)
    }

    @Test func onlyTheHostStartsAndLateComersWatch() {
        let world = HubWorld(rules: Rules(roundMilliseconds: 2_000))
        let ana = world.player("Ana"), bo = world.player("Bo")
        world.type("START", from: bo)
        world.expect(bo, ["ERROR not-host \"Only the host (Ana) starts games. Wait for them, or LEAVE.\""])
        world.type("START", from: ana)
        #expect(world.lastRound(of: ana)?.number == 1)
        world.deliverTracked()
        world.advance(by: 300)
        let cy = world.connect()
        world.type("NAME Cy", from: cy)
        world.type("JOIN", from: cy)
        let code = world.code(of: cy)
        world.expect(cy, [
            "WORDGAME 2 \"Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana\"",
            "OK NAME \"Cy\"",
            "OK JOIN \"main\"",
            "TOKEN \"\(code)\" 60",
            "INFO \"Your resume code is \(code). If your connection drops, connect again within 60 s and type RESUME \(code): "
                + "you keep your seat and your score.\"",
            "ROOM \"main\" PLAYING 3 \"Ana\" 0",
            "MEMBERS 3 \"Ana\" \"Bo\" \"Cy\"",
            "YOU WATCHING",
            "LANGUAGES \"English\" \"Spanish\"",
            "RULES 15 2000 3 \"default\"",
            "INFO \"A game is on: you watch, and play from the next one.\"",
            "GAME 15 2000 3 2",
            "ROUND 1 15 \"breakfast\" \"desayuno\" 1700",
        ])
        world.type("y", from: cy)
        world.expect(cy, ["ERROR not-playing \"You joined during this game: you watch, and play from the next one.\""])
    }

    @Test func autoStartBeginsTheGameWhenEnoughPlayersAreReady() {
        let world = HubWorld(autoStart: 2, countdownMilliseconds: 200)
        let ana = world.player("Ana")
        // One ready player of two: nothing starts.
        world.advance(by: 300)
        world.expect(ana, [])
        let bo = world.player("Bo")
        world.expect(ana, ["ROOM \"main\" LOBBY 2 \"Ana\" 2", "MEMBERS 2 \"Ana\" \"Bo\"", "NOTICE joined \"Bo joined.\"", "STARTING 200"])
        world.advance(by: 199)
        world.expect(ana, [])
        world.advance(by: 1)
        for client in [ana, bo] {
            world.expect(client, ["GAME 15 5000 3 2", "YOU PLAYING", "NOTICE started \"The game started.\"",
                                  "ROUND 1 15 \"breakfast\" \"desayuno\" 5000"])
        }
    }

    /// Protocol.md §6: under `--auto-start N` the host's START is the default's, start delay included;
    /// it starts at once only as a second START, or during the auto-start countdown.
    @Test func underAutoStartTheHostsStartWaitsTheStartDelay() {
        let world = HubWorld(autoStart: 3, countdownMilliseconds: 20_000, startDelayMilliseconds: 5_000)
        let (ana, bo) = Self.anaAndBo(world, room: "auto")
        world.type("START", from: ana)
        let countdown = ["STARTING 5000", "ROOM \"auto\" STARTING 2 \"Ana\" 3", "MEMBERS 2 \"Ana\" \"Bo\""]
        world.expect(ana, countdown)
        world.expect(bo, countdown)
        world.type("START", from: ana)
        for client in [ana, bo] { #expect(client.unread.first == "GAME 15 5000 3 2", "\(client.unread)") }
        // A third player makes three ready: the auto-start countdown runs, and the host's START skips it.
        let other = HubWorld(autoStart: 3, countdownMilliseconds: 20_000, startDelayMilliseconds: 5_000)
        let (host, _) = Self.anaAndBo(other, room: "auto")
        other.player("Cy", room: "auto")
        #expect(other.take(host).contains("STARTING 20000"))
        other.advance(by: 1_000)
        _ = other.take(host)
        other.type("START", from: host)
        #expect(host.unread.first == "GAME 15 5000 3 3", "\(host.unread)")
    }

    @Test func soloAutoStartPlaysAtOnce() {
        let world = HubWorld(autoStart: 1)
        let ana = world.connect()
        world.type("NAME Ana", from: ana)
        _ = world.take(ana)
        world.type("JOIN", from: ana)
        let code = world.code(of: ana)
        world.expect(ana, [
            "OK JOIN \"main\"",
            "TOKEN \"\(code)\" 60",
            "INFO \"Your resume code is \(code). If your connection drops, connect again within 60 s and type RESUME \(code): "
                + "you keep your seat and your score.\"",
            "ROOM \"main\" LOBBY 1 \"Ana\" 1",
            "MEMBERS 1 \"Ana\"",
            "YOU LOBBY",
            "LANGUAGES \"English\" \"Spanish\"",
            "RULES 15 5000 3 \"default\"",
            "INFO \"The game starts now.\"",
            "GAME 15 5000 3 1",
            "YOU PLAYING",
            "NOTICE started \"The game started.\"",
            "ROUND 1 15 \"breakfast\" \"desayuno\" 5000",
        ])
    }
}
