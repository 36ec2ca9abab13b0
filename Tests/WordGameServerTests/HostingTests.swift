import Foundation
import Testing
import WordGame
import WordGameProtocol

/// A teacher's room against the real server on 127.0.0.1: HOST, the host's
/// controls, taking the seat back, and WATCH.
@Suite struct HostingTests {
    /// A connection that typed HOST: its room code and key.
    func teacher(_ server: TestServer, name: String? = nil) throws -> (client: TestClient, room: String, key: String) {
        let client = try server.client("teacher")
        if let name { client.send("NAME \(name)"); _ = try client.next() }
        client.send("HOST")
        let (room, key) = try client.waitFor { if case .hosted(let room, let key) = $0 { (room, key) } else { nil } }
        _ = try client.waitFor { $0 == .end(.roster) }
        return (client, room, key)
    }

    static func notice(_ event: NoticeEvent) -> (ServerMessage) -> String? {
        { if case .notice(event, let text) = $0 { text } else { nil } }
    }

    @Test func aRoomCodeIsShortAndHasNoLookAlikes() throws {
        let server = try TestServer()
        for _ in 0..<20 {
            let (_, room, key) = try teacher(server)
            #expect((4...5).contains(room.count), "\(room)")
            let typed = room.uppercased() + key
            #expect(!typed.contains { "0O1IL5S2Z".contains($0) }, "\(room) \(key)")
            #expect(key.count == 12)
        }
    }

    @Test func theHostRunsAGameWithoutPlayingOrBeingRanked() throws {
        let server = try TestServer(rules: Rules(roundMilliseconds: 2_000, pairCount: 3))
        let (host, room, _) = try teacher(server, name: "Ms Lee")
        let players = try ["Ana", "Bo", "Cy"].map { try server.player($0, room: room) }
        #expect(try host.waitFor { if case .arrived(let name) = $0 { name == "Cy" } else { false } } == .arrived("Cy"))
        host.send("START")
        for number in 1...3 {
            if number == 1 {
                _ = try host.waitForRound()
                host.send("ANSWER 1 y")  // while the pair is open: the host has no answer to give
                #expect(try host.waitForError().code == .notPlaying)
            }
            for player in players {
                _ = try player.waitForRound()
                player.send("ANSWER \(number) y")
            }
            _ = try host.waitForReveal()
        }
        for player in players {
            let over = try player.waitForGameOver()
            #expect(over.ranked == 3 && (1...3).contains(over.rank))
        }
        let hostsEnd = try host.waitForGameOver()
        #expect(hostsEnd.rank == 0 && hostsEnd.ranked == 3)
        var ranking: [RankingEntry] = []
        while case .ranking(let row) = try host.next() { ranking.append(row) }
        #expect(ranking.map(\.name).sorted() == ["Ana", "Bo", "Cy"])
        #expect(!host.transcript.contains { $0.hasPrefix("TOP") && $0.contains("Ms Lee") }, "the host is never ranked")
        host.send("y")
        #expect(try host.waitForError().code == .noRound)
    }

    @Test func aStudentNeitherStartsNorControlsNorPassesForTheHost() throws {
        let server = try TestServer()
        let (_, room, _) = try teacher(server, name: "Ms Lee")
        let ana = try server.player("Ana", room: room)
        for command in ["START", "LOCK", "KICK Ana", "STOP", "CLOSE"] {
            ana.send(command)
            #expect(try ana.waitForError().code == .notHost, "\(command)")
        }
        let mimic = try server.client()
        mimic.send("NAME ms lee")
        mimic.send("JOIN \(room)")
        #expect(try mimic.waitForError().code == .nameTaken)
    }

    @Test func lockKeepsNewcomersOutAndKickRemovesAPlayer() throws {
        let server = try TestServer()
        let (host, room, _) = try teacher(server)
        let ana = try server.player("Ana", room: room), bo = try server.player("Bo", room: room)
        host.send("LOCK")
        #expect(try host.waitFor { $0 == .lockSet(true) } == .lockSet(true))
        #expect(try ana.waitFor(Self.notice(.locked)).contains("locked"))
        let cy = try server.client()
        cy.send("NAME Cy"); cy.send("JOIN \(room)")
        #expect(try cy.waitForError().code == .roomLocked)
        host.send("KICK bo")  // names match regardless of case
        #expect(try host.waitFor { $0 == .kicked("Bo") } == .kicked("Bo"))
        let told = try bo.waitFor(Self.notice(.removed))
        #expect(told.contains("removed") && told.contains("locked"), "\(told)")
        #expect(try bo.next() == .you(.outside))
        #expect(try ana.waitFor(Self.notice(.removed)) == "Bo was removed by the host.")
        #expect(try host.waitFor { if case .departed = $0 { true } else { false } } == .departed("Bo", .removed))
        bo.send("JOIN \(room)")
        #expect(try bo.waitForError().code == .roomLocked)
        host.send("KICK Nobody")
        #expect(try host.waitForError().code == .noSuchPlayer)
        host.send("UNLOCK")
        _ = try ana.waitFor(Self.notice(.unlocked))
        bo.send("JOIN \(room)")
        #expect(try bo.waitFor { if case .joined(let joined) = $0 { joined } else { nil } } == room)
        #expect(server.events.contains { $0.contains("Bo was removed by the host") })
    }

    @Test func theGameGoesOnWithoutTheHostWhoTakesTheSeatBackWithTheKey() throws {
        let server = try TestServer(rules: Rules(roundMilliseconds: 2_000, pairCount: 3))
        let (host, room, key) = try teacher(server)
        let ana = try server.player("Ana", room: room)
        host.send("START")
        _ = try ana.waitForRound()
        host.reset()  // the teacher's laptop drops off the network
        #expect(try ana.waitFor(Self.notice(.host)).contains("away"))
        ana.send("ANSWER 1 y")
        #expect(try ana.waitForResult().number == 1)  // the game goes on
        let student = try server.client()
        student.send("HOST \(room) \(String(repeating: "A", count: 12))")
        #expect(try student.waitForError().code == .badKey)
        let back = try server.client("teacher again")
        back.send("HOST \(room.uppercased()) \(key.lowercased())")  // codes and keys are typed in any case
        #expect(try back.next() == .hosted(room: room, key: key))
        #expect(try back.waitFor { if case .you = $0 { true } else { false } } == .you(.hosting))
        #expect(try back.waitFor { if case .roster(let name) = $0 { name } else { nil } } == "Ana")
        #expect(try ana.waitFor(Self.notice(.host)) == "The host is back.")
        // A second connection with the key replaces the first, which is told so and closed.
        let third = try server.client("teacher, third machine")
        third.send("HOST \(room) \(key)")
        _ = try third.waitFor { if case .hosted = $0 { true } else { false } }
        let bye = try back.waitFor { if case .bye(let text) = $0 { text } else { nil } }
        #expect(bye.contains("taken back"))
        try back.waitForClose()
        third.send("STOP")
        #expect(try third.waitFor { $0 == .stopped } == .stopped)
        #expect(try ana.waitForGameOver().ranked == 1)
    }

    @Test func aViewerFollowsTheGameWithoutCounting() throws {
        let server = try TestServer(rules: Rules(roundMilliseconds: 3_000, pairCount: 2))
        let (host, room, _) = try teacher(server)
        let ana = try server.player("Ana", room: room), bo = try server.player("Bo", room: room)
        let projector = try server.client("projector")
        projector.send("WATCH \(room)")
        #expect(try projector.next() == .watchingRoom(room))
        let roomLine = try projector.waitFor { if case .room(let info) = $0 { info } else { nil } }
        #expect(roomLine.members == 2, "viewers and the host are not members")
        #expect(try projector.next() == .members(total: 2, names: ["Ana", "Bo"]))
        #expect(try projector.next() == .you(.viewing))
        guard case .info = try projector.next() else { Issue.record("no INFO for the viewer"); return }
        var roster: [String] = []
        while case .roster(let name) = try projector.next(timeout: 5) { roster.append(name) }
        #expect(roster == ["Ana", "Bo"])
        host.send("START")
        guard case .game(let game) = try projector.waitFor({ if case .game = $0 { true } else { false } }) else { return }
        #expect(game.players == 2)
        _ = try projector.waitForRound()
        #expect(try projector.waitFor { if case .waiting = $0 { true } else { false } } == .waiting(count: 2, names: ["Ana", "Bo"]))
        projector.send("y")
        #expect(try projector.waitForError().code == .notPlaying)
        ana.send("ANSWER 1 y")
        #expect(try projector.waitFor { if case .waiting = $0 { true } else { false } } == .waiting(count: 1, names: ["Bo"]))
        bo.send("ANSWER 1 n")
        #expect(try projector.waitFor { if case .tally(let tally) = $0 { tally.right + tally.wrong } else { nil } } == 2)
        _ = try projector.waitForRound()
        ana.send("ANSWER 2 y"); bo.send("ANSWER 2 y")
        _ = try projector.waitForGameOver()
        var ranking: [String] = []
        while case .ranking(let row) = try projector.next() { ranking.append(row.name) }
        #expect(Set(ranking) == ["Ana", "Bo"])
        #expect(projector.transcript.last == "END RANKING")
        bo.send("QUIT")
        #expect(try projector.waitFor { if case .departed = $0 { true } else { false } } == .departed("Bo", .left))
    }

    @Test func everyControlIsToldToEveryoneInPlainWords() throws {
        let server = try TestServer(rules: Rules(roundMilliseconds: 5_000, pairCount: 5))
        let (host, room, _) = try teacher(server)
        let ana = try server.player("Ana", room: room), bo = try server.player("Bo", room: room)
        let cy = try server.player("Cy", room: room)
        host.send("START")
        #expect(try ana.waitFor(Self.notice(.started)) == "The host started the game.")
        cy.reset()
        #expect(try ana.waitFor(Self.notice(.dropped)) == "Cy dropped; 60 s to come back.")
        bo.send("LEAVE")
        #expect(try ana.waitFor(Self.notice(.left)) == "Bo left.")
        host.send("STOP")
        #expect(try ana.waitFor(Self.notice(.stopped)).contains("ended the game"))
        host.send("CLOSE")
        #expect(try host.waitFor { $0 == .closed(room: room) } == .closed(room: room))
        #expect(try ana.waitFor(Self.notice(.closed)).contains("closed"))
        #expect(try ana.next() == .you(.outside))
        ana.send("STATUS")
        #expect(try ana.next() == .you(.outside))
        let late = try server.client()
        late.send("WATCH \(room)")
        #expect(try late.waitForError().code == .noRoom)
    }

    @Test func withHostedOnlyAMistypedCodeIsAnErrorNotAnEmptyRoom() throws {
        let server = try TestServer(hostedOnly: true)
        let (_, room, _) = try teacher(server)
        let ana = try server.client()
        ana.send("NAME Ana")
        ana.send("JOIN QQQQ")
        let error = try ana.waitForError()
        #expect(error.code == .noRoom && error.text.contains("QQQQ"))
        ana.send("JOIN \(room)")
        #expect(try ana.waitFor { if case .joined(let joined) = $0 { joined } else { nil } } == room)
    }

    @Test func aHostedRoomStartsOnlyWhenThereArePlayers() throws {
        let server = try TestServer()
        let (host, _, _) = try teacher(server)
        host.send("START")
        #expect(try host.waitForError().code == .noPlayers)
    }

    @Test func theConsoleHasALinePerEventThatMatters() throws {
        let server = try TestServer(rules: Rules(roundMilliseconds: 2_000, pairCount: 1))
        let (host, room, _) = try teacher(server)
        let ana = try server.player("Ana", room: room)
        host.send("START")
        _ = try ana.waitForRound()
        ana.send("ANSWER 1 y")
        _ = try ana.waitForGameOver()
        ana.send("QUIT")
        try ana.waitForClose()
        let deadline = Date().addingTimeInterval(5)
        while !server.events.contains(where: { $0.contains("Ana left") }) && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let events = server.events.joined(separator: "\n")
        for expected in ["made by", "Ana joined", "game 1 started with 1 player", "game 1 over after 1 pair", "Ana left"] {
            #expect(events.contains(expected), "no console line with \(expected):\n\(events)")
        }
        #expect(!events.contains("ANSWER"), "never a line per answer")
    }
}

/// The end of a server's life, as a class sees it.
@Suite struct ShutdownTests {
    /// BYE is everyone's last line, even when a neighbour closes on reading
    /// it while the others' sockets drain (the terminal client does).
    @Test func byeIsTheLastLineEveryoneGets() throws {
        let server = try TestServer(hostedOnly: true)
        let (host, room, _) = try HostingTests().teacher(server)
        let players = try ["Ana", "Bo", "Cy"].map { try server.player($0, room: room) }
        _ = try host.waitFor { $0 == .arrived("Cy") }
        server.server.stop()
        _ = try players[2].waitFor { if case .bye = $0 { true } else { false } }
        players[2].reset()
        for client in [host, players[0], players[1]] {
            var last: ServerMessage?
            while let line = try client.nextLine(timeout: 3) { last = try? ServerMessage(line: line) }
            #expect(last == .bye("The server is shutting down."))
        }
    }

    @Test func aHostedOnlyServerAsksForTheCode() throws {
        let server = try TestServer(hostedOnly: true)
        let client = try TestClient(port: server.port, label: "student")
        guard case .welcome(_, let hint) = try client.next() else { Issue.record("no greeting"); return }
        #expect(hint.contains("JOIN and the room's code") && !hint.contains("main"))
    }
}
