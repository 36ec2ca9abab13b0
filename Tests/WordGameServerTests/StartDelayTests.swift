import Foundation
import Testing
import WordGame
import WordGameProtocol

/// The start delay of a host's START, and what someone arriving mid-game
/// sees, against the real server on 127.0.0.1.
@Suite struct StartDelayTests {
    static func starting(_ message: ServerMessage) -> Int? {
        if case .starting(let milliseconds) = message { milliseconds } else { nil }
    }

    static func game(_ message: ServerMessage) -> GameInfo? {
        if case .game(let info) = message { info } else { nil }
    }

    @Test func aHostsStartCountsDownOnEveryScreenBeforeTheGame() throws {
        let server = try TestServer(startDelayMilliseconds: 600)
        let ana = try server.player("Ana", room: "delay")
        let bo = try server.player("Bo", room: "delay")
        ana.send("START")
        let began = Date()
        for player in [ana, bo] {
            #expect(try player.waitFor(Self.starting) == 600)
            // The room says so too, for a screen that draws it from ROOM.
            #expect(try player.waitFor { if case .room(let info) = $0 { info.state } else { nil } } == RoomState.starting)
        }
        // Nothing of the game before the delay is over.
        let meanwhile = try bo.lines(for: 0.3)
        #expect(!meanwhile.contains { $0.hasPrefix("GAME") || $0.hasPrefix("ROUND") }, "\(meanwhile)")
        _ = try ana.waitFor(Self.game)
        _ = try bo.waitFor(Self.game)
        #expect(Date().timeIntervalSince(began) >= 0.55)
        #expect(try bo.waitForRound().number == 1)
    }

    @Test func theHostsSecondStartSkipsTheDelayAndStopCallsItOff() throws {
        let server = try TestServer(startDelayMilliseconds: 30_000)
        let ana = try server.player("Ana", room: "skip")
        let bo = try server.player("Bo", room: "skip")
        ana.send("START")
        _ = try bo.waitFor(Self.starting)
        bo.send("START")  // not the host
        #expect(try bo.waitForError().code == .notHost)
        ana.send("STOP")
        #expect(try ana.waitFor { $0 == .stopped ? true : nil })
        #expect(try bo.waitFor(HostingTests.notice(.stopped)) == "The host called off the start.")
        #expect(try bo.waitFor { if case .room(let info) = $0 { info.state } else { nil } } == RoomState.lobby)
        let meanwhile = try bo.lines(for: 0.3)
        #expect(!meanwhile.contains { $0.hasPrefix("GAME") || $0.hasPrefix("STARTING") }, "\(meanwhile)")
        ana.send("START")
        _ = try bo.waitFor(Self.starting)
        ana.send("START")
        _ = try bo.waitFor(Self.game)
        #expect(try bo.waitFor(HostingTests.notice(.started)) == "The host started the game.")
    }

    @Test func aPlayerAloneStartsAtOnce() throws {
        let server = try TestServer(startDelayMilliseconds: 30_000)
        let ana = try server.player("Ana", room: "solo")
        ana.send("START")
        let first = try ana.waitFor { Self.starting($0).map { _ in "STARTING" } ?? Self.game($0).map { _ in "GAME" } }
        #expect(first == "GAME")
    }

    @Test func aHostedRoomsStartDelaysEvenForOneStudent() throws {
        let server = try TestServer(startDelayMilliseconds: 30_000)
        let (host, room, _) = try HostingTests().teacher(server)
        let ana = try server.player("Ana", room: room)
        _ = try host.waitFor { $0 == .arrived("Ana") ? true : nil }
        host.send("START")
        #expect(try ana.waitFor(Self.starting) == 30_000)
        #expect(try host.waitFor(Self.starting) == 30_000)
    }

    @Test func aLatecomerGetsTheGameTheBoardAndTheOpenPair() throws {
        let server = try TestServer(rules: Rules(roundMilliseconds: 3_000, pairCount: 5))
        let ana = try server.player("Ana", room: "late")
        ana.send("START")
        _ = try ana.waitForRound()
        ana.send("y")
        _ = try ana.waitForResult()
        let second = try ana.waitForRound()
        let cy = try server.client("Cy")
        cy.send("NAME Cy")
        cy.send("JOIN late")
        _ = try cy.waitFor { $0 == .you(.watching) ? true : nil }
        var arrived: [ServerMessage] = []
        while true {
            let line = try cy.next()
            arrived.append(line)
            if case .round = line { break }
        }
        let game = try #require(arrived.compactMap(Self.game).first)
        #expect(game.pairs == 5 && game.players == 1)
        let board = arrived.compactMap { if case .top(let entry) = $0 { entry } else { nil } }
        #expect(board.map(\.name) == ["Ana"])
        #expect(arrived.contains(.end(.top)))
        guard case .round(let open) = arrived.last else { Issue.record("no ROUND"); return }
        #expect(open.number == second.number && open.milliseconds <= 3_000)
        // Before the first reveal there is no board to send: GAME and the pair only.
        let dee = try server.client("Dee")
        ana.send("STOP")
        _ = try ana.waitForGameOver()
        ana.send("START")
        _ = try ana.waitForRound()
        dee.send("NAME Dee")
        dee.send("JOIN late")
        _ = try dee.waitFor(Self.game)
        let next = try dee.next()
        guard case .round = next else { Issue.record("expected the open ROUND, got \(next)"); return }
    }
}
