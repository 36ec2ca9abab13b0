import Foundation
import Glibc
import Testing
import WordGame
import WordGameFleet
import WordGameProtocol
import WordGameTestSupport

/// Servers of one fleet over real sockets, sharing a real redis-server on
/// 127.0.0.1: what a class meets when its students reach different servers.
/// One test at a time: each starts its own Redis and servers, and some wait on the directory's TTL.
@Suite(.serialized,
       .enabled(if: RedisServerProcess.binary != nil, "redis-server is not installed: the fleet's tests over the wire are skipped"))
struct FleetOverTheWireTests {
    @Test func studentsAtTheWrongServersAreSentToTheRoomsServerAndPlay() async throws {
        try await onOwnThread {
            let fleet = try TestFleet(servers: 3, rules: Rules(roundMilliseconds: 2_000, pairCount: 3))
            let (teacher, room, _) = try fleet[0].teacher(name: "Ms Lee")
            var players: [TestClient] = []
            for (name, server) in [("Bo", fleet[1]), ("Cy", fleet[2])] {
                let client = try server.client(name)
                client.send("NAME \(name)")
                client.send("JOIN \(room.uppercased())")
                let place = try #require(try client.moved(orUntil: { $0 == .joined(room: room) }), "\(name) was not sent on")
                #expect(place == Elsewhere(host: "127.0.0.1", port: Int(fleet[0].port), web: ""))
                let there = try TestClient(port: UInt16(place.port), label: name)
                try there.machineModeAfterGreeting()
                try there.join(as: name, room: room)
                players.append(there)
                #expect(try teacher.waitFor { if case .arrived(let who) = $0 { who } else { nil } } == name)
            }
            teacher.send("START")
            for number in 1...3 {
                for (index, player) in players.enumerated() {
                    let round = try player.waitForRound()
                    player.send(BotAnswer.line(for: round, rightly: index == 0 || number != 2))  // Cy is wrong on pair 2
                }
                for player in players { _ = try player.waitForResult() }
            }
            let bo = try players[0].waitForGameOver(), cy = try players[1].waitForGameOver()
            #expect((bo.rank, bo.correct, bo.wrong) == (1, 3, 0))
            #expect((cy.rank, cy.correct, cy.wrong) == (2, 2, 1))
        }
    }

    @Test func twoServersAskedForThousandsOfCodesAtOnceNeverGiveOneTwice() async throws {
        try await onOwnThread {
            // A TTL of 6 s: beside a loaded suite, 1,600 claims each kept a server's refresh late past 1.5 s, and the
            // other rightly took it for dead and its codes with it (3 codes twice in one run of ten).
            let fleet = try TestFleet(servers: 2, timings: FleetTimings(ttlMilliseconds: 6_000, refreshMilliseconds: 1_000))
            let connections = 40, roomsEach = 40
            // Every connection pipelines HOST and LEAVE forty times: both servers claim codes side by side.
            let hosts = try (0..<2).flatMap { server in try (0..<connections).map { _ in try fleet[server].client("host") } }
            for host in hosts {
                host.sendRaw(Array(String(repeating: "HOST\nLEAVE\n", count: roomsEach).utf8))
            }
            var codes: [[String]] = [[], []]
            for (index, host) in hosts.enumerated() {
                for _ in 0..<roomsEach {
                    let code = try host.waitFor(timeout: 30) { if case .hosted(let room, _) = $0 { room } else { nil } }
                    codes[index / connections].append(code)
                }
            }
            let all = codes[0] + codes[1]
            #expect(all.count == 2 * connections * roomsEach)
            #expect(Set(all).count == all.count, "\(all.count - Set(all).count) codes given twice")
            // And the directory never says one is the other server's room. (Left by their host, the rooms are
            // forgotten after a while, and their claims with them: on a loaded machine, before this look.)
            for (server, given) in codes.enumerated() {
                let wrong = try given.filter { try fleet.holder(of: FleetKeys.room($0)!) == "s\(1 - server)" }
                #expect(wrong.isEmpty, "server s\(server)'s codes held by another: \(wrong.prefix(5))")
            }
        }
    }

    @Test func aSeatTakenBackThroughAnotherServerIsFoundThere() async throws {
        try await onOwnThread {
            let fleet = try TestFleet(servers: 2)
            let (_, room, _) = try fleet[0].teacher()
            let bo = try fleet[0].player("Bo", room: room)
            let code = try #require(bo.token)
            try waitUntil { try fleet.holder(of: FleetKeys.seat(code)!) == "s0" }
            // Bo's link hangs without a word: s0 still thinks him connected when he comes back through s1.
            let back = try fleet[1].client("Bo again")
            back.send("RESUME \(code)")
            let place = try #require(try back.moved(orUntil: { if case .resumed = $0 { true } else { false } }))
            #expect(place.port == Int(fleet[0].port))
            let there = try TestClient(port: UInt16(place.port), label: "Bo there")
            try there.machineModeAfterGreeting()
            there.send("RESUME \(code)")
            #expect(try there.waitFor { if case .resumed(let name, let room) = $0 { "\(name) \(room)" } else { nil } } == "Bo \(room)")
            #expect(try bo.waitFor { if case .bye = $0 { true } else { false } } != nil, "the old connection is cut off")
            // Taken back, the seat stays findable; given up, it leaves the directory.
            #expect(try fleet.holder(of: FleetKeys.seat(code)!) == "s0")
            there.send("QUIT")
            try waitUntil { try fleet.holder(of: FleetKeys.seat(code)!) == nil }
            #expect(try fleet.holder(of: FleetKeys.seat(code)!) == nil)
        }
    }

    /// Waits up to 5 s for `done`, as a seat or room reaches the directory a moment after the server has it.
    func waitUntil(_ done: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(5)
        while try !done(), Date() < deadline { usleep(20_000) }
    }

    @Test func aGameFinishesWithExactScoresWhileRedisIsDownAndRoomsRegisterAgainWhenItIsBack() async throws {
        try await onOwnThread {
            let fleet = try TestFleet(servers: 2, rules: Rules(roundMilliseconds: 1_500, pairCount: 5))
            let (teacher, room, _) = try fleet[0].teacher()
            let ana = try fleet[0].player("Ana", room: room), bo = try fleet[0].player("Bo", room: room)
            teacher.send("START")
            var killed = false
            for number in 1...5 {
                let a = try ana.waitForRound(), b = try bo.waitForRound()
                if number == 2 {
                    fleet.redis.kill()  // mid-game, a pair open
                    killed = true
                }
                ana.send(BotAnswer.line(for: a, rightly: true))
                bo.send(BotAnswer.line(for: b, rightly: number % 2 == 1))  // Bo is wrong on pairs 2 and 4
                let anas = try ana.waitForResult(), bos = try bo.waitForResult()
                #expect((anas.correct, anas.wrong) == (number, 0))
                #expect((bos.correct, bos.wrong) == (number - number / 2, number / 2))
            }
            #expect(killed)
            let anaEnd = try ana.waitForGameOver(), boEnd = try bo.waitForGameOver()
            #expect((anaEnd.rank, anaEnd.correct, anaEnd.wrong) == (1, 5, 0))
            #expect((boEnd.rank, boEnd.correct, boEnd.wrong) == (2, 3, 2))
            // Meanwhile the other server cannot find the room, and says why; nor make one. (Each answer may wait
            // for the directory's own time limits, and a loaded machine's: the deadline is generous.)
            let cy = try fleet[1].client("Cy")
            cy.send("NAME Cy")
            cy.send("JOIN \(room)")
            #expect(try cy.waitForError(timeout: 30).code == .directoryDown)
            cy.send("HOST")
            #expect(try cy.waitForError(timeout: 30).code == .directoryDown)
            // Redis back, empty: s0 puts its room back, and new rooms are made again once it has settled.
            let restarted = try RedisServerProcess(port: fleet.redis.port)
            defer { restarted.kill() }
            try waitUntil { try fleet.holder(of: FleetKeys.room(room)!) == "s0" }
            #expect(try fleet.holder(of: FleetKeys.room(room)!) == "s0")
            // s1 finds the directory again at its own pace (it backs off while Redis is down): as the text says, Cy
            // tries again in a moment, until it answers. Order and outcome: sent on to s0, within a generous time.
            var place: Elsewhere?
            let deadline = Date().addingTimeInterval(30)
            while place == nil, Date() < deadline {
                cy.send("JOIN \(room)")
                place = try cy.moved(orUntil: { if case .error(let error) = $0 { error.code == .directoryDown } else { false } })
                if place == nil { Thread.sleep(forTimeInterval: 0.5) }
            }
            #expect(place?.port == Int(fleet[0].port))
            cy.send("HOST")
            let code = try cy.waitFor(timeout: 10) { if case .hosted(let room, _) = $0 { room } else { nil } }
            #expect(try fleet.holder(of: FleetKeys.room(code)!) == "s1")
            #expect(code != room)
        }
    }

    @Test func aKilledServersRoomAndSeatsAreGoneOnTheOtherServerWhichSaysSoOnce() async throws {
        try await onOwnThread {
            let redis = try RedisServerProcess()
            // Long enough that the living server's own refreshes keep it beside a loaded suite (at 1.5 s a late one
            // lost its claims in the 3,200-codes race); the answers below are waited for, not timed.
            let ttl = 3_000
            let fleetArguments = ["--directory", "redis://127.0.0.1:\(redis.port)", "--directory-ttl-ms", "\(ttl)", "--hosted-only"]
            let a = try ServerChild(fleetArguments + ["--server-id", "a"]), b = try ServerChild(fleetArguments + ["--server-id", "b"])
            // A third, which only watches: each of the others says once that A stopped, in its own name.
            let c = try ServerChild(fleetArguments + ["--server-id", "c"])
            let teacher = try TestClient(port: a.port, label: "teacher")
            try teacher.machineModeAfterGreeting()
            teacher.send("HOST")
            let (room, key) = try teacher.waitFor(timeout: 10) { if case .hosted(let room, let key) = $0 { (room, key) } else { nil } }
            let ana = try TestClient(port: a.port, label: "Ana")
            try ana.machineModeAfterGreeting()
            try ana.join(as: "Ana", room: room)
            let code = try #require(ana.token)
            let bo = try TestClient(port: b.port, label: "Bo")
            try bo.machineModeAfterGreeting()
            bo.send("NAME Bo")
            bo.send("JOIN \(room)")
            #expect(try bo.moved(orUntil: { _ in false })?.port == Int(a.port))
            kill(a.pid, SIGKILL)
            // Sent to the dead server while its record lives, then told it stopped: never that there is no room.
            let killedAt = Date()
            var answer: ProtocolError?
            while Date().timeIntervalSince(killedAt) < 20 {
                bo.send("JOIN \(room)")
                let error = try bo.waitForError(timeout: 10)
                if error.code == .moved { continue }  // its ERROR moved, after a MOVED skipped by waitForError
                answer = error
                break
            }
            #expect(answer == ProtocolError(.roomGone, "Room \(room.uppercased()) was on a server that stopped; its game cannot go on "
                                                + "here. Ask your teacher for the new room's code."))
            let projector = try TestClient(port: b.port, label: "projector")
            try projector.machineModeAfterGreeting()
            projector.send("HOST \(room) \(key)")
            #expect(try projector.waitForError(timeout: 10).text.hasSuffix("Open a new room with HOST."))
            projector.send("WATCH \(room)")
            #expect(try projector.waitForError(timeout: 10).code == .roomGone)
            let back = try TestClient(port: b.port, label: "Ana back")
            try back.machineModeAfterGreeting()
            // The seat's record lapses on its own, a moment after the room's on a loaded machine: until then it is moved.
            var resumed: ProtocolError?
            while Date().timeIntervalSince(killedAt) < 30 {
                back.send("RESUME \(code)")
                let error = try back.waitForError(timeout: 10)
                if error.code == .moved { Thread.sleep(forTimeInterval: 0.2); continue }
                resumed = error
                break
            }
            #expect(resumed?.code == .roomGone, "\(String(describing: resumed))")
            // The claim lapses (with its TTL, a moment after A's record, which made it gone); the memory of who held
            // it does not, and B draws another code.
            let url = "redis://127.0.0.1:\(redis.port)"
            let lapsing = Date()
            while try TestFleet.holder(of: FleetKeys.room(room)!, in: url) != nil, Date().timeIntervalSince(lapsing) < 20 {
                Thread.sleep(forTimeInterval: 0.1)
            }
            #expect(try TestFleet.holder(of: FleetKeys.room(room)!, in: url) == nil)
            #expect(try TestFleet.holder(of: FleetKeys.was(FleetKeys.room(room)!), in: url) == "a")
            projector.send("HOST")
            let fresh = try projector.waitFor(timeout: 10) { if case .hosted(let room, _) = $0 { room } else { nil } }
            #expect(fresh != room)
            // B and C look at the fleet every refresh: each one's console says A stopped, once (a few more looks after it
            // say nothing), dated and in its own name.
            for server in [b, c] { _ = server.waitForError("fleet: server a stopped answering") }
            Thread.sleep(forTimeInterval: Double(ttl) / 1_000)
            for (server, name) in [(b, "b"), (c, "c")] {
                let console = server.stop().split(separator: "\n").filter { $0.contains("fleet: server a stopped answering") }
                #expect(console.count == 1, "\(name): \(console)")
                let expected = #"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d "# + name + #" fleet: server a stopped answering \(its "#
                    + #"record in the directory expired\): its rooms and seats are gone for 12 h unless it comes back"#
                #expect(console.first?.range(of: expected, options: .regularExpression) != nil, "\(name): \(console)")
            }
        }
    }
}
