import Testing
import WordGame
import WordGameProtocol
@testable import WordGameServer

/// A teacher's room through the pure hub: HOST, the host's controls, taking the seat back, and WATCH: the projector's view.
@Suite struct HostingFlowTests {
    /// A connection that typed HOST (after `NAME name`, if given): its room code and key. Its lines are left unread.
    func teacher(_ world: HubWorld, name: String? = nil) throws -> (client: HubWorld.Client, room: String, key: String) {
        let client = world.connect()
        if let name { world.type("NAME \(name)", from: client) }
        world.type("HOST", from: client)
        let hosted = client.unread.lazy.compactMap { line -> (String, String)? in
            if case .hosted(let room, let key)? = try? ServerMessage(line: line) { (room, key) } else { nil }
        }.first
        let (room, key) = try #require(hosted)
        return (client, room, key)
    }

    /// The projector draws the browser address as a QR code: the host and viewers hear it, players do not need it.
    @Test func theHostAndViewersAreToldWhereStudentsJoinInABrowser() throws {
        let world = HubWorld(settings: GameSettings(words: TestServer.defaultWords, rules: .original, seed: 1),
                             browserAddress: "http://192.0.2.2:8080/")
        let (host, room, _) = try teacher(world)
        let web = "WEB \"http://192.0.2.2:8080/?room=\(room.uppercased())\""
        let hostLines = host.unread
        let hosting = try #require(hostLines.firstIndex(of: "YOU HOSTING"))
        #expect(hostLines[hosting + 1] == web)
        let viewer = world.connect()
        world.type("WATCH \(room)", from: viewer)
        let viewerLines = viewer.unread
        let viewing = try #require(viewerLines.firstIndex(of: "YOU VIEWING"))
        #expect(viewerLines[viewing + 1] == web)
        let ana = world.connect()
        world.type("NAME Ana", from: ana)
        world.type("JOIN \(room)", from: ana)
        #expect(!ana.unread.contains { $0.hasPrefix("WEB ") })
    }

    @Test func withoutAWebPortNobodyIsToldOfOne() throws {
        let world = HubWorld()
        let (host, _, _) = try teacher(world)
        #expect(!host.unread.contains { $0.hasPrefix("WEB ") })
    }

    @Test func roomCodesAreShortDistinctAndHaveNoLookAlikes() throws {
        let world = HubWorld()
        var rooms: Set<String> = []
        for _ in 0..<200 {
            let (_, room, key) = try teacher(world)
            #expect((4...5).contains(room.count), "\(room)")
            let typed = room.uppercased() + key
            #expect(typed.allSatisfy { RoomCode.alphabet.contains($0) }, "\(room) \(key)")
            #expect(!typed.contains { "0O1IL5S2Z".contains($0) }, "\(room) \(key)")
            #expect(key.count == 12)
            rooms.insert(room)
        }
        #expect(rooms.count == 200)
    }

    @Test func theHostRunsAGameWithoutPlayingOrBeingRanked() throws {
        let world = HubWorld(rules: Rules(roundMilliseconds: 2_000, pairCount: 3))
        let (host, room, _) = try teacher(world, name: "Ms Lee")
        let players = ["Ana", "Bo", "Cy"].map { world.player($0, room: room) }
        world.advance(by: 250)
        world.expect(host, [
            "WORDGAME 2 \"Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana\"",
            "OK NAME \"Ms Lee\"",
            "OK HOST \"4crf\" \"E9KPCW86VGBH\"",
            "TOKEN \"7UTQU8UV\" 60",
            "INFO \"Your resume code is 7UTQU8UV. If your connection drops, connect again within 60 s and type RESUME 7UTQU8UV: "
                + "you keep your seat and your score.\"",
            "ROOM \"4crf\" LOBBY 0 \"Ms Lee\" 0",
            "MEMBERS 0",
            "YOU HOSTING",
            "LANGUAGES \"English\" \"Spanish\"",
            "RULES 3 2000 3 \"default\"",
            "INFO \"Room 4CRF is yours. Students join with JOIN 4CRF. Type START when everyone is in; "
                + "HELP lists your controls (LOCK, KICK <name>, STOP, CLOSE).\"",
            "GAMES 0",
            "END ROSTER",
            "ARRIVED \"Ana\"",
            "ROOM \"4crf\" LOBBY 1 \"Ms Lee\" 0",
            "MEMBERS 1 \"Ana\"",
            "NOTICE joined \"Ana joined.\"",
            "ARRIVED \"Bo\"",
            "ARRIVED \"Cy\"",
            "ROOM \"4crf\" LOBBY 3 \"Ms Lee\" 0",
            "MEMBERS 3 \"Ana\" \"Bo\" \"Cy\"",
            "NOTICE joined \"Bo and Cy joined.\"",
        ])
        world.type("START", from: host)
        world.expect(host, [
            "GAME 3 2000 3 3",
            "NOTICE started \"The host started the game.\"",
            "ROUND 1 3 \"mother\" \"vender\" 2000",
            "WAITING 3 \"Ana\" \"Bo\" \"Cy\"",
        ])
        world.type("ANSWER 1 y", from: host)  // while the pair is open: the host has no answer to give
        world.expect(host, ["ERROR not-playing \"You do not play in this room: you host it.\""])
        // The pairs are all wrong ones: Ana judges every one right, Bo two, Cy one.
        let (ana, bo, cy) = (players[0], players[1], players[2])
        world.deliverTracked()
        world.advance(by: 100)
        world.type("ANSWER 1 n", from: ana)
        world.expect(host, [
            "PROGRESS 1 1 3",
            "WAITING 2 \"Bo\" \"Cy\"",
        ])
        world.advance(by: 100)
        world.type("ANSWER 1 n", from: bo)
        world.expect(host, [])
        world.advance(by: 100)
        world.type("ANSWER 1 y", from: cy)
        world.expect(host, [
            "ROOM \"4crf\" PLAYING 3 \"Ms Lee\" 0",
            "MEMBERS 3 \"Ana\" \"Bo\" \"Cy\"",
            "REVEAL 1 \"mother\" \"vender\" WRONG \"madre\"",
            "TALLY 1 2 1 0",
            "TOP 1 \"Ana\" 1 0 100",
            "TOP 2 \"Bo\" 1 0 200",
            "TOP 3 \"Cy\" 0 1 300",
            "END TOP",
            "ROUND 2 3 \"to cook\" \"abrir\" 2000",
            "WAITING 3 \"Ana\" \"Bo\" \"Cy\"",
        ])
        world.deliverTracked()
        world.advance(by: 100)
        world.type("ANSWER 2 n", from: ana)
        world.advance(by: 100)
        world.type("ANSWER 2 y", from: bo)
        world.advance(by: 100)
        world.type("ANSWER 2 y", from: cy)
        world.expect(host, [
            "PROGRESS 2 1 3",
            "WAITING 2 \"Bo\" \"Cy\"",
            "REVEAL 2 \"to cook\" \"abrir\" WRONG \"cocinar\"",
            "TALLY 2 1 2 0",
            "TOP 1 \"Ana\" 2 0 200",
            "TOP 2 \"Bo\" 1 1 400",
            "TOP 3 \"Cy\" 0 2 600",
            "END TOP",
            "ROUND 3 3 \"to win\" \"escuchar\" 2000",
            "WAITING 3 \"Ana\" \"Bo\" \"Cy\"",
        ])
        world.deliverTracked()
        world.advance(by: 100)
        world.type("ANSWER 3 n", from: ana)
        world.advance(by: 100)
        world.type("ANSWER 3 n", from: bo)
        world.advance(by: 100)
        world.type("ANSWER 3 n", from: cy)
        world.expect(host, [
            "PROGRESS 3 1 3",
            "WAITING 2 \"Bo\" \"Cy\"",
            "REVEAL 3 \"to win\" \"escuchar\" WRONG \"ganar\"",
            "TALLY 3 3 0 0",
            "TOP 1 \"Ana\" 3 0 300",
            "TOP 2 \"Bo\" 2 1 600",
            "TOP 3 \"Cy\" 1 2 900",
            "END TOP",
            "GAMEOVER 0 3 0 0 0",
            "RANKING 1 \"Ana\" 3 0 300 0",
            "RANKING 2 \"Bo\" 2 1 600 0",
            "RANKING 3 \"Cy\" 1 2 900 0",
            "END RANKING",
            // The table of the game's pairs, hardest first (Protocol.md §5, HARDEST): the share missed, then the place.
            "HARDEST 1 2 \"to cook\" \"abrir\" WRONG \"cocinar\" 1 2 0",
            "HARDEST 2 1 \"mother\" \"vender\" WRONG \"madre\" 2 1 0",
            "HARDEST 3 3 \"to win\" \"escuchar\" WRONG \"ganar\" 3 0 0",
            "END HARDEST",
            "INFO \"Game over. Type START for the next game, START MISSED to play the missed words first, or CLOSE to end the class.\"",
            "ROOM \"4crf\" LOBBY 3 \"Ms Lee\" 0",
            "MEMBERS 3 \"Ana\" \"Bo\" \"Cy\"",
        ])
        for (index, player) in players.enumerated() {
            let over = world.messages(player).compactMap { if case .gameOver(let over) = $0 { over } else { nil } }
            #expect(over.map(\.rank) == [index + 1] && over.map(\.ranked) == [3], "\(player)")
        }
        world.type("y", from: host)
        world.expect(host, ["ERROR no-round \"No game is on. You are the host: type START.\""])
        world.expectNothingUnread()
    }

    @Test func aStudentNeitherStartsNorControlsNorPassesForTheHost() throws {
        let world = HubWorld()
        let (host, room, _) = try teacher(world, name: "Ms Lee")
        let ana = world.player("Ana", room: room)
        for command in ["START", "LOCK", "KICK Ana", "STOP", "CLOSE"] {
            world.type(command, from: ana)
            world.expect(ana, ["ERROR not-host \"Only the host (Ms Lee) runs this room. Wait for them to start, or LEAVE.\""])
        }
        let mimic = world.connect()
        world.type("NAME ms lee", from: mimic)
        world.type("JOIN \(room)", from: mimic)
        world.expect(mimic, [
            "WORDGAME 2 \"Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana\"",
            "OK NAME \"ms lee\"",
            "ERROR name-taken \"Someone in room 4CRF is called Ms Lee, which looks the same as ms lee. "
                + "Type NAME <another name>, then JOIN 4CRF.\"",
        ])
        world.advance(by: 250)
        _ = world.take(host)
        world.expect(ana, [])  // nothing any of it did reached the room
    }

    @Test func lockKeepsNewcomersOutAndKickRemovesAPlayer() throws {
        let world = HubWorld()
        let (host, room, _) = try teacher(world)
        let ana = world.player("Ana", room: room), bo = world.player("Bo", room: room)
        world.advance(by: 250)
        for client in [host, ana, bo] { _ = world.take(client) }
        world.type("LOCK", from: host)
        world.expect(host, [
            "OK LOCK",
            "NOTICE locked \"The host locked the room: nobody new can join.\"",
        ])
        world.expect(ana, ["NOTICE locked \"The host locked the room: nobody new can join.\""])
        world.expect(bo, ["NOTICE locked \"The host locked the room: nobody new can join.\""])
        let cy = world.connect()
        world.type("NAME Cy", from: cy)
        world.type("JOIN \(room)", from: cy)
        world.expect(cy, [
            "WORDGAME 2 \"Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana\"",
            "OK NAME \"Cy\"",
            "ERROR room-locked \"Room 4CRF is locked: the host lets nobody new in now. Ask them to let you in.\"",
        ])
        world.type("KICK bo", from: host)  // names match regardless of case
        world.expect(host, [
            "OK KICK \"Bo\"",
            "DEPARTED \"Bo\" REMOVED",
        ])
        world.expect(bo, [
            "NOTICE removed \"You were removed from room 4CRF by the host. The room is locked, so you cannot come back.\"",
            "YOU OUTSIDE",
        ])
        world.advance(by: 250)
        world.expect(ana, [
            "ROOM \"4crf\" LOBBY 1 \"Host\" 0",
            "MEMBERS 1 \"Ana\"",
            "NOTICE removed \"Bo was removed by the host.\"",
        ])
        world.expect(host, [
            "ROOM \"4crf\" LOBBY 1 \"Host\" 0",
            "MEMBERS 1 \"Ana\"",
            "NOTICE removed \"Bo was removed by the host.\"",
        ])
        world.type("JOIN \(room)", from: bo)
        world.expect(bo, ["ERROR room-locked \"Room 4CRF is locked: the host lets nobody new in now. Ask them to let you in.\""])
        world.type("KICK Nobody", from: host)
        world.expect(host, ["ERROR no-such-player \"Nobody called Nobody plays in room 4CRF. STATUS shows who is in.\""])
        world.type("UNLOCK", from: host)
        world.expect(host, [
            "OK UNLOCK",
            "NOTICE unlocked \"The host unlocked the room: new players can join.\"",
        ])
        world.expect(ana, ["NOTICE unlocked \"The host unlocked the room: new players can join.\""])
        world.type("JOIN \(room)", from: bo)
        world.expect(bo, [
            "OK JOIN \"4crf\"",
            "TOKEN \"9G67VDRT\" 60",
            "INFO \"Your resume code is 9G67VDRT. If your connection drops, connect again within 60 s and type RESUME 9G67VDRT: "
                + "you keep your seat and your score.\"",
            "ROOM \"4crf\" LOBBY 2 \"Host\" 0",
            "MEMBERS 2 \"Ana\" \"Bo\"",
            "YOU LOBBY",
            "LANGUAGES \"English\" \"Spanish\"",
            "RULES 15 5000 3 \"default\"",
            "INFO \"The host starts the game.\"",
        ])
        world.expect(host, ["ARRIVED \"Bo\""])
        world.expect(ana, [])
        #expect(world.log.contains("\(room): Bo was removed by the host"))
    }

    /// The teacher's page, refreshed after a drop, takes the room back with the key from a new connection.
    /// The dropped connection's held seat goes with it: when its grace would have ended, nobody is told
    /// that the host left or is away, and its old code takes nothing back.
    @Test func aSeatTakenBackWithTheKeyLeavesNoHeldSeatBehind() throws {
        let world = HubWorld()
        let (host, room, key) = try teacher(world)
        let oldCode = world.code(of: host)
        let ana = world.player("Ana", room: room)
        world.advance(by: 1_000)
        world.drop(host)
        world.advance(by: 1_000)
        let back = world.connect()
        world.type("HOST \(room) \(key)", from: back)
        world.advance(by: 1_000)
        _ = world.take(back)
        _ = world.take(ana)
        world.advance(by: 61_000)
        world.expect(back, [])
        world.expect(ana, [])
        #expect(!world.log.contains { $0.contains("did not come back") }, "\(world.log)")
        let thief = world.connect()
        world.type("RESUME \(oldCode)", from: thief)
        #expect(thief.unread.contains { $0.hasPrefix("ERROR bad-code") }, "\(thief.unread)")
    }

    /// CLOSE ends the seats held for students who dropped: their codes take nothing back, and their
    /// graces end with no news of a room that is gone ("- : Bo did not come back").
    @Test func closingARoomEndsTheSeatsHeldInIt() throws {
        let world = HubWorld()
        let (host, room, _) = try teacher(world)
        let bo = world.player("Bo", room: room)
        let code = world.code(of: bo)
        world.advance(by: 1_000)
        world.drop(bo)
        world.advance(by: 1_000)
        world.type("CLOSE", from: host)
        world.advance(by: 61_000)
        #expect(!world.log.contains { $0.contains("did not come back") }, "\(world.log)")
        let back = world.connect()
        world.type("RESUME \(code)", from: back)
        #expect(back.unread.contains { $0.hasPrefix("ERROR bad-code") }, "\(back.unread)")
    }

    @Test func theGameGoesOnWithoutTheHostWhoTakesTheSeatBackWithTheKey() throws {
        let world = HubWorld(rules: Rules(roundMilliseconds: 2_000, pairCount: 3))
        let (host, room, key) = try teacher(world)
        let ana = world.player("Ana", room: room)
        world.type("START", from: host)
        world.deliverTracked()
        world.advance(by: 250)
        for client in [host, ana] { _ = world.take(client) }
        world.drop(host)  // the teacher's laptop drops off the network
        world.expect(ana, ["NOTICE host \"The host is away; the room waits for them. A game on goes on.\""])
        world.advance(by: 250)
        world.expect(ana, [])
        world.type("ANSWER 1 y", from: ana)  // the game goes on
        world.expect(ana, [
            "OK ANSWER 1 CORRECT",
            "REVEAL 1 \"mother\" \"vender\" WRONG \"madre\"",
            "RESULT 1 WRONG 0 1 1 1",
            "TALLY 1 0 1 0",
            "TOP 1 \"Ana\" 0 1 500",
            "END TOP",
            "ROUND 2 3 \"to cook\" \"abrir\" 2000",
        ])
        let student = world.connect()
        world.type("HOST \(room) \(String(repeating: "A", count: 12))", from: student)
        world.expect(student, [
            "WORDGAME 2 \"Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana\"",
            "ERROR bad-key \"That is not the key of room 4CRF. The key came with OK HOST when the room was made.\"",
        ])
        let back = world.connect()
        world.type("HOST \(room.uppercased()) \(key.lowercased())", from: back)  // codes and keys are typed in any case
        world.expect(back, [
            "WORDGAME 2 \"Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana\"",
            "OK HOST \"4crf\" \"E9KPCW86VGBH\"",
            "TOKEN \"9G67VDRT\" 60",
            "INFO \"Your resume code is 9G67VDRT. If your connection drops, connect again within 60 s and type RESUME 9G67VDRT: "
                + "you keep your seat and your score.\"",
            "ROOM \"4crf\" PLAYING 1 \"Host\" 0",
            "MEMBERS 1 \"Ana\"",
            "YOU HOSTING",
            "LANGUAGES \"English\" \"Spanish\"",
            "RULES 3 2000 3 \"default\"",
            "INFO \"Room 4CRF is yours. Students join with JOIN 4CRF. Type START when everyone is in; "
                + "HELP lists your controls (LOCK, KICK <name>, STOP, CLOSE).\"",
            "GAMES 0",
            "ROSTER \"Ana\"",
            "END ROSTER",
            "GAME 3 2000 3 1",
            "REVEAL 1 \"mother\" \"vender\" WRONG \"madre\"",
            "TALLY 1 0 1 0",
            "TOP 1 \"Ana\" 0 1 500",
            "END TOP",
            "ROUND 2 3 \"to cook\" \"abrir\" 2000",
            "WAITING 1 \"Ana\"",
            "NOTICE host \"The host is back.\"",
        ])
        world.expect(ana, ["NOTICE host \"The host is back.\""])
        // A second connection with the key replaces the first, which is told so and closed.
        world.advance(by: 250)
        let third = world.connect()
        world.type("HOST \(room) \(key)", from: third)
        world.expect(back, ["BYE \"Your host seat of room 4CRF was taken back from another connection.\""])
        #expect(back.closing && !third.closing)
        world.expect(third, [
            "WORDGAME 2 \"Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana\"",
            "OK HOST \"4crf\" \"E9KPCW86VGBH\"",
            "TOKEN \"AFDVCRDA\" 60",
            "INFO \"Your resume code is AFDVCRDA. If your connection drops, connect again within 60 s and type RESUME AFDVCRDA: "
                + "you keep your seat and your score.\"",
            "ROOM \"4crf\" PLAYING 1 \"Host\" 0",
            "MEMBERS 1 \"Ana\"",
            "YOU HOSTING",
            "LANGUAGES \"English\" \"Spanish\"",
            "RULES 3 2000 3 \"default\"",
            "INFO \"Room 4CRF is yours. Students join with JOIN 4CRF. Type START when everyone is in; "
                + "HELP lists your controls (LOCK, KICK <name>, STOP, CLOSE).\"",
            "GAMES 0",
            "ROSTER \"Ana\"",
            "END ROSTER",
            "GAME 3 2000 3 1",
            "REVEAL 1 \"mother\" \"vender\" WRONG \"madre\"",
            "TALLY 1 0 1 0",
            "TOP 1 \"Ana\" 0 1 500",
            "END TOP",
            "ROUND 2 3 \"to cook\" \"abrir\" 1750",
            "WAITING 1 \"Ana\"",
        ])
        world.expect(ana, [])
        world.type("STOP", from: third)
        world.expect(third, [
            "OK STOP",
            "GAMEOVER 0 1 0 0 0",
            "RANKING 1 \"Ana\" 0 1 500 0",
            "END RANKING",
            "HARDEST 1 1 \"mother\" \"vender\" WRONG \"madre\" 0 1 0",
            "END HARDEST",
            "INFO \"Game over. Type START for the next game, START MISSED to play the missed words first, or CLOSE to end the class.\"",
            "NOTICE stopped \"The host ended the game after pair 1.\"",
            "ROOM \"4crf\" LOBBY 1 \"Host\" 0",
            "MEMBERS 1 \"Ana\"",
        ])
        world.expect(ana, [
            "GAMEOVER 1 1 0 1 500",
            "YOU LOBBY",
            "INFO \"Game over. The host starts the next game; QUIT to leave.\"",
            "NOTICE stopped \"The host ended the game after pair 1.\"",
            "ROOM \"4crf\" LOBBY 1 \"Host\" 0",
            "MEMBERS 1 \"Ana\"",
        ])
        world.expect(back, [])
        // The dropped connection's held seat runs out later: nobody hears of it.
        world.advance(by: 60_000)
        world.expectNothingUnread()
    }

    @Test func aViewerFollowsTheGameWithoutCounting() throws {
        let world = HubWorld(rules: Rules(roundMilliseconds: 3_000, pairCount: 2))
        let (host, room, _) = try teacher(world)
        let ana = world.player("Ana", room: room), bo = world.player("Bo", room: room)
        world.advance(by: 250)
        let projector = world.connect()
        world.type("WATCH \(room)", from: projector)
        world.expect(projector, [
            "WORDGAME 2 \"Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana\"",
            "OK WATCH \"4crf\"",
            "ROOM \"4crf\" LOBBY 2 \"Host\" 0",
            "MEMBERS 2 \"Ana\" \"Bo\"",
            "YOU VIEWING",
            "LANGUAGES \"English\" \"Spanish\"",
            "RULES 2 3000 3 \"default\"",
            "INFO \"You are watching room 4CRF; you do not play. QUIT to stop.\"",
            "GAMES 0",
            "ROSTER \"Ana\"",
            "ROSTER \"Bo\"",
            "END ROSTER",
        ])
        world.type("START", from: host)
        world.expect(projector, [
            "GAME 2 3000 3 2",
            "NOTICE started \"The host started the game.\"",
            "ROUND 1 2 \"mother\" \"vender\" 3000",
            "WAITING 2 \"Ana\" \"Bo\"",
        ])
        world.deliverTracked()
        world.type("y", from: projector)
        world.expect(projector, ["ERROR not-playing \"You do not play in this room: you watch it.\""])
        world.advance(by: 400)
        world.type("ANSWER 1 y", from: ana)
        world.expect(projector, [
            "ROOM \"4crf\" PLAYING 2 \"Host\" 0",
            "MEMBERS 2 \"Ana\" \"Bo\"",
            "PROGRESS 1 1 2",
            "WAITING 1 \"Bo\"",
        ])
        world.advance(by: 400)
        world.type("ANSWER 1 n", from: bo)
        world.expect(projector, [
            "REVEAL 1 \"mother\" \"vender\" WRONG \"madre\"",
            "TALLY 1 1 1 0",
            "TOP 1 \"Bo\" 1 0 800",
            "TOP 2 \"Ana\" 0 1 400",
            "END TOP",
            "ROUND 2 2 \"to cook\" \"abrir\" 3000",
            "WAITING 2 \"Ana\" \"Bo\"",
        ])
        world.deliverTracked()
        world.advance(by: 400)
        world.type("ANSWER 2 y", from: ana)
        world.advance(by: 400)
        world.type("ANSWER 2 y", from: bo)
        world.expect(projector, [
            "PROGRESS 2 1 2",
            "WAITING 1 \"Bo\"",
            "REVEAL 2 \"to cook\" \"abrir\" WRONG \"cocinar\"",
            "TALLY 2 0 2 0",
            "TOP 1 \"Bo\" 1 1 1600",
            "TOP 2 \"Ana\" 0 2 800",
            "END TOP",
            "GAMEOVER 0 2 0 0 0",
            "RANKING 1 \"Bo\" 1 1 1600 0",
            "RANKING 2 \"Ana\" 0 2 800 0",
            "END RANKING",
            "HARDEST 1 2 \"to cook\" \"abrir\" WRONG \"cocinar\" 0 2 0",
            "HARDEST 2 1 \"mother\" \"vender\" WRONG \"madre\" 1 1 0",
            "END HARDEST",
            "INFO \"Game over. The next game starts when the host says so.\"",
            "ROOM \"4crf\" LOBBY 2 \"Host\" 0",
            "MEMBERS 2 \"Ana\" \"Bo\"",
        ])
        world.type("QUIT", from: bo)
        world.expect(projector, ["DEPARTED \"Bo\" LEFT"])
        world.advance(by: 250)
        world.expect(projector, [
            "ROOM \"4crf\" LOBBY 1 \"Host\" 0",
            "MEMBERS 1 \"Ana\"",
            "NOTICE left \"Bo left.\"",
        ])
    }

    @Test func everyControlIsToldToEveryoneInPlainWords() throws {
        let world = HubWorld(rules: Rules(roundMilliseconds: 5_000, pairCount: 5))
        let (host, room, _) = try teacher(world)
        let ana = world.player("Ana", room: room), bo = world.player("Bo", room: room)
        let cy = world.player("Cy", room: room)
        world.advance(by: 250)
        for client in [host, ana, bo] { _ = world.take(client) }
        world.type("START", from: host)
        world.expect(ana, [
            "GAME 5 5000 3 3",
            "YOU PLAYING",
            "NOTICE started \"The host started the game.\"",
            "ROUND 1 5 \"mother\" \"vender\" 5000",
        ])
        world.deliverTracked()
        world.advance(by: 250)
        world.drop(cy)
        world.advance(by: 250)
        world.expect(ana, [
            "ROOM \"4crf\" PLAYING 3 \"Host\" 0",
            "MEMBERS 3 \"Ana\" \"Bo\" \"Cy\"",
            "ROOM \"4crf\" PLAYING 3 \"Host\" 0",
            "MEMBERS 3 \"Ana\" \"Bo\" \"Cy\"",
            "NOTICE dropped \"Cy dropped; 60 s to come back.\"",
        ])
        world.type("LEAVE", from: bo)
        world.advance(by: 250)
        world.expect(ana, [
            "ROOM \"4crf\" PLAYING 2 \"Host\" 0",
            "MEMBERS 2 \"Ana\" \"Cy\"",
            "NOTICE left \"Bo left.\"",
        ])
        world.type("STOP", from: host)
        world.expect(ana, [
            "GAMEOVER 1 2 0 0 0",
            "YOU LOBBY",
            "INFO \"Game over. The host starts the next game; QUIT to leave.\"",
            "NOTICE stopped \"The host ended the game before the first pair closed.\"",
        ])
        world.advance(by: 250)
        world.expect(ana, [
            "ROOM \"4crf\" LOBBY 2 \"Host\" 0",
            "MEMBERS 2 \"Ana\" \"Cy\"",
        ])
        _ = world.take(host)
        world.type("CLOSE", from: host)
        world.expect(host, [
            "OK CLOSE \"4crf\"",
            "NOTICE closed \"The host closed room 4CRF. Type JOIN <room> to play elsewhere, or QUIT.\"",
            "YOU OUTSIDE",
        ])
        world.expect(ana, [
            "NOTICE closed \"The host closed room 4CRF. Type JOIN <room> to play elsewhere, or QUIT.\"",
            "YOU OUTSIDE",
        ])
        world.type("STATUS", from: ana)
        world.expect(ana, ["YOU OUTSIDE"])
        let late = world.connect()
        world.type("WATCH \(room)", from: late)
        world.expect(late, [
            "WORDGAME 2 \"Welcome to wordgame! Begin with NAME and your name, e.g. NAME Ana\"",
            "ERROR no-room \"There is no room 4CRF to watch. Check the code and type WATCH <room>.\"",
        ])
    }

    @Test func withHostedOnlyAMistypedCodeIsAnErrorNotAnEmptyRoom() throws {
        let world = HubWorld(openRooms: false)
        let (_, room, _) = try teacher(world)
        let ana = world.connect()
        world.type("NAME Ana", from: ana)
        world.type("JOIN QQQQ", from: ana)
        world.expect(ana, [
            "WORDGAME 2 \"Welcome! Type NAME and your name, then JOIN and the room's code.\"",
            "OK NAME \"Ana\"",
            "ERROR no-room \"There is no room QQQQ. Check the code on the board and type JOIN <code>.\"",
        ])
        world.type("JOIN \(room)", from: ana)
        world.expect(ana, [
            "OK JOIN \"4crf\"",
            "TOKEN \"KUPDKQGG\" 60",
            "INFO \"Your resume code is KUPDKQGG. If your connection drops, connect again within 60 s and type RESUME KUPDKQGG: "
                + "you keep your seat and your score.\"",
            "ROOM \"4crf\" LOBBY 1 \"Host\" 0",
            "MEMBERS 1 \"Ana\"",
            "YOU LOBBY",
            "LANGUAGES \"English\" \"Spanish\"",
            "RULES 15 5000 3 \"default\"",
            "INFO \"The host starts the game.\"",
        ])
    }

    @Test func aHostedOnlyServerAsksForTheCode() {
        let world = HubWorld(openRooms: false)
        let student = world.connect()
        world.expect(student, ["WORDGAME 2 \"Welcome! Type NAME and your name, then JOIN and the room's code.\""])
    }

    @Test func aHostedRoomStartsOnlyWhenThereArePlayers() throws {
        let world = HubWorld()
        let (host, _, _) = try teacher(world)
        _ = world.take(host)
        world.type("START", from: host)
        world.expect(host, [
            "ERROR no-players \"Nobody has joined yet: wait for players, then type START.\"",
            "ROOM \"4crf\" LOBBY 0 \"Host\" 0",
            "MEMBERS 0",
        ])
    }

    @Test func theConsoleHasALinePerEventThatMatters() throws {
        let world = HubWorld(rules: Rules(roundMilliseconds: 2_000, pairCount: 1))
        let (host, room, _) = try teacher(world)
        let ana = world.player("Ana", room: room)
        world.type("START", from: host)
        world.deliverTracked()
        world.advance(by: 500)
        world.type("ANSWER 1 y", from: ana)
        world.type("QUIT", from: ana)
        #expect(ana.closing)
        #expect(world.log == ["\(room): made by a host with HOST", "\(room): Ana joined", "\(room): game 1 started with 1 player",
                              "\(room): game 1 over after 1 pair; first: Ana", "\(room): Ana left"])  // never a line per answer
    }
}
