import Testing
import WordGame
import WordGameProtocol
@testable import WordGameServer
import WordGameTestSupport

/// Big rooms and the clock, through the pure hub (`HubWorld`): what a burst
/// of joins costs, MEMBERS and its names, deadlines on the injected clock.
@Suite struct RoomTests {
    func t(_ ms: Int64) -> Instant { .milliseconds(ms) }

    static func isRoom(_ message: ServerMessage) -> Bool { if case .room = message { true } else { false } }
    static func isMembers(_ message: ServerMessage) -> Bool { if case .members = message { true } else { false } }

    @Test func a1000PlayerJoinBurstIsCoalesced() {
        let world = HubWorld(rules: .original)
        var clients: [HubWorld.Client] = []
        for id in 1...1_000 {
            world.advance(to: t(Int64(id) / 10))  // 1,000 joins within 100 ms
            let client = world.connect()
            world.type("NAME p\(id)", from: client)
            world.type("JOIN", from: client)
            clients.append(client)
        }
        world.advance(to: t(1_000))
        let received = clients.map { $0.transcript.compactMap { try? ServerMessage(line: $0) } }
        let roomLines = received.reduce(0) { $0 + $1.filter(Self.isRoom).count }
        // Each joiner's own ROOM line, plus a few room-wide updates: never 1,000 x 1,000 / 2.
        #expect(roomLines < 4_000, "\(roomLines) ROOM lines")
        // Everyone ends up with the true count.
        guard case .room(let last)? = received[0].last(where: Self.isRoom) else { Issue.record("no ROOM"); return }
        #expect(last.members == 1_000)
        // MEMBERS names at most 12, the host first.
        guard case .members(let total, let names)? = received[0].last(where: Self.isMembers) else { Issue.record("no MEMBERS"); return }
        #expect(total == 1_000 && names.count == 12 && names.first == "p1")
        // No message lists every player: the biggest line stays small.
        #expect(clients.flatMap(\.transcript).map(\.utf8.count).max()! < 300)
    }

    /// MEMBERS keeps its names between joins once it is full; a departure
    /// or a new host is seen by the next one sent.
    @Test func theMembersLineFollowsDeparturesAndTheHost() {
        let world = HubWorld()
        func membersSent(to client: HubWorld.Client) -> (total: Int, names: [String])? {
            guard case .members(let total, let names)? = client.transcript.compactMap({ try? ServerMessage(line: $0) })
                .last(where: Self.isMembers)
            else { return nil }
            return (total, names)
        }
        let players = (1...20).map { world.player("p\($0)") }
        #expect(membersSent(to: players[19])?.names == (1...12).map { "p\($0)" })
        #expect(membersSent(to: players[19])?.total == 20)
        world.advance(to: t(1))
        world.type("QUIT", from: players[2])
        world.advance(to: t(2))
        let p21 = world.player("p21")
        #expect(membersSent(to: p21)?.names == ([1, 2] + Array(4...13)).map { "p\($0)" })
        #expect(membersSent(to: p21)?.total == 20)
        world.advance(to: t(3))
        world.type("QUIT", from: players[0])  // the host: p2 takes over
        world.advance(to: t(4))
        let p22 = world.player("p22")
        #expect(membersSent(to: p22)?.names == ([2] + Array(4...14)).map { "p\($0)" })
        world.advance(to: t(5))
        let p23 = world.player("p23")
        #expect(membersSent(to: p23)?.names == membersSent(to: p22)?.names)
        #expect(membersSent(to: p23)?.total == 21)
    }

    @Test func hostsLeavingInJoinOrderHandTheRoomOnCheaply() async {
        await onComputeThread {
            let world = HubWorld()
            let players = (1...20_000).map { world.player("p\($0)") }
            world.advance(to: t(1))
            // Everyone leaves in join order: each departure is the host's. A scan for the
            // next host would make this 200 million steps; the join order makes it linear.
            let clock = ContinuousClock()
            let elapsed = clock.measure {
                for client in players[0..<19_990] { world.type("QUIT", from: client) }
            }
            world.advance(to: t(10_000))
            let received = players[19_994].transcript.compactMap { try? ServerMessage(line: $0) }
            guard case .room(let info)? = received.last(where: Self.isRoom) else { Issue.record("no ROOM"); return }
            #expect(info.host == "p19991" && info.members == 10)
            guard case .members(_, let names)? = received.last(where: Self.isMembers) else { Issue.record("no MEMBERS"); return }
            #expect(names == (19_991...20_000).map { "p\($0)" })
            print("20,000 members leaving in join order: \(elapsed)")
        }
    }

    @Test func aSoloRoundTimesOutOnTheInjectedClock() throws {
        let world = HubWorld(rules: Rules(roundMilliseconds: 5_000))
        let ana = world.player("Ana")
        world.type("START", from: ana)
        let tag = try #require(world.lastTag)
        world.deliver(tag: tag, to: ana, at: t(20))  // the line reached the socket 20 ms later
        #expect(world.hub.nextWakeup == t(250))  // first, the coalesced ROOM update (state PLAYING)
        world.advance(to: t(250))
        #expect(world.hub.nextWakeup == t(5_020))
        world.advance(to: t(5_019))
        #expect(!world.messages(ana).contains { if case .result = $0 { true } else { false } })
        world.advance(to: t(5_020))
        let lines = world.messages(ana)
        let verdicts: [Verdict] = lines.compactMap { if case .result(let r) = $0 { r.verdict } else { nil } }
        #expect(verdicts == [.timeout])
        #expect(lines.contains { if case .round(let r) = $0 { r.number == 2 } else { false } })  // the next pair followed at once
    }

    @Test func anAnswerPastYourOwnDeadlineIsTooLateWhileOthersStillHaveTime() throws {
        let world = HubWorld(rules: Rules(roundMilliseconds: 1_000))
        let ana = world.player("Ana"), bo = world.player("Bo")
        world.type("START", from: ana)
        let tag = try #require(world.lastTag)
        world.deliver(tag: tag, to: ana, at: t(0))    // Ana's time runs to 1000
        world.deliver(tag: tag, to: bo, at: t(400))   // Bo was served later: his runs to 1400
        _ = world.take(ana)
        world.advance(to: t(1_100))
        world.type("ANSWER 1 y", from: ana)
        let errors: [ProtocolError.Code] = world.messages(ana).compactMap { if case .error(let e) = $0 { e.code } else { nil } }
        #expect(errors == [.tooLate])
        world.advance(to: t(1_200))
        world.type("y", from: bo)
        #expect(world.messages(bo).contains(.answerTaken(round: 1, .correct)))
        let verdicts: [Verdict] = world.messages(ana).compactMap { if case .result(let r) = $0 { r.verdict } else { nil } }
        #expect(verdicts == [.timeout])  // both have answered: the round closed at once
    }

    /// PROGRESS: the first answer's at once; then, for the players, once a second, and for the projector (with WAITING)
    /// every 250 ms, as ROOM. Never the truth.
    @Test func progressIsCoalescedAndNeverRevealsTheTruth() throws {
        let world = HubWorld(rules: Rules(roundMilliseconds: 5_000))
        let players = (1...50).map { world.player("p\($0)") }
        let projector = world.connect()
        world.type("WATCH main", from: projector)
        world.type("START", from: players[0])
        world.deliverTracked()
        _ = world.take(players[49])
        _ = world.take(projector)
        for (index, client) in players[0..<49].enumerated() {  // 49 answers within 50 ms
            world.advance(to: t(Int64(index + 1)))
            world.type("y", from: client)
        }
        let counts = { (client: HubWorld.Client) in
            world.messages(client).compactMap { if case .progress(_, let answered, _) = $0 { answered } else { nil } }
        }
        world.advance(to: t(300))
        #expect(counts(projector) == [1, 49], "at once, then 250 ms later")
        #expect(counts(players[49]) == [1], "the players' next comes a second after the first")
        world.advance(to: t(999))
        #expect(counts(players[49]).isEmpty)
        world.advance(to: t(1_001))
        let seen = world.messages(players[49])
        #expect(seen.compactMap { if case .progress(_, let answered, _) = $0 { answered } else { nil } } == [49])
        #expect(!seen.contains { if case .reveal = $0 { true } else { false } })
        world.advance(to: t(1_100))
        world.type("n", from: players[49])
        #expect(world.messages(players[0]).filter { if case .reveal = $0 { true } else { false } }.count == 1)
    }

    @Test func leaderboardHasTenRowsWhateverTheRoomSize() {
        let world = HubWorld()
        let players = (1...200).map { world.player("p\($0)") }
        world.type("START", from: players[0])
        world.deliverTracked()
        for (index, client) in players.enumerated() {
            world.advance(to: t(Int64(index + 1)))
            world.type((index + 1) % 2 == 0 ? "y" : "n", from: client)
        }
        let seen = world.messages(players[6])
        #expect(seen.filter { if case .top = $0 { true } else { false } }.count == 10)
        #expect(seen.compactMap { if case .result(let r) = $0 { r.ranked } else { nil } } == [200])
    }
}
